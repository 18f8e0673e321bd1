/**
 * What other modules may use of billing: the charge-item transaction builders that billable
 * events append to their own transactions (see charges.ts), the invoice state table, and for
 * claims the invoice reads and the payment writes a remittance allocation joins its own
 * transaction with.
 */
export { chargeWrite, chargeWrites, type NewCharge } from './charges';
export { consultationChargeWrite } from './consultation-charge';
export { BASIS_POINTS, divideRounded, fromMinorUnits, minorDigits } from './money';
export {
  BillingSettings,
  MAX_AMOUNT,
  SERVICE_TYPES,
  type ServiceType,
  ServiceTypeSchema,
  UpdateSettingsInput as BillingSettingsInput,
} from './schemas';
export { paymentRefusal, paymentWrites } from './service';
export { invoiceStatusTableMarkdown } from './status';
export {
  billingKeys,
  ChargeRecord,
  CreditNoteRecord,
  findInvoice,
  InvoiceRecord,
  invoicePartition,
  PaymentRecord,
  readSettings,
  SettingsRecord as BillingSettingsRecord,
  TariffRecord,
} from './store';
