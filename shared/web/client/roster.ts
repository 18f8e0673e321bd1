/**
 * `/roster` (markup: shared/web/roster.ts): a ward's roster as a grid of staff × days with each
 * shift type in its own colour, and its coverage as a heat map (the roster answer's `coverage`:
 * each state a colour, a symbol and words); "Generate a draft" starts the solver and shows a
 * waiting state until its job ends, then the coverage, gaps and rule violations; a ward manager
 * changes a draft's day (refusals name the rule), publishes the draft and decides leave and swaps;
 * on a published roster staff request swaps with a colleague chosen by name. Names come from the
 * roster profiles (managers) or the staff directory.
 */
import { type Answer, call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { addDaysTo, formatTime, todayIn } from './common/format';
import { fieldError, setBusy } from './common/forms';
import { live } from './common/live';
import { readSession } from './common/storage';

interface Shortfall {
  date: string;
  shift: string;
  missing: number;
  explanation: string;
}
interface CoverageCell {
  date: string;
  shift: string;
  staffed: number;
  minimum: number;
  target: number;
  status: 'met' | 'below-target' | 'below-minimum';
}
interface Swap {
  id: string;
  date: string;
  fromUserId: string;
  toUserId: string;
  shift: string;
  violations: { rule: string }[];
}
interface Roster {
  wardId: string;
  start: string;
  days: number;
  status: 'draft' | 'published';
  version: number;
  assignments: { userId: string; date: string; shift: string }[];
  shortfalls: Shortfall[];
  coverage?: CoverageCell[];
  violations: { rule: string; userId: string; dates: string[]; message: string }[];
}
interface Job {
  id: string;
  status: 'queued' | 'solving' | 'done' | 'failed';
  error?: string;
  next: string;
  timeLimitSeconds: number;
  summary?: { shifts: number; coverageMet: boolean; shortfalls: Shortfall[]; violations: number };
}
interface Leave {
  id: string;
  userId: string;
  kind: string;
  start: string;
  end: string;
  note?: string;
  status: string;
}
type Problem = { message?: string | string[] };

let tz: string | undefined;
let roster: Roster | null = null;
const names = new Map<string, string>();
/** Shift codes in the ward's order: the colour of each. */
let shiftOrder: string[] = [];
let shiftTimes = new Map<string, string>();
/** Ward staff by roster profile (readable by managers only): rows a draft may fill. */
let profiles: { userId: string; name: string; wards: string[] }[] = [];
/** The draft cell being changed. */
let editing: { userId: string; date: string } | null = null;
const COVERAGE_WORDS = {
  met: ['✓', 'met'],
  'below-target': ['▽', 'below target'],
  'below-minimum': ['✗', 'below minimum'],
} as const;
const POLL_MS = 1000;

function messageOf(answer: Answer<Problem>, fallback: string): string {
  if (answer.status === 403) return 'Your role may not do this.';
  const m = answer.body?.message;
  return (Array.isArray(m) ? m.join(' ') : m) || fallback;
}
/** The job's progress in words: waiting for the solver, or solving within its time limit. */
function progressOf(job: Job): string {
  return job.status === 'queued'
    ? 'Generation queued: waiting for the solver…'
    : `The solver is working on the draft (at most ${job.timeLimitSeconds} seconds)…`;
}
const nameOf = (id: string) => names.get(id) ?? 'Someone no longer on the staff list';
const ward = () => $<HTMLInputElement>('rs-ward').value.trim();
const startDate = () => $<HTMLInputElement>('rs-start').value;
const me = () => readSession()?.user;
const isManager = () => me()?.role === 'WARD_MANAGER' || me()?.role === 'ADMIN';
/** Who may ask for a swap (the API's roles). */
const maySwap = () => isManager() || me()?.role === 'NURSE';
const shiftClass = (code: string) => `rs-shift rs-c${Math.max(0, shiftOrder.indexOf(code)) % 8}`;

function dayLabel(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(d);
}

function renderRoster(r: Roster): void {
  roster = r;
  const grid = $('rs-grid');
  clear(grid);
  const dates = Array.from({ length: r.days }, (_, i) => addDaysTo(r.start, i));
  const editable = r.status === 'draft' && isManager();
  // A draft's manager may give a shift to ward staff who have none yet: they get a row too.
  const wardStaff = editable
    ? profiles.filter((p) => p.wards.includes(r.wardId)).map((p) => p.userId)
    : [];
  const people = [...new Set([...r.assignments.map((a) => a.userId), ...wardStaff])].sort((a, b) =>
    nameOf(a).localeCompare(nameOf(b)),
  );
  const byCell = new Map(r.assignments.map((a) => [`${a.userId}|${a.date}`, a.shift]));
  $('rs-meta').textContent =
    `Ward ${r.wardId} from ${r.start}, ${r.days} days: ${r.status === 'published' ? 'published' : 'draft, not yet published'} (version ${r.version}).`;
  $('rs-publish').hidden = r.status === 'published';
  const legend = $('rs-legend');
  clear(legend);
  for (const code of shiftOrder)
    legend.append(
      h('li', null, [h('span', { className: shiftClass(code), text: code }), ` shift ${code}`]),
    );
  const table = h('table', { className: 'rs-grid', id: 'rs-table' }, [
    h('caption', {
      className: 'visually-hidden',
      text: `Roster of ward ${r.wardId} from ${r.start}`,
    }),
    h('thead', null, [
      h('tr', null, [
        h('th', { scope: 'col', text: 'Staff' }),
        ...dates.map((d) => h('th', { scope: 'col', text: dayLabel(d), title: d })),
      ]),
    ]),
    h(
      'tbody',
      null,
      people.map((id) =>
        h('tr', { dataset: { userId: id } }, [
          h('th', { scope: 'row', text: nameOf(id) }),
          ...dates.map((d) => {
            const shift = byCell.get(`${id}|${d}`);
            const content = shift
              ? h('span', { className: shiftClass(shift), text: shift })
              : h('span', { className: editable ? 'rs-off' : 'visually-hidden', text: 'off' });
            if (!editable) return h('td', { dataset: { date: d } }, [content]);
            const b = h(
              'button',
              {
                type: 'button',
                className: 'rs-cell',
                'aria-label': `${nameOf(id)}, ${dayLabel(d)} ${d}: ${shift ?? 'off'}. Change`,
              },
              [content],
            );
            b.addEventListener('click', () => openEdit(id, d, shift));
            return h('td', { dataset: { date: d } }, [b]);
          }),
        ]),
      ),
    ),
  ]);
  grid.append(people.length ? table : h('p', { text: 'Nobody is rostered in this period.' }));
  renderCoverage(r, dates);
  renderSwapForm();
  const problems = $('rs-problems');
  clear(problems);
  problems.append(
    h('h3', { text: r.shortfalls.length ? `Gaps (${r.shortfalls.length})` : 'Gaps' }),
    r.shortfalls.length
      ? h(
          'ul',
          { id: 'rs-gaps' },
          r.shortfalls.map((s) =>
            h('li', { text: `${s.date} ${s.shift}: ${s.missing} missing. ${s.explanation}` }),
          ),
        )
      : h('p', { id: 'rs-gaps', text: 'Every shift has its minimum cover.' }),
    h('h3', {
      text: r.violations.length ? `Rule violations (${r.violations.length})` : 'Rule violations',
    }),
    r.violations.length
      ? h(
          'ul',
          { id: 'rs-violations' },
          r.violations.map((v) => h('li', { text: `${nameOf(v.userId)}: ${v.message}` })),
        )
      : h('p', { id: 'rs-violations', text: 'None.' }),
  );
}

/** The heat map: shift types × days, each cell the people on it against its requirement. */
function renderCoverage(r: Roster, dates: string[]): void {
  const box = $('rs-coverage');
  clear(box);
  const cells = r.coverage ?? [];
  $('rs-coverage-wrap').hidden = !cells.length;
  if (!cells.length) return;
  const byCell = new Map(cells.map((c) => [`${c.shift}|${c.date}`, c]));
  const codes = [...new Set([...shiftOrder, ...cells.map((c) => c.shift)])].filter((code) =>
    cells.some((c) => c.shift === code),
  );
  box.append(
    h('table', { className: 'rs-grid rs-cov', id: 'rs-coverage-table' }, [
      h('caption', {
        className: 'visually-hidden',
        text: `Coverage of ward ${r.wardId} from ${r.start}: people on each shift against its minimum and target`,
      }),
      h('thead', null, [
        h('tr', null, [
          h('th', { scope: 'col', text: 'Shift' }),
          ...dates.map((d) => h('th', { scope: 'col', text: dayLabel(d), title: d })),
        ]),
      ]),
      h(
        'tbody',
        null,
        codes.map((code) =>
          h('tr', { dataset: { shift: code } }, [
            h('th', { scope: 'row', text: code }),
            ...dates.map((d) => {
              const c = byCell.get(`${code}|${d}`);
              if (!c)
                return h('td', { dataset: { date: d } }, [
                  h('span', { 'aria-hidden': 'true', text: '–' }),
                  h('span', { className: 'visually-hidden', text: 'no requirement' }),
                ]);
              const [symbol, words] = COVERAGE_WORDS[c.status];
              const text = `${c.staffed} on ${code} ${d}: ${words} (minimum ${c.minimum}, target ${c.target})`;
              return h(
                'td',
                {
                  className: `rs-cov-${c.status}`,
                  title: text,
                  dataset: { date: d, status: c.status },
                },
                [
                  h('span', { 'aria-hidden': 'true', text: `${symbol} ${c.staffed}` }),
                  h('span', { className: 'visually-hidden', text }),
                ],
              );
            }),
          ]),
        ),
      ),
    ]),
  );
}

/** Opens the form that changes one day of a draft for one person. */
function openEdit(userId: string, date: string, shift: string | undefined): void {
  editing = { userId, date };
  const select = $<HTMLSelectElement>('rs-edit-shift');
  clear(select);
  select.append(h('option', { value: '', text: 'Off' }));
  for (const code of shiftOrder)
    select.append(h('option', { value: code, text: `${code} (${shiftTimes.get(code) ?? ''})` }));
  select.value = shift ?? '';
  $('rs-edit-title').textContent = `Change ${nameOf(userId)} on ${dayLabel(date)} ${date}`;
  $('rs-edit').hidden = false;
  setStatus($('rs-edit-status'), '');
  select.focus();
}

/** The grid's button of a person's day. */
function focusCell(userId: string, date: string): void {
  const row = document.querySelector(`#rs-table tr[data-user-id="${userId}"]`);
  row?.querySelector<HTMLButtonElement>(`td[data-date="${date}"] button`)?.focus();
}

/** Closes the change form; Cancel and Escape return focus to the day it was opened from. */
function closeEdit(returnFocus = false): void {
  const was = editing;
  $('rs-edit').hidden = true;
  editing = null;
  if (returnFocus && was) focusCell(was.userId, was.date);
}

async function saveEdit(): Promise<void> {
  if (!roster || !editing) return;
  const { userId, date } = editing;
  const shift = $<HTMLSelectElement>('rs-edit-shift').value || null;
  const button = $<HTMLButtonElement>('rs-edit-save');
  setBusy(button, true, 'Saving…');
  const answer = await call<Roster & Problem>(
    'PUT',
    `/roster/wards/${encodeURIComponent(roster.wardId)}/rosters/${roster.start}/assignments`,
    { version: roster.version, userId, date, shift },
  );
  setBusy(button, false);
  const status = $('rs-edit-status');
  if (!answer.ok || !answer.body) {
    // A refusal names the rules the change would break; the roster is read again (a newer version).
    setStatus(status, messageOf(answer, 'The change could not be saved.'), 'error');
    await loadRoster();
    return;
  }
  closeEdit();
  renderRoster(answer.body);
  setStatus(
    status,
    `Saved: ${nameOf(userId)} ${shift ? `works ${shift}` : 'is off'} on ${date}.`,
    'success',
  );
  focusCell(userId, date);
}

/** People on the roster, in name order. */
function rosterPeople(): string[] {
  return [...new Set((roster?.assignments ?? []).map((a) => a.userId))].sort((a, b) =>
    nameOf(a).localeCompare(nameOf(b)),
  );
}

/** The swap form, on a published roster, for the roles that may ask. */
function renderSwapForm(): void {
  const form = $<HTMLFormElement>('swap-form');
  form.hidden = !(roster?.status === 'published' && maySwap());
  if (form.hidden || !roster) return;
  const from = $<HTMLSelectElement>('swap-from');
  $('swap-from-field').hidden = !isManager();
  const people = rosterPeople();
  const chosen = from.value;
  clear(from);
  for (const id of people) from.append(h('option', { value: id, text: nameOf(id) }));
  from.value = people.includes(chosen)
    ? chosen
    : people.includes(me()?.id ?? '')
      ? me()!.id!
      : (people[0] ?? '');
  fillSwapChoices();
}

/** The days the giver works and the colleagues who could take them. */
function fillSwapChoices(): void {
  const giver = isManager() ? $<HTMLSelectElement>('swap-from').value : (me()?.id ?? '');
  const dates = $<HTMLSelectElement>('swap-date');
  const to = $<HTMLSelectElement>('swap-to');
  clear(dates);
  clear(to);
  const own = (roster?.assignments ?? []).filter((a) => a.userId === giver);
  dates.append(
    h('option', {
      value: '',
      text: own.length
        ? 'Choose a day'
        : `${isManager() ? `${nameOf(giver)} works` : 'You work'} no shift in this roster`,
    }),
  );
  for (const a of own)
    dates.append(h('option', { value: a.date, text: `${dayLabel(a.date)} ${a.date}: ${a.shift}` }));
  to.append(h('option', { value: '', text: 'Choose a colleague' }));
  for (const id of rosterPeople())
    if (id !== giver) to.append(h('option', { value: id, text: nameOf(id) }));
}

function swapForm(): void {
  $('swap-from').addEventListener('change', fillSwapChoices);
  $<HTMLFormElement>('swap-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!roster) return;
    const date = $<HTMLSelectElement>('swap-date');
    const to = $<HTMLSelectElement>('swap-to');
    fieldError(date, date.value ? '' : 'Choose the day you give away.');
    fieldError(to, to.value ? '' : 'Choose the colleague who takes it.');
    if (!date.value || !to.value) return;
    const button = $<HTMLButtonElement>('swap-submit');
    setBusy(button, true, 'Requesting…');
    const answer = await call<Swap & Problem>('POST', '/roster/swaps', {
      wardId: roster.wardId,
      start: roster.start,
      date: date.value,
      toUserId: to.value,
      ...(isManager() ? { fromUserId: $<HTMLSelectElement>('swap-from').value } : {}),
    });
    setBusy(button, false);
    const breaks = [...new Set((answer.body?.violations ?? []).map((v) => v.rule))];
    setStatus(
      $('swap-status'),
      !answer.ok
        ? messageOf(answer, 'The swap could not be requested.')
        : `Swap requested with ${nameOf(to.value)} on ${date.value}; a ward manager decides it.${breaks.length ? ` As the roster stands it would break ${breaks.join(', ')}.` : ''}`,
      !answer.ok ? 'error' : breaks.length ? 'warning' : 'success',
    );
    if (answer.ok) await loadSwaps();
  });
}

async function loadSwaps(): Promise<void> {
  const list = $('swap-list');
  if (!ward()) return;
  const answer = await call<{ items: Swap[] } & Problem>(
    'GET',
    `/roster/swaps?status=requested&wardId=${encodeURIComponent(ward())}&limit=50`,
  );
  clear(list);
  if (!answer.ok) {
    list.append(h('li', { text: messageOf(answer, 'The swaps could not be read.') }));
    return;
  }
  const items = answer.body?.items ?? [];
  if (!items.length)
    list.append(h('li', { className: 'muted', text: 'No swap request is waiting.' }));
  for (const s of items) {
    const breaks = [...new Set(s.violations.map((v) => v.rule))];
    const what = `${nameOf(s.fromUserId)} gives ${s.shift} on ${s.date} to ${nameOf(s.toUserId)}`;
    const li = h('li', { dataset: { swapId: s.id } }, [
      `${what}${breaks.length ? ` (would break ${breaks.join(', ')})` : ''} `,
    ]);
    if (isManager())
      for (const decision of ['approve', 'reject'] as const) {
        const label = decision === 'approve' ? 'Approve' : 'Reject';
        const b = h('button', {
          type: 'button',
          className: `btn btn-sm ${decision === 'approve' ? 'btn-primary' : 'btn-secondary'}`,
          text: label,
          'aria-label': `${label}: ${what}`,
        });
        b.addEventListener('click', async () => {
          setBusy(b, true);
          const done = await call<Problem>('POST', `/roster/swaps/${s.id}/decision`, { decision });
          setBusy(b, false);
          setStatus(
            $('swap-status'),
            done.ok
              ? decision === 'approve'
                ? `Swap approved: ${what}.`
                : 'Swap rejected.'
              : messageOf(done, 'The decision could not be saved.'),
            done.ok ? 'success' : 'error',
          );
          await Promise.all([loadSwaps(), loadRoster(), loadDuty()]);
        });
        li.append(' ', b);
      }
    list.append(li);
  }
}

async function loadWard(): Promise<void> {
  const w = await call<{ shifts: { code: string; start: string; end: string }[] }>(
    'GET',
    `/roster/wards/${encodeURIComponent(ward())}`,
  );
  const shifts = w.body?.shifts ?? [];
  shiftOrder = shifts.map((s) => s.code);
  shiftTimes = new Map(shifts.map((s) => [s.code, `${s.start}–${s.end}`]));
}

async function loadRoster(): Promise<void> {
  const status = $('rs-status');
  const okWard = !!ward();
  fieldError($<HTMLInputElement>('rs-ward'), okWard ? '' : 'Enter the ward code.');
  fieldError($<HTMLInputElement>('rs-start'), startDate() ? '' : 'Enter the first day.');
  if (!okWard || !startDate()) return;
  await loadWard();
  const answer = await call<Roster & Problem>(
    'GET',
    `/roster/wards/${encodeURIComponent(ward())}/rosters/${startDate()}`,
  );
  if (answer.status === 404) {
    roster = null;
    clear($('rs-grid'));
    clear($('rs-problems'));
    clear($('rs-legend'));
    $('rs-coverage-wrap').hidden = true;
    $('swap-form').hidden = true;
    closeEdit();
    $('rs-publish').hidden = true;
    $('rs-meta').textContent =
      `No roster of ward ${ward()} starts on ${startDate()}. A ward manager makes one with “Generate a draft” (the ward's shift types and staff profiles must be set up: see docs/roster.md; a trial hospital can load demo data).`;
    return;
  }
  if (!answer.ok || !answer.body) {
    setStatus(status, messageOf(answer, 'The roster could not be read.'), 'error');
    return;
  }
  setStatus(status, '');
  renderRoster(answer.body);
}

async function generate(): Promise<void> {
  const out = $('rs-job');
  const button = $<HTMLButtonElement>('rs-generate');
  if (!ward() || !startDate()) {
    await loadRoster();
    return;
  }
  setBusy(button, true, 'Generating…');
  $('rs-grid').setAttribute('aria-busy', 'true');
  setStatus(out, 'Generating the draft: starting the job…', 'info');
  try {
    const started = await call<Job & Problem>(
      'POST',
      `/roster/wards/${encodeURIComponent(ward())}/generations`,
      {
        start: startDate(),
        days: Number($<HTMLInputElement>('rs-days').value) || 7,
      },
    );
    if (!started.ok || !started.body) {
      setStatus(out, messageOf(started, 'The roster could not be generated.'), 'error');
      return;
    }
    let job = started.body;
    while (job.status === 'queued' || job.status === 'solving') {
      setStatus(out, progressOf(job), 'info');
      await new Promise((r) => window.setTimeout(r, POLL_MS));
      const next = await call<Job>('GET', `/roster/generations/${job.id}`);
      if (!next.ok || !next.body) break;
      job = next.body;
    }
    if (job.status !== 'done' || !job.summary) {
      setStatus(
        out,
        `The generation failed: ${job.error ?? 'no answer from the solver'}. ${job.next ?? ''}`.trim(),
        'error',
      );
      return;
    }
    const s = job.summary;
    setStatus(
      out,
      `Draft ready: ${s.shifts} shifts, ${s.coverageMet ? 'every minimum cover met' : `${s.shortfalls.length} gap${s.shortfalls.length === 1 ? '' : 's'} in cover`}, ${s.violations} rule violation${s.violations === 1 ? '' : 's'}. Check it, then publish.`,
      s.coverageMet && !s.violations ? 'success' : 'warning',
    );
    await loadRoster();
  } finally {
    $('rs-grid').removeAttribute('aria-busy');
    setBusy(button, false);
  }
}

async function publish(): Promise<void> {
  if (!roster) return;
  const button = $<HTMLButtonElement>('rs-publish');
  setBusy(button, true, 'Publishing…');
  const answer = await call<Problem>(
    'POST',
    `/roster/wards/${encodeURIComponent(roster.wardId)}/rosters/${roster.start}/publish`,
    { version: roster.version },
  );
  setBusy(button, false);
  setStatus(
    $('rs-job'),
    answer.ok
      ? 'Published: staff can see it.'
      : messageOf(answer, 'The roster could not be published.'),
    answer.ok ? 'success' : 'error',
  );
  await loadRoster();
}

async function loadDuty(): Promise<void> {
  const list = $('rs-duty');
  if (!ward()) return;
  const answer = await call<
    {
      onDuty: {
        userId: string;
        name: string;
        grade: string;
        shift: string;
        from: string;
        to: string;
      }[];
    } & Problem
  >('GET', `/roster/wards/${encodeURIComponent(ward())}/on-duty`);
  clear(list);
  if (!answer.ok || !answer.body) {
    list.append(h('li', { text: messageOf(answer, 'Who is on duty could not be read.') }));
    return;
  }
  if (!answer.body.onDuty.length)
    list.append(h('li', { text: `Nobody on ward ${ward()}'s published roster is on duty now.` }));
  for (const p of answer.body.onDuty)
    list.append(
      h('li', null, [
        h('span', { className: shiftClass(p.shift), text: p.shift }),
        ` ${p.name} (${p.grade}), ${formatTime(p.from, tz)}–${formatTime(p.to, tz)}`,
      ]),
    );
}

async function loadLeave(): Promise<void> {
  const list = $('leave-list');
  const answer = await call<{ items: Leave[] }>('GET', '/roster/leave?status=requested&limit=50');
  clear(list);
  const items = answer.body?.items ?? [];
  if (!items.length)
    list.append(h('li', { className: 'muted', text: 'No leave request is waiting.' }));
  const manager = isManager();
  for (const l of items) {
    const li = h('li', { dataset: { leaveId: l.id } }, [
      `${nameOf(l.userId)}: ${l.kind} leave ${l.start} to ${l.end}${l.note ? ` (${l.note})` : ''} `,
    ]);
    if (manager)
      for (const decision of ['approve', 'reject'] as const) {
        const b = h('button', {
          type: 'button',
          className: `btn btn-sm ${decision === 'approve' ? 'btn-primary' : 'btn-secondary'}`,
          text: decision === 'approve' ? 'Approve' : 'Reject',
          'aria-label': `${decision === 'approve' ? 'Approve' : 'Reject'} ${nameOf(l.userId)}'s leave from ${l.start}`,
        });
        b.addEventListener('click', async () => {
          setBusy(b, true);
          const done = await call<Problem>('POST', `/roster/leave/${l.id}/decision`, { decision });
          setBusy(b, false);
          setStatus(
            $('leave-status'),
            done.ok
              ? `Leave ${decision === 'approve' ? 'approved' : 'rejected'}.`
              : messageOf(done, 'The decision could not be saved.'),
            done.ok ? 'success' : 'error',
          );
          await loadLeave();
        });
        li.append(' ', b);
      }
    list.append(li);
  }
}

function leaveForm(): void {
  const form = $<HTMLFormElement>('leave-form');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const start = $<HTMLInputElement>('leave-start');
    const end = $<HTMLInputElement>('leave-end');
    fieldError(start, start.value ? '' : 'Enter the first day of leave.');
    fieldError(end, end.value ? '' : 'Enter the last day of leave.');
    if (!start.value || !end.value) return;
    const user = $<HTMLSelectElement>('leave-user').value;
    const note = $<HTMLInputElement>('leave-note').value.trim();
    const button = $<HTMLButtonElement>('leave-submit');
    setBusy(button, true, 'Requesting…');
    const answer = await call<Problem>('POST', '/roster/leave', {
      ...(user ? { userId: user } : {}),
      kind: $<HTMLSelectElement>('leave-kind').value,
      start: start.value,
      end: end.value,
      ...(note ? { note } : {}),
    });
    setBusy(button, false);
    setStatus(
      $('leave-status'),
      answer.ok
        ? 'Leave requested; a ward manager decides it.'
        : messageOf(answer, 'The leave could not be requested.'),
      answer.ok ? 'success' : 'error',
    );
    if (answer.ok) await loadLeave();
  });
}

async function loadNames(): Promise<void> {
  const [staff, directory] = await Promise.all([
    call<{ items: { userId: string; name: string; wards: string[] }[] }>('GET', '/roster/staff'),
    call<{ items: { id: string; name: string }[] }>('GET', '/users/directory'),
  ]);
  for (const u of directory.body?.items ?? []) names.set(u.id, u.name);
  const wards = new Set<string>();
  const select = $<HTMLSelectElement>('leave-user');
  profiles = staff.body?.items ?? [];
  for (const p of profiles) {
    names.set(p.userId, p.name);
    for (const w of p.wards) wards.add(w);
    select.append(h('option', { value: p.userId, text: p.name }));
  }
  const list = $('rs-wards');
  for (const w of [...wards].sort()) list.append(h('option', { value: w }));
  if (wards.size === 1) $<HTMLInputElement>('rs-ward').value = [...wards][0]!;
}

async function start(): Promise<void> {
  const tenant = await call<{ timezone?: string }>('GET', '/tenants/current').catch(() => null);
  tz = tenant?.body?.timezone;
  const params = new URLSearchParams(location.search);
  $<HTMLInputElement>('rs-start').value = params.get('start') ?? todayIn(tz);
  $<HTMLFormElement>('rs-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void loadRoster();
    void loadDuty();
    void loadSwaps();
  });
  $<HTMLFormElement>('rs-edit').addEventListener('submit', (e) => {
    e.preventDefault();
    void saveEdit();
  });
  $('rs-edit-cancel').addEventListener('click', () => closeEdit(true));
  $('rs-edit').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') closeEdit(true);
  });
  swapForm();
  $('rs-generate').addEventListener('click', () => void generate());
  $('rs-publish').addEventListener('click', () => void publish());
  leaveForm();
  await loadNames().catch(() => undefined);
  if (params.get('ward')) $<HTMLInputElement>('rs-ward').value = params.get('ward') ?? '';
  live(loadDuty, 'rs-duty-updated', 60_000);
  await Promise.all([
    ward() ? loadRoster() : Promise.resolve(),
    loadDuty(),
    loadLeave(),
    loadSwaps(),
  ]).catch(() => undefined);
  // Tests (and people) know the page is wired and has read its data.
  document.body.dataset.ready = 'true';
}

void start();
