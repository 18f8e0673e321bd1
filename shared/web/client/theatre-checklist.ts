/**
 * `/theatre/checklist#<caseId>` (markup: shared/web/theatre-checklist.ts): the WHO checklist of one
 * case, one phase at a time. Only the team member the checklist names for an item gets its Confirm
 * button (the server enforces the same rule: this only spares a refused tap); everyone sees who
 * confirmed what and when. The counts item asks for the counts before and after, and a discrepancy
 * action when they differ. The timeline buttons record in room … out of room; the server refuses
 * incision before Time Out and leaving before Sign Out, and its sentence is shown.
 */
import { type Answer, call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { formatTime } from './common/format';
import { setBusy } from './common/forms';
import { readSession } from './common/storage';

interface Confirmation {
  answer: string;
  byName: string;
  role: string;
  at: string;
  note?: string;
}
interface Item {
  code: string;
  text: string;
  confirmer: string;
  confirmerId: string;
  confirmerName: string;
  answers: string[];
  confirmation?: Confirmation;
}
interface View {
  caseId: string;
  patientName: string;
  procedure: string;
  theatre?: string;
  status: string;
  currentPhase: string | null;
  phases: { phase: string; title: string; complete: boolean; items: Item[] }[];
  nextStep: string;
  timeline: Record<string, string | undefined>;
}
type Problem = { message?: string | string[] };

const TIMELINE: [string, string][] = [
  ['in-room', 'In room'],
  ['anaesthesia-start', 'Anaesthesia start'],
  ['incision', 'Incision'],
  ['closure', 'Closure'],
  ['out-of-room', 'Out of room'],
];
const COUNTED = ['instruments', 'swabs', 'needles'] as const;

let tz: string | undefined;
let view: View | null = null;
let shown: string | null = null;
const me = () => readSession()?.user?.id ?? '';

function messageOf(answer: Answer<Problem>, fallback: string): string {
  if (answer.status === 403) return 'Your role may not do this.';
  const m = answer.body?.message;
  return (Array.isArray(m) ? m.join(' ') : m) || fallback;
}

const said = (answer: string) => answer.replace(/-/g, ' ');

function countsFields(code: string): HTMLElement {
  const grid = h('div', { className: 'ck-counts' });
  for (const kind of COUNTED)
    for (const when of ['before', 'after'] as const) {
      const id = `ck-${code}-${kind}-${when}`;
      grid.append(
        h('div', { className: 'field' }, [
          h('label', { for: id, text: `${kind[0]!.toUpperCase()}${kind.slice(1)} ${when}` }),
          h('input', {
            type: 'number',
            id,
            min: '0',
            max: '10000',
            inputmode: 'numeric',
            required: true,
          }),
        ]),
      );
    }
  const actionId = `ck-${code}-action`;
  return h('div', null, [
    grid,
    h('div', { className: 'field' }, [
      h('label', { for: actionId, text: 'What was done about a count that differs (only then)' }),
      h('textarea', { id: actionId, rows: '2' }),
    ]),
  ]);
}

function itemCard(item: Item, index: number): HTMLLIElement {
  const done = !!item.confirmation;
  const li = h(
    'li',
    { className: `ck-item${done ? ' ck-item--done' : ''}`, dataset: { item: item.code } },
    [h('p', { className: 'ck-item__text', text: `${index + 1}. ${item.text}` })],
  );
  if (item.confirmation) {
    const c = item.confirmation;
    li.append(
      h('p', {
        text: `Confirmed: ${said(c.answer)}, by ${c.byName} (${c.role}) at ${formatTime(c.at, tz)}${c.note ? `. ${c.note}` : ''}`,
      }),
    );
    return li;
  }
  li.append(
    h('p', {
      className: 'muted',
      text: `To be confirmed by the ${item.confirmer}, ${item.confirmerName}.`,
    }),
  );
  if (item.confirmerId !== me()) {
    li.append(
      h('p', {
        className: 'small',
        text: `Only ${item.confirmerName} can confirm this item, in person.`,
      }),
    );
    return li;
  }
  const name = `ck-${item.code}-answer`;
  if (item.answers.length > 1) {
    const set = h('fieldset', { className: 'ck-answers' }, [
      h('legend', { className: 'visually-hidden', text: `Answer to: ${item.text}` }),
    ]);
    item.answers.forEach((a, i) => {
      set.append(
        h('label', null, [
          h('input', { type: 'radio', name, value: a, checked: i === 0 }),
          said(a),
        ]),
      );
    });
    li.append(set);
  }
  if (item.code === 'counts-complete') li.append(countsFields(item.code));
  const button = h('button', {
    type: 'button',
    className: 'btn btn-primary ck-confirm',
    text: 'Confirm',
    'aria-label': `Confirm: ${item.text}`,
  });
  const status = h('div', { className: 'status-region', role: 'status', 'aria-live': 'polite' });
  button.addEventListener('click', () => void confirm(item, li, button, status));
  li.append(button, status);
  return li;
}

async function confirm(
  item: Item,
  li: HTMLElement,
  button: HTMLButtonElement,
  status: HTMLElement,
) {
  if (!view) return;
  const body: Record<string, unknown> = { item: item.code };
  const picked = li.querySelector<HTMLInputElement>(`input[name="ck-${item.code}-answer"]:checked`);
  if (picked) body.answer = picked.value;
  if (item.code === 'counts-complete') {
    const counts: Record<string, { before: number; after: number }> = {};
    for (const kind of COUNTED) {
      const before = $<HTMLInputElement>(`ck-${item.code}-${kind}-before`).value;
      const after = $<HTMLInputElement>(`ck-${item.code}-${kind}-after`).value;
      if (before === '' || after === '') {
        setStatus(status, `Enter the ${kind} counted before and after.`, 'error');
        return;
      }
      counts[kind] = { before: Number(before), after: Number(after) };
    }
    body.counts = counts;
    const action = $<HTMLTextAreaElement>(`ck-${item.code}-action`).value.trim();
    if (action) body.discrepancyAction = action;
  }
  setBusy(button, true, 'Confirming…');
  const answer = await call<Problem>(
    'POST',
    `/theatre/cases/${view.caseId}/checklist/confirmations`,
    body,
  );
  setBusy(button, false);
  if (!answer.ok) {
    setStatus(status, messageOf(answer, 'The item could not be confirmed.'), 'error');
    return;
  }
  await load(view.caseId, true);
}

function renderPhase(phase: string): void {
  if (!view) return;
  shown = phase;
  const p = view.phases.find((x) => x.phase === phase) ?? view.phases[0]!;
  const nav = $('ck-phases');
  clear(nav);
  view.phases.forEach((x, i) => {
    const b = h('button', {
      type: 'button',
      className: `btn ${x.complete ? 'btn-secondary' : x.phase === view?.currentPhase ? 'btn-primary' : 'btn-ghost'}`,
      text: `${i + 1}. ${x.title}${x.complete ? ' ✓ complete' : ''}`,
      'aria-current': x.phase === p.phase ? 'step' : false,
    });
    b.addEventListener('click', () => {
      renderPhase(x.phase);
      $('ck-phase-title').focus();
    });
    nav.append(b);
  });
  const confirmed = p.items.filter((i) => i.confirmation).length;
  $('ck-phase-title').textContent = `${p.title}: ${confirmed} of ${p.items.length} confirmed`;
  const list = $('ck-items');
  clear(list);
  for (const [i, item] of p.items.entries()) list.append(itemCard(item, i));
}

function renderTimeline(): void {
  if (!view) return;
  const bar = $('ck-timeline');
  clear(bar);
  for (const [event, label] of TIMELINE) {
    const at = view.timeline[event];
    const b = h('button', {
      type: 'button',
      className: `btn ${at ? 'btn-secondary' : 'btn-primary'}`,
      disabled: !!at,
      text: at ? `${label} ${formatTime(at, tz)}` : `Record ${label.toLowerCase()}`,
    });
    b.addEventListener('click', async () => {
      if (!view) return;
      setBusy(b, true);
      const answer = await call<Problem>('POST', `/theatre/cases/${view.caseId}/timeline`, {
        event,
      });
      setBusy(b, false);
      if (!answer.ok) {
        setStatus(
          $('ck-timeline-status'),
          messageOf(answer, `${label} could not be recorded.`),
          'error',
        );
        return;
      }
      setStatus($('ck-timeline-status'), `${label} recorded.`, 'success');
      await load(view.caseId, true);
    });
    bar.append(b);
  }
}

function renderView(v: View, keepPhase: boolean): void {
  view = v;
  $('ck-case').hidden = false;
  $('ck-case-title').textContent = `${v.patientName}: ${v.procedure}`;
  $('ck-case-meta').textContent = `${v.theatre ? `Theatre ${v.theatre} · ` : ''}${v.status}`;
  $('ck-next').textContent = `Next: ${v.nextStep}`;
  const phase =
    keepPhase && shown ? shown : (v.currentPhase ?? v.phases[v.phases.length - 1]!.phase);
  renderPhase(phase);
  renderTimeline();
}

async function load(caseId: string, keepPhase = false): Promise<void> {
  const answer = await call<View & Problem>(
    'GET',
    `/theatre/cases/${encodeURIComponent(caseId)}/checklist`,
  );
  if (!answer.ok || !answer.body) {
    setStatus(
      $('ck-status'),
      answer.status === 404
        ? 'No such case.'
        : messageOf(answer, 'The checklist could not be read.'),
      'error',
    );
    return;
  }
  setStatus($('ck-status'), '');
  renderView(answer.body, keepPhase);
}

async function start(): Promise<void> {
  const [tenant, theatres] = await Promise.all([
    call<{ timezone?: string }>('GET', '/tenants/current').catch(() => null),
    call<{ items: { code: string; name: string }[] }>('GET', '/theatre/theatres').catch(() => null),
  ]);
  tz = tenant?.body?.timezone;
  const select = $<HTMLSelectElement>('ck-theatre');
  for (const t of theatres?.body?.items ?? [])
    select.append(h('option', { value: t.code, text: `${t.code} · ${t.name}` }));
  $<HTMLFormElement>('ck-find').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!select.value) return;
    const answer = await call<View & Problem>(
      'GET',
      `/theatre/theatres/${encodeURIComponent(select.value)}/checklist`,
    );
    if (!answer.ok || !answer.body) {
      setStatus($('ck-status'), messageOf(answer, 'No case in that theatre now or next.'), 'info');
      return;
    }
    history.replaceState(null, '', `#${answer.body.caseId}`);
    setStatus($('ck-status'), '');
    renderView(answer.body, false);
  });
  const id = location.hash.slice(1);
  if (id) await load(id);
  else
    setStatus(
      $('ck-status'),
      'Open a case from the theatre lists, or choose a theatre for the case in it now or next.',
      'info',
    );
}

void start();
