/** The fields of theatres, sessions, surgical cases, their checklist and the lists. */

import { OrderSourceSchema } from '../../clinical/order-source';
import { idParam, nonEmpty } from '../../kernel/fields';
import { InstantSchema, LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { CONFIRMERS, PHASES } from './checklist';
import { CANCELLATION_REASONS, CaseStatusSchema, NCEPOD, TIMELINE } from './status';

const code = () =>
  z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/,
        'must be a code of letters, digits, . and - (at most 20)',
      ),
    );
const enumOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of: ${values.join(', ')}` });
const minor = () =>
  z
    .number({ message: 'must be a number' })
    .check(z.int('must be a whole number of minor units'), z.gte(0), z.lte(100_000_000));

export const THEATRE_TYPES = [
  'general',
  'orthopaedic',
  'cardiothoracic',
  'neuro',
  'obstetric',
  'ophthalmic',
  'day-surgery',
  'emergency',
] as const;
export const EQUIPMENT = [
  'laparoscopy-tower',
  'image-intensifier',
  'laminar-flow',
  'operating-microscope',
  'surgical-robot',
  'cell-saver',
] as const;
export const THEATRE_STATUSES = ['open', 'closed-cleaning', 'closed-maintenance'] as const;

export const TheatreFields = z.strictObject({
  name: nonEmpty(80),
  type: enumOf(THEATRE_TYPES),
  equipment: z._default(z.array(enumOf(EQUIPMENT)).check(z.maxLength(EQUIPMENT.length)), []),
  status: z._default(enumOf(THEATRE_STATUSES), 'open'),
  /** Theatre time, charged per minute in the room (minor units). */
  pricePerMinuteMinor: z._default(minor(), 0),
});
export const Theatre = z.extend(TheatreFields, { code: z.string(), updatedAt: TimestampSchema });
export type Theatre = z.output<typeof Theatre>;
export const PutTheatreInput = z.extend(TheatreFields, { code: code() });
export const TheatreList = z.strictObject({ items: z.array(Theatre) });

const ChecklistItem = z.strictObject({
  code: z.string(),
  phase: z.enum(PHASES),
  text: z.string(),
  confirmer: z.enum(CONFIRMERS),
  answers: z.array(z.string()),
  local: z.optional(z.boolean()),
});

/** The hospital's theatre settings: local checklist items and the anaesthesia tariff. */
export const TheatreSettings = z.strictObject({
  localItems: z.array(ChecklistItem),
  anaesthesiaPricePerMinuteMinor: z.number(),
  updatedAt: z.optional(TimestampSchema),
});
export const PutSettingsInput = z.strictObject({
  localItems: z._default(
    z
      .array(
        z.strictObject({
          code: z
            .string()
            .check(
              z.regex(
                /^[a-z][a-z0-9-]{1,39}$/,
                'must be lower-case letters, digits and - (2 to 40)',
              ),
            ),
          phase: enumOf(PHASES),
          text: nonEmpty(200),
          confirmer: enumOf(CONFIRMERS),
        }),
      )
      .check(z.maxLength(20, 'must have at most 20 local items')),
    [],
  ),
  anaesthesiaPricePerMinuteMinor: z._default(minor(), 0),
});

export const SESSION_KINDS = ['elective', 'emergency'] as const;

/** A theatre's list for a span of time, with its surgeon and anaesthetist. */
export const Session = z.strictObject({
  id: z.string(),
  theatre: z.string(),
  /** The hospital's local date of its start (the list it is printed on). */
  date: z.string(),
  start: TimestampSchema,
  end: TimestampSchema,
  surgeonId: z.string(),
  anaesthetistId: z.string(),
  kind: z.enum(SESSION_KINDS),
  createdBy: z.string(),
  createdAt: TimestampSchema,
  /** When the first case of the session entered the room (late starts). */
  firstInRoomAt: z.optional(TimestampSchema),
  /** When the last case left the room (turnaround to the next). */
  lastOutAt: z.optional(TimestampSchema),
  /** Set once a case left the room after the session's end. */
  overran: z.optional(z.boolean()),
  version: z.number(),
});
export type Session = z.output<typeof Session>;

export const CreateSessionInput = z
  .strictObject({
    theatre: code(),
    start: InstantSchema,
    end: InstantSchema,
    surgeonId: idParam(),
    anaesthetistId: idParam(),
    kind: z._default(enumOf(SESSION_KINDS), 'elective'),
  })
  .check(
    z.superRefine((b, ctx) => {
      const span = Date.parse(b.end) - Date.parse(b.start);
      if (!(span > 0))
        ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' });
      else if (span > 24 * 3_600_000)
        ctx.addIssue({
          code: 'custom',
          path: ['end'],
          message: 'a session lasts at most 24 hours',
        });
    }),
  );

const TeamMember = z.strictObject({ id: z.string(), name: z.string() });

export const PreOp = z.strictObject({
  consentSigned: z.boolean(),
  fastingSince: z.optional(TimestampSchema),
  siteMarked: z.boolean(),
  bloodGroup: z.optional(z.string()),
  crossmatchUnits: z.optional(z.number()),
  pregnancyStatus: z.optional(z.string()),
  labOrderIds: z.array(z.string()),
});

export const PreOpInput = z.strictObject({
  consentSigned: z.optional(z.boolean({ message: 'must be true or false' })),
  fastingSince: z.optional(InstantSchema),
  siteMarked: z.optional(z.boolean({ message: 'must be true or false' })),
  bloodGroup: z.optional(enumOf(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'])),
  crossmatchUnits: z.optional(
    z.number({ message: 'must be a number' }).check(z.int(), z.gte(0), z.lte(20)),
  ),
  pregnancyStatus: z.optional(enumOf(['not-pregnant', 'pregnant', 'unknown', 'not-applicable'])),
  labOrderIds: z.optional(z.array(idParam()).check(z.maxLength(20))),
});

const Confirmation = z.strictObject({
  code: z.string(),
  answer: z.string(),
  note: z.optional(z.string()),
  by: z.string(),
  byName: z.string(),
  role: z.enum(CONFIRMERS),
  at: TimestampSchema,
});

const CountPair = z.strictObject({
  before: z.number({ message: 'must be a number' }).check(z.int(), z.gte(0), z.lte(10_000)),
  after: z.number({ message: 'must be a number' }).check(z.int(), z.gte(0), z.lte(10_000)),
});
const CountsFields = z.strictObject({
  instruments: CountPair,
  swabs: CountPair,
  needles: CountPair,
});
export const CountsSchema = z.strictObject({
  counts: CountsFields,
  discrepancyAction: z.optional(nonEmpty(1000)),
});

const Implant = z.strictObject({
  description: nonEmpty(200),
  manufacturer: z.optional(nonEmpty(120)),
  lot: nonEmpty(60),
});
/** A specimen as the team lists it in the operative record: each one listed is a new specimen. */
const SpecimenInput = z.strictObject({
  description: nonEmpty(200),
  /** The lab catalogue's test for it; the pathology default when absent (docs/theatre.md). */
  testCode: z.optional(code()),
});
/** Where a specimen's lab order stands, read from the lab when the case is read. */
const SpecimenOrder = z.strictObject({
  status: z.string(),
  step: z.string(),
  reportStatus: z.string(),
});
/** A specimen taken in theatre; its pathology order in the lab has the id `labOrderId`. */
const Specimen = z.strictObject({
  id: z.string(),
  description: z.string(),
  testCode: z.string(),
  takenAt: TimestampSchema,
  takenBy: z.string(),
  labOrderId: z.string(),
  /** The lab order's state (absent until the lab has placed it). */
  order: z.optional(SpecimenOrder),
  /** Why the lab refused to place the order, and what to do. */
  orderProblem: z.optional(z.string()),
});
export type Specimen = z.output<typeof Specimen>;

export const OperativeRecord = z.strictObject({
  anaesthesiaSummary: z.optional(z.string()),
  implants: z.optional(z.array(Implant)),
  estimatedBloodLossMl: z.optional(z.number()),
  specimens: z.optional(z.array(Specimen)),
  operationNote: z.optional(z.string()),
  postOpInstructions: z.optional(z.string()),
  recoveryHandover: z.optional(
    z.strictObject({ to: z.string(), notes: z.string(), by: z.string(), at: TimestampSchema }),
  ),
});

export const ANAESTHESIA_TYPES = [
  'general',
  'spinal',
  'epidural',
  'regional-block',
  'local',
  'sedation',
] as const;
export const LATERALITY = ['left', 'right', 'bilateral', 'not-applicable'] as const;

/** A surgical case: FHIR ServiceRequest (the request) and Procedure (the operation). */
export const SurgicalCase = z.strictObject({
  id: z.string(),
  source: OrderSourceSchema,
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  /** The admission when the patient is an inpatient; absent for a day case. */
  admissionId: z.optional(z.string()),
  procedure: z.strictObject({ text: z.string(), icd10pcs: z.optional(z.string()) }),
  site: z.string(),
  laterality: z.enum(LATERALITY),
  surgeon: TeamMember,
  assistant: z.optional(TeamMember),
  anaesthetist: TeamMember,
  scrubNurse: TeamMember,
  anaesthesiaType: z.enum(ANAESTHESIA_TYPES),
  expectedMinutes: z.number(),
  priority: z.enum(NCEPOD),
  requiredEquipment: z.array(z.enum(EQUIPMENT)),
  procedurePriceMinor: z.number(),
  preOp: PreOp,
  status: CaseStatusSchema,
  /** FHIR Procedure.status. */
  fhirStatus: z.string(),
  schedule: z.optional(
    z.strictObject({
      sessionId: z.string(),
      theatre: z.string(),
      date: z.string(),
      start: TimestampSchema,
      end: TimestampSchema,
      by: z.string(),
    }),
  ),
  /** Set when an emergency took its place: the case is back on the waiting list. */
  bumped: z.optional(
    z.strictObject({
      byCaseId: z.string(),
      reason: z.string(),
      by: z.string(),
      at: TimestampSchema,
      from: z.strictObject({ theatre: z.string(), start: TimestampSchema }),
    }),
  ),
  checklist: z.array(ChecklistItem),
  confirmations: z.record(z.string(), Confirmation),
  counts: z.optional(CountsSchema),
  timeline: z.strictObject({
    'in-room': z.optional(TimestampSchema),
    'anaesthesia-start': z.optional(TimestampSchema),
    incision: z.optional(TimestampSchema),
    closure: z.optional(TimestampSchema),
    'out-of-room': z.optional(TimestampSchema),
  }),
  record: OperativeRecord,
  cancellation: z.optional(
    z.strictObject({
      reason: z.enum(CANCELLATION_REASONS),
      note: z.optional(z.string()),
      onTheDay: z.boolean(),
      by: z.string(),
      at: TimestampSchema,
    }),
  ),
  requestedBy: z.string(),
  requestedAt: TimestampSchema,
  version: z.number(),
  updatedAt: TimestampSchema,
});
export type SurgicalCase = z.output<typeof SurgicalCase>;

export const CreateCaseInput = z.strictObject({
  source: OrderSourceSchema,
  procedure: z.strictObject({
    text: nonEmpty(300),
    icd10pcs: z.optional(
      z
        .string()
        .check(z.regex(/^[0-9A-HJ-NP-Z]{7}$/, 'must be a 7-character ICD-10-PCS code (no I or O)')),
    ),
  }),
  site: nonEmpty(120),
  laterality: enumOf(LATERALITY),
  surgeonId: idParam(),
  assistantId: z.optional(idParam()),
  anaesthetistId: idParam(),
  scrubNurseId: idParam(),
  anaesthesiaType: enumOf(ANAESTHESIA_TYPES),
  expectedMinutes: z
    .number({ message: 'must be a number' })
    .check(z.int('must be whole minutes'), z.gte(5, 'must be at least 5'), z.lte(1440)),
  priority: enumOf(NCEPOD),
  requiredEquipment: z._default(z.array(enumOf(EQUIPMENT)), []),
  procedurePriceMinor: z._default(minor(), 0),
  preOp: z._default(PreOpInput, {}),
});

export const CaseIdInput = z.strictObject({ id: idParam() });

export const ScheduleCaseInput = z.strictObject({
  id: idParam(),
  sessionId: idParam(),
  start: InstantSchema,
  /** Change the expected duration while (re)scheduling. */
  expectedMinutes: z.optional(
    z.number({ message: 'must be a number' }).check(z.int(), z.gte(5), z.lte(1440)),
  ),
  /** Elective cases this emergency takes the place of, with the reason recorded on each. */
  bump: z.optional(
    z.strictObject({
      caseIds: z.array(idParam()).check(z.minLength(1), z.maxLength(5)),
      reason: nonEmpty(500),
    }),
  ),
});

export const UnscheduleInput = z.strictObject({ id: idParam(), reason: nonEmpty(500) });

export const PreOpUpdateInput = z.extend(PreOpInput, { id: idParam() });

export const ConfirmItemInput = z.strictObject({
  id: idParam(),
  item: z.string().check(z.regex(/^[a-z][a-z0-9-]{1,39}$/, 'must be a checklist item code')),
  answer: z.optional(z.string().check(z.maxLength(60))),
  note: z.optional(nonEmpty(500)),
  /** The counts item only: before and after of each counted kind. */
  counts: z.optional(CountsFields),
  /** The counts item only: what was done about a count that does not reconcile. */
  discrepancyAction: z.optional(nonEmpty(1000)),
});

export const TimelineInput = z.strictObject({ id: idParam(), event: enumOf(TIMELINE) });

export const RecordInput = z.strictObject({
  id: idParam(),
  anaesthesiaSummary: z.optional(nonEmpty(5000)),
  implants: z.optional(z.array(Implant).check(z.maxLength(50))),
  estimatedBloodLossMl: z.optional(
    z.number({ message: 'must be a number' }).check(z.int(), z.gte(0), z.lte(50_000)),
  ),
  /** Specimens taken: each one listed is added (and ordered from the lab), never replaced. */
  specimens: z.optional(z.array(SpecimenInput).check(z.maxLength(20))),
  operationNote: z.optional(nonEmpty(20_000)),
  postOpInstructions: z.optional(nonEmpty(5000)),
});

export const HandoverInput = z.strictObject({
  id: idParam(),
  to: nonEmpty(120),
  notes: nonEmpty(5000),
});

export const CancelCaseInput = z.strictObject({
  id: idParam(),
  reason: enumOf(CANCELLATION_REASONS),
  note: z.optional(nonEmpty(500)),
});

/** Where a case stands in the checklist: for the checklist screen and the ot-protocol skill. */
export const ChecklistView = z.strictObject({
  caseId: z.string(),
  patientName: z.string(),
  procedure: z.string(),
  theatre: z.optional(z.string()),
  status: CaseStatusSchema,
  currentPhase: z.nullable(z.enum(PHASES)),
  phases: z.array(
    z.strictObject({
      phase: z.enum(PHASES),
      title: z.string(),
      complete: z.boolean(),
      items: z.array(
        z.strictObject({
          code: z.string(),
          text: z.string(),
          local: z.boolean(),
          confirmer: z.enum(CONFIRMERS),
          confirmerId: z.string(),
          confirmerName: z.string(),
          answers: z.array(z.string()),
          confirmation: z.optional(Confirmation),
        }),
      ),
    }),
  ),
  outstanding: z.array(
    z.strictObject({
      code: z.string(),
      text: z.string(),
      confirmer: z.enum(CONFIRMERS),
      confirmerName: z.string(),
    }),
  ),
  timeline: SurgicalCase.shape.timeline,
  nextStep: z.string(),
});
export type ChecklistView = z.output<typeof ChecklistView>;

export const TheatreChecklistInput = z.strictObject({ theatre: code() });

export const ListInput = z.strictObject({
  date: LocalDateSchema,
  theatre: z.optional(code()),
});
export const TheatreLists = z.strictObject({
  date: z.string(),
  theatres: z.array(
    z.strictObject({
      theatre: z.string(),
      sessions: z.array(
        z.strictObject({
          session: Session,
          cases: z.array(
            z.strictObject({
              id: z.string(),
              start: TimestampSchema,
              end: TimestampSchema,
              patientName: z.string(),
              mrn: z.string(),
              procedure: z.string(),
              site: z.string(),
              laterality: z.string(),
              priority: z.string(),
              surgeon: z.string(),
              anaesthetist: z.string(),
              status: CaseStatusSchema,
              checklist: z.strictObject({
                currentPhase: z.nullable(z.enum(PHASES)),
                confirmed: z.number(),
                total: z.number(),
              }),
            }),
          ),
        }),
      ),
    }),
  ),
});

export const UtilisationInput = z.strictObject({ date: LocalDateSchema });
export const Utilisation = z.strictObject({
  date: z.string(),
  theatres: z.array(
    z.strictObject({
      theatre: z.string(),
      sessionMinutes: z.number(),
      bookedMinutes: z.number(),
      usedMinutes: z.number(),
      casesCompleted: z.number(),
      lateStarts: z.number(),
      overruns: z.number(),
      turnarounds: z.number(),
      turnaroundMinutes: z.number(),
      cancellationsOnTheDay: z.record(z.string(), z.number()),
    }),
  ),
});

export const WaitingListInput = z.strictObject({
  surgeonId: z.optional(idParam()),
  /** The surgeon's specialty as their doctor profile names it (case and spaces ignored). */
  specialty: z.optional(nonEmpty(100)),
  priority: z.optional(enumOf(NCEPOD)),
});
const WaitingCase = z.strictObject({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  procedure: z.string(),
  site: z.string(),
  laterality: z.string(),
  priority: z.enum(NCEPOD),
  surgeon: TeamMember,
  /** The surgeon's specialty from their doctor profile, when they have one. */
  specialty: z.nullable(z.string()),
  expectedMinutes: z.number(),
  requestedAt: TimestampSchema,
  /** Whole days since the case was requested, at the hospital's clock. */
  daysWaiting: z.number(),
  /** Set when an emergency took its booked place. */
  bumped: z.boolean(),
  consentSigned: z.boolean(),
});
/** The cases requested and not yet scheduled, by NCEPOD priority then the longest wait first. */
export const WaitingList = z.strictObject({
  asOf: TimestampSchema,
  items: z.array(WaitingCase),
  /** Per specialty and surgeon: how many wait, by priority, and the longest wait in days. */
  groups: z.array(
    z.strictObject({
      specialty: z.nullable(z.string()),
      surgeon: TeamMember,
      cases: z.number(),
      byPriority: z.strictObject({
        immediate: z.number(),
        urgent: z.number(),
        expedited: z.number(),
        elective: z.number(),
      }),
      longestWaitDays: z.number(),
    }),
  ),
});
export type WaitingList = z.output<typeof WaitingList>;
