/**
 * `/front-desk` (markup: shared/web/front-desk.ts): register a patient, book an appointment with
 * a patient and a doctor picked by searching, and work the day's list (check in, no-show,
 * cancel with a reason). The list refreshes every 30 seconds and shows when it was last updated.
 * Times are in the hospital's time zone.
 */
import { type Answer, call } from './common/api';
import { appointmentActions } from './common/appointment-actions';
import { $, clear, h, setStatus } from './common/dom';
import { formatTime, todayIn } from './common/format';
import { fieldError, setBusy } from './common/forms';
import { patientPicker } from './common/picker';

interface Appointment {
  id: string;
  patientName: string;
  mrn: string;
  doctorName: string;
  start: string;
  status: string;
  token?: number;
}

const REFRESH_MS = 30_000;
let tz: string | undefined;
let paused = false;

/** The server's message(s) as field errors where they name a field, else as one sentence. */
function showProblem(
  answer: Answer<{ message?: string | string[] }>,
  fields: Record<string, string>,
  region: HTMLElement,
  fallback: string,
): void {
  const raw = answer.body?.message;
  const messages = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const rest: string[] = [];
  for (const m of messages) {
    const match = /^([a-zA-Z]+)[:\s]/.exec(m);
    const id = match ? fields[match[1] ?? ''] : undefined;
    if (id) fieldError($<HTMLInputElement>(id), m.replace(/^[a-zA-Z]+:\s*/, ''));
    else rest.push(m);
  }
  if (answer.status === 403) rest.splice(0, rest.length, 'Your role may not do this.');
  if (rest.length || !messages.length) setStatus(region, rest.join(' ') || fallback, 'error');
}

function requireValue(id: string, message: string): boolean {
  const el = $<HTMLInputElement>(id);
  const empty = !el.value.trim();
  fieldError(el, empty ? message : '');
  return !empty;
}

function registerForm(onRegistered: (p: { id: string; name: string; mrn: string }) => void) {
  const form = $<HTMLFormElement>('register-form');
  const submit = $<HTMLButtonElement>('reg-submit');
  const status = $('reg-status');
  let confirmDuplicate = false;
  const fields = { name: 'reg-name', dateOfBirth: 'reg-dob', sex: 'reg-sex', phone: 'reg-phone' };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    setStatus(status, '');
    const ok = [
      requireValue('reg-name', 'Enter the full name.'),
      requireValue('reg-dob', 'Enter the date of birth.'),
      requireValue('reg-sex', 'Choose the sex.'),
      requireValue('reg-phone', 'Enter a phone number.'),
    ].every(Boolean);
    if (!ok) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(submit, true, 'Registering…');
    try {
      const answer = await call<{ id: string; name: string; mrn: string; message?: string }>(
        'POST',
        '/patients/register',
        {
          name: $<HTMLInputElement>('reg-name').value.trim(),
          dateOfBirth: $<HTMLInputElement>('reg-dob').value,
          sex: $<HTMLSelectElement>('reg-sex').value,
          phone: $<HTMLInputElement>('reg-phone').value.trim(),
          ...(confirmDuplicate ? { confirmDuplicate: true } : {}),
        },
      );
      setBusy(submit, false);
      if (answer.ok && answer.body) {
        confirmDuplicate = false;
        submit.textContent = 'Register patient';
        submit.dataset.label = 'Register patient';
        setStatus(
          status,
          `Registered ${answer.body.name}, MRN ${answer.body.mrn}. They are chosen for booking.`,
          'success',
        );
        form.reset();
        onRegistered(answer.body);
        return;
      }
      if (answer.status === 409) {
        confirmDuplicate = true;
        submit.dataset.label = 'Register anyway';
        submit.textContent = 'Register anyway';
        // The API's hint names its field; staff read what to do instead.
        const said = String(answer.body?.message ?? '').replace(/;.*$/, '');
        setStatus(
          status,
          `${said || 'This patient may already be registered'}. Search for them in the booking form, or press Register anyway.`,
          'warning',
        );
        return;
      }
      showProblem(answer, fields, status, 'The patient could not be registered.');
    } catch {
      setBusy(submit, false);
      setStatus(status, 'Could not reach the server. Nothing was registered.', 'error');
    }
  });
}

async function loadDoctors(): Promise<void> {
  const select = $<HTMLSelectElement>('book-doctor');
  const answer = await call<{ items: { id: string; name: string; specialty?: string }[] }>(
    'GET',
    '/doctors?limit=100',
  ).catch(() => null);
  clear(select);
  const doctors = answer?.body?.items ?? [];
  // No doctor is pre-selected: the desk chooses.
  select.appendChild(
    h('option', { value: '', text: doctors.length ? 'Choose a doctor…' : 'No doctors yet' }),
  );
  for (const d of doctors)
    select.appendChild(
      h('option', { value: d.id, text: d.specialty ? `${d.name} (${d.specialty})` : d.name }),
    );
  if (!doctors.length)
    setStatus(
      $('book-status'),
      'No doctors are set up yet: an administrator adds them under Users.',
      'info',
    );
}

async function loadSlots(): Promise<void> {
  const doctorId = $<HTMLSelectElement>('book-doctor').value;
  const date = $<HTMLInputElement>('book-date').value;
  const select = $<HTMLSelectElement>('book-slot');
  clear(select);
  if (!doctorId || !date) {
    select.appendChild(h('option', { value: '', text: 'Choose a doctor and a date' }));
    return;
  }
  select.appendChild(h('option', { value: '', text: 'Loading times…' }));
  const answer = await call<{ slots: { start: string }[] }>(
    'GET',
    `/doctors/${encodeURIComponent(doctorId)}/availability?date=${date}`,
  ).catch(() => null);
  clear(select);
  const slots = answer?.body?.slots ?? [];
  select.appendChild(
    h('option', {
      value: '',
      text: slots.length ? 'Choose a time…' : 'No free time on this date: try another date',
    }),
  );
  for (const s of slots)
    select.appendChild(h('option', { value: s.start, text: formatTime(s.start, tz) }));
}

function bookForm(picker: ReturnType<typeof patientPicker>, afterBooking: () => void) {
  const form = $<HTMLFormElement>('book-form');
  const submit = $<HTMLButtonElement>('book-submit');
  const status = $('book-status');
  $('book-doctor').addEventListener('change', () => void loadSlots());
  $('book-date').addEventListener('change', () => void loadSlots());
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    setStatus(status, '');
    const patient = picker.value();
    fieldError($<HTMLInputElement>('book-patient-q'), '');
    $('book-patient-error').textContent = patient ? '' : 'Search for the patient and choose them.';
    const ok = [
      !!patient,
      requireValue('book-doctor', 'Choose a doctor.'),
      requireValue('book-date', 'Choose a date.'),
      requireValue('book-slot', 'Choose a time.'),
      requireValue('book-reason', 'Say why they are coming.'),
    ].every(Boolean);
    if (!ok || !patient) {
      if (!patient) $('book-patient-q').focus();
      else form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(submit, true, 'Booking…');
    try {
      const answer = await call<{ token?: number; start: string; message?: string }>(
        'POST',
        '/appointments',
        {
          patientId: patient.id,
          doctorId: $<HTMLSelectElement>('book-doctor').value,
          start: $<HTMLSelectElement>('book-slot').value,
          reason: $<HTMLInputElement>('book-reason').value.trim(),
        },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      setBusy(submit, false);
      if (answer.ok && answer.body) {
        setStatus(
          status,
          `Booked ${patient.name} at ${formatTime(answer.body.start, tz)}.`,
          'success',
        );
        $<HTMLInputElement>('book-reason').value = '';
        picker.reset();
        await loadSlots();
        afterBooking();
        return;
      }
      showProblem(
        answer,
        { start: 'book-slot', reason: 'book-reason', doctorId: 'book-doctor' },
        status,
        'The appointment could not be booked.',
      );
    } catch {
      setBusy(submit, false);
      setStatus(status, 'Could not reach the server. Nothing was booked.', 'error');
    }
  });
}

const STATUS_TEXT: Record<string, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  'checked-in': 'Checked in',
  fulfilled: 'Seen',
  cancelled: 'Cancelled',
  noshow: 'Did not come',
  'entered-in-error': 'Entered in error',
};

function todayList() {
  const body = $('today-body');
  const status = $('today-status');
  const updated = $('today-updated');
  let date = todayIn(tz);

  async function change(a: Appointment, to: string, reason?: string, button?: HTMLButtonElement) {
    setBusy(button ?? null, true);
    const answer = await call<{ message?: string }>(
      'PATCH',
      `/appointments/${encodeURIComponent(a.id)}/status`,
      { status: to, ...(reason ? { reason } : {}) },
    ).catch(() => null);
    setBusy(button ?? null, false);
    if (answer?.ok) {
      await load();
      setStatus(status, `${a.patientName}: ${STATUS_TEXT[to] ?? to}.`, 'success');
      $('today-title').focus();
    } else if (answer) showProblem(answer, {}, status, 'That change was not made.');
    else setStatus(status, 'Could not reach the server.', 'error');
  }

  function row(a: Appointment): HTMLElement {
    const actions = h('td', { className: 'actions fd-actions', 'data-label': 'Actions' });
    appointmentActions(actions, a, {
      change: (to, reason, button) => void change(a, to, reason, button),
      pause: (open) => {
        paused = open;
      },
      keep: () => void load(),
    });
    return h('tr', { 'data-appointment-id': a.id }, [
      h('td', { 'data-label': 'Time', text: formatTime(a.start, tz) }),
      h('td', { 'data-label': 'Token', text: a.token ?? '–' }),
      h('td', { 'data-label': 'Patient', text: `${a.patientName} (${a.mrn})` }),
      h('td', { 'data-label': 'Doctor', text: a.doctorName }),
      h('td', { 'data-label': 'Status', text: STATUS_TEXT[a.status] ?? a.status }),
      actions,
    ]);
  }

  async function load(): Promise<void> {
    date = todayIn(tz);
    $('today-date').textContent = new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: tz,
    }).format(new Date());
    const answer = await call<{ items: Appointment[] }>(
      'GET',
      `/appointments?date=${date}&limit=100`,
    ).catch(() => null);
    if (!answer?.ok) {
      if (answer?.status === 403)
        setStatus(status, 'Your role does not see the appointment list.', 'info');
      else setStatus(status, 'The list could not be loaded; it will try again shortly.', 'warning');
      return;
    }
    const items = [...(answer.body?.items ?? [])].sort((a, b) => a.start.localeCompare(b.start));
    clear(body);
    if (!items.length) {
      const book = h('a', { href: '#book-title', text: 'Book the first one' });
      body.appendChild(
        h('tr', null, [
          h('td', { className: 'empty', colspan: 6 }, ['No appointments today. ', book, '.']),
        ]),
      );
    } else for (const a of items) body.appendChild(row(a));
    updated.textContent = `Updated ${formatTime(new Date().toISOString(), tz)}`;
  }

  $('today-refresh').addEventListener('click', () => void load());
  window.setInterval(() => {
    if (!paused && document.visibilityState === 'visible') void load();
  }, REFRESH_MS);
  return { load };
}

async function start(): Promise<void> {
  const tenant = await call<{ timezone?: string }>('GET', '/tenants/current').catch(() => null);
  tz = tenant?.body?.timezone;
  $<HTMLInputElement>('book-date').value = todayIn(tz);
  const picker = patientPicker('book-patient');
  const list = todayList();
  registerForm((p) => picker.choose({ id: p.id, name: p.name, mrn: p.mrn }));
  bookForm(picker, () => void list.load());
  await Promise.all([loadDoctors(), list.load()]);
  document.body.setAttribute('data-ready', 'true');
}

void start();
