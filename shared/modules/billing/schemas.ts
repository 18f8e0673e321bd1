/** The fields of billing's records (FHIR ChargeItem, Invoice), its inputs and answers, declared once. */

import { SERVICE_TYPES } from '../../kernel/catalogue.generated';
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { CurrencySchema } from '../doctors';
import { InvoiceStatusSchema, MANUAL_INVOICE_STATUSES } from './status';

/** Largest amount in minor units one line, payment or refund may carry (10^12: 10 billion rupees). */
export const MAX_AMOUNT = 1_000_000_000_000;

const minorUnits = (min: number) =>
  z
    .number({ message: 'must be a whole number of minor units (e.g. paise, cents)' })
    .check(
      z.int('must be a whole number of minor units (e.g. paise, cents)'),
      z.gte(min, `must be between ${min} and ${MAX_AMOUNT}`),
      z.lte(MAX_AMOUNT, `must be between ${min} and ${MAX_AMOUNT}`),
    );

/** Tax rate in basis points: 1800 = 18%. */
const taxRate = () =>
  z
    .number({ message: 'must be a whole number of basis points (1800 = 18%)' })
    .check(
      z.int('must be a whole number of basis points (1800 = 18%)'),
      z.gte(0, 'must be between 0 and 10000 basis points'),
      z.lte(10_000, 'must be between 0 and 10000 basis points'),
    );

/** What a charge is for: every module's charge sources declare theirs (their manifests). */
export { SERVICE_TYPES };
export const ServiceTypeSchema = z.enum(SERVICE_TYPES, {
  message: `must be one of: ${SERVICE_TYPES.join(', ')}`,
});
export type ServiceType = z.infer<typeof ServiceTypeSchema>;

export const PAYMENT_METHODS = ['cash', 'card', 'bank-transfer', 'upi', 'insurance'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  message: `must be one of: ${PAYMENT_METHODS.join(', ')}`,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

// ─── Settings and tariffs ───────────────────────────────────────────────────────────────────

export const BillingSettings = z.strictObject({
  /** The hospital's currency (ISO 4217): every tariff, charge and invoice is in it. */
  currency: z.string(),
  /** A discount above this share of a line's gross amount needs ADMIN or ACCOUNTANT. */
  discountThresholdBp: z.number(),
  /** A refund above this amount (minor units) needs ADMIN or ACCOUNTANT. */
  refundThreshold: z.number(),
  /** Tax on consultation fees (from the doctor's profile). */
  consultationTaxRateBp: z.number(),
  consultationTaxInclusive: z.boolean(),
  updatedAt: z.optional(TimestampSchema),
  updatedBy: z.optional(z.string()),
});
export type BillingSettings = z.output<typeof BillingSettings>;

export const UpdateSettingsInput = z.strictObject({
  currency: CurrencySchema,
  discountThresholdBp: taxRate(),
  refundThreshold: minorUnits(0),
  consultationTaxRateBp: taxRate(),
  consultationTaxInclusive: z.boolean({ message: 'must be true or false' }),
});

const TariffCodeSchema = z
  .string({ message: 'must be a string' })
  .check(z.regex(/^[A-Z0-9][A-Z0-9-]{0,31}$/, 'must be 1–32 of A–Z, 0–9 and -, e.g. XRAY-CHEST'));

export const Tariff = z.strictObject({
  code: z.string(),
  name: z.string(),
  serviceType: ServiceTypeSchema,
  unitPrice: z.number(),
  taxRateBp: z.number(),
  taxInclusive: z.boolean(),
  departmentId: z.optional(z.string()),
  departmentName: z.optional(z.string()),
  active: z.boolean(),
  updatedAt: TimestampSchema,
  updatedBy: z.string(),
});
export type Tariff = z.output<typeof Tariff>;

export const PutTariffInput = z.strictObject({
  code: TariffCodeSchema,
  name: nonEmpty(120),
  serviceType: ServiceTypeSchema,
  unitPrice: minorUnits(0),
  taxRateBp: taxRate(),
  taxInclusive: z.boolean({ message: 'must be true or false' }),
  departmentId: z.optional(idParam()),
  active: z._default(z.boolean({ message: 'must be true or false' }), true),
});
export const ListTariffsInput = z.strictObject({ ...pageFields });
export const TariffPage = pageOf(Tariff);

// ─── Charge items (FHIR ChargeItem) ─────────────────────────────────────────────────────────

export const CHARGE_STATUSES = ['billable', 'billed', 'not-billable'] as const;
export const ChargeStatusSchema = z.enum(CHARGE_STATUSES);

export const ChargeSource = z.strictObject({ type: z.string(), id: z.string() });

export const ChargeItem = z.strictObject({
  id: z.string(),
  status: ChargeStatusSchema,
  /** What produced it: `{type: 'encounter', id}`, `{type: 'dispense', id}`, `{type: 'manual', id}`. */
  source: ChargeSource,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  admissionId: z.optional(z.string()),
  serviceType: ServiceTypeSchema,
  code: z.optional(z.string()),
  description: z.string(),
  departmentId: z.optional(z.string()),
  departmentName: z.optional(z.string()),
  quantity: z.number(),
  unitPrice: z.number(),
  currency: z.string(),
  taxRateBp: z.number(),
  taxInclusive: z.boolean(),
  occurredAt: TimestampSchema,
  enteredAt: TimestampSchema,
  enteredBy: z.string(),
  invoiceId: z.optional(z.string()),
  statusReason: z.optional(z.string()),
});
export type ChargeItem = z.output<typeof ChargeItem>;

const quantity = () =>
  z
    .number({ message: 'must be a whole number' })
    .check(
      z.int('must be a whole number'),
      z.gte(1, 'must be between 1 and 10000'),
      z.lte(10_000, 'must be between 1 and 10000'),
    );

/** A manual charge: a tariff's service, or a priced line of its own (e.g. a dispense before pharmacy). */
export const AddChargeInput = z
  .strictObject({
    patientId: idParam(),
    admissionId: z.optional(idParam()),
    quantity: z._default(quantity(), 1),
    tariffCode: z.optional(TariffCodeSchema),
    serviceType: z.optional(ServiceTypeSchema),
    description: z.optional(nonEmpty(200)),
    unitPrice: z.optional(minorUnits(0)),
    taxRateBp: z.optional(taxRate()),
    taxInclusive: z.optional(z.boolean({ message: 'must be true or false' })),
    departmentId: z.optional(idParam()),
  })
  .check(
    z.superRefine((b, ctx) => {
      const adHoc = ['serviceType', 'description', 'unitPrice'] as const;
      if (b.tariffCode) {
        for (const f of [...adHoc, 'taxRateBp', 'taxInclusive', 'departmentId'] as const)
          if (b[f] !== undefined)
            ctx.addIssue({
              code: 'custom',
              path: [f],
              message: 'comes from the tariff; leave it out with tariffCode',
            });
        return;
      }
      for (const f of adHoc)
        if (b[f] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [f],
            message: 'is required without tariffCode',
          });
    }),
  );

export const ListChargesInput = z.strictObject({
  patientId: idParam(),
  status: z.optional(ChargeStatusSchema),
  ...pageFields,
});
export const ChargePage = pageOf(ChargeItem);
export const VoidChargeInput = z.strictObject({ id: idParam(), reason: nonEmpty(500) });

// ─── Invoices (FHIR Invoice), payments and credit notes ─────────────────────────────────────

export const InvoiceLine = z.strictObject({
  chargeItemId: z.string(),
  serviceType: ServiceTypeSchema,
  code: z.optional(z.string()),
  description: z.string(),
  departmentId: z.optional(z.string()),
  departmentName: z.optional(z.string()),
  quantity: z.number(),
  unitPrice: z.number(),
  taxRateBp: z.number(),
  taxInclusive: z.boolean(),
  gross: z.number(),
  discount: z.number(),
  discountReason: z.optional(z.string()),
  discountBy: z.optional(z.string()),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.output<typeof InvoiceLine>;

export const Invoice = z.strictObject({
  id: z.string(),
  /** Gap-free per hospital and year, in the hospital's time zone: INV-2026-000123. */
  number: z.string(),
  status: InvoiceStatusSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  admissionId: z.optional(z.string()),
  currency: z.string(),
  lines: z.array(InvoiceLine),
  gross: z.number(),
  discount: z.number(),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  /** What is still due: total − paid + refunded (0 when balanced). */
  balance: z.number(),
  issuedAt: z.optional(TimestampSchema),
  issuedBy: z.optional(z.string()),
  statusReason: z.optional(z.string()),
  createdAt: TimestampSchema,
  createdBy: z.string(),
  updatedAt: TimestampSchema,
});
export type Invoice = z.output<typeof Invoice>;

export const Payment = z.strictObject({
  id: z.string(),
  invoiceId: z.string(),
  method: PaymentMethodSchema,
  amount: z.number(),
  /** Card slip, UTR, UPI transaction id, claim number. */
  reference: z.optional(z.string()),
  /** How much of it credit notes have given back. */
  refunded: z.number(),
  receivedAt: TimestampSchema,
  receivedBy: z.string(),
});
export type Payment = z.output<typeof Payment>;

/** A refund: a credit note against one payment, numbered like invoices (CN-2026-000007). */
export const CreditNote = z.strictObject({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  paymentId: z.string(),
  method: PaymentMethodSchema,
  amount: z.number(),
  reason: z.string(),
  issuedAt: TimestampSchema,
  issuedBy: z.string(),
});
export type CreditNote = z.output<typeof CreditNote>;

export const InvoiceDetail = z.extend(Invoice, {
  payments: z.array(Payment),
  creditNotes: z.array(CreditNote),
});

export const CreateInvoiceInput = z.strictObject({
  patientId: idParam(),
  /** Only the patient's billable charges of this admission (default: all their billable charges). */
  admissionId: z.optional(idParam()),
  /** The charges to invoice (default: all the patient's billable ones). */
  chargeItemIds: z.optional(
    z
      .array(idParam())
      .check(z.minLength(1, 'must name at least one charge item'), z.maxLength(90, 'at most 90')),
  ),
  discounts: z.optional(
    z
      .array(
        z.strictObject({
          chargeItemId: idParam(),
          amount: minorUnits(1),
          reason: nonEmpty(300),
        }),
      )
      .check(z.maxLength(90, 'at most 90')),
  ),
});

export const ListInvoicesInput = z.strictObject({
  patientId: z.optional(idParam()),
  status: z.optional(InvoiceStatusSchema),
  ...pageFields,
});
export const InvoicePage = pageOf(Invoice);
export const InvoiceIdInput = z.strictObject({ id: idParam() });

export const SetInvoiceStatusInput = z
  .strictObject({
    id: idParam(),
    status: z.enum(MANUAL_INVOICE_STATUSES, {
      message: `must be one of: ${MANUAL_INVOICE_STATUSES.join(', ')} (balanced follows the payments)`,
    }),
    reason: z.optional(nonEmpty(500)),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (b.status !== 'issued' && !b.reason)
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: `is required when status is '${b.status}'`,
        });
    }),
  );

export const AddPaymentInput = z.strictObject({
  id: idParam(),
  method: PaymentMethodSchema,
  amount: minorUnits(1),
  reference: z.optional(nonEmpty(100)),
});

export const RefundInput = z.strictObject({
  id: idParam(),
  paymentId: idParam(),
  amount: minorUnits(1),
  reason: nonEmpty(500),
});

// ─── Dashboard ──────────────────────────────────────────────────────────────────────────────

export const PeriodFigures = z.strictObject({
  /** Totals of the invoices issued in the period (tax included). */
  billed: z.number(),
  invoicesIssued: z.number(),
  tax: z.number(),
  /**
   * One figure per payment method (PAYMENT_METHODS), spelled out: a record keyed by an enum
   * becomes a JSON Schema that strict validators reject (required keys without properties).
   */
  collected: z.strictObject({
    cash: z.number(),
    card: z.number(),
    'bank-transfer': z.number(),
    upi: z.number(),
    insurance: z.number(),
  } satisfies Record<(typeof PAYMENT_METHODS)[number], unknown>),
  collectedTotal: z.number(),
  refunds: z.number(),
  /** Totals of issued invoices cancelled in the period. */
  cancelled: z.number(),
  /** Net (tax excluded) amounts of the lines of invoices issued in the period. */
  revenueByDepartment: z.array(
    z.strictObject({ departmentId: z.string(), departmentName: z.string(), net: z.number() }),
  ),
  revenueByServiceType: z.array(
    z.strictObject({ serviceType: ServiceTypeSchema, net: z.number() }),
  ),
});
export type PeriodFigures = z.output<typeof PeriodFigures>;

export const Dashboard = z.strictObject({
  currency: z.string(),
  timeZone: z.string(),
  date: z.string(),
  month: z.string(),
  today: PeriodFigures,
  thisMonth: PeriodFigures,
  /** What is due on issued invoices, by the month they were issued in (hospital time zone). */
  outstanding: z.strictObject({
    total: z.number(),
    buckets: z.array(
      z.strictObject({
        label: z.enum(['this month', '1 month', '2 months', '3+ months']),
        amount: z.number(),
      }),
    ),
  }),
});
export type Dashboard = z.output<typeof Dashboard>;

export const DashboardInput = z.strictObject({});
