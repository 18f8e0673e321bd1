/**
 * `/diagnostics`: lab and radiology worklists, result entry with flags and the cumulative results
 * table. Without a valid stored session it goes to the sign-in page. Values from the API reach the
 * DOM only as text (common/dom.ts).
 */

import { $, clear, h, setStatus } from './common/dom';
import { formatDateTime } from './common/format';
import { errorMessage, readJson, url } from './common/http';
import { live } from './common/live';
import { clearSession, readSession, type StoredSession, setFlash } from './common/storage';

interface Range {
  low?: number;
  high?: number;
  criticalLow?: number;
  criticalHigh?: number;
}
interface Result {
  code: string;
  value?: number;
  valueCode?: string;
  valueDisplay?: string;
  flag?: string;
  unit?: string;
  range?: Range;
}
interface LabOrder {
  id: string;
  patientId: string;
  patientName: string;
  mrn: string;
  priority: string;
  step: string;
  orderedAt: string;
  items: { name: string; tests: string[] }[];
  specimens: { accession: string; status: string }[];
  results: Result[];
  reportStatus: string;
}
interface Alert {
  id: string;
  orderId: string;
  patientName: string;
  mrn: string;
  testName: string;
  value?: number;
  valueCode?: string;
  unit?: string;
  flag: string;
  raisedAt: string;
}
interface Test {
  code: string;
  name: string;
  resultType: 'numeric' | 'coded';
  unit?: string;
  answers: { code: string; display: string }[];
}
interface RadOrder {
  accession: string;
  priority: string;
  patientName: string;
  mrn: string;
  procedure: { name: string; modality: string };
  safetyBlocked: boolean;
  safetyChecks: { question: string; state: string }[];
  schedule?: { room: string; start: string };
}
interface Page<T> {
  items: T[];
}

class ApiError extends Error {}

function start(session: StoredSession): void {
  const status = $('dx-status');
  // The signed-in user is shown by the shell's header.

  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${session.accessToken}`,
      'x-tenant-id': session.tenantId,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await readJson(res);
    if (res.status === 401) {
      clearSession();
      setFlash('Your session has ended. Please sign in again.');
      window.location.replace(url('/login'));
    }
    if (!res.ok) throw new ApiError(errorMessage(data, `Request failed (${res.status})`));
    return data as T;
  }
  const fail = (err: unknown) =>
    setStatus(status, err instanceof Error ? err.message : String(err), 'error');

  /** The hospital's time zone, once GET /tenants/current has answered (the browser's until then). */
  let tz: string | undefined;
  // One format in the hospital's zone: an order must read the same day in New York and Kolkata.
  const time = (iso: string) => formatDateTime(iso, tz);
  const flagBadge = (flag: string | undefined) => {
    if (!flag) return h('span', { className: 'muted', text: '—' });
    const critical = flag === 'LL' || flag === 'HH' || flag === 'AA';
    const kind = critical ? 'danger' : flag === 'N' ? 'success' : 'warning';
    return h('span', {
      className: `badge badge-${kind}`,
      dataset: { flag },
      text: critical ? `${flag} critical` : flag,
    });
  };
  const priority = (p: string) =>
    h('span', { className: `badge badge-${p === 'routine' ? 'neutral' : 'danger'}`, text: p });
  const rangeText = (r: Range | undefined) =>
    r
      ? `${r.low ?? ''}–${r.high ?? ''}${r.criticalLow !== undefined || r.criticalHigh !== undefined ? ` (critical <${r.criticalLow ?? '—'} >${r.criticalHigh ?? '—'})` : ''}`
      : '';

  // ─── Lab worklists ───────────────────────────────────────────────────────────────────
  let labList = 'collection';
  const labBody = $<HTMLTableSectionElement>('lab-body');

  async function loadLab(): Promise<void> {
    clear(labBody);
    try {
      if (labList === 'criticals') {
        const page = await api<Page<Alert>>('GET', '/lab/criticals?limit=100');
        for (const a of page.items) labBody.appendChild(alertRow(a));
        if (!page.items.length)
          labBody.appendChild(emptyRow('No unacknowledged critical results.'));
        return;
      }
      const page = await api<Page<LabOrder>>('GET', `/lab/worklists/${labList}?limit=100`);
      for (const o of page.items) labBody.appendChild(orderRow(o));
      if (!page.items.length)
        labBody.appendChild(
          emptyRow('Nothing pending: orders doctors place appear here by themselves.'),
        );
    } catch (err) {
      fail(err);
    }
  }
  const emptyRow = (text: string) =>
    h('tr', null, [h('td', { colspan: 6, className: 'muted', text })]);

  function orderRow(o: LabOrder) {
    const action =
      o.step === 'awaiting-collection'
        ? h('button', { type: 'button', className: 'btn btn-secondary btn-sm', text: 'Collect' })
        : h('button', {
            type: 'button',
            className: 'btn btn-secondary btn-sm',
            text: o.step === 'awaiting-verification' ? 'Review' : 'Enter results',
          });
    action.addEventListener('click', async () => {
      if (o.step !== 'awaiting-collection') return openEntry(o.id);
      try {
        const done = await api<LabOrder>('POST', `/lab/orders/${o.id}/specimens`, {});
        setStatus(
          status,
          `Collected: accession ${done.specimens[done.specimens.length - 1]?.accession ?? ''}`,
          'success',
        );
        await loadLab();
      } catch (err) {
        fail(err);
      }
    });
    return h('tr', { dataset: { orderId: o.id } }, [
      h('td', null, [priority(o.priority)]),
      h('td', null, [
        h('span', { className: 'cell-main', text: o.patientName }),
        h('span', { className: 'cell-sub', text: ` ${o.mrn}` }),
      ]),
      h('td', { text: o.items.map((i) => i.name).join(', ') }),
      h('td', { text: time(o.orderedAt) }),
      h('td', { text: o.specimens[o.specimens.length - 1]?.accession ?? '—' }),
      h('td', null, [action]),
    ]);
  }

  function alertRow(a: Alert) {
    const ack = h('button', {
      type: 'button',
      className: 'btn btn-danger btn-sm',
      text: 'Acknowledge',
    });
    ack.addEventListener('click', async () => {
      try {
        await api('POST', `/lab/orders/${a.orderId}/alerts/${a.id}/acknowledge`, {});
        setStatus(status, `Acknowledged: ${a.testName} for ${a.patientName}`, 'success');
        await loadLab();
      } catch (err) {
        fail(err);
      }
    });
    return h('tr', { dataset: { alertId: a.id } }, [
      h('td', null, [flagBadge(a.flag)]),
      h('td', null, [
        h('span', { className: 'cell-main', text: a.patientName }),
        h('span', { className: 'cell-sub', text: ` ${a.mrn}` }),
      ]),
      h('td', { text: `${a.testName}: ${a.value ?? a.valueCode ?? ''} ${a.unit ?? ''}` }),
      h('td', { text: time(a.raisedAt) }),
      h('td', { text: '' }),
      h('td', null, [ack]),
    ]);
  }

  for (const btn of document.querySelectorAll<HTMLButtonElement>('[data-lab-list]')) {
    btn.addEventListener('click', () => {
      labList = btn.dataset.labList ?? 'collection';
      pressed('[data-lab-list]', btn);
      loadLab();
    });
  }
  function pressed(selector: string, on: HTMLButtonElement) {
    for (const b of document.querySelectorAll<HTMLButtonElement>(selector)) {
      const is = b === on;
      b.setAttribute('aria-pressed', String(is));
      b.className = `btn ${is ? 'btn-primary' : 'btn-secondary'} btn-sm`;
    }
  }

  // ─── Result entry ────────────────────────────────────────────────────────────────────
  let tests: Map<string, Test> | null = null;
  let current: LabOrder | null = null;
  const entryBody = $<HTMLTableSectionElement>('entry-body');
  const entryError = $('entry-error');

  async function openEntry(id: string) {
    try {
      tests ??= new Map(
        (await api<{ tests: Test[] }>('GET', '/lab/catalogue')).tests.map((t) => [t.code, t]),
      );
      renderEntry(await api<LabOrder>('GET', `/lab/orders/${id}`));
      $('entry-card').hidden = false;
      $('entry-title').focus?.();
    } catch (err) {
      fail(err);
    }
  }

  function renderEntry(o: LabOrder) {
    current = o;
    $('entry-patient').textContent = `${o.patientName} (${o.mrn}) · report ${o.reportStatus}`;
    clear(entryBody);
    const codes = [...new Set(o.items.flatMap((i) => i.tests))];
    for (const code of codes) {
      const test = tests?.get(code);
      const result = o.results.find((r) => r.code === code);
      let input: HTMLInputElement | HTMLSelectElement;
      if (test?.resultType === 'coded') {
        input = h('select', { name: code, id: `result-${code}` }, [
          h('option', { value: '', text: '—' }),
          ...test.answers.map((a) => h('option', { value: a.code, text: a.display })),
        ]);
        input.value = result?.valueCode ?? '';
      } else {
        input = h('input', {
          name: code,
          id: `result-${code}`,
          inputmode: 'decimal',
          className: 'num',
        });
        input.value = result?.value === undefined ? '' : String(result.value);
      }
      entryBody.appendChild(
        h('tr', { dataset: { code } }, [
          h('td', null, [h('label', { for: `result-${code}`, text: test?.name ?? code })]),
          h('td', null, [input]),
          h('td', { text: test?.unit ?? '' }),
          h('td', { text: rangeText(result?.range) }),
          h('td', { className: 'flag' }, [flagBadge(result?.flag)]),
        ]),
      );
    }
    const editable = o.step === 'awaiting-entry' || o.step === 'awaiting-verification';
    $<HTMLButtonElement>('entry-save').disabled = !editable;
    $<HTMLButtonElement>('entry-verify').disabled = o.step !== 'awaiting-verification';
  }

  $('entry-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!current) return;
    setStatus(entryError, '');
    const results: { code: string; value?: number; valueCode?: string }[] = [];
    for (const row of entryBody.querySelectorAll<HTMLTableRowElement>('tr[data-code]')) {
      const code = row.dataset.code ?? '';
      const field = row.querySelector<HTMLInputElement | HTMLSelectElement>('input, select');
      const raw = field?.value.trim() ?? '';
      if (!raw) continue;
      if (tests?.get(code)?.resultType === 'coded') results.push({ code, valueCode: raw });
      else {
        const value = Number(raw);
        if (!Number.isFinite(value))
          return setStatus(entryError, `${code}: enter a number`, 'error');
        results.push({ code, value });
      }
    }
    if (!results.length) return setStatus(entryError, 'Enter at least one result', 'error');
    try {
      renderEntry(await api<LabOrder>('POST', `/lab/orders/${current.id}/results`, { results }));
      setStatus(
        status,
        'Results saved; flags computed from the patient\u2019s reference ranges.',
        'success',
      );
      await loadLab();
    } catch (err) {
      setStatus(entryError, err instanceof Error ? err.message : String(err), 'error');
    }
  });

  $('entry-verify').addEventListener('click', async () => {
    if (!current) return;
    try {
      renderEntry(await api<LabOrder>('POST', `/lab/orders/${current.id}/verify`, {}));
      setStatus(status, 'Report verified: final.', 'success');
      await loadLab();
    } catch (err) {
      setStatus(entryError, err instanceof Error ? err.message : String(err), 'error');
    }
  });

  $('entry-cumulative').addEventListener('click', () => {
    if (!current) return;
    $<HTMLInputElement>('cumulative-patient').value = current.patientId;
    loadCumulative(current.patientId);
  });

  // ─── Cumulative results ──────────────────────────────────────────────────────────────
  interface Cumulative {
    columns: { collectedAt: string; reportStatus: string }[];
    rows: {
      code: string;
      name: string;
      unit?: string;
      cells: ({ value?: number; valueDisplay?: string; flag?: string } | null)[];
    }[];
  }
  async function loadCumulative(patientId: string) {
    const head = $('cumulative-head');
    const body = $('cumulative-body');
    clear(head);
    clear(body);
    try {
      const c = await api<Cumulative>(
        'GET',
        `/lab/patients/${encodeURIComponent(patientId)}/cumulative`,
      );
      head.appendChild(
        h('tr', null, [
          h('th', { text: 'Test' }),
          h('th', { text: 'Unit' }),
          ...c.columns.map((col) =>
            h('th', { text: `${time(col.collectedAt)} (${col.reportStatus})` }),
          ),
        ]),
      );
      for (const row of c.rows)
        body.appendChild(
          h('tr', { dataset: { code: row.code } }, [
            h('th', { scope: 'row', text: row.name }),
            h('td', { text: row.unit ?? '' }),
            ...row.cells.map((cell) =>
              h(
                'td',
                null,
                cell ? [`${cell.value ?? cell.valueDisplay ?? ''} `, flagBadge(cell.flag)] : ['—'],
              ),
            ),
          ]),
        );
      if (!c.rows.length)
        body.appendChild(h('tr', null, [h('td', { className: 'muted', text: 'No results yet.' })]));
    } catch (err) {
      fail(err);
    }
  }
  $('cumulative-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const id = $<HTMLInputElement>('cumulative-patient').value.trim();
    if (id) loadCumulative(id);
  });

  // ─── Radiology worklists ─────────────────────────────────────────────────────────────
  let radList = 'requested';
  const radBody = $<HTMLTableSectionElement>('rad-body');
  async function loadRad() {
    clear(radBody);
    try {
      const page = await api<Page<RadOrder>>('GET', `/radiology/worklists/${radList}?limit=100`);
      for (const o of page.items) {
        const open = o.safetyChecks.filter((c) => c.state !== 'clear');
        radBody.appendChild(
          h('tr', { dataset: { accession: o.accession } }, [
            h('td', { text: o.accession }),
            h('td', null, [priority(o.priority)]),
            h('td', { text: `${o.patientName} ${o.mrn}` }),
            h('td', { text: `${o.procedure.name} (${o.procedure.modality})` }),
            h('td', null, [
              o.safetyBlocked
                ? h('span', {
                    className: 'badge badge-danger',
                    text: `blocked: ${open.map((c) => `${c.question} ${c.state}`).join(', ')}`,
                  })
                : h('span', {
                    className: 'badge badge-success',
                    text: open.length ? 'overridden' : 'clear',
                  }),
            ]),
            h('td', { text: o.schedule ? `${o.schedule.room} ${time(o.schedule.start)}` : '—' }),
          ]),
        );
      }
      if (!page.items.length)
        radBody.appendChild(
          emptyRow('Nothing here: imaging orders doctors place appear here by themselves.'),
        );
    } catch (err) {
      fail(err);
    }
  }
  for (const btn of document.querySelectorAll<HTMLButtonElement>('[data-rad-list]')) {
    btn.addEventListener('click', () => {
      radList = btn.dataset.radList ?? 'requested';
      pressed('[data-rad-list]', btn);
      loadRad();
    });
  }

  // Each role sees the worklists it may read (the service refuses the others anyway).
  const role = session.user?.role ?? '';
  const seesLab = ['ADMIN', 'DOCTOR', 'NURSE', 'LAB_TECHNICIAN', 'PATHOLOGIST'].includes(role);
  const seesRad = ['ADMIN', 'DOCTOR', 'NURSE', 'RADIOGRAPHER', 'RADIOLOGIST'].includes(role);
  $('lab-section').hidden = !seesLab;
  $('cumulative-section').hidden = !seesLab;
  $('rad-section').hidden = !seesRad;
  void api<{ timezone?: string }>('GET', '/tenants/current')
    .catch(() => null)
    .then((tenant) => {
      tz = tenant?.timezone;
      if (seesLab) loadLab();
      if (seesRad) loadRad();
      // A critical result entered elsewhere appears here without a reload.
      if (seesLab || seesRad)
        live(
          () => Promise.all([seesLab ? loadLab() : null, seesRad ? loadRad() : null]),
          'dx-live',
        );
    });
  if (!seesLab && !seesRad)
    setStatus(status, 'Your role has no laboratory or radiology worklists.', 'info');
}

const session = readSession();
if (session) start(session);
else {
  setFlash('Please sign in to open the diagnostics workbench.');
  window.location.replace(url('/login'));
}
