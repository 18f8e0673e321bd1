/**
 * What other modules may use of billing: the charge-item transaction builders that billable
 * events append to their own transactions (see charges.ts), and the invoice state table.
 */
export { chargeWrite, chargeWrites, consultationChargeWrite, type NewCharge } from './charges';
export { invoiceStatusTableMarkdown } from './status';
