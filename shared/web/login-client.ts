/** Client script for `/login`: POST /auth/login, store the session, go to /admin. */
import { clientScript } from './client-common';

const LOGIN_CODE = `
  var form = $('login-form');
  var email = $('email');
  var password = $('password');
  var submit = $('login-submit');
  var errorRegion = $('login-error');

  // A message left by the admin page (e.g. the session expired) and the email of a new workspace.
  try {
    var flash = sessionStorage.getItem(FLASH_KEY);
    if (flash) {
      sessionStorage.removeItem(FLASH_KEY);
      setStatus($('login-notice'), flash, 'info');
    }
    var hint = sessionStorage.getItem(LOGIN_HINT_KEY);
    if (hint && !email.value) email.value = hint;
  } catch (e) { /* storage unavailable */ }

  passwordToggle($('toggle-password'), password);
  [email, password].forEach(function (input) {
    input.addEventListener('input', function () { fieldError(input, ''); });
  });

  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    setStatus(errorRegion, '');
    email.value = email.value.trim();
    fieldError(email, email.value ? '' : 'Enter your email.');
    fieldError(password, password.value ? '' : 'Enter your password.');
    if (!email.value) { email.focus(); return; }
    if (!password.value) { password.focus(); return; }

    setBusy(submit, true, 'Signing in…');
    var res;
    try {
      res = await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: email.value, password: password.value }),
      });
    } catch (e) {
      setBusy(submit, false);
      setStatus(errorRegion, 'Could not reach the server. Check your connection and try again.', 'error');
      return;
    }
    var body = await readJson(res);
    if (res.ok && body && typeof body.accessToken === 'string') {
      var expiresIn = Number(body.expiresIn);
      var session = {
        accessToken: body.accessToken,
        tenantId: body.tenantId,
        user: body.user,
        expiresAt: Date.now() + (isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000,
      };
      try {
        sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
        sessionStorage.removeItem(LOGIN_HINT_KEY);
      } catch (e) {
        setBusy(submit, false);
        setStatus(errorRegion, 'Your browser blocked session storage, so you cannot stay signed in. Allow site data and try again.', 'error');
        return;
      }
      submit.textContent = 'Signed in — redirecting…';
      window.location.assign(url('/admin'));
      return;
    }
    setBusy(submit, false);
    var fallback = res.status === 401 ? 'Incorrect email or password.'
      : res.status === 429 ? 'Too many attempts. Please wait and try again.'
      : 'Sign-in failed (HTTP ' + res.status + '). Please try again.';
    setStatus(errorRegion, errorMessage(body, fallback), 'error');
    password.value = '';
    password.focus();
  });
`;

export function loginScript(): string {
  return clientScript(LOGIN_CODE);
}
