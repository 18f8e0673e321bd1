/**
 * `/bed-board`: loads the wards, availability and the chosen ward's beds with the signed-in
 * session; admits into a chosen or the first free bed, and transfers, discharges and marks beds
 * clean. The service decides everything (roles, bed states, sex policy, NEWS2 blocks): its
 * refusals are shown as they come.
 */

import { type Api, sessionApi, showError } from './admin/api';
import type { AdminState } from './admin/state';
import { $, clear, h, setStatus } from './common/dom';
import { setBusy } from './common/forms';
import { url } from './common/http';
import { live } from './common/live';
import { clearSession, readSession, type StoredSession } from './common/storage';

interface Ward {
  id: string;
  name: string;
}
interface Bed {
  id: string;
  code: string;
  state: string;
  admissionId?: string;
  patientName?: string;
  mrn?: string;
  news2?: {
    score: number | null;
    risk: string | null;
    needsEscalation: boolean;
    escalation?: 'urgent' | 'emergency' | null;
    /** Why NEWS2 is withheld (under 16, pregnant, postpartum): shown instead of a score. */
    notApplicable?: string | null;
    /** MEOWS or PEWS where NEWS2 is withheld. */
    earlyWarning?: { system: 'pews' | 'meows'; score: number | null; trigger: boolean } | null;
  };
}

/** The bed's NEWS2 badge: the score and the response due, or why there is no NEWS2. */
function news2Badge(news2: NonNullable<Bed['news2']>): string {
  const ew = news2.earlyWarning;
  if (news2.notApplicable && ew) {
    const name = ew.system === 'pews' ? `PEWS ${ew.score ?? '–'}` : 'MEOWS';
    return `${name}${ew.trigger ? ': needs urgent review' : ''}`;
  }
  if (news2.notApplicable) return 'NEWS2 not applicable';
  const due = news2.needsEscalation
    ? `: needs escalation${news2.escalation === 'emergency' ? ' (emergency)' : ''}`
    : '';
  return `NEWS2 ${news2.score ?? '–'}${due}`;
}
interface Board {
  ward: Ward;
  beds: Bed[];
  needsEscalation: number;
}
interface AvailabilityRow {
  wardId: string;
  name: string;
  type: string;
  sexPolicy: string;
  total: number;
  free: number;
  counts: Record<string, number>;
}
interface Availability {
  wards: AvailabilityRow[];
  total: { total: number; free: number };
}
interface Page<T> {
  items: T[];
}

function option(value: string, label: string): HTMLOptionElement {
  return h('option', { value, text: label });
}

function start(session: StoredSession): void {
  const state = { redirecting: false } as AdminState;
  const { api } = sessionApi(session, state);
  const wardSelect = $<HTMLSelectElement>('ward-select');
  let wards: Ward[] = [];
  let board: Board | null = null;
  let selected: Bed | null = null;

  async function loadAvailability(a: Api) {
    const avail = await a<Availability>('GET', '/beds/availability');
    if (!avail) return;
    $('availability-total').textContent =
      `${avail.total.free} free of ${avail.total.total} beds in ${avail.wards.length} wards`;
    const body = $('availability-table').querySelector('tbody')!;
    clear(body);
    for (const w of avail.wards)
      body.appendChild(
        h('tr', { dataset: { wardId: w.wardId } }, [
          h('td', { text: w.name }),
          h('td', { text: w.type }),
          h('td', { text: w.sexPolicy }),
          h('td', { className: 'num', text: w.free }),
          h('td', { className: 'num', text: w.counts.occupied ?? 0 }),
          h('td', { className: 'num', text: w.counts.housekeeping ?? 0 }),
          h('td', { className: 'num', text: w.counts.closed ?? 0 }),
          h('td', { className: 'num', text: w.total }),
        ]),
      );
  }

  function renderBoard() {
    const list = $('bed-board');
    clear(list);
    if (!board) return;
    const escalations = $('escalation-count');
    escalations.hidden = board.needsEscalation === 0;
    escalations.textContent = `${board.needsEscalation} needing escalation`;
    for (const bed of board.beds) {
      const escalate = bed.news2?.needsEscalation === true;
      const classes = ['bed', `bed--${bed.state}`];
      if (escalate) classes.push('bed--escalate');
      if (selected?.id === bed.id) classes.push('bed--selected');
      const item = h(
        'li',
        { className: classes.join(' '), dataset: { bedId: bed.id, state: bed.state } },
        [
          h('span', { className: 'bed__code', text: bed.code }),
          h('span', { className: 'bed__state', text: bed.state }),
          bed.patientName
            ? h('span', {
                className: 'bed__patient',
                text: `${bed.patientName} (${bed.mrn ?? ''})`,
              })
            : null,
          bed.news2
            ? h('span', {
                className: `badge ${escalate ? 'badge-danger bed__escalation' : 'badge-neutral'}`,
                text: news2Badge(bed.news2),
                ...(bed.news2.notApplicable ? { title: bed.news2.notApplicable } : {}),
              })
            : null,
          bed.state === 'occupied'
            ? h('button', {
                type: 'button',
                className: 'btn btn-secondary btn-sm bed__open',
                text: 'Open',
              })
            : null,
          bed.state === 'housekeeping'
            ? h('button', {
                type: 'button',
                className: 'btn btn-secondary btn-sm bed__clean',
                text: 'Mark clean',
              })
            : null,
        ],
      );
      item.querySelector('.bed__open')?.addEventListener('click', () => select(bed));
      item.querySelector('.bed__clean')?.addEventListener('click', () => markClean(bed));
      list.appendChild(item);
    }
    const bedSelect = $<HTMLSelectElement>('admit-bed');
    clear(bedSelect);
    bedSelect.appendChild(option('', 'First free bed of this ward'));
    for (const bed of board.beds.filter((b) => b.state === 'unoccupied'))
      bedSelect.appendChild(option(bed.id, bed.code));
  }

  async function refresh() {
    const status = $('board-status');
    try {
      await loadAvailability(api);
      if (!wardSelect.value) return;
      board = await api<Board>('GET', `/wards/${wardSelect.value}/board`);
      if (selected)
        selected = board?.beds.find((b) => b.id === selected!.id && b.state === 'occupied') ?? null;
      renderBoard();
      renderPanel();
    } catch (err) {
      showError(status, err);
    }
  }

  function renderPanel() {
    const panel = $('admission-panel');
    panel.hidden = !selected;
    if (!selected) return;
    $('admission-bed').textContent = selected.code;
    $('admission-patient').textContent = selected.patientName ?? '';
    $('admission-mrn').textContent = selected.mrn ?? '';
    $('admission-news2').textContent = selected.news2?.notApplicable
      ? selected.news2.notApplicable
      : selected.news2
        ? `Latest NEWS2 ${selected.news2.score ?? 'incomplete'} (${selected.news2.risk ?? 'no band'})${selected.news2.needsEscalation ? ` — needs ${selected.news2.escalation ?? 'urgent'} escalation` : ''}`
        : 'No observations yet';
    const target = $<HTMLSelectElement>('transfer-ward');
    clear(target);
    for (const w of wards) target.appendChild(option(w.id, w.name));
  }

  function select(bed: Bed) {
    selected = bed;
    for (const id of ['transfer-status', 'discharge-status']) setStatus($(id), '');
    renderBoard();
    renderPanel();
  }

  async function markClean(bed: Bed) {
    try {
      await api('POST', `/beds/${bed.id}/clean`);
      setStatus($('board-status'), `Bed ${bed.code} is clean and free.`, 'success');
      await refresh();
    } catch (err) {
      showError($('board-status'), err);
    }
  }

  async function searchPatients() {
    const q = $<HTMLInputElement>('admit-patient-q').value.trim();
    const select = $<HTMLSelectElement>('admit-patient');
    clear(select);
    if (!q) return;
    try {
      const found = await api<Page<{ id: string; name: string; mrn: string }>>(
        'GET',
        `/patients?q=${encodeURIComponent(q)}`,
      );
      for (const p of found?.items ?? []) select.appendChild(option(p.id, `${p.name} (${p.mrn})`));
      if (!select.options.length) setStatus($('admit-status'), 'No patient found.', 'warning');
      else setStatus($('admit-status'), '');
    } catch (err) {
      showError($('admit-status'), err);
    }
  }

  async function submit(
    event: Event,
    button: string,
    statusId: string,
    call: () => Promise<string>,
  ) {
    event.preventDefault();
    const btn = $<HTMLButtonElement>(button);
    setBusy(btn, true);
    try {
      const message = await call();
      setStatus($(statusId), message, 'success');
      await refresh();
    } catch (err) {
      showError($(statusId), err);
    } finally {
      setBusy(btn, false);
    }
  }

  $('admit-patient-search').addEventListener('click', () => void searchPatients());
  $('admit-form').addEventListener('submit', (e) =>
    submit(e, 'admit-submit', 'admit-status', async () => {
      const bedId = $<HTMLSelectElement>('admit-bed').value;
      const admission = await api<{ bedCode: string }>('POST', '/admissions', {
        patientId: $<HTMLSelectElement>('admit-patient').value,
        doctorId: $<HTMLSelectElement>('admit-doctor').value,
        source: $<HTMLSelectElement>('admit-source').value,
        reason: $<HTMLInputElement>('admit-reason').value,
        ...(bedId ? { bedId } : { wardId: wardSelect.value }),
      });
      return `Admitted to bed ${admission?.bedCode ?? ''}.`;
    }),
  );
  $('transfer-form').addEventListener('submit', (e) =>
    submit(e, 'transfer-submit', 'transfer-status', async () => {
      if (!selected?.admissionId) return '';
      const moved = await api<{ wardName: string; bedCode: string }>(
        'POST',
        `/admissions/${selected.admissionId}/transfer`,
        {
          wardId: $<HTMLSelectElement>('transfer-ward').value,
          reason: $<HTMLInputElement>('transfer-reason').value,
        },
      );
      selected = null;
      return `Transferred to ${moved?.wardName ?? ''} bed ${moved?.bedCode ?? ''}.`;
    }),
  );
  const disposition = $<HTMLSelectElement>('discharge-disposition');
  disposition.addEventListener('change', () => {
    $('discharge-death-field').hidden = disposition.value !== 'deceased';
  });
  $('discharge-form').addEventListener('submit', (e) =>
    submit(e, 'discharge-submit', 'discharge-status', async () => {
      if (!selected?.admissionId) return '';
      const death = $<HTMLInputElement>('discharge-death').value;
      const followUp = $<HTMLInputElement>('discharge-followup').value.trim();
      await api('POST', `/admissions/${selected.admissionId}/discharge`, {
        finalDiagnoses: [{ text: $<HTMLInputElement>('discharge-diagnosis').value }],
        conditionAtDischarge: $<HTMLInputElement>('discharge-condition').value,
        disposition: disposition.value,
        // datetime-local is the browser's local time; the service takes an instant.
        ...(disposition.value === 'deceased' && death
          ? { timeOfDeath: new Date(death).toISOString() }
          : {}),
        ...(followUp ? { followUpInstructions: followUp } : {}),
      });
      const code = selected.code;
      selected = null;
      return `Discharged; bed ${code} goes to housekeeping.`;
    }),
  );
  wardSelect.addEventListener('change', () => {
    selected = null;
    void refresh();
  });

  (async () => {
    try {
      const [wardPage, doctors] = await Promise.all([
        api<Page<Ward>>('GET', '/wards?limit=100'),
        api<Page<{ id: string; name: string }>>('GET', '/doctors?limit=100').catch(() => null),
      ]);
      wards = wardPage?.items ?? [];
      for (const w of wards) wardSelect.appendChild(option(w.id, w.name));
      const doctorSelect = $<HTMLSelectElement>('admit-doctor');
      for (const d of doctors?.items ?? []) doctorSelect.appendChild(option(d.id, d.name));
      if (!wards.length)
        setStatus($('board-status'), 'No wards yet: a bed manager creates them.', 'info');
      await refresh();
      // An admission made at another desk shows here without a reload.
      live(refresh, 'board-live');
      document.body.dataset.ready = 'true';
    } catch (err) {
      showError($('board-status'), err);
    }
  })();
}

const session = readSession();
if (session) start(session);
else {
  clearSession();
  window.location.replace(url('/login'));
}
