/** The fields of wards and beds, the availability answer and the bed board, declared once. */
import { LatestEarlyWarningSchema } from '../../clinical/early-warning';
import { boundedNumber, boundedText, idParam, nonEmpty, oneOf } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { BED_STATES, BedStateSchema, MANUAL_BED_STATES } from './status';

export const WARD_TYPES = [
  'general',
  'icu',
  'hdu',
  'ccu',
  'maternity',
  'paediatric',
  'neonatal',
  'surgical',
  'isolation',
  'burns',
  'psychiatric',
] as const;
export const WardTypeSchema = oneOf('type', WARD_TYPES);
export type WardType = (typeof WARD_TYPES)[number];

/** Who a ward's beds may take: men only, women only, or anyone. */
export const SEX_POLICIES = ['male', 'female', 'mixed'] as const;
export const SexPolicySchema = oneOf('sexPolicy', SEX_POLICIES);
export type SexPolicy = (typeof SEX_POLICIES)[number];

/** What a bed is equipped with; availability counts free beds per feature. */
export const BED_FEATURES = [
  'oxygen',
  'suction',
  'monitor',
  'ventilator',
  'telemetry',
  'cot',
  'bariatric',
  'side-room',
  'negative-pressure',
] as const;
export const BedFeatureSchema = oneOf('feature', BED_FEATURES);
export type BedFeature = (typeof BED_FEATURES)[number];

const count = () => z.number().check(z.int());
/** Beds of a ward by state: kept in the same transactions as the state changes. */
export const BedCounts = z.strictObject(
  Object.fromEntries(BED_STATES.map((s) => [s, count()])) as Record<
    (typeof BED_STATES)[number],
    ReturnType<typeof count>
  >,
);
export type BedCounts = z.output<typeof BedCounts>;
/** Unoccupied beds of a ward that have each feature. */
export const FreeByFeature = z.strictObject(
  Object.fromEntries(BED_FEATURES.map((f) => [f, count()])) as Record<
    BedFeature,
    ReturnType<typeof count>
  >,
);
export type FreeByFeature = z.output<typeof FreeByFeature>;

export const Ward = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: z.enum(WARD_TYPES),
  sexPolicy: z.enum(SEX_POLICIES),
  departmentId: z.optional(z.string()),
  /** Charge per bed-day in minor currency units (paise, cents): what billing multiplies. */
  dailyCharge: z.number().check(z.int()),
  bedCounts: BedCounts,
  freeByFeature: FreeByFeature,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Ward = z.output<typeof Ward>;

/** The latest NEWS2 of the bed's patient, for the bed board's escalation flag. */
export const BedNews2 = z.strictObject({
  score: z.nullable(count()),
  risk: z.nullable(z.string()),
  needsEscalation: z.boolean(),
  /** The response due (RCP Chart 4): urgent (5–6 or a single 3) or emergency (7 or more). */
  escalation: z.optional(z.nullable(z.enum(['urgent', 'emergency']))),
  /** Why NEWS2 is withheld for the patient (under 16, pregnant, postpartum). */
  notApplicable: z.optional(z.nullable(z.string())),
  /** MEOWS or PEWS where NEWS2 is withheld; its trigger sets needsEscalation. */
  earlyWarning: z.optional(z.nullable(LatestEarlyWarningSchema)),
  recordedAt: TimestampSchema,
});

export const Bed = z.strictObject({
  id: z.string(),
  wardId: z.string(),
  wardName: z.string(),
  code: z.string(),
  features: z.array(z.enum(BED_FEATURES)),
  state: BedStateSchema,
  stateChangedAt: TimestampSchema,
  stateChangedBy: z.string(),
  stateReason: z.optional(z.string()),
  /** Who is in the bed (set exactly while it is occupied). */
  admissionId: z.optional(z.string()),
  patientId: z.optional(z.string()),
  patientName: z.optional(z.string()),
  mrn: z.optional(z.string()),
  occupiedSince: z.optional(TimestampSchema),
  news2: z.optional(BedNews2),
  createdAt: TimestampSchema,
});
export type Bed = z.output<typeof Bed>;

export const CreateWardInput = z.strictObject({
  name: boundedText('name', 1, 100),
  type: WardTypeSchema,
  sexPolicy: SexPolicySchema,
  departmentId: z.optional(idParam()),
  dailyCharge: boundedNumber('dailyCharge', 0, 100_000_000, { int: true }),
});

export const ListWardsInput = z.strictObject({
  type: z.optional(WardTypeSchema),
  ...pageFields,
});
export const WardPage = pageOf(Ward);
export const WardIdInput = z.strictObject({ id: idParam() });

/** A transaction holds 100 writes; each bed takes two (bed and code lookup), plus the ward. */
export const MAX_BEDS_PER_REQUEST = 40;
const BedCodeSchema = z
  .string({ message: 'must be a string' })
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,15}$/, 'must be 1 to 16 letters, digits or dashes'),
  );
const FeaturesSchema = z
  .array(BedFeatureSchema)
  .check(z.maxLength(BED_FEATURES.length, 'lists a feature twice'));

/**
 * Beds for a ward, all or none: a list of codes, or a series (`prefix` + numbers from `start`,
 * zero-padded to the widest number: A01…A12).
 */
export const CreateBedsInput = z
  .strictObject({
    id: idParam(),
    beds: z.optional(
      z
        .array(z.strictObject({ code: BedCodeSchema, features: z._default(FeaturesSchema, []) }))
        .check(
          z.minLength(1, 'must list at least one bed'),
          z.maxLength(MAX_BEDS_PER_REQUEST, `at most ${MAX_BEDS_PER_REQUEST} beds per request`),
        ),
    ),
    series: z.optional(
      z.strictObject({
        prefix: z
          .string()
          .check(z.trim(), z.regex(/^[A-Za-z0-9-]{0,8}$/, 'must be up to 8 letters or digits')),
        start: z._default(boundedNumber('start', 0, 9999, { int: true }), 1),
        count: boundedNumber('count', 1, MAX_BEDS_PER_REQUEST, { int: true }),
        features: z._default(FeaturesSchema, []),
      }),
    ),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (!b.beds === !b.series)
        ctx.addIssue({ code: 'custom', path: ['beds'], message: 'give either beds or series' });
    }),
  );
export const BedList = z.strictObject({ items: z.array(Bed) });

export const BedIdInput = z.strictObject({ id: idParam() });
export const ChangeBedStateInput = z.strictObject({
  id: idParam(),
  state: oneOf('state', MANUAL_BED_STATES),
  reason: z.optional(nonEmpty(300)),
});
export const MarkBedCleanInput = z.strictObject({ id: idParam() });

export const AvailabilityInput = z.strictObject({
  type: z.optional(WardTypeSchema),
  sexPolicy: z.optional(SexPolicySchema),
  /** Free beds with this feature (a single one: per-feature counters cannot combine features). */
  feature: z.optional(BedFeatureSchema),
});
const WardAvailability = z.strictObject({
  wardId: z.string(),
  name: z.string(),
  type: z.enum(WARD_TYPES),
  sexPolicy: z.enum(SEX_POLICIES),
  total: count(),
  counts: BedCounts,
  /** Unoccupied beds (with the requested feature, when one is given). */
  free: count(),
});
export const Availability = z.strictObject({
  wards: z.array(WardAvailability),
  total: z.strictObject({ total: count(), counts: BedCounts, free: count() }),
});
export type Availability = z.output<typeof Availability>;

export const BedBoard = z.strictObject({
  ward: Ward,
  beds: z.array(Bed),
  /** Beds whose patient's latest NEWS2 needs escalation (high band or a parameter scoring 3). */
  needsEscalation: count(),
});
export { BED_STATES, BedStateSchema };
