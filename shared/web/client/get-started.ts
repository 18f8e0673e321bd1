/** `/get-started`: slug suggestion, validation, POST /tenants, then the one-time credentials. */
import { wireCopyButtons } from './common/clipboard';
import { $, h, setStatus } from './common/dom';
import { formatDate, validTimeZone } from './common/format';
import {
  emailProblem,
  type Field,
  fieldError,
  optionalPasswordProblem,
  passwordToggle,
  setBusy,
} from './common/forms';
import { errorMessage, readJson, url } from './common/http';
import { LOGIN_HINT_KEY } from './common/storage';

const SLUG_RE = /^[a-z0-9-]{3,40}$/;

/** The body of POST /tenants. */
interface Registration {
  hospitalName: string;
  slug: string;
  adminName: string;
  adminEmail: string;
  adminPassword?: string;
  timezone?: string;
}

/** What POST /tenants answers: the workspace and its administrator's credentials (shown once). */
interface Registered {
  tenant?: { id?: string; name?: string; slug?: string; timezone?: string; trialEndsAt?: string };
  credentials?: { email?: string; password?: string };
}

const form = $<HTMLFormElement>('get-started-form');
const hospitalName = $<HTMLInputElement>('hospitalName');
const slug = $<HTMLInputElement>('slug');
const adminName = $<HTMLInputElement>('adminName');
const adminEmail = $<HTMLInputElement>('adminEmail');
const adminPassword = $<HTMLInputElement>('adminPassword');
const timezone = $<HTMLInputElement>('timezone');
const submit = $<HTMLButtonElement>('get-started-submit');
const formError = $('get-started-error');
let slugEdited = false;

function slugify(text: string): string {
  let s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['\u2019]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (s.length > 40) s = s.slice(0, 40).replace(/-+$/, '');
  return s;
}

// Timezone: prefill with the browser's zone and offer the IANA list as suggestions.
try {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (browserZone && !timezone.value) timezone.value = browserZone;
} catch {
  /* leave empty: the server default applies */
}
try {
  // Newer than the ES2020 baseline: offered where the browser has it.
  if (typeof Intl.supportedValuesOf === 'function') {
    const list = $('timezone-list');
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      list.appendChild(h('option', { value: zone }));
    }
  }
} catch {
  /* suggestions are optional */
}

hospitalName.addEventListener('input', () => {
  if (!slugEdited) {
    slug.value = slugify(hospitalName.value);
    if (slug.getAttribute('aria-invalid') === 'true') fieldError(slug, '');
  }
});
slug.addEventListener('input', () => {
  // Typing in the slug stops the suggestion; clearing it resumes the suggestion.
  slugEdited = slug.value !== '';
  fieldError(slug, '');
});
for (const input of [hospitalName, adminName, adminEmail, adminPassword, timezone]) {
  input.addEventListener('input', () => {
    if (input.getAttribute('aria-invalid') === 'true') fieldError(input, '');
  });
}

passwordToggle($<HTMLButtonElement>('toggle-password'), adminPassword);

/** Trims and checks every field; returns the first invalid one (to focus), if any. */
function validate(): Field | undefined {
  hospitalName.value = hospitalName.value.trim();
  slug.value = slug.value.trim();
  adminName.value = adminName.value.trim();
  adminEmail.value = adminEmail.value.trim();
  timezone.value = timezone.value.trim();

  const checks: Array<[Field, string]> = [
    [hospitalName, hospitalName.value.length < 2 ? 'Enter the hospital name.' : ''],
    [
      slug,
      !slug.value
        ? 'Choose a workspace slug.'
        : SLUG_RE.test(slug.value)
          ? ''
          : 'Use 3–40 lowercase letters, numbers or hyphens.',
    ],
    [
      timezone,
      timezone.value && !validTimeZone(timezone.value)
        ? 'Enter a valid IANA timezone, for example Asia/Kolkata.'
        : '',
    ],
    [adminName, adminName.value ? '' : "Enter the administrator's name."],
    [
      adminEmail,
      emailProblem(
        adminEmail.value,
        'Enter the administrator email.',
        'Enter a valid email address, like name@hospital.org.',
      ),
    ],
    [adminPassword, optionalPasswordProblem(adminPassword.value)],
  ];
  for (const [input, message] of checks) fieldError(input, message);
  return checks.find(([, message]) => message)?.[0];
}

function showConfirmation(result: Registered | null, payload: Registration): void {
  const tenant = result?.tenant ?? {};
  const credentials = result?.credentials ?? {};
  $('conf-hospital-name').textContent = tenant.name || payload.hospitalName;
  $('conf-slug').textContent = tenant.slug || payload.slug;
  $('cred-tenant-id').textContent = tenant.id || '';
  $('conf-timezone').textContent = tenant.timezone || payload.timezone || '';
  $('conf-trial-ends').textContent = tenant.trialEndsAt
    ? formatDate(tenant.trialEndsAt, tenant.timezone)
    : 'Not applicable';
  if (tenant.trialEndsAt) {
    $('conf-lead').textContent =
      `Your free trial has started and runs until ${formatDate(tenant.trialEndsAt, tenant.timezone)}.`;
  }
  $('cred-email').textContent = credentials.email || payload.adminEmail;
  $('cred-password').textContent = credentials.password || '';
  try {
    sessionStorage.setItem(LOGIN_HINT_KEY, credentials.email || payload.adminEmail);
  } catch {
    /* ignore */
  }

  adminPassword.value = '';
  $('signup-view').hidden = true;
  const confirmation = $('confirmation');
  confirmation.hidden = false;
  wireCopyButtons(confirmation);
  document.title = 'Workspace ready · CareGrid HMS';
  window.scrollTo(0, 0);
  confirmation.focus();
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  setStatus(formError, '');
  const invalid = validate();
  if (invalid) {
    setStatus(formError, 'Please fix the highlighted fields.', 'error');
    invalid.focus();
    return;
  }
  const payload: Registration = {
    hospitalName: hospitalName.value,
    slug: slug.value,
    adminName: adminName.value,
    adminEmail: adminEmail.value,
  };
  if (adminPassword.value) payload.adminPassword = adminPassword.value;
  if (timezone.value) payload.timezone = timezone.value;

  setBusy(submit, true, 'Creating workspace…');
  let res: Response;
  try {
    res = await fetch(url('/tenants'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch {
    setBusy(submit, false);
    setStatus(
      formError,
      'Could not reach the server. Check your connection and try again.',
      'error',
    );
    return;
  }
  const body = await readJson(res);
  if (res.ok) {
    showConfirmation(body as Registered | null, payload);
    return;
  }
  setBusy(submit, false);
  const message = errorMessage(
    body,
    `Something went wrong (HTTP ${res.status}). Please try again.`,
  );
  if (res.status === 409) {
    slugEdited = true;
    fieldError(slug, message);
    setStatus(formError, 'That workspace slug is already taken. Choose another one.', 'error');
    slug.focus();
    slug.select();
    return;
  }
  setStatus(formError, message, 'error');
});
