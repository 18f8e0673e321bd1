/**
 * `/bed-board`: loads the wards, availability and the chosen ward's beds with the signed-in
 * session; admits into a chosen or the first free bed, and transfers, discharges and marks beds
 * clean. The service decides everything (roles, bed states, sex policy, NEWS2 blocks): a field
 * it names gets its message under the field, a refusal is shown as a sentence. After an action
 * the focus goes to what changed (the bed admitted into, or the board's status line), never to
 * the page's top.
 */

import { type Api, asApiError, sessionApi, showError } from './admin/api';
import type { AdminState } from './admin/state';
import { $, clear, h, setStatus } from './common/dom';
import { emptyState } from './common/empty';
import { zonedToIso } from './common/format';
import { fieldError, setBusy } from './common/forms';
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

type Field = HTMLInputElement | HTMLSelectElement;

/** Empty required fields get their message; the first invalid one takes the focus. */
function requireFields(checks: [id: string, message: string][]): boolean {
  let first: Field | null = null;
  for (const [id, message] of checks) {
    const el = $<Field>(id);
    const empty = !el.value.trim();
    fieldError(el, empty ? message : '');
    if (empty && !first) first = el;
  }
  first?.focus();
  return !first;
}

function clearErrors(form: HTMLElement): void {
  for (const el of form.querySelectorAll<Field>('input, select')) fieldError(el, '');
}

/**
 * A refusal shown where it belongs: each field the service names (a 400's `issues`, by the
 * first part of its path) gets the message under it and the first takes the focus; anything
 * else is one sentence in the form's status line, which takes the focus.
 */
function showRefusal(err: unknown, fields: Record<string, string>, status: HTMLElement): void {
  const e = asApiError(err);
  if (e.silent) return;
  const issues = (e.body as { issues?: { field?: string; message?: string }[] } | null)?.issues;
  let first: Field | null = null;
  if (e.status === 400 && Array.isArray(issues))
    for (const issue of issues) {
      const id = fields[(issue.field ?? '').split('.')[0] ?? ''];
      if (!id || !issue.message) continue;
      const el = $<Field>(id);
      fieldError(
        el,
        issue.message.replace(/^./, (c) => c.toUpperCase()),
      );
      first ??= el;
    }
  if (first) {
    setStatus(status, 'Check the fields marked above.', 'error');
    first.focus();
    return;
  }
  setStatus(
    status,
    e.status === 403 ? 'Your role may not do this on the bed board.' : e.message,
    'error',
  );
  status.focus();
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
    // A refresh redraws the beds: the focus stays on the same bed's button.
    const active = document.activeElement as HTMLElement | null;
    const focusedBed = active?.closest<HTMLElement>('li.bed')?.dataset.bedId;
    const focusedAction = active?.classList.contains('bed__clean') ? 'bed__clean' : 'bed__open';
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
                text: `Open bed ${bed.code}`,
              })
            : null,
          bed.state === 'housekeeping'
            ? h('button', {
                type: 'button',
                className: 'btn btn-secondary btn-sm bed__clean',
                text: `Mark bed ${bed.code} clean`,
              })
            : null,
        ],
      );
      item.querySelector('.bed__open')?.addEventListener('click', () => select(bed));
      item.querySelector('.bed__clean')?.addEventListener('click', () => markClean(bed));
      list.appendChild(item);
    }
    if (focusedBed)
      list
        .querySelector<HTMLElement>(`li[data-bed-id="${CSS.escape(focusedBed)}"] .${focusedAction}`)
        ?.focus();
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
    clearErrors($('admission-panel'));
    renderBoard();
    renderPanel();
    $('admission-title').focus();
  }

  /** An action's outcome on the board's status line, which takes the focus. */
  function announce(message: string) {
    const status = $('board-status');
    setStatus(status, message, 'success');
    status.focus();
  }

  async function markClean(bed: Bed) {
    try {
      await api('POST', `/beds/${bed.id}/clean`);
      await refresh();
      announce(`Bed ${bed.code} is clean and free.`);
    } catch (err) {
      showRefusal(err, {}, $('board-status'));
    }
  }

  async function searchPatients() {
    const q = $<HTMLInputElement>('admit-patient-q').value.trim();
    const select = $<HTMLSelectElement>('admit-patient');
    const box = $<HTMLInputElement>('admit-patient-q');
    clear(select);
    select.appendChild(option('', 'Search for the patient first'));
    if (!q) {
      fieldError(box, 'Type part of the name, the MRN or the phone number.');
      box.focus();
      return;
    }
    try {
      const found = await api<Page<{ id: string; name: string; mrn: string }>>(
        'GET',
        `/patients?q=${encodeURIComponent(q)}`,
      );
      const items = found?.items ?? [];
      clear(select);
      if (!items.length) select.appendChild(option('', 'No patient found'));
      else if (items.length > 1)
        select.appendChild(option('', `Choose one of ${items.length} patients…`));
      for (const p of items) select.appendChild(option(p.id, `${p.name} (${p.mrn})`));
      fieldError(box, items.length ? '' : 'No patient matches: check the spelling or the MRN.');
      fieldError(select, '');
      if (!items.length) box.focus();
      else select.focus();
    } catch (err) {
      showRefusal(err, {}, $('admit-status'));
    }
  }

  /**
   * Runs one form's action: its required fields first, then the call; `done` answers where the
   * focus goes after the board is redrawn.
   */
  async function submit(
    event: Event,
    form: string,
    button: string,
    statusId: string,
    checks: [id: string, message: string][],
    fields: Record<string, string>,
    call: () => Promise<{ message: string; focus: () => void }>,
  ) {
    event.preventDefault();
    const status = $(statusId);
    setStatus(status, '');
    clearErrors($(form));
    if (!requireFields(checks)) return;
    const btn = $<HTMLButtonElement>(button);
    setBusy(btn, true);
    try {
      const { message, focus } = await call();
      setStatus(status, message, 'success');
      await refresh();
      focus();
    } catch (err) {
      showRefusal(err, fields, status);
    } finally {
      setBusy(btn, false);
    }
  }

  $('admit-patient-search').addEventListener('click', () => void searchPatients());
  $('admit-form').addEventListener('submit', (e) =>
    submit(
      e,
      'admit-form',
      'admit-submit',
      'admit-status',
      [
        ['admit-patient', 'Search for the patient and choose them.'],
        ['admit-doctor', 'Choose the admitting doctor.'],
        ['admit-reason', 'Enter the reason for admission.'],
      ],
      {
        patientId: 'admit-patient',
        doctorId: 'admit-doctor',
        reason: 'admit-reason',
        bedId: 'admit-bed',
      },
      async () => {
        const bedId = $<HTMLSelectElement>('admit-bed').value;
        const admission = await api<{ bedId: string; bedCode: string }>('POST', '/admissions', {
          patientId: $<HTMLSelectElement>('admit-patient').value,
          doctorId: $<HTMLSelectElement>('admit-doctor').value,
          source: $<HTMLSelectElement>('admit-source').value,
          reason: $<HTMLInputElement>('admit-reason').value,
          ...(bedId ? { bedId } : { wardId: wardSelect.value }),
        });
        const message = `Admitted to bed ${admission?.bedCode ?? ''}.`;
        $<HTMLInputElement>('admit-reason').value = '';
        return {
          message,
          // To the bed admitted into (its Open button), else to the message.
          focus: () =>
            (
              $('bed-board').querySelector<HTMLElement>(
                `li[data-bed-id="${CSS.escape(admission?.bedId ?? '')}"] .bed__open`,
              ) ?? $('admit-status')
            ).focus(),
        };
      },
    ),
  );
  $('transfer-form').addEventListener('submit', (e) =>
    submit(
      e,
      'transfer-form',
      'transfer-submit',
      'transfer-status',
      [
        ['transfer-ward', 'Choose the ward to move the patient to.'],
        ['transfer-reason', 'Enter the reason for the transfer.'],
      ],
      { wardId: 'transfer-ward', reason: 'transfer-reason', bedId: 'transfer-ward' },
      async () => {
        if (!selected?.admissionId) throw new Error('Choose an occupied bed first.');
        const from = selected.code;
        const who = selected.patientName ?? 'The patient';
        const moved = await api<{ wardName: string; bedCode: string }>(
          'POST',
          `/admissions/${selected.admissionId}/transfer`,
          {
            wardId: $<HTMLSelectElement>('transfer-ward').value,
            reason: $<HTMLInputElement>('transfer-reason').value,
          },
        );
        selected = null;
        $<HTMLInputElement>('transfer-reason').value = '';
        const message = `Transferred to ${moved?.wardName ?? ''} bed ${moved?.bedCode ?? ''}.`;
        // The panel closes with the patient gone: the board's status line says what happened.
        return {
          message,
          focus: () =>
            announce(
              `${who} ${message.charAt(0).toLowerCase()}${message.slice(1)} Bed ${from} goes to housekeeping.`,
            ),
        };
      },
    ),
  );
  /** The hospital's time zone: the time of death is typed and read in it. */
  let hospitalZone: string | undefined;
  const disposition = $<HTMLSelectElement>('discharge-disposition');
  disposition.addEventListener('change', () => {
    $('discharge-death-field').hidden = disposition.value !== 'deceased';
  });
  $('discharge-form').addEventListener('submit', (e) =>
    submit(
      e,
      'discharge-form',
      'discharge-submit',
      'discharge-status',
      [
        ['discharge-diagnosis', 'Enter the final diagnosis.'],
        ['discharge-condition', 'Describe the condition at discharge.'],
        ...(disposition.value === 'deceased'
          ? [['discharge-death', 'Enter the time of death.'] as [string, string]]
          : []),
      ],
      {
        finalDiagnoses: 'discharge-diagnosis',
        conditionAtDischarge: 'discharge-condition',
        disposition: 'discharge-disposition',
        timeOfDeath: 'discharge-death',
        followUpInstructions: 'discharge-followup',
        cdsOverrideReason: 'discharge-override',
      },
      async () => {
        if (!selected?.admissionId) throw new Error('Choose an occupied bed first.');
        const death = $<HTMLInputElement>('discharge-death').value;
        const followUp = $<HTMLInputElement>('discharge-followup').value.trim();
        const override = $<HTMLInputElement>('discharge-override').value.trim();
        await api('POST', `/admissions/${selected.admissionId}/discharge`, {
          finalDiagnoses: [{ text: $<HTMLInputElement>('discharge-diagnosis').value }],
          conditionAtDischarge: $<HTMLInputElement>('discharge-condition').value,
          disposition: disposition.value,
          // The time typed is the hospital's wall clock, whatever the browser's zone.
          ...(disposition.value === 'deceased' && death
            ? { timeOfDeath: zonedToIso(death.slice(0, 10), death.slice(11, 16), hospitalZone) }
            : {}),
          ...(followUp ? { followUpInstructions: followUp } : {}),
          // A decision-support stop (a critical result nobody acknowledged) needs a reason.
          ...(override ? { cdsOverrideReason: override } : {}),
        });
        const code = selected.code;
        const who = selected.patientName ?? 'The patient';
        selected = null;
        for (const id of [
          'discharge-diagnosis',
          'discharge-condition',
          'discharge-followup',
          'discharge-override',
        ])
          $<HTMLInputElement>(id).value = '';
        return {
          message: `Discharged; bed ${code} goes to housekeeping.`,
          focus: () => announce(`${who} is discharged; bed ${code} goes to housekeeping.`),
        };
      },
    ),
  );
  wardSelect.addEventListener('change', () => {
    selected = null;
    void refresh();
  });

  (async () => {
    try {
      const [wardPage, doctors, tenant] = await Promise.all([
        api<Page<Ward>>('GET', '/wards?limit=100'),
        api<Page<{ id: string; name: string }>>('GET', '/doctors?limit=100').catch(() => null),
        api<{ timezone?: string }>('GET', '/tenants/current').catch(() => null),
      ]);
      hospitalZone = tenant?.timezone;
      $('discharge-death-zone').textContent = hospitalZone ?? 'hospital time';
      wards = wardPage?.items ?? [];
      for (const w of wards) wardSelect.appendChild(option(w.id, w.name));
      const doctorSelect = $<HTMLSelectElement>('admit-doctor');
      for (const d of doctors?.items ?? []) doctorSelect.appendChild(option(d.id, d.name));
      if (!wards.length)
        $('board-status').appendChild(
          emptyState(
            'No wards yet: a bed manager adds the wards and their beds (through the API or an agent); they appear here by themselves.',
            [
              {
                label: 'How to add wards (API reference)',
                href: '/api-docs',
                roles: ['BED_MANAGER'],
              },
            ],
          ),
        );
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
