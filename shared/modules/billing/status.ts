import {
  allowedNextStatuses,
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import * as z from '../../kernel/zod';

/** FHIR R5 Invoice.status. */
export const INVOICE_STATUSES = [
  'draft',
  'issued',
  'balanced',
  'cancelled',
  'entered-in-error',
] as const;

export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

/**
 * The single source of truth for the invoice lifecycle (docs/state-machines.md is rendered from
 * it). A draft is issued, or voided (cancelled, or entered-in-error when it should never have
 * existed); its charge items are then free to be invoiced again. An issued invoice is immutable:
 * it becomes `balanced` when payments − refunds reach its total, goes back to `issued` when a
 * refund (a credit note) reopens a balance, and may be cancelled only while nothing is paid on it
 * (refund first), so no money is left on a cancelled invoice.
 */
export const INVOICE_STATUS_TRANSITIONS: TransitionTable<InvoiceStatus> = {
  draft: ['issued', 'cancelled', 'entered-in-error'],
  issued: ['balanced', 'cancelled'],
  balanced: ['issued'],
  cancelled: [],
  'entered-in-error': [],
};

/** Statuses a person sets with `billing.setStatus`; `balanced` and its reopening follow the money. */
export const MANUAL_INVOICE_STATUSES = ['issued', 'cancelled', 'entered-in-error'] as const;
export type ManualInvoiceStatus = (typeof MANUAL_INVOICE_STATUSES)[number];

export function nextInvoiceStatuses(from: InvoiceStatus): readonly InvoiceStatus[] {
  return allowedNextStatuses(INVOICE_STATUS_TRANSITIONS, from);
}

/** Throws Conflict (409) listing the allowed next states when the table forbids the change. */
export function assertInvoiceTransition(from: InvoiceStatus, to: InvoiceStatus): void {
  assertTableTransition('invoice', INVOICE_STATUS_TRANSITIONS, from, to);
}

/** The status money leaves an issued invoice in: balanced exactly when paid − refunded = total. */
export function statusAfterMoney(total: number, paid: number, refunded: number): InvoiceStatus {
  return paid - refunded === total ? 'balanced' : 'issued';
}

export function invoiceStatusTableMarkdown(): string {
  return transitionTableMarkdown(INVOICE_STATUS_TRANSITIONS);
}
