/** The fields of the emergency department: arrivals, triage (ESI v4), the board, disposition. */

import { EarlyWarningSchema } from '../../clinical/early-warning';
import { ESI_RESOURCE_KINDS } from '../../clinical/esi';
import { News2ResultSchema } from '../../clinical/news2';
import { VitalsInputSchema } from '../../clinical/vitals';
import { boundedNumber, idParam, nonEmpty, oneOf } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { CalendarDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

export const ARRIVAL_MODES = ['walk-in', 'ambulance', 'referral'] as const;
export const VISIT_STATUSES = [
  'awaiting-triage',
  'awaiting-clinician',
  'with-clinician',
  'departed',
] as const;
export const DISPOSITIONS = ['admit', 'discharge', 'transfer', 'left-without-being-seen'] as const;
export const ESI_LEVELS = [1, 2, 3, 4, 5] as const;

const EsiLevelSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);

/** A patient not yet identified: a temporary identity, later merged into the real record. */
export const TemporaryIdentity = z.strictObject({
  label: z.string(),
  description: z.optional(z.string()),
  sex: z.optional(z.enum(['male', 'female', 'other', 'unknown'])),
  estimatedAgeYears: z.optional(z.number()),
});

export const EsiAnswersSchema = z.strictObject({
  lifeSavingIntervention: z.boolean({ message: 'must be true or false' }),
  highRiskSituation: z.boolean({ message: 'must be true or false' }),
  newConfusionLethargyOrDisorientation: z.boolean({ message: 'must be true or false' }),
  severePainOrDistress: z.boolean({ message: 'must be true or false' }),
  resources: z
    .array(oneOf('resources', ESI_RESOURCE_KINDS))
    .check(z.maxLength(ESI_RESOURCE_KINDS.length, 'list each kind once')),
  keepLevel3DespiteDangerZone: z.optional(z.boolean({ message: 'must be true or false' })),
});

export const TriageRecord = z.strictObject({
  scale: z.string(),
  level: EsiLevelSchema,
  decidedAt: z.string(),
  answers: EsiAnswersSchema,
  resourceCount: z.number(),
  dangerZone: z.array(z.string()),
  notes: z.array(z.string()),
  painScore: z.optional(z.number()),
  vitals: z.record(z.string(), z.unknown()),
  news2: z.nullable(News2ResultSchema),
  news2NotApplicable: z.nullable(z.string()),
  /** The child's Bedside PEWS where NEWS2 is withheld (older records have none). */
  earlyWarning: z.optional(z.nullable(EarlyWarningSchema)),
  suspectedInfection: z.boolean(),
  reason: z.optional(z.string()),
  triagedBy: z.string(),
  triagedAt: TimestampSchema,
});
export type TriageRecord = z.output<typeof TriageRecord>;

export const Disposition = z.strictObject({
  kind: z.enum(DISPOSITIONS),
  at: TimestampSchema,
  by: z.string(),
  admissionId: z.optional(z.string()),
  destination: z.optional(z.string()),
  note: z.optional(z.string()),
  minutesInDepartment: z.number(),
});

export const EdVisit = z.strictObject({
  id: z.string(),
  /** The patient's record; absent while the patient is unidentified. */
  patientId: z.optional(z.string()),
  temporaryIdentity: z.optional(TemporaryIdentity),
  /** When the temporary identity was merged into the patient's record, and by whom. */
  identifiedAt: z.optional(TimestampSchema),
  identifiedBy: z.optional(z.string()),
  arrivalMode: z.enum(ARRIVAL_MODES),
  arrivedAt: TimestampSchema,
  presentingComplaint: z.string(),
  handoverNotes: z.optional(z.string()),
  referredBy: z.optional(z.string()),
  status: z.enum(VISIT_STATUSES),
  /** The current triage; `triageHistory` keeps every earlier one (re-triage). */
  triage: z.optional(TriageRecord),
  triageHistory: z.array(TriageRecord),
  seenBy: z.optional(z.strictObject({ userId: z.string(), at: TimestampSchema })),
  disposition: z.optional(Disposition),
  registeredBy: z.string(),
  version: z.number(),
  updatedAt: TimestampSchema,
});
export type EdVisit = z.output<typeof EdVisit>;

export const ArrivalInput = z
  .strictObject({
    patientId: z.optional(idParam()),
    unidentified: z.optional(
      z.strictObject({
        description: z.optional(nonEmpty(300)),
        sex: z.optional(oneOf('sex', ['male', 'female', 'other', 'unknown'])),
        estimatedAgeYears: z.optional(boundedNumber('estimatedAgeYears', 0, 120, { int: true })),
      }),
    ),
    arrivalMode: oneOf('arrivalMode', ARRIVAL_MODES),
    /** When the patient arrived; defaults to now (never in the future). */
    arrivedAt: z.optional(TimestampSchema),
    presentingComplaint: nonEmpty(300),
    handoverNotes: z.optional(nonEmpty(2000)),
    referredBy: z.optional(nonEmpty(200)),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (!b.patientId === !b.unidentified)
        ctx.addIssue({
          code: 'custom',
          path: ['patientId'],
          message: 'give either patientId or unidentified (a temporary identity), not both',
        });
      if (b.arrivalMode === 'ambulance' && !b.handoverNotes)
        ctx.addIssue({
          code: 'custom',
          path: ['handoverNotes'],
          message: 'is required for an ambulance arrival (the crew’s handover)',
        });
      if (b.arrivalMode === 'referral' && !b.referredBy)
        ctx.addIssue({
          code: 'custom',
          path: ['referredBy'],
          message: 'is required for a referral',
        });
    }),
  );

export const VisitIdInput = z.strictObject({ id: idParam() });

export const TriageInput = z.strictObject({
  id: idParam(),
  answers: EsiAnswersSchema,
  vitals: VitalsInputSchema,
  painScore: z.optional(boundedNumber('painScore', 0, 10, { int: true })),
  suspectedInfection: z._default(z.boolean({ message: 'must be true or false' }), false),
  /** Why: required to keep level 3 despite danger-zone vital signs, and on a re-triage. */
  reason: z.optional(nonEmpty(500)),
});

export const SeenInput = z.strictObject({ id: idParam() });

export const IdentifyInput = z.strictObject({ id: idParam(), patientId: idParam() });

export const DispositionInput = z
  .strictObject({
    id: idParam(),
    kind: oneOf('kind', ['admit', 'discharge', 'transfer'] as const),
    /** The admission made through the admissions module (source "emergency"). */
    admissionId: z.optional(idParam()),
    destination: z.optional(nonEmpty(200)),
    note: z.optional(nonEmpty(1000)),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (b.kind === 'admit' && !b.admissionId)
        ctx.addIssue({
          code: 'custom',
          path: ['admissionId'],
          message:
            "is required when kind is 'admit' (admit with POST /admissions, source 'emergency')",
        });
      if (b.kind !== 'admit' && b.admissionId)
        ctx.addIssue({
          code: 'custom',
          path: ['admissionId'],
          message: "is only accepted when kind is 'admit'",
        });
      if (b.kind === 'transfer' && !b.destination)
        ctx.addIssue({
          code: 'custom',
          path: ['destination'],
          message: "is required when kind is 'transfer'",
        });
    }),
  );

export const LeftInput = z.strictObject({ id: idParam(), note: z.optional(nonEmpty(1000)) });

export const BoardEntry = z.strictObject({
  visitId: z.string(),
  patientId: z.optional(z.string()),
  displayName: z.string(),
  arrivalMode: z.enum(ARRIVAL_MODES),
  arrivedAt: TimestampSchema,
  presentingComplaint: z.string(),
  status: z.enum(VISIT_STATUSES),
  level: z.nullable(EsiLevelSchema),
  news2: z.nullable(z.number()),
  /** A child's Bedside PEWS at triage (NEWS2 is withheld under 16). */
  pews: z.nullable(z.number()),
  minutesWaiting: z.number(),
  targetMinutes: z.nullable(z.number()),
  /** Waiting to be seen longer than the level's target (or untriaged past the triage target). */
  breached: z.boolean(),
  seenBy: z.optional(z.string()),
});

export const Board = z.strictObject({
  at: TimestampSchema,
  targets: z.record(z.string(), z.number()),
  patients: z.array(BoardEntry),
});

export const TargetsInput = z.strictObject({
  triageMinutes: boundedNumber('triageMinutes', 0, 1440, { int: true }),
  level1: boundedNumber('level1', 0, 1440, { int: true }),
  level2: boundedNumber('level2', 0, 1440, { int: true }),
  level3: boundedNumber('level3', 0, 1440, { int: true }),
  level4: boundedNumber('level4', 0, 1440, { int: true }),
  level5: boundedNumber('level5', 0, 1440, { int: true }),
});
export const Targets = z.strictObject({
  triageMinutes: z.number(),
  level1: z.number(),
  level2: z.number(),
  level3: z.number(),
  level4: z.number(),
  level5: z.number(),
});
export type Targets = z.output<typeof Targets>;

export const StatsInput = z.strictObject({ date: CalendarDateSchema });
export const Stats = z.strictObject({
  date: z.string(),
  departures: z.number(),
  within4Hours: z.number(),
  percentWithin4Hours: z.nullable(z.number()),
  admitted: z.number(),
  discharged: z.number(),
  transferred: z.number(),
  leftWithoutBeingSeen: z.number(),
  totalMinutesInDepartment: z.number(),
});

export const ListVisitsInput = z.strictObject({ ...pageFields });
export const VisitPage = pageOf(EdVisit);
