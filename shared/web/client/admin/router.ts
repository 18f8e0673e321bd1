/** The hash router: `#/opd` shows the Outpatients section, marks its nav link and loads it. */
import { $, setStatus } from '../common/dom';
import type { AdminState, Section, ViewName } from './state';

const ROUTES: ReadonlyMap<string, ViewName> = new Map([
  ['#/overview', 'overview'],
  ['#/opd', 'opd'],
  ['#/pharmacy', 'pharmacy-stock'],
  ['#/pharmacy/stock', 'pharmacy-stock'],
  ['#/pharmacy/expiry', 'pharmacy-expiry'],
  ['#/pharmacy/dispense', 'pharmacy-dispense'],
  ['#/approvals', 'approvals'],
  ['#/users', 'users'],
  ['#/automation', 'api-keys'],
  ['#/automation/api-keys', 'api-keys'],
  ['#/automation/agents', 'agents'],
]);

/** A routable view: the ids of its section, nav link and heading, and its section code. */
export interface View extends Section {
  section: string;
  nav: string;
  title: string;
  heading: string;
}

/** Returns `route(initial)`: shows the view named by the URL hash (the overview by default). */
export function router(views: Readonly<Record<ViewName, View>>, state: AdminState) {
  return function route(initial: boolean): void {
    let name = ROUTES.get(window.location.hash);
    if (!name) {
      if (state.current) return; // e.g. the skip link (#main): keep the current view
      name = 'overview';
      if (window.location.hash !== '#/overview') history.replaceState(null, '', '#/overview');
    }
    state.current = name;
    for (const [key, view] of Object.entries(views)) {
      $(view.section).hidden = key !== name;
      if (key === name) $(view.nav).setAttribute('aria-current', 'page');
      else $(view.nav).removeAttribute('aria-current');
      if (key !== name) view.leave?.();
    }
    setStatus($('app-status'), '');
    const view = views[name];
    document.title = `${view.title} · CareGrid HMS`;
    if (!initial) $(view.heading).focus();
    view.load();
  };
}
