/**
 * `/theatre` (markup: shared/web/theatre.ts): a day's theatre lists, refreshed by themselves, and
 * the forms to open a session and to book a case. People are chosen by name: the patient with the
 * patient picker, surgeons, anaesthetists and the scrub nurse from the staff directory
 * (`GET /users/directory`). Booking requests the case, then schedules it; a clash (409) is shown as the server
 * explains it and the requested case is kept, so a second try only schedules it.
 */
import { type Answer, call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { addDaysTo, formatTime, todayIn, zonedToIso } from './common/format';
import { fieldError, setBusy } from './common/forms';
import { live } from './common/live';
import { patientPicker } from './common/picker';

interface ListCase {
  id: string;
  start: string;
  end: string;
  patientName: string;
  mrn: string;
  procedure: string;
  site: string;
  laterality: string;
  priority: string;
  surgeon: string;
  anaesthetist: string;
  status: string;
  checklist: { currentPhase: string | null; confirmed: number; total: number };
}
interface ListSession {
  session: { id: string; theatre: string; start: string; end: string; kind: string };
  cases: ListCase[];
}
interface Lists {
  date: string;
  theatres: { theatre: string; sessions: ListSession[] }[];
}
interface Person {
  id: string;
  name: string;
}
type Problem = { message?: string | string[] };

let tz: string | undefined;
let sessions: ListSession[] = [];
/** A case requested but not yet booked (a clash): the next try schedules it, not a new request. */
let pending: { key: string; id: string } | null = null;

const STATUS_BADGE: Record<string, string> = {
  scheduled: 'badge-info',
  'in-theatre': 'badge-warning',
  completed: 'badge-success',
  cancelled: 'badge-neutral',
  waiting: 'badge-neutral',
};

function messageOf(answer: Answer<Problem>, fallback: string): string {
  if (answer.status === 403) return 'Your role may not do this.';
  const m = answer.body?.message;
  return (Array.isArray(m) ? m.join(' ') : m) || fallback;
}

function fill(select: HTMLSelectElement, people: Person[], empty: string): void {
  clear(select);
  select.append(h('option', { value: '', text: people.length ? 'Choose…' : empty }));
  for (const p of people) select.append(h('option', { value: p.id, text: p.name }));
}

/** A bar of the session's span with its cases placed on it: the list at a glance. */
function sessionBar(s: ListSession): HTMLElement {
  const from = Date.parse(s.session.start);
  const span = Date.parse(s.session.end) - from;
  const bar = h('div', { className: 'ot-bar', 'aria-hidden': 'true' });
  for (const c of s.cases) {
    if (c.status === 'cancelled') continue;
    const left = ((Date.parse(c.start) - from) / span) * 100;
    const width = ((Date.parse(c.end) - Date.parse(c.start)) / span) * 100;
    const kind =
      c.status === 'completed'
        ? ' ot-bar__case--done'
        : c.status === 'in-theatre'
          ? ' ot-bar__case--live'
          : '';
    const seg = h('div', {
      className: `ot-bar__case${kind}`,
      title: `${c.patientName}: ${c.procedure}`,
    });
    seg.style.left = `${Math.max(0, left)}%`;
    seg.style.width = `${Math.min(100, width)}%`;
    bar.append(seg);
  }
  return bar;
}

function caseRow(c: ListCase): HTMLTableRowElement {
  const progress = `${c.checklist.confirmed}/${c.checklist.total}`;
  return h('tr', { dataset: { caseId: c.id } }, [
    h('td', { text: `${formatTime(c.start, tz)}–${formatTime(c.end, tz)}` }),
    h('td', null, [
      h('div', { className: 'cell-main', text: c.patientName }),
      h('div', { className: 'cell-sub', text: c.mrn }),
    ]),
    h('td', null, [
      h('div', { className: 'cell-main', text: c.procedure }),
      h('div', {
        className: 'cell-sub',
        text: `${c.site}${c.laterality === 'not-applicable' ? '' : `, ${c.laterality}`} · ${c.priority}`,
      }),
    ]),
    h('td', { text: c.surgeon }),
    h('td', { text: c.anaesthetist }),
    h('td', null, [
      h('span', {
        className: `badge ${STATUS_BADGE[c.status] ?? 'badge-neutral'}`,
        text: c.status,
      }),
    ]),
    h('td', null, [
      h('a', {
        href: `${document.documentElement.getAttribute('data-base') || ''}/theatre/checklist#${c.id}`,
        text: `Checklist ${progress}`,
        'aria-label': `Checklist of ${c.patientName}: ${progress} items confirmed`,
      }),
    ]),
  ]);
}

function renderLists(lists: Lists): void {
  const root = $('ot-lists');
  clear(root);
  sessions = lists.theatres.flatMap((t) => t.sessions);
  const sessionSelect = $<HTMLSelectElement>('book-session');
  const chosen = sessionSelect.value;
  clear(sessionSelect);
  sessionSelect.append(
    h('option', { value: '', text: sessions.length ? 'Choose…' : `No session on ${lists.date}` }),
  );
  for (const s of sessions)
    sessionSelect.append(
      h('option', {
        value: s.session.id,
        text: `${s.session.theatre} ${formatTime(s.session.start, tz)}–${formatTime(s.session.end, tz)} (${s.session.kind})`,
      }),
    );
  if (sessions.some((s) => s.session.id === chosen)) sessionSelect.value = chosen;
  if (!lists.theatres.length) {
    root.append(
      h('p', {
        text: `No theatre has a session on ${lists.date}. Open one with “Open a session” below; a trial hospital can load demo data (see the Getting started guide).`,
      }),
    );
    return;
  }
  for (const t of lists.theatres) {
    const section = h(
      'section',
      { className: 'ot-theatre', 'aria-label': `Theatre ${t.theatre}` },
      [h('h3', { text: `Theatre ${t.theatre}` })],
    );
    for (const s of t.sessions) {
      const booked = s.cases.filter((c) => c.status !== 'cancelled');
      const wrap = h('div', { className: 'ot-session' }, [
        h('p', {
          className: 'small',
          text: `${formatTime(s.session.start, tz)}–${formatTime(s.session.end, tz)} · ${s.session.kind} · ${booked.length} case${booked.length === 1 ? '' : 's'}`,
        }),
        sessionBar(s),
      ]);
      if (s.cases.length) {
        const table = h('table', { className: 'table' }, [
          h('caption', {
            className: 'visually-hidden',
            text: `Theatre ${t.theatre}, ${formatTime(s.session.start, tz)} session`,
          }),
          h('thead', null, [
            h(
              'tr',
              null,
              [
                'Time',
                'Patient',
                'Procedure',
                'Surgeon',
                'Anaesthetist',
                'Status',
                'Checklist',
              ].map((label) => h('th', { scope: 'col', text: label })),
            ),
          ]),
          h('tbody', null, s.cases.map(caseRow)),
        ]);
        wrap.append(
          h(
            'div',
            {
              className: 'table-wrap',
              tabindex: '0',
              role: 'region',
              'aria-label': `Cases of theatre ${t.theatre}`,
            },
            [table],
          ),
        );
      } else {
        wrap.append(
          h('p', { className: 'muted', text: 'No case booked yet: book one with “Book a case”.' }),
        );
      }
      section.append(wrap);
    }
    root.append(section);
  }
}

async function loadLists(): Promise<void> {
  const date = $<HTMLInputElement>('ot-date').value;
  const theatre = $<HTMLSelectElement>('ot-theatre-filter').value;
  const answer = await call<Lists & Problem>(
    'GET',
    `/theatre/lists?date=${encodeURIComponent(date)}${theatre ? `&theatre=${encodeURIComponent(theatre)}` : ''}`,
  );
  if (!answer.ok || !answer.body) {
    setStatus($('ot-status'), messageOf(answer, 'The lists could not be read.'), 'error');
    throw new Error('lists');
  }
  renderLists(answer.body);
}

async function loadPeople(): Promise<void> {
  const [theatres, doctors, nurses] = await Promise.all([
    call<{ items: { code: string; name: string; status: string }[] }>('GET', '/theatre/theatres'),
    call<{ items: Person[] }>('GET', '/users/directory?role=DOCTOR'),
    call<{ items: Person[] }>('GET', '/users/directory?role=NURSE'),
  ]);
  const theatreList = theatres.body?.items ?? [];
  const filter = $<HTMLSelectElement>('ot-theatre-filter');
  const sessionTheatre = $<HTMLSelectElement>('session-theatre');
  fill(
    sessionTheatre,
    theatreList.map((t) => ({
      id: t.code,
      name: `${t.code} · ${t.name} (${t.status.replace(/-/g, ' ')})`,
    })),
    'No theatre set up',
  );
  for (const t of theatreList)
    filter.append(h('option', { value: t.code, text: `${t.code} · ${t.name}` }));
  const docs = doctors.body?.items ?? [];
  for (const id of ['book-surgeon', 'book-anaesthetist', 'session-surgeon', 'session-anaesthetist'])
    fill($<HTMLSelectElement>(id), docs, 'No doctor on the staff list');
  fill($<HTMLSelectElement>('book-nurse'), nurses.body?.items ?? [], 'No nurse on the staff list');
}

/** The patient's admission (in progress) and open encounters: where a case is requested from. */
async function loadSources(patientId: string): Promise<void> {
  const select = $<HTMLSelectElement>('book-source');
  clear(select);
  select.append(h('option', { value: '', text: 'Looking…' }));
  const [admissions, encounters] = await Promise.all([
    call<{ items: { id: string; wardName?: string; admittedAt?: string }[] }>(
      'GET',
      `/admissions?patientId=${encodeURIComponent(patientId)}&status=in-progress`,
    ),
    call<{ items: { id: string; doctorName: string; date: string; status: string }[] }>(
      'GET',
      `/encounters?patientId=${encodeURIComponent(patientId)}`,
    ),
  ]);
  clear(select);
  const options: HTMLOptionElement[] = [];
  for (const a of admissions.body?.items ?? [])
    options.push(
      h('option', {
        value: `admission:${a.id}`,
        text: `Admission${a.wardName ? ` on ${a.wardName}` : ''} (inpatient)`,
      }),
    );
  for (const e of encounters.body?.items ?? [])
    if (e.status !== 'cancelled')
      options.push(
        h('option', {
          value: `encounter:${e.id}`,
          text: `Encounter ${e.date} with ${e.doctorName} (day case)`,
        }),
      );
  select.append(
    h('option', {
      value: '',
      text: options.length
        ? 'Choose…'
        : admissions.status === 403 && encounters.status === 403
          ? 'Your role cannot see admissions or encounters: the surgeon requests the case'
          : 'No admission or encounter: admit the patient or see them in clinic first',
    }),
    ...options,
  );
  if (options.length === 1) select.value = options[0]!.value;
}

function need(id: string, message: string): boolean {
  const el = $<HTMLInputElement>(id);
  const empty = !el.value.trim();
  fieldError(el, empty ? message : '');
  return !empty;
}

function bookForm(): void {
  const form = $<HTMLFormElement>('book-form');
  const status = $('book-status');
  const submit = $<HTMLButtonElement>('book-submit');
  const picker = patientPicker('book-patient', (p) => void loadSources(p.id));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    setStatus(status, '');
    const ok = [
      need('book-patient', 'Choose the patient.'),
      need('book-source', 'Choose the admission or encounter.'),
      need('book-procedure', 'Enter the procedure.'),
      need('book-site', 'Enter the site.'),
      need('book-surgeon', 'Choose the surgeon.'),
      need('book-anaesthetist', 'Choose the anaesthetist.'),
      need('book-nurse', 'Choose the scrub nurse.'),
      need('book-session', 'Choose the session.'),
      need('book-start', 'Enter the start time.'),
    ].every(Boolean);
    if (!ok) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      if (!picker.value()) $('book-patient-q').focus();
      return;
    }
    const session = sessions.find(
      (s) => s.session.id === $<HTMLSelectElement>('book-session').value,
    );
    if (!session || !tz) return;
    const [kind, sourceId] = $<HTMLSelectElement>('book-source').value.split(':');
    const request = {
      source: { kind, id: sourceId },
      procedure: { text: $<HTMLInputElement>('book-procedure').value.trim() },
      site: $<HTMLInputElement>('book-site').value.trim(),
      laterality: $<HTMLSelectElement>('book-laterality').value,
      surgeonId: $<HTMLSelectElement>('book-surgeon').value,
      anaesthetistId: $<HTMLSelectElement>('book-anaesthetist').value,
      scrubNurseId: $<HTMLSelectElement>('book-nurse').value,
      anaesthesiaType: $<HTMLSelectElement>('book-anaesthesia').value,
      priority: $<HTMLSelectElement>('book-priority').value,
      expectedMinutes: Number($<HTMLInputElement>('book-minutes').value),
      preOp: {
        consentSigned: $<HTMLInputElement>('book-consent').checked,
        siteMarked: $<HTMLInputElement>('book-site-marked').checked,
      },
    };
    const key = JSON.stringify(request);
    setBusy(submit, true, 'Booking…');
    try {
      let caseId = pending?.key === key ? pending.id : '';
      if (!caseId) {
        const created = await call<{ id: string } & Problem>('POST', '/theatre/cases', request);
        if (!created.ok || !created.body) {
          setStatus(status, messageOf(created, 'The case could not be requested.'), 'error');
          return;
        }
        caseId = created.body.id;
        pending = { key, id: caseId };
      }
      const date = sessionDate(session);
      const start = zonedToIso(date, $<HTMLInputElement>('book-start').value, tz);
      const booked = await call<Problem>('POST', `/theatre/cases/${caseId}/schedule`, {
        sessionId: session.session.id,
        start,
      });
      if (!booked.ok) {
        setStatus(
          status,
          booked.status === 409
            ? `Not booked: ${messageOf(booked, 'it clashes with another case')}. The case is requested and waits; choose another time or session and book again.`
            : messageOf(booked, 'The case could not be booked.'),
          booked.status === 409 ? 'warning' : 'error',
        );
        status.querySelector('.alert')?.classList.add('ot-conflict');
        return;
      }
      pending = null;
      setStatus(
        status,
        `Booked ${request.procedure.text} for ${picker.value()?.name ?? 'the patient'} at ${$<HTMLInputElement>('book-start').value} in theatre ${session.session.theatre}.`,
        'success',
      );
      await loadLists().catch(() => undefined);
    } finally {
      setBusy(submit, false);
    }
  });
}

/** The session's local date in the hospital's time zone (a session may start before midnight UTC). */
function sessionDate(s: ListSession): string {
  return todayIn(tz, new Date(s.session.start));
}

function sessionForm(): void {
  const form = $<HTMLFormElement>('session-form');
  const status = $('session-status');
  const submit = $<HTMLButtonElement>('session-submit');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    setStatus(status, '');
    const ok = [
      need('session-theatre', 'Choose the theatre.'),
      need('session-date', 'Enter the date.'),
      need('session-from', 'Enter the start.'),
      need('session-to', 'Enter the end.'),
      need('session-surgeon', 'Choose the surgeon.'),
      need('session-anaesthetist', 'Choose the anaesthetist.'),
    ].every(Boolean);
    if (!ok || !tz) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const date = $<HTMLInputElement>('session-date').value;
    setBusy(submit, true, 'Opening…');
    try {
      const answer = await call<Problem>('POST', '/theatre/sessions', {
        theatre: $<HTMLSelectElement>('session-theatre').value,
        start: zonedToIso(date, $<HTMLInputElement>('session-from').value, tz),
        end: zonedToIso(date, $<HTMLInputElement>('session-to').value, tz),
        surgeonId: $<HTMLSelectElement>('session-surgeon').value,
        anaesthetistId: $<HTMLSelectElement>('session-anaesthetist').value,
        kind: $<HTMLSelectElement>('session-kind').value,
      });
      if (!answer.ok) {
        setStatus(status, messageOf(answer, 'The session could not be opened.'), 'error');
        return;
      }
      setStatus(status, `Session opened on ${date}.`, 'success');
      $<HTMLInputElement>('ot-date').value = date;
      await loadLists().catch(() => undefined);
    } finally {
      setBusy(submit, false);
    }
  });
}

async function start(): Promise<void> {
  const tenant = await call<{ timezone?: string }>('GET', '/tenants/current').catch(() => null);
  tz = tenant?.body?.timezone;
  const tomorrow = addDaysTo(todayIn(tz), 1);
  const wanted = new URLSearchParams(location.search).get('date');
  $<HTMLInputElement>('ot-date').value =
    wanted && /^\d{4}-\d{2}-\d{2}$/.test(wanted) ? wanted : tomorrow;
  $<HTMLInputElement>('session-date').value = tomorrow;
  bookForm();
  sessionForm();
  $<HTMLFormElement>('ot-day-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void loadLists().catch(() => undefined);
  });
  await loadPeople().catch(() => undefined);
  live(loadLists, 'ot-updated', 30_000);
  await loadLists().catch(() => undefined);
}

void start();
