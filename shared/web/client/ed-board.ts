/**
 * `/ed` (markup: shared/web/ed-board.ts): the ED board, refreshed by itself. Patients are grouped
 * by triage category in the server's order (ESI 1, 2, awaiting triage, 3, 4, 5; longest waiting
 * first); each category's colour comes with its name and number, and a breach is said in words,
 * never by colour alone.
 */
import { call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { CATEGORY_NAMES } from './common/esi-names';
import { formatTime } from './common/format';
import { live } from './common/live';

interface Entry {
  visitId: string;
  displayName: string;
  arrivalMode: string;
  arrivedAt: string;
  presentingComplaint: string;
  status: string;
  level: 1 | 2 | 3 | 4 | 5 | null;
  news2: number | null;
  pews: number | null;
  minutesWaiting: number;
  targetMinutes: number | null;
  breached: boolean;
  seenBy?: string;
}
interface Board {
  at: string;
  targets: Record<string, number>;
  patients: Entry[];
}

const keyOf = (e: Entry) => (e.level === null ? 'none' : String(e.level));

function categoryBadge(key: string): HTMLElement {
  return h('span', {
    className: `ed-cat ed-cat--${key}`,
    text: key === 'none' ? 'Not triaged' : `ESI ${key}`,
  });
}

function waitText(e: Entry): HTMLElement {
  if (e.status === 'with-clinician')
    return h('span', { text: `Seen after ${e.minutesWaiting} min` });
  const target = e.targetMinutes === null ? '' : ` (target ${e.targetMinutes} min)`;
  return h('span', null, [
    `${e.minutesWaiting} min${target} `,
    e.breached
      ? h('span', {
          className: 'ed-breach',
          text: `Over target by ${e.minutesWaiting - (e.targetMinutes ?? 0)} min`,
        })
      : h('span', { className: 'ed-within', text: 'Within target' }),
  ]);
}

function row(e: Entry, names: Map<string, string>): HTMLTableRowElement {
  const score = e.pews !== null ? `PEWS ${e.pews}` : e.news2 !== null ? `NEWS2 ${e.news2}` : '–';
  return h('tr', { dataset: { visitId: e.visitId } }, [
    h('td', null, [
      h('div', { className: 'cell-main', text: e.displayName }),
      h('div', {
        className: 'cell-sub',
        text: `${e.arrivalMode} at ${formatTime(e.arrivedAt)}`,
      }),
    ]),
    h('td', { text: e.presentingComplaint }),
    h('td', null, [waitText(e)]),
    h('td', { text: e.seenBy ? (names.get(e.seenBy) ?? 'a clinician') : 'Not yet seen' }),
    h('td', { text: score }),
  ]);
}

function group(key: string, entries: Entry[], names: Map<string, string>): HTMLElement {
  const id = `ed-group-${key}`;
  const breaches = entries.filter((e) => e.breached).length;
  return h('section', { className: 'ed-group', 'aria-labelledby': `${id}-title`, id }, [
    h('h3', { id: `${id}-title` }, [
      categoryBadge(key),
      `${CATEGORY_NAMES[key]}: ${entries.length} patient${entries.length === 1 ? '' : 's'}`,
      breaches ? h('span', { className: 'ed-breach', text: `${breaches} over target` }) : null,
    ]),
    h(
      'div',
      {
        className: 'table-wrap',
        tabindex: '0',
        role: 'region',
        'aria-label': `${CATEGORY_NAMES[key]} patients`,
      },
      [
        h('table', { className: 'table' }, [
          h('thead', null, [
            h('tr', null, [
              h('th', { scope: 'col', text: 'Patient' }),
              h('th', { scope: 'col', text: 'Complaint' }),
              h('th', { scope: 'col', text: 'Waiting to be seen' }),
              h('th', { scope: 'col', text: 'Seen by' }),
              h('th', { scope: 'col', text: 'Score' }),
            ]),
          ]),
          h(
            'tbody',
            null,
            entries.map((e) => row(e, names)),
          ),
        ]),
      ],
    ),
  ]);
}

let names = new Map<string, string>();

async function load(): Promise<void> {
  const answer = await call<Board>('GET', '/emergency/board');
  if (!answer.ok || !answer.body) {
    setStatus(
      $('ed-status'),
      answer.status === 403
        ? 'Your role may not see the ED board.'
        : 'The ED board could not be loaded.',
      'error',
    );
    throw new Error(`board ${answer.status}`);
  }
  setStatus($('ed-status'), '');
  const groups = new Map<string, Entry[]>();
  for (const e of answer.body.patients) {
    const k = keyOf(e);
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  const counts = $('ed-counts');
  clear(counts);
  const box = $('ed-groups');
  clear(box);
  if (!answer.body.patients.length) {
    box.append(h('p', { id: 'ed-empty', text: 'No patients in the department.' }));
    return;
  }
  for (const [k, entries] of groups) {
    counts.append(h('li', null, [categoryBadge(k), ` ${entries.length}`]));
    box.append(group(k, entries, names));
  }
}

async function start(): Promise<void> {
  const dir = await call<{ items: { id: string; name: string }[] }>(
    'GET',
    '/users/directory',
  ).catch(() => null);
  names = new Map((dir?.body?.items ?? []).map((u) => [u.id, u.name]));
  live(load, 'ed-updated', 30_000);
  await load().catch(() => undefined);
}

void start();
