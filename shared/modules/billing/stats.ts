/**
 * The dashboard's aggregates: how each money movement changes them, and how a stored aggregate
 * reads as figures. Periods are the hospital's local day (`DAY#2026-11-23`) and month
 * (`MONTH#2026-11`), plus `ALL` for what is outstanding overall. Every movement adds to them in
 * its own transaction, so the dashboard reads five items whatever the number of invoices.
 *
 * - issuing an invoice: billed, invoices, tax, net revenue per department and service type on the
 *   day and month of issue; its total becomes outstanding in its month of issue and overall;
 * - a payment: collected per method on the day and month it was received; the invoice's month of
 *   issue and the overall outstanding go down by it;
 * - a refund: refunds on its day and month; the outstanding goes back up (balanced exactly when
 *   payments − refunds = total, so a refund reopens what is due);
 * - cancelling an issued invoice (nothing paid on it): cancelled on its day and month; its
 *   outstanding goes away.
 *
 * Each movement also adds to the `revenue` report's day item (docs/reports.md), in the same
 * transaction: the report reads any range of days with one Query.
 */
import type { Item } from '../../kernel/store/store';
import { type Counters, counter } from '../reports/index';
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  type PeriodFigures,
  SERVICE_TYPES,
  type ServiceType,
} from './schemas';
import type { StatsDelta } from './store';

export const dayPeriod = (date: string) => `DAY#${date}`;
export const monthPeriod = (month: string) => `MONTH#${month}`;
export const ALL_PERIOD = 'ALL';

/** Lines without a department count under this id. */
export const NO_DEPARTMENT = 'none';

interface Moment {
  date: string;
  month: string;
}

export function recordIssue(
  delta: StatsDelta,
  at: Moment,
  invoice: {
    total: number;
    tax: number;
    lines: readonly {
      net: number;
      serviceType: ServiceType;
      departmentId?: string | undefined;
      departmentName?: string | undefined;
    }[];
  },
): void {
  for (const period of [dayPeriod(at.date), monthPeriod(at.month)]) {
    delta
      .add(period, 'billed', invoice.total)
      .add(period, 'invoices', 1)
      .add(period, 'tax', invoice.tax);
    for (const line of invoice.lines) {
      const dept = line.departmentId ?? NO_DEPARTMENT;
      delta.add(period, `dept_${dept}`, line.net).add(period, `svc_${line.serviceType}`, line.net);
      delta.label(period, `deptname_${dept}`, line.departmentName ?? 'No department');
    }
  }
  delta.add(monthPeriod(at.month), 'outstanding', invoice.total);
  delta.add(ALL_PERIOD, 'outstanding', invoice.total);
  const revenue: Counters = {
    invoiced: invoice.total,
    tax: invoice.tax,
    outstandingChange: invoice.total,
  };
  for (const line of invoice.lines) {
    const dept = counter('net', 'department', line.departmentId ?? '');
    const svc = counter('net', 'service', line.serviceType);
    revenue[dept] = (revenue[dept] ?? 0) + line.net;
    revenue[svc] = (revenue[svc] ?? 0) + line.net;
  }
  delta.report(at.date, revenue);
}

export function recordPayment(
  delta: StatsDelta,
  at: Moment,
  issuedMonth: string,
  method: PaymentMethod,
  amount: number,
): void {
  delta.add(dayPeriod(at.date), `col_${method}`, amount);
  delta.add(monthPeriod(at.month), `col_${method}`, amount);
  delta.add(monthPeriod(issuedMonth), 'outstanding', -amount);
  delta.add(ALL_PERIOD, 'outstanding', -amount);
  delta.report(at.date, {
    collected: amount,
    [counter('collected', 'method', method)]: amount,
    outstandingChange: -amount,
  });
}

export function recordRefund(
  delta: StatsDelta,
  at: Moment,
  issuedMonth: string,
  amount: number,
): void {
  delta.add(dayPeriod(at.date), 'refunds', amount);
  delta.add(monthPeriod(at.month), 'refunds', amount);
  delta.add(monthPeriod(issuedMonth), 'outstanding', amount);
  delta.add(ALL_PERIOD, 'outstanding', amount);
  delta.report(at.date, { refunded: amount, outstandingChange: amount });
}

export function recordCancellation(
  delta: StatsDelta,
  at: Moment,
  issuedMonth: string,
  invoice: { total: number; balance: number },
): void {
  delta.add(dayPeriod(at.date), 'cancelled', invoice.total);
  delta.add(monthPeriod(at.month), 'cancelled', invoice.total);
  delta.add(monthPeriod(issuedMonth), 'outstanding', -invoice.balance);
  delta.add(ALL_PERIOD, 'outstanding', -invoice.balance);
  delta.report(at.date, { cancelled: invoice.total, outstandingChange: -invoice.balance });
}

const num = (item: Item, attribute: string) => Number(item[attribute] ?? 0);

/** A stored period aggregate as the dashboard shows it. */
export function periodFigures(item: Item): PeriodFigures {
  const collected = Object.fromEntries(
    PAYMENT_METHODS.map((m) => [m, num(item, `col_${m}`)]),
  ) as Record<PaymentMethod, number>;
  const revenueByDepartment = Object.keys(item)
    .filter((a) => a.startsWith('dept_'))
    .map((a) => {
      const departmentId = a.slice('dept_'.length);
      return {
        departmentId,
        departmentName: String(item[`deptname_${departmentId}`] ?? departmentId),
        net: num(item, a),
      };
    })
    .sort((a, b) => b.net - a.net || a.departmentName.localeCompare(b.departmentName));
  return {
    billed: num(item, 'billed'),
    invoicesIssued: num(item, 'invoices'),
    tax: num(item, 'tax'),
    collected,
    collectedTotal: Object.values(collected).reduce((s, n) => s + n, 0),
    refunds: num(item, 'refunds'),
    cancelled: num(item, 'cancelled'),
    revenueByDepartment,
    revenueByServiceType: SERVICE_TYPES.map((serviceType) => ({
      serviceType,
      net: num(item, `svc_${serviceType}`),
    })).filter((r) => r.net !== 0),
  };
}

/** `2026-11` minus `n` months. */
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
