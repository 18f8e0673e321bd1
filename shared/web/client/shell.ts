/**
 * The app shell's script, on every page inside the shell (before the page's own script):
 *  - no session: go to the sign-in page, which comes back here afterwards (`?next=`);
 *  - shows the signed-in user and the hospital, and only the nav entries of the user's role (each
 *    entry carries the roles its declared operations allow, shared/web/shell.ts);
 *  - on a page the role does not use, says so in a sentence and links the role's own areas;
 *  - warns before the session ends and signs in again without leaving the page (WCAG 2.2.1);
 *  - keeps drafts of half-typed forms (sessionStorage) so nothing typed is lost to a sign-in;
 *  - sign-out; the nav's menu button on narrow screens.
 */
import { call } from './common/api';
import { $, find } from './common/dom';
import { readJson, url } from './common/http';
import { announceSignOut, shareSession } from './common/session-share';
import {
  clearSession,
  type LoginAnswer,
  readSession,
  type StoredSession,
  saveSession,
  setFlash,
} from './common/storage';
import { enhanceTables } from './common/table';

/** How long before the session ends the warning shows. */
const WARN_BEFORE_MS = 5 * 60_000;
const DRAFT_PREFIX = 'hms.draft.';

/** The role's label, from the shell's `data-role-labels` (`ADMIN=Administrator;…`). */
function roleLabel(role: string | undefined): string {
  if (!role) return '';
  for (const pair of ($('shell').getAttribute('data-role-labels') || '').split(';')) {
    const [name, label] = pair.split('=');
    if (name === role && label) return label;
  }
  return role;
}

/** Shows the entries the role may use and the groups that keep one; answers the visible links. */
export function applyRole(role: string): HTMLAnchorElement[] {
  const visible: HTMLAnchorElement[] = [];
  for (const li of document.querySelectorAll<HTMLLIElement>('#shell-nav li[data-roles]')) {
    const roles = (li.getAttribute('data-roles') || '').split(' ');
    li.hidden = !roles.includes(role);
    const a = li.querySelector('a');
    if (!li.hidden && a) visible.push(a);
  }
  for (const group of document.querySelectorAll<HTMLElement>('#shell-nav [data-nav-group]'))
    group.hidden = !group.querySelector('li:not([hidden])');
  return visible;
}

function goToSignIn(message: string): void {
  clearSession();
  setFlash(message);
  const here = window.location.pathname + window.location.search + window.location.hash;
  const base = document.documentElement.getAttribute('data-base') || '';
  const next = here.startsWith(base) ? here.slice(base.length) || '/' : here;
  window.location.replace(url(`/login?next=${encodeURIComponent(next)}`));
}

function showIdentity(session: StoredSession): void {
  const user = session.user ?? {};
  $('current-user-name').textContent = user.name || user.email || '';
  $('current-user-role').textContent = roleLabel(user.role);
  $('current-user-avatar').textContent = String(user.name || user.email || '?')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** On a page the role does not use: a sentence, not a server refusal, and where to go instead. */
function checkPageRole(role: string, home: HTMLAnchorElement | undefined): void {
  const shell = $('shell');
  const roles = (shell.getAttribute('data-page-roles') || '').split(' ');
  if (roles.includes(role)) return;
  const notice = $('shell-notice');
  const title = shell.getAttribute('data-page-title') || 'This page';
  notice.textContent = `${title} is not part of the ${roleLabel(role) || role} role's work, so its data will not load for you. `;
  if (home) {
    const link = document.createElement('a');
    link.href = home.href;
    link.textContent = `Go to ${home.textContent || 'your home page'}`;
    notice.appendChild(link);
  }
  notice.hidden = false;
}

async function showTenant(): Promise<void> {
  const nameEl = $('tenant-name');
  try {
    const { status, body } = await call<{ name?: string }>('GET', '/tenants/current');
    if (status === 401) return goToSignIn('Your session has ended. Please sign in again.');
    // The dashboard's script may have filled it already; only replace the placeholder.
    if (body?.name && nameEl.textContent === 'Loading workspace…') nameEl.textContent = body.name;
  } catch {
    /* offline: the header keeps its placeholder */
  }
  if (nameEl.textContent === 'Loading workspace…') nameEl.textContent = 'Hospital workspace';
}

/** Warns before the session ends; a password signs in again in place. */
function sessionWarning(session: StoredSession): void {
  const box = $('session-warning');
  const text = $('session-warning-text');
  const form = $<HTMLFormElement>('session-extend-form');
  const password = $<HTMLInputElement>('session-password');
  const status = $('session-extend-status');
  let expiresAt = session.expiresAt ?? Date.now() + 3600_000;
  let timer: number | undefined;

  const tick = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) {
      window.clearInterval(timer);
      saveDrafts();
      goToSignIn('Your session ended. Sign in again: your unsaved entries were kept.');
      return;
    }
    if (left > WARN_BEFORE_MS) {
      if (!box.hidden) box.hidden = true;
      return;
    }
    const minutes = Math.max(1, Math.ceil(left / 60_000));
    const message = `Your session ends in ${minutes} minute${minutes === 1 ? '' : 's'}. Enter your password to stay signed in; what you have typed stays on the page.`;
    if (text.textContent !== message) text.textContent = message;
    if (box.hidden) box.hidden = false;
  };
  timer = window.setInterval(tick, 1000);
  tick();

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = session.user?.email;
    if (!email || !password.value) {
      status.textContent = 'Enter your password.';
      password.focus();
      return;
    }
    status.textContent = 'Signing in…';
    try {
      const res = await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, password: password.value }),
      });
      const body = (await readJson(res)) as LoginAnswer | null;
      if (!res.ok || !body?.accessToken) {
        status.textContent =
          res.status === 401 ? 'That password is not right.' : 'Could not sign in again.';
        password.value = '';
        password.focus();
        return;
      }
      saveSession(body);
      const renewed = readSession();
      expiresAt = renewed?.expiresAt ?? Date.now() + 3600_000;
      password.value = '';
      status.textContent = 'You are signed in for another session.';
      box.hidden = true;
      // The page's scripts read the token from storage on each request.
      tick();
    } catch {
      status.textContent = 'Could not reach the server.';
    }
  });
}

/** The fields a draft keeps: typed text and choices, never passwords or hidden values. */
function draftFields(
  form: HTMLFormElement,
): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
  return [
    ...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input[id], select[id], textarea[id]',
    ),
  ].filter(
    (f) =>
      !(f instanceof HTMLInputElement) || !/^(password|hidden|file|submit|button)$/.test(f.type),
  );
}

const draftKey = (form: HTMLFormElement) => `${DRAFT_PREFIX}${window.location.pathname}#${form.id}`;

function saveDraft(form: HTMLFormElement): void {
  const values: Record<string, string | boolean> = {};
  for (const f of draftFields(form))
    values[f.id] =
      f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio')
        ? f.checked
        : f.value;
  try {
    sessionStorage.setItem(draftKey(form), JSON.stringify(values));
  } catch {
    /* storage unavailable */
  }
}

function saveDrafts(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('main form[id]')) saveDraft(form);
}

/** Restores drafts into empty fields once the page's script has built its forms. */
function keepDrafts(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('main form[id]')) {
    let saved: Record<string, string | boolean> | null = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(draftKey(form)) || 'null');
    } catch {
      saved = null;
    }
    if (saved)
      for (const f of draftFields(form)) {
        const value = saved[f.id];
        if (value === undefined) continue;
        if (f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio'))
          f.checked = value === true;
        else if (!f.value && typeof value === 'string') f.value = value;
      }
    form.addEventListener('input', () => saveDraft(form));
    form.addEventListener('change', () => saveDraft(form));
    form.addEventListener('submit', () => {
      try {
        sessionStorage.removeItem(draftKey(form));
      } catch {
        /* storage unavailable */
      }
    });
  }
}

function navToggle(): void {
  const button = $('shell-nav-toggle');
  const sidebar = $('shell-sidebar');
  const narrow = window.matchMedia('(max-width: 640px)');
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    sidebar.setAttribute('data-collapsed', String(!open));
  };
  set(!narrow.matches);
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
}

function start(): void {
  const session = readSession();
  if (!session) {
    goToSignIn('Please sign in to continue.');
    return;
  }
  const role = session.user?.role || '';
  const links = applyRole(role);
  const home = links[0];
  if (home) $<HTMLAnchorElement>('shell-home').href = home.href;
  showIdentity(session);
  checkPageRole(role, home);
  find('sign-out')?.addEventListener('click', () => {
    announceSignOut();
    clearSession();
    setFlash('You have signed out.');
    window.location.replace(url('/login'));
  });
  // Other tabs of this browser get this session when they ask, and sign out with this one.
  shareSession(() => {
    clearSession();
    setFlash('You signed out in another tab.');
    window.location.replace(url('/login'));
  });
  navToggle();
  sessionWarning(session);
  void showTenant();
  // After the page's own script (deferred scripts run in order, then DOMContentLoaded).
  document.addEventListener('DOMContentLoaded', keepDrafts);
  // Long tables marked data-sortable get sorting headers and a search box (common/table.ts).
  document.addEventListener('DOMContentLoaded', () => enhanceTables());
}

start();
