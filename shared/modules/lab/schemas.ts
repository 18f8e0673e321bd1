/** The fields of the lab catalogue, orders (FHIR ServiceRequest), specimens and results. */

import { PrioritySchema } from '../../clinical/order-priority';
import { OrderSourceSchema } from '../../clinical/order-source';
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { InstantSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import {
  CodedAnswerSchema,
  CriticalBandSchema,
  criticalCoverageProblem,
  FLAGS,
  ReferenceRangeSchema,
  UnitConversionSchema,
} from './ranges';

export { PRIORITIES, type Priority, PrioritySchema } from '../../clinical/order-priority';

import {
  LabStepSchema,
  OrderStatusSchema,
  REJECTION_REASONS,
  ReportStatusSchema,
  SETTABLE_ORDER_STATUSES,
  SPECIMEN_STATUSES,
} from './status';

/** A catalogue code: LOINC (`718-7`) where one exists, else the hospital's own (`CBC`). */
export const catalogueCode = () =>
  z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/,
        'must be a code of letters, digits, . and - (at most 20)',
      ),
    );

const priceMinor = () =>
  z
    .number({ message: 'must be a number' })
    .check(
      z.int('must be a whole number of minor units (e.g. paise, cents)'),
      z.gte(0, 'must be 0 or more'),
      z.lte(100_000_000, 'must be at most 100000000'),
    );

export const LabTestFields = z.strictObject({
  codeSystem: z.enum(['LOINC', 'local'], { message: 'must be LOINC or local' }),
  name: nonEmpty(120),
  specimenType: nonEmpty(60),
  container: nonEmpty(60),
  resultType: z.enum(['numeric', 'coded'], { message: 'must be numeric or coded' }),
  /** UCUM unit of a numeric result, e.g. `g/dL`, `mmol/L`. */
  unit: z.optional(z.string().check(z.trim(), z.maxLength(20, 'must be at most 20 characters'))),
  /** Decimal places a numeric result is reported with. */
  decimals: z._default(z.number().check(z.int(), z.gte(0), z.lte(4, 'must be at most 4')), 1),
  answers: z._default(z.array(CodedAnswerSchema).check(z.maxLength(30, 'at most 30 answers')), []),
  turnaroundHours: z
    .number({ message: 'must be a number' })
    .check(
      z.int('must be whole hours'),
      z.gte(1, 'must be at least 1'),
      z.lte(720, 'must be at most 720'),
    ),
  priceMinor: priceMinor(),
  ranges: z._default(z.array(ReferenceRangeSchema).check(z.maxLength(30, 'at most 30 ranges')), []),
  /**
   * Critical limits by sex and age, inclusive; when given they must cover every age from birth and
   * every sex, so a critical value alerts whether or not a reference band fits the patient.
   */
  critical: z._default(
    z.array(CriticalBandSchema).check(z.maxLength(30, 'at most 30 critical bands')),
    [],
  ),
  /**
   * What a live patient's value can be (a numeric test): a value outside is refused as a typing or
   * unit error unless the entry confirms it with a reason, which is recorded with the result.
   */
  plausible: z.optional(
    z
      .strictObject({
        low: z.number({ message: 'must be a number' }),
        high: z.number({ message: 'must be a number' }),
      })
      .check(z.refine((p) => p.low < p.high, { path: ['high'], message: 'must be above low' })),
  ),
  /** Other units results may arrive in, each with its factor to the test's unit. */
  unitConversions: z._default(
    z.array(UnitConversionSchema).check(z.maxLength(10, 'at most 10 conversions')),
    [],
  ),
  /** An active order for the same test and patient within this many hours is a duplicate. */
  duplicateWindowHours: z._default(
    z.number().check(z.int(), z.gte(0), z.lte(8760, 'must be at most 8760')),
    24,
  ),
  active: z._default(z.boolean(), true),
});

export const LabTest = z.extend(LabTestFields, {
  code: z.string(),
  updatedAt: TimestampSchema,
  updatedBy: z.string(),
});
export type LabTest = z.output<typeof LabTest>;

export const PutLabTestInput = z.extend(LabTestFields, { code: catalogueCode() }).check(
  z.superRefine((t, ctx) => {
    if (t.resultType === 'coded' && t.answers.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['answers'],
        message: 'a coded test needs its answers',
      });
    if (t.resultType === 'numeric' && !t.unit)
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'a numeric test needs its unit' });
    const gap = criticalCoverageProblem(t.critical);
    if (gap) ctx.addIssue({ code: 'custom', path: ['critical'], message: gap });
  }),
);

export const LabPanel = z.strictObject({
  code: z.string(),
  codeSystem: z.enum(['LOINC', 'local']),
  name: z.string(),
  tests: z.array(z.string()),
  priceMinor: z.number(),
  active: z.boolean(),
  updatedAt: TimestampSchema,
  updatedBy: z.string(),
});
export type LabPanel = z.output<typeof LabPanel>;

export const PutLabPanelInput = z.strictObject({
  code: catalogueCode(),
  codeSystem: z.enum(['LOINC', 'local'], { message: 'must be LOINC or local' }),
  name: nonEmpty(120),
  tests: z
    .array(catalogueCode())
    .check(z.minLength(1, 'a panel needs at least one test'), z.maxLength(40, 'at most 40 tests')),
  priceMinor: priceMinor(),
  active: z._default(z.boolean(), true),
});

export const Catalogue = z.strictObject({ tests: z.array(LabTest), panels: z.array(LabPanel) });
/**
 * The starter ranges are published values, not the laboratory's own: whoever installs them says
 * so explicitly, and the catalogue records who installed each test (`updatedBy`).
 */
export const StarterInstallInput = z.strictObject({
  acceptPublishedRanges: z.literal(true, {
    message:
      'must be true: the starter reference ranges are published values the laboratory validates before reporting on them',
  }),
});

export const CatalogueInstallResult = z.strictObject({
  installedTests: z.array(z.string()),
  installedPanels: z.array(z.string()),
  /** Codes the hospital already had: left as the hospital edited them. */
  kept: z.array(z.string()),
});

/** A test or panel as ordered: priced and named as the catalogue had it then. */
export const OrderedItem = z.strictObject({
  kind: z.enum(['test', 'panel']),
  code: z.string(),
  codeSystem: z.enum(['LOINC', 'local']),
  name: z.string(),
  priceMinor: z.number(),
  tests: z.array(z.string()),
});
export type OrderedItem = z.output<typeof OrderedItem>;

export const ResultRevision = z.strictObject({
  value: z.optional(z.number()),
  valueCode: z.optional(z.string()),
  flag: z.optional(z.enum(FLAGS)),
  enteredBy: z.string(),
  enteredAt: TimestampSchema,
  /** Who replaced this value, when and why. */
  replacedBy: z.string(),
  replacedAt: TimestampSchema,
  reason: z.optional(z.string()),
});

/** One result (FHIR Observation) of the order. */
export const LabResult = z.strictObject({
  code: z.string(),
  name: z.string(),
  resultType: z.enum(['numeric', 'coded']),
  unit: z.optional(z.string()),
  /** FHIR Observation.status: preliminary until verified, final, amended after a change. */
  status: z.enum(['preliminary', 'final', 'amended']),
  value: z.optional(z.number()),
  valueCode: z.optional(z.string()),
  valueDisplay: z.optional(z.string()),
  flag: z.optional(z.enum(FLAGS)),
  /** The band the flag was computed from; absent when none fits the patient. */
  range: z.optional(ReferenceRangeSchema),
  /** The critical limits the value was compared with (inclusive), when the test has them. */
  criticalLimits: z.optional(
    z.strictObject({
      low: z.optional(z.number()),
      high: z.optional(z.number()),
      source: z.optional(z.string()),
    }),
  ),
  /** The value as entered, when it came in another unit and was converted to the test's. */
  reported: z.optional(z.strictObject({ value: z.number(), unit: z.string() })),
  /** A value outside the test's plausible limits, confirmed: who, when and why. */
  implausibleConfirmed: z.optional(
    z.strictObject({ reason: z.string(), by: z.string(), at: TimestampSchema }),
  ),
  enteredBy: z.string(),
  enteredAt: TimestampSchema,
  history: z.array(ResultRevision),
});
export type LabResult = z.output<typeof LabResult>;

export const Specimen = z.strictObject({
  /** Gap-free per hospital, barcode-ready (Code 128): `L` and eight digits. */
  accession: z.string(),
  specimenType: z.string(),
  container: z.string(),
  status: z.enum(SPECIMEN_STATUSES),
  collectedAt: TimestampSchema,
  collectedBy: z.string(),
  rejectionReason: z.optional(z.enum(REJECTION_REASONS)),
  rejectionNote: z.optional(z.string()),
  rejectedBy: z.optional(z.string()),
  rejectedAt: z.optional(TimestampSchema),
});
export type Specimen = z.output<typeof Specimen>;

export const CriticalAlert = z.strictObject({
  id: z.string(),
  orderId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  doctorId: z.string(),
  testCode: z.string(),
  testName: z.string(),
  value: z.optional(z.number()),
  valueCode: z.optional(z.string()),
  unit: z.optional(z.string()),
  flag: z.enum(FLAGS),
  raisedAt: TimestampSchema,
  raisedBy: z.string(),
  acknowledgedAt: z.optional(TimestampSchema),
  acknowledgedBy: z.optional(z.string()),
  acknowledgementNote: z.optional(z.string()),
});
export type CriticalAlert = z.output<typeof CriticalAlert>;

/** A lab order (FHIR ServiceRequest) with its specimens and report (DiagnosticReport). */
export const LabOrder = z.strictObject({
  id: z.string(),
  source: OrderSourceSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  /** The patient's sex and date of birth when ordered: the reference bands are chosen from them. */
  patientSex: z.string(),
  patientDateOfBirth: z.string(),
  pregnant: z.optional(z.boolean()),
  /** The doctor the request is for, who receives its critical alerts. */
  requesterId: z.string(),
  /** Who placed it: the doctor, or the system or agent acting for them. */
  orderedBy: z.string(),
  orderedAt: TimestampSchema,
  status: OrderStatusSchema,
  statusReason: z.optional(z.string()),
  step: LabStepSchema,
  priority: PrioritySchema,
  clinicalNotes: z.optional(z.string()),
  items: z.array(OrderedItem),
  specimenType: z.string(),
  container: z.string(),
  /** The reason a duplicate order was placed anyway. */
  duplicateOf: z.optional(z.array(z.string())),
  specimens: z.array(Specimen),
  reportStatus: ReportStatusSchema,
  results: z.array(LabResult),
  verifiedBy: z.optional(z.string()),
  verifiedAt: z.optional(TimestampSchema),
  version: z.number(),
  updatedAt: TimestampSchema,
});
export type LabOrder = z.output<typeof LabOrder>;

export const CreateLabOrderInput = z.strictObject({
  source: OrderSourceSchema,
  /** Test or panel codes from the catalogue. */
  codes: z
    .array(catalogueCode())
    .check(z.minLength(1, 'order at least one test or panel'), z.maxLength(20, 'at most 20 codes')),
  priority: z._default(PrioritySchema, 'routine'),
  clinicalNotes: z.optional(nonEmpty(1000)),
  pregnant: z.optional(z.boolean()),
  /** Place it although an active order for the same test and patient is within its window. */
  confirmDuplicate: z._default(z.boolean(), false),
  /** For an administrator or an integration: the doctor the request is for. */
  requesterId: z.optional(idParam()),
});

export const OrderIdInput = z.strictObject({ id: idParam() });
export const SetOrderStatusInput = z
  .strictObject({
    id: idParam(),
    status: z.enum(SETTABLE_ORDER_STATUSES, {
      message: `must be one of: ${SETTABLE_ORDER_STATUSES.join(', ')}`,
    }),
    reason: z.optional(nonEmpty(500)),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (b.status !== 'active' && !b.reason)
        ctx.addIssue({
          code: 'custom',
          path: ['reason'],
          message: `is required when status is '${b.status}'`,
        });
    }),
  );

export const CollectInput = z.strictObject({
  id: idParam(),
  /** When it was drawn, if not now (not in the future). */
  collectedAt: z.optional(InstantSchema),
});
export const RejectSpecimenInput = z.strictObject({
  id: idParam(),
  accession: z.string().check(z.regex(/^L\d{8}$/, 'must be an accession number like L00000042')),
  reason: z.enum(REJECTION_REASONS, { message: `must be one of: ${REJECTION_REASONS.join(', ')}` }),
  note: z.optional(nonEmpty(500)),
});

/** How a numeric value arrives: in the test's unit unless `unit` says otherwise. */
const numericEntryFields = {
  /** The unit of `value` (UCUM); absent means the test's own unit. Converted or refused. */
  unit: z.optional(
    z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(20)),
  ),
  /** Enters a value outside the test's plausible limits anyway: why (recorded with the result). */
  confirmImplausible: z.optional(nonEmpty(500)),
};

export const ResultEntry = z
  .strictObject({
    code: catalogueCode(),
    value: z.optional(z.number({ message: 'must be a number' }).check(z.gte(-1e9), z.lte(1e9))),
    valueCode: z.optional(nonEmpty(40)),
    ...numericEntryFields,
  })
  .check(
    z.refine((e) => (e.value === undefined) !== (e.valueCode === undefined), {
      message: 'give value (numeric test) or valueCode (coded test)',
      path: ['value'],
    }),
  );
export const EnterResultsInput = z.strictObject({
  id: idParam(),
  results: z.array(ResultEntry).check(z.minLength(1, 'enter at least one result'), z.maxLength(60)),
});
export const AmendResultInput = z.strictObject({
  id: idParam(),
  code: catalogueCode(),
  value: z.optional(z.number({ message: 'must be a number' })),
  valueCode: z.optional(nonEmpty(40)),
  ...numericEntryFields,
  reason: nonEmpty(500),
});

export const WORKLISTS = ['collection', 'entry', 'verification'] as const;
export const WorklistInput = z.strictObject({
  list: z.enum(WORKLISTS, { message: 'must be collection, entry or verification' }),
  ...pageFields,
});
export const LabOrderPage = pageOf(LabOrder);
export const AlertsInput = z.strictObject({ ...pageFields });
export const AlertPage = pageOf(CriticalAlert);
export const AcknowledgeInput = z.strictObject({
  id: idParam(),
  alertId: idParam(),
  note: z.optional(nonEmpty(500)),
});
export const PatientOrdersInput = z.strictObject({ patientId: idParam(), ...pageFields });

export const CumulativeInput = z.strictObject({ patientId: idParam() });
/** A patient's results test by test over time, newest first: the cumulative report. */
export const CumulativeResults = z.strictObject({
  patientId: z.string(),
  columns: z.array(
    z.strictObject({
      orderId: z.string(),
      collectedAt: TimestampSchema,
      reportStatus: ReportStatusSchema,
    }),
  ),
  rows: z.array(
    z.strictObject({
      code: z.string(),
      name: z.string(),
      unit: z.optional(z.string()),
      /** One cell per column; null where the test was not done. */
      cells: z.array(
        z.nullable(
          z.strictObject({
            value: z.optional(z.number()),
            valueDisplay: z.optional(z.string()),
            flag: z.optional(z.enum(FLAGS)),
            status: z.enum(['preliminary', 'final', 'amended']),
          }),
        ),
      ),
    }),
  ),
});
