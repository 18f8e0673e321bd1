/**
 * The roster module's answers and inputs: staff profiles, the hospital's rules, each ward's shift
 * types and coverage, leave, generated and published rosters, generation jobs and swaps.
 */
import { boundedNumber, idParam, nonEmpty, oneOf } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { InstantSchema, LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import { isValidLocalTime, WEEKDAYS } from '../../kernel/time/zoned-time';
import * as z from '../../kernel/zod';

/** A code people type: a ward, a shift type, a grade, a competency. */
export const Code = z
  .string({ message: 'must be a string' })
  .check(z.regex(/^[A-Za-z0-9-]{1,20}$/, 'must be 1 to 20 letters, digits or hyphens'));
const codes = (max: number) => z.array(Code).check(z.maxLength(max, `at most ${max} entries`));
const Time = z
  .string({ message: 'must be a time HH:MM' })
  .check(z.refine(isValidLocalTime, 'must be a time HH:MM'));
const count = (field: string) => boundedNumber(field, 0, 200, { int: true });
const Counts = z.record(Code, boundedNumber('count', 0, 200, { int: true }));

export const WardIdInput = z.strictObject({ wardId: Code });
export const UserIdInput = z.strictObject({ userId: idParam() });
export const IdInput = z.strictObject({ id: idParam() });

// ─── Staff profiles ─────────────────────────────────────────────────────────────────────────

const ProfileFields = {
  name: nonEmpty(100),
  grade: Code,
  contractedHoursPerWeek: boundedNumber('contractedHoursPerWeek', 0, 60),
  competencies: codes(20),
  wards: z
    .array(Code)
    .check(z.minLength(1, 'at least one ward'), z.maxLength(10, 'at most 10 wards')),
  nightEligible: z.boolean(),
  preferences: z.strictObject({
    avoidWeekdays: z.array(z.enum(WEEKDAYS)).check(z.maxLength(7, 'at most 7 days')),
    noNights: z.boolean(),
  }),
};
export const StaffProfile = z.strictObject({
  userId: z.string(),
  ...ProfileFields,
  updatedAt: TimestampSchema,
});
export type StaffProfile = z.output<typeof StaffProfile>;
export const PutProfileInput = z.strictObject({ userId: idParam(), ...ProfileFields });
export const ProfileList = z.strictObject({ items: z.array(StaffProfile) });
export const ListProfilesInput = z.strictObject({ wardId: z.optional(Code) });

// ─── Rules ──────────────────────────────────────────────────────────────────────────────────

const WeightsFields = {
  minimumShortfall: boundedNumber('minimumShortfall', 0, 100000),
  belowTarget: boundedNumber('belowTarget', 0, 100000),
  preference: boundedNumber('preference', 0, 100000),
  contractHours: boundedNumber('contractHours', 0, 100000),
  nightFairness: boundedNumber('nightFairness', 0, 100000),
  weekendFairness: boundedNumber('weekendFairness', 0, 100000),
};
const RulesFields = {
  maxHoursIn7Days: boundedNumber('maxHoursIn7Days', 1, 168),
  maxAverageWeeklyHours: boundedNumber('maxAverageWeeklyHours', 1, 168),
  minRestHours: boundedNumber('minRestHours', 0, 24),
  maxConsecutiveShifts: boundedNumber('maxConsecutiveShifts', 1, 31, { int: true }),
  maxConsecutiveNights: boundedNumber('maxConsecutiveNights', 1, 31, { int: true }),
  noEarlyAfterNight: z.boolean(),
  minFullWeekendsOffPer4Weeks: boundedNumber('minFullWeekendsOffPer4Weeks', 0, 4, { int: true }),
  gradeOrder: codes(20),
  publicHolidays: z.array(LocalDateSchema).check(z.maxLength(100, 'at most 100 dates')),
};
export const Rules = z.strictObject({
  ...RulesFields,
  weights: z.strictObject(WeightsFields),
  /** Where each default comes from. */
  sources: z.record(z.string(), z.string()),
});
/** Every field optional: what is left out keeps its default. */
export const PutRulesInput = z.strictObject({
  ...Object.fromEntries(Object.entries(RulesFields).map(([k, v]) => [k, z.optional(v)])),
  weights: z.optional(
    z.strictObject(
      Object.fromEntries(Object.entries(WeightsFields).map(([k, v]) => [k, z.optional(v)])),
    ),
  ),
}) as unknown as z.ZodMiniType<
  Partial<Omit<z.output<typeof Rules>, 'weights' | 'sources'>> & {
    weights?: Partial<z.output<typeof Rules>['weights']>;
  }
>;

// ─── Wards: shift types and coverage ────────────────────────────────────────────────────────

export const ShiftTypeSchema = z.strictObject({
  code: Code,
  name: z.optional(nonEmpty(60)),
  start: Time,
  end: Time,
  paidHours: boundedNumber('paidHours', 0.5, 24),
});
export const Requirement = z.strictObject({
  shift: Code,
  dayType: oneOf('dayType', ['weekday', 'weekend', 'holiday']),
  minimum: count('minimum'),
  target: count('target'),
  grades: Counts,
  competencies: Counts,
});
const WardFields = {
  shifts: z
    .array(ShiftTypeSchema)
    .check(z.minLength(1, 'at least one shift type'), z.maxLength(8, 'at most 8 shift types')),
  coverage: z.array(Requirement).check(z.maxLength(48, 'at most 48 requirements')),
};
export const WardSetup = z.strictObject({
  wardId: z.string(),
  ...WardFields,
  updatedAt: TimestampSchema,
});
export type WardSetup = z.output<typeof WardSetup>;
export const PutWardInput = z.strictObject({ wardId: Code, ...WardFields });

// ─── Leave ──────────────────────────────────────────────────────────────────────────────────

export const LEAVE_KINDS = ['annual', 'sick', 'study', 'parental', 'unavailable', 'other'] as const;
export const LEAVE_STATUSES = ['requested', 'approved', 'rejected'] as const;
export const Leave = z.strictObject({
  id: z.string(),
  userId: z.string(),
  kind: z.enum(LEAVE_KINDS),
  start: LocalDateSchema,
  end: LocalDateSchema,
  note: z.optional(z.string()),
  status: z.enum(LEAVE_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.optional(z.string()),
  decidedAt: z.optional(TimestampSchema),
  createdAt: TimestampSchema,
});
export type Leave = z.output<typeof Leave>;
export const RequestLeaveInput = z.strictObject({
  userId: z.optional(idParam()),
  kind: oneOf('kind', LEAVE_KINDS),
  start: LocalDateSchema,
  end: LocalDateSchema,
  note: z.optional(nonEmpty(500)),
});
export const DecideInput = z.strictObject({
  id: idParam(),
  decision: oneOf('decision', ['approve', 'reject']),
});
export const ListLeaveInput = z.strictObject({
  userId: z.optional(idParam()),
  status: z.optional(oneOf('status', LEAVE_STATUSES)),
  ...pageFields,
});
export const LeavePage = pageOf(Leave);

// ─── Rosters ────────────────────────────────────────────────────────────────────────────────

export const AssignmentSchema = z.strictObject({
  userId: z.string(),
  date: z.string(),
  shift: z.string(),
});
export const ViolationSchema = z.strictObject({
  rule: z.string(),
  userId: z.string(),
  dates: z.array(z.string()),
  message: z.string(),
});
export const ShortfallSchema = z.strictObject({
  date: z.string(),
  shift: z.string(),
  requirement: z.string(),
  needed: z.number(),
  assigned: z.number(),
  missing: z.number(),
  reason: z.enum(['lack-of-staff', 'rules']),
  qualified: z.number(),
  onLeave: z.number(),
  blockedBy: z.record(z.string(), z.number()),
  explanation: z.string(),
});
export const CoverageCellSchema = z.strictObject({
  date: z.string(),
  shift: z.string(),
  dayType: z.enum(['weekday', 'weekend', 'holiday']),
  staffed: z.number(),
  minimum: z.number(),
  target: z.number(),
  status: z.enum(['met', 'below-target', 'below-minimum']),
});
const Spread = z.strictObject({ min: z.number(), max: z.number() });
export const FiguresSchema = z.strictObject({
  shifts: z.number(),
  nights: Spread,
  weekendShifts: Spread,
  preferenceBreaches: z.number(),
  hoursFromContract: z.number(),
});
export const SolverSchema = z.strictObject({
  status: z.string(),
  objective: z.nullable(z.number()),
  gap: z.nullable(z.number()),
  seconds: z.number(),
  size: z.strictObject({ binaries: z.number(), continuous: z.number(), rows: z.number() }),
});
export const Roster = z.strictObject({
  wardId: z.string(),
  start: z.string(),
  days: z.number(),
  status: z.enum(['draft', 'published']),
  version: z.number(),
  assignments: z.array(AssignmentSchema),
  shortfalls: z.array(ShortfallSchema),
  /**
   * Each shift of each day with a requirement, staffed against it: met, below target, or below a
   * minimum (then listed in shortfalls). Optional only in storage: rosters written before it have
   * none and are answered with it computed from the ward's set-up.
   */
  coverage: z.optional(z.array(CoverageCellSchema)),
  violations: z.array(ViolationSchema),
  figures: FiguresSchema,
  solver: SolverSchema,
  generatedAt: TimestampSchema,
  updatedAt: TimestampSchema,
  publishedAt: z.optional(TimestampSchema),
  publishedBy: z.optional(z.string()),
});
export type Roster = z.output<typeof Roster>;
export const RosterKeyInput = z.strictObject({ wardId: Code, start: LocalDateSchema });
export const EditInput = z.strictObject({
  wardId: Code,
  start: LocalDateSchema,
  version: boundedNumber('version', 1, 1e9, { int: true }),
  userId: idParam(),
  date: LocalDateSchema,
  /** The shift type's code, or null to take the person off that day. */
  shift: z.nullable(Code),
});
export const PublishInput = z.strictObject({
  wardId: Code,
  start: LocalDateSchema,
  version: boundedNumber('version', 1, 1e9, { int: true }),
});

// ─── Generation jobs ────────────────────────────────────────────────────────────────────────

/** The longest solver time a generation job may ask for (it runs in its own function). */
export const MAX_TIME_LIMIT_SECONDS = 120;
export const GenerateInput = z.strictObject({
  wardId: Code,
  start: LocalDateSchema,
  days: boundedNumber('days', 1, 42, { int: true }),
  timeLimitSeconds: z.optional(
    boundedNumber('timeLimitSeconds', 1, MAX_TIME_LIMIT_SECONDS, { int: true }),
  ),
});
/** A generation job's states: queued by the request, solving in its function, then done or failed. */
export const JOB_STATUSES = ['queued', 'solving', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const Job = z.strictObject({
  id: z.string(),
  wardId: z.string(),
  start: z.string(),
  days: z.number(),
  status: z.enum(JOB_STATUSES),
  /** The solver's time limit in seconds. */
  timeLimitSeconds: z.number(),
  /** Why it failed. */
  error: z.optional(z.string()),
  /** What to do next, in plain words: wait and read again, review and publish, or start again. */
  next: z.string(),
  summary: z.optional(
    z.strictObject({
      shifts: z.number(),
      coverageMet: z.boolean(),
      shortfalls: z.array(ShortfallSchema),
      violations: z.number(),
      figures: FiguresSchema,
      solver: SolverSchema,
      rosterVersion: z.number(),
    }),
  ),
  requestedBy: z.string(),
  createdAt: TimestampSchema,
  /** When the solver took it up. */
  startedAt: z.optional(TimestampSchema),
  finishedAt: z.optional(TimestampSchema),
});
export type Job = z.output<typeof Job>;

// ─── Swaps ──────────────────────────────────────────────────────────────────────────────────

export const SWAP_STATUSES = ['requested', 'approved', 'rejected'] as const;
export const Swap = z.strictObject({
  id: z.string(),
  wardId: z.string(),
  start: z.string(),
  date: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  shift: z.string(),
  status: z.enum(SWAP_STATUSES),
  requestedBy: z.string(),
  decidedBy: z.optional(z.string()),
  violations: z.array(ViolationSchema),
  createdAt: TimestampSchema,
});
export type Swap = z.output<typeof Swap>;
export const ListSwapsInput = z.strictObject({
  status: z.optional(oneOf('status', SWAP_STATUSES)),
  wardId: z.optional(Code),
  ...pageFields,
});
export const SwapPage = pageOf(Swap);
export const RequestSwapInput = z.strictObject({
  wardId: Code,
  start: LocalDateSchema,
  date: LocalDateSchema,
  /** Whose shift is given away; the caller's own unless a manager asks. */
  fromUserId: z.optional(idParam()),
  toUserId: idParam(),
});

// ─── Who is on duty ─────────────────────────────────────────────────────────────────────────

export const OnDutyInput = z.strictObject({ wardId: Code, at: z.optional(InstantSchema) });
export const OnDuty = z.strictObject({
  wardId: z.string(),
  at: z.string(),
  onDuty: z.array(
    z.strictObject({
      userId: z.string(),
      name: z.string(),
      grade: z.string(),
      competencies: z.array(z.string()),
      shift: z.string(),
      date: z.string(),
      from: z.string(),
      to: z.string(),
    }),
  ),
});
