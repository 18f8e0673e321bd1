/**
 * Reference-range selection and flagging: pure rules, unit-tested without I/O.
 *
 * A test's ranges are bands by sex and age (and pregnancy where it matters). The band used for a
 * result is the most specific one that fits the patient's sex and age on the date the specimen
 * was collected: a sex-specific band beats one for any sex, and a pregnancy band is used only
 * when the order says the patient is pregnant. The value is then flagged with the FHIR
 * ObservationInterpretation codes: L / H outside the normal limits, LL / HH at or beyond the
 * critical limits, N inside; coded results are A (abnormal) or AA (critical abnormal) by their
 * answer.
 *
 * Critical limits are declared apart from the reference bands (`critical`), from birth to
 * adulthood and for every sex, so a critical value alerts even where no reference band fits the
 * patient (a 15-year-old's potassium, the haemoglobin of a patient of unknown sex). They are
 * inclusive, as the published lists are (RCPath: potassium ≤ 2.5 or ≥ 6.5 mmol/L). A reference
 * band's own criticalLow / criticalHigh apply only when no critical band fits.
 */

import { ageOn } from '../../clinical/age';
import * as z from '../../kernel/zod';

export const AGE_UNITS = ['days', 'months', 'years'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

export const AgeBoundSchema = z.strictObject({
  value: z.number().check(z.int('must be a whole number'), z.gte(0, 'must be 0 or more')),
  unit: z.enum(AGE_UNITS, { message: 'must be days, months or years' }),
});
export type AgeBound = z.output<typeof AgeBoundSchema>;

export const RANGE_SEXES = ['male', 'female', 'any'] as const;

const limit = z.optional(z.number({ message: 'must be a number' }));

export const ReferenceRangeSchema = z
  .strictObject({
    sex: z.enum(RANGE_SEXES, { message: 'must be male, female or any' }),
    /** Inclusive lower age bound; absent: from birth. */
    ageFrom: z.optional(AgeBoundSchema),
    /** Exclusive upper age bound; absent: no upper bound. */
    ageTo: z.optional(AgeBoundSchema),
    /** A band used only when the order says the patient is pregnant. */
    pregnant: z.optional(z.boolean()),
    low: limit,
    high: limit,
    criticalLow: limit,
    criticalHigh: limit,
    /** Where the limits come from (a published source, or the hospital's own validation). */
    source: z.optional(z.string().check(z.maxLength(300, 'must be at most 300 characters'))),
  })
  .check(
    z.superRefine((r, ctx) => {
      const pairs: [keyof typeof r, keyof typeof r][] = [
        ['low', 'high'],
        ['criticalLow', 'low'],
        ['high', 'criticalHigh'],
        ['criticalLow', 'criticalHigh'],
      ];
      for (const [a, b] of pairs) {
        const x = r[a];
        const y = r[b];
        if (typeof x === 'number' && typeof y === 'number' && x > y) {
          ctx.addIssue({ code: 'custom', path: [b], message: `must not be below ${a}` });
        }
      }
      if (r.low === undefined && r.high === undefined) {
        ctx.addIssue({ code: 'custom', path: ['low'], message: 'give low, high or both' });
      }
    }),
  );
export type ReferenceRange = z.output<typeof ReferenceRangeSchema>;

export const NUMERIC_FLAGS = ['LL', 'L', 'N', 'H', 'HH'] as const;
export const CODED_FLAGS = ['N', 'A', 'AA'] as const;
export const FLAGS = ['LL', 'L', 'N', 'H', 'HH', 'A', 'AA'] as const;
export type Flag = (typeof FLAGS)[number];
export const CRITICAL_FLAGS: readonly Flag[] = ['LL', 'HH', 'AA'];

export function isCritical(flag: Flag | undefined): boolean {
  return flag !== undefined && CRITICAL_FLAGS.includes(flag);
}

export interface PatientFacts {
  sex: string;
  dateOfBirth: string;
  pregnant?: boolean | undefined;
}

function fitsAge(range: ReferenceRange, age: Record<AgeUnit, number>): boolean {
  if (range.ageFrom && age[range.ageFrom.unit] < range.ageFrom.value) return false;
  if (range.ageTo && age[range.ageTo.unit] >= range.ageTo.value) return false;
  return true;
}

/**
 * The band that fits the patient on `onDate` (the collection date), or undefined. Among fitting
 * bands, a pregnancy band (for a pregnant patient) beats one for their sex, which beats one for
 * any sex; a patient whose sex is neither male nor female gets only `any` bands.
 */
export function selectRange(
  ranges: readonly ReferenceRange[],
  patient: PatientFacts,
  onDate: string,
): ReferenceRange | undefined {
  const age = ageOn(patient.dateOfBirth, onDate);
  const score = (r: ReferenceRange): number => {
    if (!fitsAge(r, age)) return -1;
    if (r.pregnant && !patient.pregnant) return -1;
    if (r.sex !== 'any' && r.sex !== patient.sex) return -1;
    return (r.pregnant ? 2 : 0) + (r.sex === 'any' ? 0 : 1);
  };
  let best: ReferenceRange | undefined;
  let bestScore = -1;
  for (const r of ranges) {
    const s = score(r);
    if (s > bestScore) {
      best = r;
      bestScore = s;
    }
  }
  return best;
}

/** Critical limits as applied to a result: inclusive (≤ low, ≥ high), with their source. */
export interface CriticalLimits {
  low?: number | undefined;
  high?: number | undefined;
  source?: string | undefined;
}

/**
 * The flag of a numeric value: at or beyond the critical limits (inclusive) LL / HH, whether or
 * not a reference band fits; then, against the reference band, L / H outside its limits, N inside;
 * no reference band and not critical: no flag (never a guessed one). The critical limits are the
 * test's critical band for the patient (selectCriticalLimits), else the reference band's own.
 */
export function flagNumeric(
  value: number,
  range: ReferenceRange | undefined,
  critical?: CriticalLimits,
): Flag | undefined {
  const limits = critical ?? (range && { low: range.criticalLow, high: range.criticalHigh });
  if (limits?.low !== undefined && value <= limits.low) return 'LL';
  if (limits?.high !== undefined && value >= limits.high) return 'HH';
  if (!range) return undefined;
  if (range.low !== undefined && value < range.low) return 'L';
  if (range.high !== undefined && value > range.high) return 'H';
  return 'N';
}

export const CriticalBandSchema = z
  .strictObject({
    sex: z.enum(RANGE_SEXES, { message: 'must be male, female or any' }),
    /** Inclusive lower age bound; absent: from birth. */
    ageFrom: z.optional(AgeBoundSchema),
    /** Exclusive upper age bound; absent: no upper bound. */
    ageTo: z.optional(AgeBoundSchema),
    /** Critical at or below. */
    low: limit,
    /** Critical at or above. */
    high: limit,
    source: z.optional(z.string().check(z.maxLength(300, 'must be at most 300 characters'))),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (b.low === undefined && b.high === undefined)
        ctx.addIssue({ code: 'custom', path: ['low'], message: 'give low, high or both' });
      if (b.low !== undefined && b.high !== undefined && b.low >= b.high)
        ctx.addIssue({ code: 'custom', path: ['high'], message: 'must be above low' });
    }),
  );
export type CriticalBand = z.output<typeof CriticalBandSchema>;

/**
 * The critical limits for the patient on `onDate`: the band of their sex (or `any`) that fits
 * their age, a sex-specific one first. A patient recorded as neither male nor female gets an `any`
 * band, else the wider of the male and female limits (the lower low, the higher high).
 */
export function selectCriticalLimits(
  bands: readonly CriticalBand[],
  patient: PatientFacts,
  onDate: string,
): CriticalLimits | undefined {
  const age = ageOn(patient.dateOfBirth, onDate);
  const fitting = bands.filter((b) => fitsAge(b as ReferenceRange, age));
  const pick = (b: CriticalBand): CriticalLimits => ({
    low: b.low,
    high: b.high,
    source: b.source,
  });
  if (patient.sex === 'male' || patient.sex === 'female') {
    const own = fitting.find((b) => b.sex === patient.sex) ?? fitting.find((b) => b.sex === 'any');
    return own ? pick(own) : undefined;
  }
  const any = fitting.find((b) => b.sex === 'any');
  if (any) return pick(any);
  const bySex = fitting.filter((b) => b.sex !== 'any');
  if (!bySex.length) return undefined;
  const lows = bySex.map((b) => b.low).filter((v): v is number => v !== undefined);
  const highs = bySex.map((b) => b.high).filter((v): v is number => v !== undefined);
  return {
    low: lows.length === bySex.length ? Math.min(...lows) : undefined,
    high: highs.length === bySex.length ? Math.max(...highs) : undefined,
    source: [...new Set(bySex.map((b) => b.source).filter(Boolean))].join('; ') || undefined,
  };
}

const DAYS_PER: Record<AgeUnit, number> = { days: 1, months: 30.44, years: 365.25 };
const inDays = (b: AgeBound) => Math.round(b.value * DAYS_PER[b.unit]);

/**
 * Why critical bands leave a patient without limits (an age from birth onwards or a sex with no
 * band), or null when every age and every sex value has one. Checked at each band's age edges.
 */
export function criticalCoverageProblem(bands: readonly CriticalBand[]): string | null {
  if (!bands.length) return null;
  const edges = [
    0,
    ...bands
      .flatMap((b) => [b.ageFrom, b.ageTo])
      .filter(Boolean)
      .map((b) => inDays(b!)),
  ];
  const ages = [...new Set(edges.flatMap((d) => [d, d + 1]))].sort((a, b) => a - b);
  for (const sex of ['male', 'female', 'other', 'unknown']) {
    for (const days of ages) {
      const covered = bands.some(
        (b) =>
          (b.sex === 'any' || b.sex === sex || (sex !== 'male' && sex !== 'female')) &&
          (!b.ageFrom || days >= inDays(b.ageFrom)) &&
          (!b.ageTo || days < inDays(b.ageTo)),
      );
      if (!covered)
        return `must cover every age from birth and every sex: nothing for ${sex} at ${days} days`;
    }
  }
  return null;
}

/** Units compare ignoring case, spaces and the micro sign's spellings (µmol/L = umol/L). */
export function sameUnit(a: string, b: string): boolean {
  const norm = (u: string) => u.replace(/[µμ]/g, 'u').replace(/\s+/g, '').toLowerCase();
  return norm(a) === norm(b);
}

export const UnitConversionSchema = z.strictObject({
  /** A unit results may arrive in (UCUM), e.g. `umol/L`. */
  unit: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(20)),
  /** Multiply a value in `unit` by this to get the test's unit. */
  factor: z.number({ message: 'must be a number' }).check(z.gt(0, 'must be above 0')),
});
export type UnitConversion = z.output<typeof UnitConversionSchema>;

export const CodedAnswerSchema = z.strictObject({
  code: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(40)),
  display: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(100)),
  /** N normal, A abnormal, AA critical abnormal. */
  interpretation: z.enum(CODED_FLAGS, { message: 'must be N, A or AA' }),
});
export type CodedAnswer = z.output<typeof CodedAnswerSchema>;

/** The flag of a coded answer: the interpretation the catalogue gives it. */
export function flagCoded(code: string, answers: readonly CodedAnswer[]): Flag | undefined {
  return answers.find((a) => a.code === code)?.interpretation;
}
