/**
 * Empty states that offer the next action: what is missing, a link to where it is done (shown to
 * the roles that may do it), and, to an administrator of a hospital on its trial, how to fill it
 * with the demo hospital instead. Built with createElement like every page's data.
 */
import { call } from './api';
import { h } from './dom';
import { url } from './http';
import { readSession } from './storage';

export interface NextAction {
  label: string;
  /** A page path (and hash) of this service. */
  href: string;
  /** Who may do it (ADMIN always may); every role when left out. */
  roles?: readonly string[];
}

let trial: Promise<boolean> | null = null;

/** Whether the hospital is on its trial (asked once per page load). */
export function onTrial(): Promise<boolean> {
  trial ??= call<{ status?: string }>('GET', '/tenants/current')
    .then((a) => a.body?.status === 'TRIAL')
    .catch(() => false);
  return trial;
}

/** The actions the signed-in role may take. */
export function actionsFor(actions: readonly NextAction[], role: string): NextAction[] {
  return actions.filter((a) => role === 'ADMIN' || !a.roles || a.roles.includes(role));
}

function demoHint(): HTMLElement {
  return h('p', { className: 'empty-state__demo small' }, [
    'This hospital is on its trial: to look around first, ',
    h('a', { href: url('/hospital-settings#demo-data'), text: 'fill it with demo data' }),
    ' (patients, clinics, wards, stock and bills) from the Settings page while it has no patients of its own.',
  ]);
}

/** An empty state: the message, the next actions as links, and the trial's demo hint. */
export function emptyState(message: string, actions: readonly NextAction[] = []): HTMLElement {
  const role = readSession()?.user?.role ?? '';
  const mine = actionsFor(actions, role);
  const box = h('div', { className: 'empty-state' }, [
    h('p', { className: 'empty-state__text', text: message }),
    mine.length
      ? h(
          'p',
          { className: 'empty-state__actions' },
          mine.map((a) =>
            h('a', { href: url(a.href), className: 'btn btn-secondary btn-sm', text: a.label }),
          ),
        )
      : null,
  ]);
  if (role === 'ADMIN')
    void onTrial().then((yes) => {
      if (yes && box.isConnected) box.appendChild(demoHint());
    });
  return box;
}

/** A table body holding only an empty state, across all `cols` columns. */
export function emptyRow(
  tbody: HTMLTableSectionElement,
  cols: number,
  message: string,
  actions: readonly NextAction[] = [],
): void {
  while (tbody.firstChild) tbody.removeChild(tbody.firstChild);
  tbody.appendChild(
    h('tr', null, [h('td', { className: 'empty', colspan: cols }, [emptyState(message, actions)])]),
  );
}
