/** Display helpers of the dashboard: labels, badges, times, table rows. */
import { clear, h } from '../common/dom';
import { formatDate, formatTime } from '../common/format';
import type { Tenant } from './types';

/** `in-consultation` → `In consultation`. */
export function humanize(value: string | null | undefined): string {
  const s = String(value || '')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Role labels as the server rendered them into the staff form's role picker. */
export function readRoleLabels(select: HTMLSelectElement): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const option of select.options) labels[option.value] = option.textContent ?? '';
  return labels;
}

/** A time of day in the hospital's time zone (the browser's when tz is undefined): `14:05`. */
export function timeIn(
  iso: string | null | undefined,
  tz: string | undefined,
  withSeconds = false,
) {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  return formatTime(iso, tz, withSeconds);
}

/** Today's date as YYYY-MM-DD in a time zone. */
export { todayIn } from '../common/format';

export type BadgeVariant = 'neutral' | 'brand' | 'info' | 'success' | 'warning' | 'danger';

export function badge(text: string, variant: BadgeVariant): HTMLSpanElement {
  return h('span', { className: `badge badge-${variant}`, text });
}

export const APPOINTMENT_STATUS: Readonly<Record<string, BadgeVariant>> = {
  scheduled: 'neutral',
  booked: 'neutral',
  confirmed: 'neutral',
  'checked-in': 'brand',
  checked_in: 'brand',
  waiting: 'brand',
  'in-consultation': 'info',
  in_consultation: 'info',
  completed: 'success',
  done: 'success',
  cancelled: 'neutral',
  canceled: 'neutral',
  left: 'neutral',
  'no-show': 'danger',
  no_show: 'danger',
};

export const QUEUE_STATUS: Readonly<Record<string, BadgeVariant>> = {
  waiting: 'neutral',
  'in-consultation': 'info',
  done: 'success',
  left: 'neutral',
};

export function statusBadge(
  status: string | undefined,
  variants: Readonly<Record<string, BadgeVariant>>,
): HTMLSpanElement {
  return badge(humanize(status), (status && variants[status]) || 'neutral');
}

export function priorityBadge(priority: string | undefined): HTMLSpanElement {
  return priority === 'urgent'
    ? badge('Urgent', 'danger')
    : badge(humanize(priority || 'routine'), 'neutral');
}

/** Replaces a table body with one full-width row: a message, or a spinner while loading. */
export function messageRow(
  tbody: HTMLTableSectionElement,
  cols: number,
  text: string,
  loading = false,
): void {
  clear(tbody);
  const cell = h('td', { className: 'empty', colspan: cols });
  if (loading) {
    cell.appendChild(
      h('span', { className: 'loading' }, [
        h('span', { className: 'spinner', 'aria-hidden': 'true' }),
        text,
      ]),
    );
  } else {
    cell.textContent = text;
  }
  tbody.appendChild(h('tr', null, [cell]));
}

/** Copies column headers onto cells (data-label) for the stacked small-screen table layout. */
export function labelCells(tbody: HTMLTableSectionElement): void {
  const table = tbody.closest('table');
  if (!table) return;
  const heads = Array.from(table.querySelectorAll('thead th'), (th) =>
    (th.textContent ?? '').trim(),
  );
  for (const row of tbody.rows) {
    Array.from(row.cells).forEach((cell, i) => {
      const head = heads[i];
      if (head && !cell.classList.contains('empty') && !cell.classList.contains('actions'))
        cell.setAttribute('data-label', head);
    });
  }
}

export interface TrialInfo {
  ended: boolean;
  /** The end date, formatted in the hospital's time zone. */
  date: string;
  daysLeft: number;
  text: string;
}

export function trialInfo(tenant: Tenant | null, tz: string | undefined): TrialInfo | null {
  if (!tenant?.trialEndsAt) return null;
  const end = new Date(tenant.trialEndsAt).getTime();
  if (Number.isNaN(end)) return null;
  const ended = end <= Date.now();
  const date = formatDate(tenant.trialEndsAt, tz);
  return {
    ended,
    date,
    daysLeft: Math.max(0, Math.ceil((end - Date.now()) / 86400000)),
    text: ended ? 'Trial ended' : `Trial ends ${date}`,
  };
}
