/** `/login`: POST /auth/login, store the session, go to /admin. */
import { $, setStatus } from './common/dom';
import { fieldError, passwordToggle, setBusy } from './common/forms';
import { errorMessage, readJson, url } from './common/http';
import { askOpenTabs } from './common/session-share';
import {
  FLASH_KEY,
  LOGIN_HINT_KEY,
  nextPath,
  readSession,
  SESSION_KEY,
  type SessionUser,
  type StoredSession,
  storeSession,
} from './common/storage';

/** What POST /auth/login answers on success. */
interface LoginAnswer {
  accessToken: string;
  tenantId: string;
  user: SessionUser;
  /** Seconds. */
  expiresIn?: number;
}

/**
 * Where to go once signed in: the dashboard, or back to an agent's consent page when it sent the
 * user here (`?next=/oauth/consent?request=…`). Only that page is accepted, so the parameter cannot
 * send a signed-in user to another site or page.
 */
const form = $<HTMLFormElement>('login-form');
const email = $<HTMLInputElement>('email');
const password = $<HTMLInputElement>('password');
const submit = $<HTMLButtonElement>('login-submit');
const errorRegion = $('login-error');

// A message left by the admin page (e.g. the session expired) and the email of a new workspace.
try {
  const flash = sessionStorage.getItem(FLASH_KEY);
  if (flash) {
    sessionStorage.removeItem(FLASH_KEY);
    setStatus($('login-notice'), flash, 'info');
  }
  const hint = sessionStorage.getItem(LOGIN_HINT_KEY);
  if (hint && !email.value) email.value = hint;
} catch {
  /* storage unavailable */
}

// Sent here from a page opened in a new tab: an open tab of this browser that is signed in hands
// over its session, and the page asked for opens without signing in again. Only when a page sent
// us here (`next`): opening the sign-in page itself is how a person signs in as someone else.
if (new URLSearchParams(window.location.search).has('next') && !readSession()) {
  void askOpenTabs().then((session) => {
    if (session && storeSession(session))
      window.location.replace(url(nextPath(window.location.search)));
  });
}

passwordToggle($<HTMLButtonElement>('toggle-password'), password);
for (const input of [email, password]) {
  input.addEventListener('input', () => fieldError(input, ''));
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  setStatus(errorRegion, '');
  email.value = email.value.trim();
  fieldError(email, email.value ? '' : 'Enter your email.');
  fieldError(password, password.value ? '' : 'Enter your password.');
  if (!email.value) {
    email.focus();
    return;
  }
  if (!password.value) {
    password.focus();
    return;
  }

  setBusy(submit, true, 'Signing in…');
  let res: Response;
  try {
    res = await fetch(url('/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: email.value, password: password.value }),
    });
  } catch {
    setBusy(submit, false);
    setStatus(
      errorRegion,
      'Could not reach the server. Check your connection and try again.',
      'error',
    );
    return;
  }
  const body = (await readJson(res)) as Partial<LoginAnswer> | null;
  if (res.ok && body && typeof body.accessToken === 'string') {
    const expiresIn = Number(body.expiresIn);
    const session: StoredSession = {
      accessToken: body.accessToken,
      tenantId: body.tenantId as string,
      user: body.user,
      expiresAt:
        Date.now() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000,
    };
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
      sessionStorage.removeItem(LOGIN_HINT_KEY);
    } catch {
      setBusy(submit, false);
      setStatus(
        errorRegion,
        'Your browser blocked session storage, so you cannot stay signed in. Allow site data and try again.',
        'error',
      );
      return;
    }
    submit.textContent = 'Signed in — redirecting…';
    window.location.assign(url(nextPath(window.location.search)));
    return;
  }
  setBusy(submit, false);
  const fallback =
    res.status === 401
      ? 'Incorrect email or password.'
      : res.status === 429
        ? 'Too many attempts. Please wait and try again.'
        : `Sign-in failed (HTTP ${res.status}). Please try again.`;
  setStatus(errorRegion, errorMessage(body, fallback), 'error');
  password.value = '';
  password.focus();
});
