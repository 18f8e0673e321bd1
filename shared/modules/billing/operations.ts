import { defineOperation } from '../../kernel/operation';
import {
  AddChargeInput,
  AddPaymentInput,
  BillingSettings,
  ChargeItem,
  ChargePage,
  CreateInvoiceInput,
  CreditNote,
  Dashboard,
  DashboardInput,
  InvoiceDetail,
  InvoiceIdInput,
  InvoicePage,
  ListChargesInput,
  ListInvoicesInput,
  ListTariffsInput,
  Payment,
  PutTariffInput,
  RefundInput,
  SetInvoiceStatusInput,
  Tariff,
  TariffPage,
  UpdateSettingsInput,
  VoidChargeInput,
} from './schemas';
import {
  addCharge as addChargeItem,
  addPayment,
  dashboard as billingDashboard,
  createInvoice,
  getInvoice,
  getSettings,
  largeDiscountDecision,
  largeRefundDecision,
  listCharges,
  listInvoices,
  listTariffs,
  refund as refundPayment,
  updateSettings as replaceSettings,
  setInvoiceStatus,
  putTariff as upsertTariff,
  voidCharge as voidChargeItem,
} from './service';

export const getBillingSettings = defineOperation({
  name: 'billing.getSettings',
  summary:
    "The hospital's billing settings: currency, discount and refund thresholds, consultation tax",
  input: DashboardInput,
  output: BillingSettings,
  access: { roles: 'finance', scope: 'billing:read' },
  kind: 'read',
  idempotent: true,
  handler: getSettings,
});

export const updateSettings = defineOperation({
  name: 'billing.updateSettings',
  summary: "Set the hospital's currency, discount and refund thresholds and consultation tax",
  input: UpdateSettingsInput,
  output: BillingSettings,
  access: { roles: ['ACCOUNTANT'], scope: 'billing:write' },
  kind: 'write',
  idempotent: true,
  handler: replaceSettings,
});

export const listTariffsOp = defineOperation({
  name: 'billing.listTariffs',
  summary: 'The price list: services with their unit price (minor units) and tax rule, by code',
  input: ListTariffsInput,
  output: TariffPage,
  access: { roles: 'finance', scope: 'billing:read' },
  kind: 'read',
  idempotent: true,
  handler: listTariffs,
});

export const putTariff = defineOperation({
  name: 'billing.putTariff',
  summary: 'Create or replace a service of the price list (procedures, tests, other services)',
  input: PutTariffInput,
  output: Tariff,
  access: { roles: ['ACCOUNTANT'], scope: 'billing:write' },
  kind: 'write',
  idempotent: true,
  handler: upsertTariff,
});

export const addCharge = defineOperation({
  name: 'billing.addCharge',
  summary: "Add a manual charge item to a patient's account: a tariff service or a priced line",
  input: AddChargeInput,
  output: ChargeItem,
  access: { roles: 'finance', scope: 'billing:write' },
  kind: 'write',
  idempotent: false,
  handler: addChargeItem,
});

export const listChargesOp = defineOperation({
  name: 'billing.listCharges',
  summary: "A patient's charge items (FHIR ChargeItem), newest first, optionally by status",
  input: ListChargesInput,
  output: ChargePage,
  access: { roles: 'finance', scope: 'billing:read' },
  kind: 'read',
  idempotent: true,
  handler: listCharges,
});

export const voidCharge = defineOperation({
  name: 'billing.voidCharge',
  summary: 'Mark a billable charge item not billable, with a reason (it is kept, never deleted)',
  input: VoidChargeInput,
  output: ChargeItem,
  access: { roles: 'finance', scope: 'billing:write' },
  kind: 'write',
  idempotent: false,
  handler: voidChargeItem,
});

export const create = defineOperation({
  name: 'billing.create',
  summary:
    "Create a bill: a draft invoice (INV-<year>-<n>) of a patient's billable charges, with discounts (reason required)",
  input: CreateInvoiceInput,
  output: InvoiceDetail,
  access: { roles: 'finance', scope: 'billing:write', decisions: [largeDiscountDecision] },
  kind: 'write',
  idempotent: false,
  handler: createInvoice,
});

export const list = defineOperation({
  name: 'billing.list',
  summary: 'List bills (invoices) newest first, by patient and/or status',
  input: ListInvoicesInput,
  output: InvoicePage,
  access: { roles: 'finance', scope: 'billing:read' },
  kind: 'read',
  idempotent: true,
  handler: listInvoices,
});

export const get = defineOperation({
  name: 'billing.get',
  summary: 'One invoice with its lines, payments and credit notes',
  input: InvoiceIdInput,
  output: InvoiceDetail,
  access: { roles: 'finance', scope: 'billing:read' },
  kind: 'read',
  idempotent: true,
  handler: getInvoice,
});

export const setStatus = defineOperation({
  name: 'billing.setStatus',
  summary:
    'Issue a draft invoice, void it (cancelled, entered-in-error), or cancel an issued one with nothing paid (FHIR Invoice.status)',
  input: SetInvoiceStatusInput,
  output: InvoiceDetail,
  access: { roles: 'finance', scope: 'billing:write' },
  kind: 'write',
  idempotent: false,
  handler: setInvoiceStatus,
});

export const pay = defineOperation({
  name: 'billing.pay',
  summary:
    'Take a payment (cash, card, bank transfer, UPI, insurance) on an issued invoice; overpayment is refused; Idempotency-Key posts it once',
  input: AddPaymentInput,
  output: Payment,
  access: { roles: 'finance', scope: 'billing:write' },
  kind: 'write',
  // Only with an Idempotency-Key: without one, each call takes another payment.
  idempotent: false,
  resource: 'payment',
  handler: addPayment,
});

export const refund = defineOperation({
  name: 'billing.refund',
  summary:
    'Refund part or all of a payment as a credit note (CN-<year>-<n>); above the refund threshold ADMIN or ACCOUNTANT only',
  input: RefundInput,
  output: CreditNote,
  access: { roles: 'finance', scope: 'billing:write', decisions: [largeRefundDecision] },
  kind: 'write',
  idempotent: false,
  handler: refundPayment,
});

export const dashboard = defineOperation({
  name: 'billing.dashboard',
  summary:
    "Today's and this month's billed, collected by method, refunds and revenue by department and service type; outstanding by age (hospital time zone)",
  input: DashboardInput,
  output: Dashboard,
  access: { roles: 'finance', scope: 'billing:read' },
  kind: 'read',
  idempotent: true,
  handler: billingDashboard,
});
