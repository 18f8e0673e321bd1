/** Client script for `/get-started`: slug suggestion, validation, POST /tenants, confirmation. */
import { clientScript } from './client-common';

const GET_STARTED_CODE = String.raw`
  var SLUG_RE = /^[a-z0-9-]{3,40}$/;
  var EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  var form = $('get-started-form');
  var hospitalName = $('hospitalName');
  var slug = $('slug');
  var adminName = $('adminName');
  var adminEmail = $('adminEmail');
  var adminPassword = $('adminPassword');
  var timezone = $('timezone');
  var submit = $('get-started-submit');
  var formError = $('get-started-error');
  var slugEdited = false;

  function slugify(text) {
    var s = String(text || '')
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
    var browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && !timezone.value) timezone.value = browserZone;
  } catch (e) { /* leave empty: the server default applies */ }
  try {
    if (typeof Intl.supportedValuesOf === 'function') {
      var list = $('timezone-list');
      Intl.supportedValuesOf('timeZone').forEach(function (zone) {
        list.appendChild(h('option', { value: zone }));
      });
    }
  } catch (e) { /* suggestions are optional */ }

  hospitalName.addEventListener('input', function () {
    if (!slugEdited) {
      slug.value = slugify(hospitalName.value);
      if (slug.getAttribute('aria-invalid') === 'true') fieldError(slug, '');
    }
  });
  slug.addEventListener('input', function () {
    // Typing in the slug stops the suggestion; clearing it resumes the suggestion.
    slugEdited = slug.value !== '';
    fieldError(slug, '');
  });
  [hospitalName, adminName, adminEmail, adminPassword, timezone].forEach(function (input) {
    input.addEventListener('input', function () {
      if (input.getAttribute('aria-invalid') === 'true') fieldError(input, '');
    });
  });

  passwordToggle($('toggle-password'), adminPassword);

  function validate() {
    var firstInvalid = null;
    function check(input, message) {
      fieldError(input, message);
      if (message && !firstInvalid) firstInvalid = input;
    }
    hospitalName.value = hospitalName.value.trim();
    slug.value = slug.value.trim();
    adminName.value = adminName.value.trim();
    adminEmail.value = adminEmail.value.trim();
    timezone.value = timezone.value.trim();

    check(hospitalName, hospitalName.value.length < 2 ? 'Enter the hospital name.' : '');
    check(slug, !slug.value
      ? 'Choose a workspace slug.'
      : SLUG_RE.test(slug.value) ? '' : 'Use 3–40 lowercase letters, numbers or hyphens.');
    check(timezone, timezone.value && !validTimeZone(timezone.value)
      ? 'Enter a valid IANA timezone, for example Asia/Kolkata.' : '');
    check(adminName, adminName.value ? '' : "Enter the administrator's name.");
    check(adminEmail, !adminEmail.value
      ? 'Enter the administrator email.'
      : EMAIL_RE.test(adminEmail.value) ? '' : 'Enter a valid email address, like name@hospital.org.');
    check(adminPassword, adminPassword.value && adminPassword.value.length < 12
      ? 'Use at least 12 characters, or leave blank to generate one.' : '');
    return firstInvalid;
  }

  function showConfirmation(result, payload) {
    var tenant = (result && result.tenant) || {};
    var credentials = (result && result.credentials) || {};
    $('conf-hospital-name').textContent = tenant.name || payload.hospitalName;
    $('conf-slug').textContent = tenant.slug || payload.slug;
    $('cred-tenant-id').textContent = tenant.id || '';
    $('conf-timezone').textContent = tenant.timezone || payload.timezone || '';
    $('conf-trial-ends').textContent = tenant.trialEndsAt ? formatDate(tenant.trialEndsAt, tenant.timezone) : 'Not applicable';
    if (tenant.trialEndsAt) {
      $('conf-lead').textContent = 'Your free trial has started and runs until ' + formatDate(tenant.trialEndsAt, tenant.timezone) + '.';
    }
    $('cred-email').textContent = credentials.email || payload.adminEmail;
    $('cred-password').textContent = credentials.password || '';
    try { sessionStorage.setItem(LOGIN_HINT_KEY, credentials.email || payload.adminEmail); } catch (e) { /* ignore */ }

    adminPassword.value = '';
    $('signup-view').hidden = true;
    var confirmation = $('confirmation');
    confirmation.hidden = false;
    wireCopyButtons(confirmation);
    document.title = 'Workspace ready · CareGrid HMS';
    window.scrollTo(0, 0);
    confirmation.focus();
  }

  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    setStatus(formError, '');
    var invalid = validate();
    if (invalid) {
      setStatus(formError, 'Please fix the highlighted fields.', 'error');
      invalid.focus();
      return;
    }
    var payload = {
      hospitalName: hospitalName.value,
      slug: slug.value,
      adminName: adminName.value,
      adminEmail: adminEmail.value,
    };
    if (adminPassword.value) payload.adminPassword = adminPassword.value;
    if (timezone.value) payload.timezone = timezone.value;

    setBusy(submit, true, 'Creating workspace…');
    var res;
    try {
      res = await fetch(url('/tenants'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(payload),
      });
    } catch (e) {
      setBusy(submit, false);
      setStatus(formError, 'Could not reach the server. Check your connection and try again.', 'error');
      return;
    }
    var body = await readJson(res);
    if (res.ok) {
      showConfirmation(body, payload);
      return;
    }
    setBusy(submit, false);
    var message = errorMessage(body, 'Something went wrong (HTTP ' + res.status + '). Please try again.');
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
`;

export function getStartedScript(): string {
  return clientScript(GET_STARTED_CODE);
}
