/** Outpatients section: a doctor's appointments for a day and the live queue (polled while open). */
import { type AppointmentChange, appointmentActions } from '../common/appointment-actions';
import { $, clear, h, setStatus } from '../common/dom';
import { emptyRow, emptyState } from '../common/empty';
import { setBusy } from '../common/forms';
import { asApiError, showError } from './api';
import type { AdminApp, Section } from './state';
import type { Appointment, Doctor, Page, QueueEntry } from './types';
import {
  APPOINTMENT_STATUS,
  badge,
  labelCells,
  messageRow,
  priorityBadge,
  QUEUE_STATUS,
  statusBadge,
  timeIn,
  todayIn,
} from './ui';

const QUEUE_POLL_MS = 30_000;
/** What the status line says once a change is made. */
const CHANGED: Record<AppointmentChange, string> = {
  'checked-in': 'checked in',
  noshow: 'marked as not come',
  cancelled: 'cancelled',
};

export function outpatientsSection({ api, state, tenantReady }: AdminApp): Section {
  const doctorSelect = $<HTMLSelectElement>('opd-doctor');
  const dateInput = $<HTMLInputElement>('opd-date');
  const status = $('opd-status');
  const appointmentsBody = $<HTMLTableSectionElement>('opd-appointments-body');
  const queueBody = $<HTMLTableSectionElement>('opd-queue-body');

  /** Resolves to whether there are doctors to show; null until the first visit (or to retry). */
  let ready: Promise<boolean> | null = null;
  /** Answers to an older selection are dropped: only the latest request renders. */
  let seq = 0;
  let timer: number | null = null;
  /** A cancel reason is being typed: the polling waits, so the row is not redrawn under it. */
  let paused = false;
  /** Who may change an appointment's status: the roles the server wrote on the table. */
  const actionRoles = ($('opd-appointments').getAttribute('data-action-roles') ?? '').split(' ');
  const mayAct = () => actionRoles.includes(state.me?.role ?? '');

  function open() {
    if (!ready) ready = init();
    ready.then((hasDoctors) => {
      if (hasDoctors && state.current === 'opd') {
        load(false);
        startQueuePolling();
      }
    });
  }

  async function init(): Promise<boolean> {
    await tenantReady;
    $('opd-tz').textContent = state.tz || 'your browser\u2019s timezone';
    if (!dateInput.value) dateInput.value = todayIn(state.tz);
    clear(doctorSelect);
    doctorSelect.appendChild(h('option', { value: '', text: 'Loading doctors…' }));
    let list: Page<Doctor> | null;
    try {
      list = await api<Page<Doctor>>('GET', '/doctors?limit=100');
    } catch (err) {
      clear(doctorSelect);
      doctorSelect.appendChild(h('option', { value: '', text: 'Doctors unavailable' }));
      showError(status, err);
      ready = null; // retry on the next visit
      return false;
    }
    const doctors = list?.items ?? [];
    clear(doctorSelect);
    if (!doctors.length) {
      doctorSelect.appendChild(h('option', { value: '', text: 'No doctors yet' }));
      doctorSelect.disabled = true;
      const none = $('opd-no-doctors');
      clear(none);
      none.appendChild(
        emptyState(
          'No doctors have been set up for this hospital yet: add staff with the Doctor role, then their doctor profiles (department, fee) through the API, and refresh this page.',
          [
            { label: 'Add staff', href: '/admin#/users', roles: ['ADMIN'] },
            { label: 'Doctor profiles (API reference)', href: '/api-docs' },
          ],
        ),
      );
      none.hidden = false;
      $('opd-content').hidden = true;
      ready = null; // doctors may be added later
      return false;
    }
    doctorSelect.disabled = false;
    $('opd-no-doctors').hidden = true;
    $('opd-content').hidden = false;
    for (const d of doctors) {
      const detail = [d.departmentName, d.specialty].filter(Boolean).join(' · ');
      doctorSelect.appendChild(
        h('option', { value: d.id, text: (d.name ?? '') + (detail ? ` — ${detail}` : '') }),
      );
    }
    return true;
  }

  /** quiet: a background refresh (polling) that keeps the current rows until new ones arrive. */
  async function load(quiet: boolean) {
    const doctorId = doctorSelect.value;
    const date = dateInput.value;
    if (!doctorId || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      if (!quiet) setStatus(status, 'Choose a doctor and a valid date.', 'warning');
      return;
    }
    const mySeq = ++seq;
    if (!quiet) {
      setStatus(status, '');
      messageRow(appointmentsBody, 8, 'Loading appointments…', true);
      messageRow(queueBody, 7, 'Loading queue…', true);
      clear($('opd-appointments-summary'));
    }
    const q = `doctorId=${encodeURIComponent(doctorId)}&date=${encodeURIComponent(date)}`;
    const appointments = api<Page<Appointment>>(
      'GET',
      `/appointments?date=${encodeURIComponent(date)}&doctorId=${encodeURIComponent(doctorId)}&limit=100`,
    )
      .then((list) => {
        if (mySeq === seq) renderAppointments(list?.items ?? [], Boolean(list?.nextCursor));
      })
      .catch((err) => {
        const e = asApiError(err);
        if (mySeq !== seq || e.silent) return;
        messageRow(appointmentsBody, 8, `Could not load appointments: ${e.message}`);
      });
    const queue = api<{ items?: QueueEntry[] }>('GET', `/appointments/queue?${q}`)
      .then((result) => {
        if (mySeq === seq) renderQueue(result?.items ?? []);
      })
      .catch((err) => {
        const e = asApiError(err);
        if (mySeq !== seq || e.silent) return;
        messageRow(queueBody, 7, `Could not load the queue: ${e.message}`);
      });
    await Promise.all([appointments, queue]);
  }

  function renderAppointments(items: Appointment[], more: boolean) {
    const summary = $('opd-appointments-summary');
    clear(summary);
    if (!items.length) {
      emptyRow(appointmentsBody, 8, 'No appointments on this day.', [
        { label: 'Book at the front desk', href: '/front-desk', roles: ['RECEPTIONIST'] },
      ]);
      return;
    }
    clear(appointmentsBody);
    const byStart = items.slice().sort((a, b) => String(a.start).localeCompare(String(b.start)));
    for (const a of byStart) {
      const hasToken = a.token !== undefined && a.token !== null && a.token !== '';
      appointmentsBody.appendChild(
        h('tr', { dataset: { appointmentId: a.id } }, [
          h('td', { className: 'num' }, [
            h('time', {
              className: 'cell-main',
              datetime: a.start,
              text: timeIn(a.start, state.tz),
            }),
            a.end
              ? h('span', { className: 'cell-sub', text: `until ${timeIn(a.end, state.tz)}` })
              : null,
          ]),
          h('td', null, [
            hasToken
              ? h('span', { className: 'token', text: a.token as string | number })
              : h('span', { className: 'muted', text: '—' }),
          ]),
          h('td', { className: 'cell-main', text: a.patientName || '' }),
          h('td', null, [h('code', { text: a.mrn || '' })]),
          h('td', { text: a.reason || '—' }),
          h('td', null, [priorityBadge(a.priority)]),
          h('td', null, [statusBadge(a.status, APPOINTMENT_STATUS)]),
          actionsCell(a),
        ]),
      );
    }
    labelCells(appointmentsBody);
    const urgent = items.filter((a) => a.priority === 'urgent').length;
    summary.appendChild(
      badge(
        items.length + (more ? '+' : '') + (items.length === 1 ? ' appointment' : ' appointments'),
        'neutral',
      ),
    );
    if (urgent) summary.appendChild(badge(`${urgent} urgent`, 'danger'));
  }

  /** Check in, no-show and cancel for the roles that may; an empty cell for the others. */
  function actionsCell(a: Appointment): HTMLElement {
    const cell = h('td', { className: 'actions' });
    if (!mayAct()) return cell;
    appointmentActions(cell, a, {
      change: (to, reason, button) => void change(a, to, reason, button),
      pause: (open) => {
        paused = open;
      },
      keep: () => void load(true),
    });
    return cell;
  }

  async function change(
    a: Appointment,
    to: AppointmentChange,
    reason: string | undefined,
    button: HTMLButtonElement,
  ) {
    setBusy(button, true);
    try {
      await api('PATCH', `/appointments/${encodeURIComponent(a.id)}/status`, {
        status: to,
        ...(reason ? { reason } : {}),
      });
      await load(true);
      setStatus(status, `${a.patientName || 'The patient'}: ${CHANGED[to]}.`, 'success');
      status.focus();
    } catch (err) {
      setBusy(button, false);
      showError(status, err);
      status.focus();
    }
  }

  function renderQueue(items: QueueEntry[]) {
    $('opd-queue-updated').textContent =
      `Updated ${timeIn(new Date().toISOString(), state.tz, true)}`;
    if (!items.length) {
      emptyRow(
        queueBody,
        7,
        'No patients in the queue: patients join it when they are checked in.',
        [
          {
            label: 'Check patients in at the front desk',
            href: '/front-desk',
            roles: ['RECEPTIONIST'],
          },
        ],
      );
      return;
    }
    clear(queueBody);
    for (const entry of items) {
      const wait =
        entry.status === 'waiting' && typeof entry.estimatedWaitMinutes === 'number'
          ? `~${entry.estimatedWaitMinutes} min`
          : '—';
      queueBody.appendChild(
        h('tr', { dataset: { token: entry.token } }, [
          h('td', null, [h('span', { className: 'token', text: entry.token })]),
          h('td', { className: 'cell-main', text: entry.patientName || '' }),
          h('td', null, [h('code', { text: entry.mrn || '' })]),
          h('td', null, [priorityBadge(entry.priority)]),
          h('td', null, [statusBadge(entry.status, QUEUE_STATUS)]),
          h('td', { className: 'num' }, [
            entry.checkedInAt
              ? h('time', {
                  datetime: entry.checkedInAt,
                  text: timeIn(entry.checkedInAt, state.tz),
                })
              : '—',
          ]),
          h('td', { className: 'num', text: wait }),
        ]),
      );
    }
    labelCells(queueBody);
  }

  function startQueuePolling() {
    stopQueuePolling();
    timer = window.setInterval(() => {
      if (state.current === 'opd' && document.visibilityState === 'visible' && !paused) load(true);
    }, QUEUE_POLL_MS);
  }

  function stopQueuePolling() {
    if (timer !== null) window.clearInterval(timer);
    timer = null;
  }

  doctorSelect.addEventListener('change', () => load(false));
  dateInput.addEventListener('change', () => load(false));
  $('opd-refresh').addEventListener('click', () => {
    if (!ready) open();
    else load(false);
  });

  return { load: open, leave: stopQueuePolling };
}
