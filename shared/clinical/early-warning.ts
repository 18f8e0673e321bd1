/**
 * The early warning score for the patients NEWS2 is not validated for (RCP 2017): MEOWS in
 * pregnancy and for 42 days after delivery (clinical/meows.ts), the Bedside PEWS under 16
 * (clinical/pews.ts). A pregnant or postpartum patient under 16 is scored by MEOWS: the
 * obstetric chart is the one her midwives and obstetricians act on (a local decision,
 * docs/decisions.md). Each answer says which score, whether it triggers, the escalation, and
 * whether the set was complete, because only a complete set stands an escalation down.
 */
import * as z from '../kernel/zod';
import { MEOWS_SOURCE, type MeowsReading, meows } from './meows';
import { PEWS_SOURCE, type PewsReading, pews, pewsAgeBand } from './pews';

export const EARLY_WARNING_SYSTEMS = ['pews', 'meows'] as const;
export type EarlyWarningSystem = (typeof EARLY_WARNING_SYSTEMS)[number];

export const EarlyWarningSchema = z.strictObject({
  /** `pews` (Bedside PEWS, under 16) or `meows` (pregnant or postpartum). */
  system: z.enum(EARLY_WARNING_SYSTEMS),
  source: z.strictObject({ title: z.string(), url: z.string() }),
  /** PEWS: the age band scored; null for MEOWS. */
  ageBand: z.nullable(z.string()),
  /** PEWS: the total over the recorded items; null for MEOWS (it has colours, not a total). */
  score: z.nullable(z.number().check(z.int())),
  /** PEWS: each recorded item's sub-score. */
  items: z.record(z.string(), z.number()),
  /** MEOWS: parameters in the red and yellow bands. */
  red: z.array(z.string()),
  yellow: z.array(z.string()),
  /** Items of the chart this set did not record. */
  missing: z.array(z.string()),
  complete: z.boolean(),
  /** PEWS ≥ 8; MEOWS one red or two yellows. */
  trigger: z.boolean(),
  escalation: z.string(),
  notes: z.array(z.string()),
});
export type EarlyWarning = z.output<typeof EarlyWarningSchema>;

const MEOWS_FIELDS = [
  'temperatureC',
  'systolic',
  'diastolic',
  'pulse',
  'respiratoryRate',
  'spo2',
  'consciousness',
] as const;

type Reading = PewsReading & MeowsReading;

/** The score a reading gets when NEWS2 does not apply, or null when none of these applies. */
export function earlyWarningOf(
  reading: Reading,
  patient: { ageMonths: number | null; pregnancy: 'pregnant' | 'postpartum' | null },
): EarlyWarning | null {
  if (patient.pregnancy) {
    const m = meows(reading);
    const missing = MEOWS_FIELDS.filter((f) => reading[f] === undefined || reading[f] === null);
    return {
      system: 'meows',
      source: { ...MEOWS_SOURCE },
      ageBand: null,
      score: null,
      items: {},
      red: m.red,
      yellow: m.yellow,
      missing,
      complete: missing.length === 0,
      trigger: m.trigger,
      escalation: m.escalation,
      notes: [],
    };
  }
  const band = pewsAgeBand(patient.ageMonths);
  if (!band) return null;
  const p = pews(reading, band);
  return {
    system: 'pews',
    source: { ...PEWS_SOURCE },
    ageBand: band,
    score: p.score,
    items: p.items,
    red: [],
    yellow: [],
    missing: p.missing,
    complete: p.complete,
    trigger: p.trigger,
    escalation: p.escalation,
    notes: p.notes,
  };
}

/** What a ward keeps of the latest early warning score (on the admission and the bed). */
export const LatestEarlyWarningSchema = z.strictObject({
  system: z.enum(EARLY_WARNING_SYSTEMS),
  score: z.nullable(z.number().check(z.int())),
  trigger: z.boolean(),
  escalation: z.string(),
  recordedAt: z.string(),
});
export type LatestEarlyWarning = z.output<typeof LatestEarlyWarningSchema>;

/**
 * The standing early warning after a set, as NEWS2's escalation stands (RCP 2017): a triggering
 * set raises it; a complete set that does not trigger stands it down; an incomplete set that does
 * not trigger leaves a standing trigger of the same score in place (what it did not measure may
 * still be abnormal).
 */
export function nextEarlyWarning(
  previous: LatestEarlyWarning | null | undefined,
  set: EarlyWarning | null,
  at: string,
): LatestEarlyWarning | null {
  if (!set) return null;
  if (!set.trigger && !set.complete && previous?.trigger && previous.system === set.system)
    return previous;
  return {
    system: set.system,
    score: set.score,
    trigger: set.trigger,
    escalation: set.escalation,
    recordedAt: at,
  };
}
