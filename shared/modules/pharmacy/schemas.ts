/** The fields of formulary items, batches, receipts, movements and dispenses, declared once. */

import { DOSAGE_FORMS } from '../../clinical/dispensing';
import { MedicationRequestStatusSchema } from '../../clinical/prescribing';
import { drugNameText } from '../../clinical/text';
import { boundedNumber, boundedText, idParam, oneOf } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import {
  ADJUSTMENT_REASONS,
  BatchStatusSchema,
  MedicationDispenseStatusSchema,
  MovementTypeSchema,
} from './status';

const int = () => z.number().check(z.int());
/** Money is integer minor units (paise, cents) everywhere. */
const money = (field: string) => boundedNumber(field, 0, 100_000_000, { int: true });

/** Dosage forms: declared once with the dispensing rules that compare them. */
export { DOSAGE_FORMS };

export const PricingSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('fixed'), unitPrice: money('pricing.unitPrice') }),
    z.strictObject({
      kind: z.literal('markup'),
      /** Percent on the batch's unit cost, to two decimals (12.5 = 12.5 %). */
      percent: boundedNumber('pricing.percent', 0, 1000).check(
        z.refine((p) => Math.round(p * 100) === p * 100, 'at most two decimals'),
      ),
    }),
  ],
  { error: 'pricing must be {kind: "fixed", unitPrice} or {kind: "markup", percent}' },
);

/** A drug the hospital stocks (its formulary entry), with its stock on hand. */
export const FormularyItem = z.strictObject({
  id: z.string(),
  /** The hospital's own item code, unique per hospital. */
  code: z.string(),
  /** WHO ATC code: the link to the drug catalogue prescriptions are written against. */
  drugCode: z.string(),
  genericName: z.string(),
  brandName: z.optional(z.string()),
  form: z.string(),
  strength: z.string(),
  /** The unit stock is counted and dispensed in (tablet, bottle, vial…). */
  unit: z.string(),
  /** Units per pack as supplied: orders are suggested in whole packs. */
  packSize: int(),
  pricing: PricingSchema,
  reorderLevel: int(),
  controlled: z.boolean(),
  /** Units in active batches (the counter every movement updates in its transaction). */
  onHand: int(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type FormularyItem = z.output<typeof FormularyItem>;

export const CreateItemInput = z.strictObject({
  code: z
    .string({ error: 'code must be a string' })
    .check(z.trim(), z.regex(/^[A-Za-z0-9-]{2,30}$/, 'code must be 2 to 30 letters, digits or -')),
  drugCode: z.optional(boundedText('drugCode', 1, 20)),
  genericName: drugNameText('genericName', 200),
  brandName: z.optional(boundedText('brandName', 1, 200)),
  form: oneOf('form', DOSAGE_FORMS),
  strength: boundedText('strength', 1, 50),
  unit: boundedText('unit', 1, 30),
  packSize: boundedNumber('packSize', 1, 10_000, { int: true }),
  pricing: PricingSchema,
  reorderLevel: boundedNumber('reorderLevel', 0, 1_000_000, { int: true }),
  controlled: z._default(z.boolean({ error: 'controlled must be true or false' }), false),
});

export const UpdateItemInput = z
  .strictObject({
    id: idParam(),
    brandName: z.optional(boundedText('brandName', 1, 200)),
    packSize: z.optional(boundedNumber('packSize', 1, 10_000, { int: true })),
    pricing: z.optional(PricingSchema),
    reorderLevel: z.optional(boundedNumber('reorderLevel', 0, 1_000_000, { int: true })),
    controlled: z.optional(z.boolean({ error: 'controlled must be true or false' })),
  })
  .check(
    z.refine(
      (b) => Object.entries(b).some(([k, v]) => k !== 'id' && v !== undefined),
      'give at least one of brandName, packSize, pricing, reorderLevel, controlled',
    ),
  );

export const ListItemsInput = z.strictObject({
  /** Items of one drug (ATC code), e.g. to choose what to dispense for a prescription. */
  drugCode: z.optional(boundedText('drugCode', 1, 20)),
  /** A drug by name, brand or synonym as prescribed ("Crocin"), matched in the drug catalogue. */
  drug: z.optional(boundedText('drug', 1, 200)),
  ...pageFields,
});
export const ItemPage = pageOf(FormularyItem);
export const ItemIdInput = z.strictObject({ id: idParam() });

export const Batch = z.strictObject({
  id: z.string(),
  itemId: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantityReceived: int(),
  /** Units left in the batch (0 once recalled or written off). */
  quantity: int(),
  /** Cost of one unit, in minor units. */
  unitCost: int(),
  status: BatchStatusSchema,
  receiptId: z.string(),
  supplier: z.string(),
  receivedAt: TimestampSchema,
  statusReason: z.optional(z.string()),
  statusChangedAt: z.optional(TimestampSchema),
  statusChangedBy: z.optional(z.string()),
});
export type Batch = z.output<typeof Batch>;

/** One item's stock: counters and every batch, first expiry first. */
export const Stock = z.strictObject({
  item: FormularyItem,
  /** Units dispensable today: unexpired batches of active status. */
  available: int(),
  /** Units in active batches past their expiry date, waiting for their write-off. */
  expiredAwaitingWriteOff: int(),
  belowReorderLevel: z.boolean(),
  /** Value of the units on hand at cost, in minor units. */
  valueAtCost: int(),
  batches: z.array(Batch),
});

export const ReceiptLineInput = z.strictObject({
  itemId: idParam(),
  batchNumber: z
    .string({ error: 'batchNumber must be a string' })
    .check(
      z.trim(),
      z.regex(
        /^[A-Za-z0-9][A-Za-z0-9/.-]{0,39}$/,
        'batchNumber must be 1 to 40 letters, digits, / . or -',
      ),
    ),
  expiryDate: LocalDateSchema,
  quantity: boundedNumber('quantity', 1, 1_000_000, { int: true }),
  unitCost: money('unitCost'),
});

export const MAX_RECEIPT_LINES = 25;

export const ReceiveInput = z.strictObject({
  supplier: boundedText('supplier', 1, 200),
  invoiceReference: boundedText('invoiceReference', 1, 60),
  lines: z
    .array(ReceiptLineInput, { error: 'lines must be a list' })
    .check(
      z.minLength(1, 'give at least one line'),
      z.maxLength(MAX_RECEIPT_LINES, `at most ${MAX_RECEIPT_LINES} lines per receipt`),
    ),
});

export const Receipt = z.strictObject({
  id: z.string(),
  supplier: z.string(),
  invoiceReference: z.string(),
  lines: z.array(
    z.strictObject({
      itemId: z.string(),
      batchId: z.string(),
      batchNumber: z.string(),
      expiryDate: z.string(),
      quantity: int(),
      unitCost: int(),
    }),
  ),
  /** Sum of quantity × unit cost, in minor units. */
  totalCost: int(),
  receivedAt: TimestampSchema,
  receivedBy: z.string(),
});

export const ReceiptPage = pageOf(Receipt);
export const ListReceiptsInput = z.strictObject({ ...pageFields });

/** An immutable ledger entry: every change of stock, with who and when. */
export const Movement = z.strictObject({
  id: z.string(),
  itemId: z.string(),
  batchId: z.string(),
  batchNumber: z.string(),
  type: MovementTypeSchema,
  /** Signed change of the batch's quantity. */
  quantity: int(),
  /** The batch's quantity after the movement. */
  batchQuantityAfter: int(),
  reason: z.optional(z.string()),
  note: z.optional(z.string()),
  /** The receipt or dispense behind the movement. */
  reference: z.optional(z.string()),
  /** Who received the units (dispenses and returns): a recall's trace to patients. */
  patientId: z.optional(z.string()),
  at: TimestampSchema,
  by: z.string(),
});
export type Movement = z.output<typeof Movement>;
export const MovementPage = pageOf(Movement);
export const ListMovementsInput = z.strictObject({ id: idParam(), ...pageFields });
export const ListBatchMovementsInput = z.strictObject({
  id: idParam(),
  batchId: idParam(),
  ...pageFields,
});

export const BatchRefInput = { id: idParam(), batchId: idParam() };

export const AdjustInput = z
  .strictObject({
    ...BatchRefInput,
    quantity: boundedNumber('quantity', -1_000_000, 1_000_000, { int: true }).check(
      z.refine((q) => q !== 0, 'quantity must not be 0'),
    ),
    reason: oneOf('reason', ADJUSTMENT_REASONS),
    note: z.optional(boundedText('note', 1, 500)),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (b.quantity > 0 && b.reason !== 'count-correction')
        ctx.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: 'quantity may only be positive for a count-correction',
        });
      if (b.reason === 'other' && !b.note)
        ctx.addIssue({ code: 'custom', path: ['note'], message: "note is required for 'other'" });
    }),
  );

export const WriteOffInput = z.strictObject({
  ...BatchRefInput,
  note: z.optional(boundedText('note', 1, 500)),
});
export const RecallInput = z.strictObject({
  ...BatchRefInput,
  reason: boundedText('reason', 1, 500),
});

export const AdjustmentResult = z.strictObject({ batch: Batch, movement: Movement, onHand: int() });

export const DispenseInput = z.strictObject({
  encounterId: idParam(),
  prescriptionId: idParam(),
  /** The formulary item dispensed: must be the prescribed drug (same ATC code). */
  itemId: idParam(),
  /** Units to hand over now; the whole remainder owed when omitted. */
  quantity: z.optional(boundedNumber('quantity', 1, 10_000, { int: true })),
});

export const Dispense = z.strictObject({
  id: z.string(),
  /** FHIR MedicationDispense.status. */
  status: MedicationDispenseStatusSchema,
  /** v3 ActPharmacySupplyType: FFP/RFP part fill, FFC/RFC the fill that completes the order. */
  type: z.enum(['FFP', 'FFC', 'RFP', 'RFC']),
  encounterId: z.string(),
  prescriptionId: z.string(),
  patientId: z.string(),
  itemId: z.string(),
  itemCode: z.string(),
  drugName: z.string(),
  quantity: int(),
  lines: z.array(
    z.strictObject({
      batchId: z.string(),
      batchNumber: z.string(),
      expiryDate: z.string(),
      quantity: int(),
      unitCost: int(),
      /** Units of this line the patient brought back unused (restocked into the batch). */
      returnedQuantity: z.optional(int()),
    }),
  ),
  /** Units returned so far, over all lines. */
  returnedQuantity: int(),
  prescribedQuantity: int(),
  /** Units still owed on the prescription after this dispense. */
  remainingOwed: int(),
  /** The prescription's MedicationRequest.status after this dispense. */
  prescriptionStatus: MedicationRequestStatusSchema,
  dispensedAt: TimestampSchema,
  dispensedBy: z.string(),
});
export type Dispense = z.output<typeof Dispense>;
export const DispensePage = pageOf(Dispense);
export const ListDispensesInput = z.strictObject({ prescriptionId: idParam(), ...pageFields });

export const ReturnInput = z.strictObject({
  id: idParam(),
  /** The batch the units go back to: required when the dispense took from several. */
  batchId: z.optional(idParam()),
  quantity: boundedNumber('quantity', 1, 10_000, { int: true }),
  reason: boundedText('reason', 1, 500),
});
export const ReturnResult = z.strictObject({
  dispense: Dispense,
  movement: Movement,
  onHand: int(),
});

export const ExpiryScanInput = z.strictObject({
  withinDays: z._default(
    z.coerce
      .number({ message: 'must be a number' })
      .check(
        z.int('must be a whole number'),
        z.gte(0, 'must be between 0 and 730'),
        z.lte(730, 'must be between 0 and 730'),
      ),
    90,
  ),
  ...pageFields,
});

export const ExpiryScanRow = z.strictObject({
  batchId: z.string(),
  itemId: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  state: z.enum(['expired', 'expiring']),
  /** Negative once expired. */
  daysToExpiry: int(),
  quantity: int(),
  unitCost: int(),
  valueAtCost: int(),
  suggestedAction: z.string(),
});
export const ExpiryScan = z.strictObject({
  asOf: z.string(),
  cutoff: z.string(),
  items: z.array(ExpiryScanRow),
  nextCursor: z.nullable(z.string()),
  /** Totals of this page. */
  pageQuantity: int(),
  pageValueAtCost: int(),
});

export const LowStockInput = z.strictObject({ ...pageFields });
export const LowStockRow = z.strictObject({
  itemId: z.string(),
  code: z.string(),
  name: z.string(),
  onHand: int(),
  reorderLevel: int(),
  packSize: int(),
  suggestedOrderQuantity: int(),
});
export const LowStockPage = pageOf(LowStockRow);
