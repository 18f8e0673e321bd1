/**
 * The patient access log page (/patient-access-log): the administrator picks a patient, and the
 * page reads `GET /patients/{id}/access-log` a page at a time, newest first, into a sortable
 * table: when (in the hospital's time zone), who (staff named from the directory), what kind of
 * actor, their role, read or write, the operation, and the route, tool or skill it came through.
 */
import { call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { emptyRow } from './common/empty';
import { formatDateTime } from './common/format';
import { setBusy } from './common/forms';
import { errorMessage } from './common/http';
import { type PickedPatient, patientPicker } from './common/picker';

interface Access {
  at: string;
  operation: string;
  kind: 'read' | 'write';
  transport: string;
  via: string | null;
  actorKind: 'user' | 'apiKey' | 'agent' | 'system';
  actorId: string;
  role: string | null;
  agent: string | null;
  requestId: string;
}

interface AccessPage {
  items: Access[];
  nextCursor: string | null;
}

const PAGE_SIZE = 50;
const COLUMNS = 8;

const ACTOR_KINDS: Record<Access['actorKind'], string> = {
  user: 'Staff member',
  apiKey: 'API key',
  agent: 'Agent',
  system: 'System job',
};

const TRANSPORTS: Record<string, string> = {
  rest: 'API',
  mcp: 'MCP tool',
  a2a: 'A2A skill',
  event: 'Event',
  schedule: 'Schedule',
  internal: 'Internal',
};

let tz: string | undefined;
/** Staff names by user id (the directory of active staff). */
const names = new Map<string, string>();
/** The time zone and the names, read once; rows wait for them. */
let ready: Promise<void> = Promise.resolve();
let patient: PickedPatient | null = null;
let cursor: string | null = null;
let shown = 0;
/** Counts loads, so an answer for a patient no longer chosen is dropped. */
let asked = 0;

const rows = () => $<HTMLTableSectionElement>('pal-rows');
const more = () => $<HTMLButtonElement>('pal-more');
const status = () => $('pal-status');
const summary = () => $('pal-summary');

function who(a: Access): string {
  if (a.actorKind === 'user') return names.get(a.actorId) ?? a.actorId;
  if (a.actorKind === 'agent' && a.agent) return `${a.agent} (credential ${a.actorId})`;
  return a.actorId;
}

function row(a: Access): HTMLTableRowElement {
  const cell = (label: string, text: string, sortValue?: string) =>
    h('td', {
      text,
      dataset: { label, ...(sortValue ? { sortValue } : {}) },
    } as never);
  return h('tr', { dataset: { row: 'data', kind: a.kind, actor: a.actorKind } }, [
    // The ISO time sorts to the second; the cell shows the hospital's minute.
    cell('Time', formatDateTime(a.at, tz), a.at),
    cell('Who', who(a)),
    cell('Actor', ACTOR_KINDS[a.actorKind] ?? a.actorKind),
    cell('Role', a.role ?? '—'),
    cell('Access', a.kind === 'write' ? 'Changed' : 'Viewed'),
    h('td', { dataset: { label: 'Operation' } } as never, [h('code', { text: a.operation })]),
    cell('Through', `${TRANSPORTS[a.transport] ?? a.transport}${a.via ? `: ${a.via}` : ''}`),
    h('td', { dataset: { label: 'Request' }, className: 'small' } as never, [
      h('code', { text: a.requestId }),
    ]),
  ]);
}

function refusal(statusCode: number, body: unknown): string {
  if (statusCode === 401) return 'Your session has ended. Sign in again to read the access log.';
  if (statusCode === 403) return "Only an administrator may read a patient's access log.";
  if (statusCode === 404) return "That patient is not in this hospital's records.";
  return errorMessage(body, 'The access log could not be loaded. Try again.');
}

async function load(first: boolean): Promise<void> {
  if (!patient) return;
  const mine = ++asked;
  const p = patient;
  if (first) {
    cursor = null;
    shown = 0;
    clear(rows());
    more().hidden = true;
    summary().textContent = `Loading the accesses of ${p.name}…`;
  }
  setStatus(status(), '');
  setBusy(more(), true, 'Loading…');
  try {
    await ready;
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (!first && cursor) query.set('cursor', cursor);
    const answer = await call<AccessPage>(
      'GET',
      `/patients/${encodeURIComponent(p.id)}/access-log?${query}`,
    );
    if (mine !== asked) return; // another patient was chosen meanwhile
    if (!answer.ok || !answer.body) {
      setStatus(status(), refusal(answer.status, answer.body), 'error');
      summary().textContent = '';
      return;
    }
    const { items, nextCursor } = answer.body;
    cursor = nextCursor;
    shown += items.length;
    if (first && !items.length)
      emptyRow(rows(), COLUMNS, `Nobody has viewed or changed ${p.name}'s record yet.`);
    for (const a of items) rows().appendChild(row(a));
    more().hidden = !nextCursor;
    summary().textContent = items.length
      ? `${shown} access${shown === 1 ? '' : 'es'} of ${p.name} (${p.mrn}), newest first${nextCursor ? '; older ones with Load more' : ''}.`
      : '';
  } catch {
    if (mine === asked) setStatus(status(), 'Could not reach the server. Try again.', 'error');
  } finally {
    if (mine === asked) setBusy(more(), false);
  }
}

async function context(): Promise<void> {
  const [tenant, directory] = await Promise.all([
    call<{ timezone?: string }>('GET', '/tenants/current').catch(() => null),
    call<{ items: { id: string; name: string }[] }>('GET', '/users/directory').catch(() => null),
  ]);
  tz = tenant?.body?.timezone;
  for (const person of directory?.body?.items ?? []) names.set(person.id, person.name);
}

ready = context().then(() => {
  // Tests and the shell wait for it: the picker works, times and names are known.
  document.body.dataset.ready = 'true';
});
patientPicker(
  'pal-patient',
  (p) => {
    patient = p;
    void load(true);
  },
  'No patient matches. Try part of the name, the MRN or the phone number.',
);
more().addEventListener('click', () => void load(false));
