import { describe, expect, it } from 'vitest';
import {
  assertInvoiceTransition,
  INVOICE_STATUSES,
  type InvoiceStatus,
  nextInvoiceStatuses,
  statusAfterMoney,
} from '../../../shared/modules/billing/status';

describe('invoice status table (FHIR Invoice.status)', () => {
  // Written out by hand: every allowed transition; everything else is refused.
  const ALLOWED: Record<InvoiceStatus, InvoiceStatus[]> = {
    draft: ['issued', 'cancelled', 'entered-in-error'],
    issued: ['balanced', 'cancelled'],
    balanced: ['issued'],
    cancelled: [],
    'entered-in-error': [],
  };

  it.each(INVOICE_STATUSES)('from %s', (from) => {
    expect([...nextInvoiceStatuses(from)].sort()).toEqual([...ALLOWED[from]].sort());
    for (const to of INVOICE_STATUSES) {
      if (ALLOWED[from].includes(to)) expect(() => assertInvoiceTransition(from, to)).not.toThrow();
      else expect(() => assertInvoiceTransition(from, to)).toThrow(/Cannot change invoice status/);
    }
  });

  it('is balanced exactly when payments − refunds equal the total', () => {
    expect(statusAfterMoney(1000, 1000, 0)).toBe('balanced');
    expect(statusAfterMoney(1000, 999, 0)).toBe('issued');
    expect(statusAfterMoney(1000, 1000, 1)).toBe('issued');
    expect(statusAfterMoney(1000, 1200, 200)).toBe('balanced');
    expect(statusAfterMoney(0, 0, 0)).toBe('balanced');
  });
});
