/**
 * The day's work on one appointment, as buttons in its row: check in and no-show while it is
 * booked or the patient has arrived, cancel (the reason asked for in the cell) until the patient
 * is seen. One declaration for the front desk (/front-desk) and the workspace's outpatients table
 * (/admin#/opd); each page says how a change is sent and what follows it.
 */
import { clear, h } from './dom';

export interface ActionableAppointment {
  id: string;
  patientName?: string;
  status?: string;
}

export type AppointmentChange = 'checked-in' | 'noshow' | 'cancelled';

export interface AppointmentActionHooks {
  /** Sends the change; `button` is the one pressed, busy while the page sends it. */
  change(to: AppointmentChange, reason: string | undefined, button: HTMLButtonElement): void;
  /** The cancel form opened (true) or closed (false): a page that refreshes itself waits meanwhile. */
  pause(open: boolean): void;
  /** "Keep" closed the cancel form without a change: the page redraws the row. */
  keep(): void;
}

/** Fills `cell` with the buttons the appointment's status allows (none once it is over). */
export function appointmentActions(
  cell: HTMLElement,
  a: ActionableAppointment,
  hooks: AppointmentActionHooks,
): void {
  const who = a.patientName ?? '';
  const button = (text: string, cls: string) =>
    h('button', { type: 'button', className: `btn ${cls} btn-sm` }, [
      text,
      // The visible word is the same on every row; a screen reader hears whose it is.
      h('span', { className: 'visually-hidden', text: ` ${who}` }),
    ]) as HTMLButtonElement;
  if (a.status === 'booked' || a.status === 'arrived') {
    const checkIn = button('Check in', 'btn-primary');
    checkIn.addEventListener('click', () => hooks.change('checked-in', undefined, checkIn));
    const noShow = button('No-show', 'btn-secondary');
    noShow.addEventListener('click', () => hooks.change('noshow', undefined, noShow));
    cell.append(checkIn, noShow);
  }
  if (['booked', 'arrived', 'checked-in'].includes(a.status ?? '')) {
    const cancel = button('Cancel', 'btn-secondary');
    cancel.addEventListener('click', () => cancelForm(cell, a, hooks));
    cell.appendChild(cancel);
  }
}

/** Cancelling needs a reason, asked for in the row itself; "Keep" leaves the appointment as it is. */
function cancelForm(cell: HTMLElement, a: ActionableAppointment, hooks: AppointmentActionHooks) {
  hooks.pause(true);
  clear(cell);
  const id = `cancel-reason-${a.id}`;
  const input = h('input', { type: 'text', id, required: true }) as HTMLInputElement;
  const confirm = h('button', { type: 'button', className: 'btn btn-danger btn-sm' }, [
    'Confirm cancel',
  ]) as HTMLButtonElement;
  const back = h('button', { type: 'button', className: 'btn btn-secondary btn-sm' }, ['Keep']);
  cell.append(
    h('label', { for: id, text: `Why is ${a.patientName ?? 'the patient'} cancelling?` }),
    input,
    confirm,
    back,
  );
  input.focus();
  confirm.addEventListener('click', () => {
    if (!input.value.trim()) {
      input.setAttribute('aria-invalid', 'true');
      input.focus();
      return;
    }
    hooks.pause(false);
    hooks.change('cancelled', input.value.trim(), confirm);
  });
  back.addEventListener('click', () => {
    hooks.pause(false);
    hooks.keep();
  });
}
