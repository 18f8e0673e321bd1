/** Admission rules that need only their inputs: length of stay, bed-day charges, discharge checks, NEWS2 on the ward. */
import { type EarlyWarning, nextEarlyWarning } from '../../clinical/early-warning';
import { type News2Escalation, news2Trend } from '../../clinical/news2';
import { todayIn } from '../../kernel/time/zoned-time';
import type { LatestNews2 } from './schemas';

const DAY_MS = 86_400_000;

/** Whole calendar days from one local date to another (`YYYY-MM-DD`), ignoring clock changes. */
function daysBetween(fromDate: string, toDate: string): number {
  return Math.round(
    (Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / DAY_MS,
  );
}

export interface LengthOfStay {
  /** Midnights spent in hospital (the midnight census), counted in the hospital's time zone. */
  days: number;
  /** Elapsed time in hours, one decimal: a clock change makes a local day 23 or 25 hours long. */
  hours: number;
}

/**
 * Length of stay as hospitals count it: the number of local midnights between admission and
 * discharge (admitted Monday 22:00, discharged Tuesday 08:00 is one day; the same day is zero),
 * so a daylight-saving change never adds or loses a day; and the real elapsed hours beside it.
 */
export function lengthOfStay(admittedAt: string, endedAt: string, timeZone: string): LengthOfStay {
  const from = new Date(admittedAt);
  const to = new Date(endedAt);
  return {
    days: daysBetween(todayIn(timeZone, from), todayIn(timeZone, to)),
    hours: Math.round((to.getTime() - from.getTime()) / 360_000) / 10,
  };
}

export interface BedSegment {
  wardId: string;
  wardName: string;
  /** The ward's daily charge (minor units) when the patient moved in. */
  dailyCharge: number;
  at: string;
}

export interface BedDayChargeLine {
  wardId: string;
  wardName: string;
  days: number;
  /** Minor currency units per day. */
  dailyCharge: number;
  /** days × dailyCharge, minor units. */
  amount: number;
}

/**
 * The bed-day charge lines of a stay, one per ward segment (consecutive beds in one ward are one
 * segment). Each local midnight is charged to the ward the patient was in at that midnight (the
 * midnight census), so the days of all lines add up to the length of stay; a stay that crosses no
 * midnight is charged one day, to the ward the patient left from. A pure function for billing.
 */
export function bedDayChargeLines(
  history: readonly BedSegment[],
  endedAt: string,
  timeZone: string,
): BedDayChargeLine[] {
  const lines: BedDayChargeLine[] = [];
  history.forEach((segment, i) => {
    const end = history[i + 1]?.at ?? endedAt;
    const days = daysBetween(
      todayIn(timeZone, new Date(segment.at)),
      todayIn(timeZone, new Date(end)),
    );
    const last = lines.at(-1);
    if (last && last.wardId === segment.wardId) {
      last.days += days;
    } else {
      lines.push({
        wardId: segment.wardId,
        wardName: segment.wardName,
        days,
        dailyCharge: segment.dailyCharge,
        amount: 0,
      });
    }
  });
  const charged = lines.filter((l) => l.days > 0);
  if (charged.length === 0 && lines.length) {
    const final = lines.at(-1)!;
    charged.push({ ...final, days: 1 });
  }
  return charged.map((l) => ({ ...l, amount: l.days * l.dailyCharge }));
}

/** Where a patient goes at discharge (FHIR discharge-disposition, in words). */
export const DISPOSITIONS = [
  'home',
  'home-with-support',
  'other-facility',
  'rehabilitation',
  'long-term-care',
  'against-medical-advice',
  'absconded',
  'deceased',
  'other',
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/**
 * Dispositions that take the patient out of acute care by the hospital's decision. A patient
 * whose latest NEWS2 needs escalation is not sent there: that is the deterioration the RCP
 * clinical response says to act on first. A transfer to another hospital, a patient leaving
 * against advice or absconding, and a death are recorded whatever the score.
 */
export const PLANNED_DISCHARGE_DISPOSITIONS: readonly Disposition[] = [
  'home',
  'home-with-support',
  'rehabilitation',
  'long-term-care',
  'other',
];

export interface DischargeHold {
  kind: string;
  description: string;
  placedAt: string;
}

/**
 * What blocks a discharge, in words, or an empty list. Decided for this service (docs/decisions.md):
 * open holds other modules place on the admission (a pending lab order, medicines to dispense),
 * and a latest NEWS2 that needs escalation when the patient would leave acute care.
 */
export function dischargeBlockers(input: {
  disposition: Disposition;
  holds: Readonly<Record<string, DischargeHold>>;
  latestNews2?:
    | {
        score: number | null;
        needsEscalation: boolean;
        escalation?: string | null | undefined;
        recordedAt: string;
        earlyWarning?:
          | { system: string; score: number | null; recordedAt: string }
          | null
          | undefined;
      }
    | undefined;
}): string[] {
  const blockers = Object.entries(input.holds).map(
    ([id, h]) => `open ${h.kind} ${id}: ${h.description}`,
  );
  if (
    PLANNED_DISCHARGE_DISPOSITIONS.includes(input.disposition) &&
    input.latestNews2?.needsEscalation
  ) {
    const ew = input.latestNews2.earlyWarning;
    if (ew)
      blockers.push(
        `latest ${ew.system === 'pews' ? `Bedside PEWS (${ew.score}` : 'MEOWS (triggered'} at ${ew.recordedAt}) needs urgent review; record a complete observation set without a trigger after review before discharging ${input.disposition}`,
      );
    else
      blockers.push(
        `latest NEWS2 (${input.latestNews2.score ?? 'red score'} at ${input.latestNews2.recordedAt}) needs escalation (${input.latestNews2.escalation ?? 'urgent'} response: 5 or more, or 3 in one parameter); record a complete observation set after review before discharging ${input.disposition}`,
      );
  }
  return blockers;
}

/**
 * The bed-day charge lines of an admission for billing: only a discharged stay is charged (an
 * admission entered in error is not; an active one has no end yet).
 */
export function admissionBedDayCharges(
  admission: { status: string; bedHistory: readonly BedSegment[]; endedAt?: string | undefined },
  timeZone: string,
): BedDayChargeLine[] {
  if (admission.status !== 'discharged' || !admission.endedAt) return [];
  return bedDayChargeLines(admission.bedHistory, admission.endedAt, timeZone);
}

const ESCALATION_RANK: Record<News2Escalation, number> = { urgent: 1, emergency: 2 };

/** The higher of two escalations (null is none). */
function higher(a: News2Escalation | null, b: News2Escalation | null): News2Escalation | null {
  if (!a) return b;
  if (!b) return a;
  return ESCALATION_RANK[a] >= ESCALATION_RANK[b] ? a : b;
}

/** The escalation a stored latest NEWS2 stands at (older records have only the flag). */
function standingEscalation(latest: LatestNews2 | undefined): News2Escalation | null {
  if (!latest || latest.notApplicable) return null;
  return latest.escalation ?? (latest.needsEscalation ? 'urgent' : null);
}

/**
 * The admission's latest NEWS2 after an observation set (RCP NEWS2 2017: a complete
 * reassessment before an escalation stands down):
 * - a complete set replaces the score and its escalation, which may clear; previous score and
 *   trend compare it with the last complete set;
 * - an incomplete set keeps the last complete score, previous score and trend, and can only raise
 *   the standing escalation (its measured parameters are a lower bound), never lower it;
 * - a set for a patient NEWS2 does not apply to (under 16, pregnant, postpartum) shows no score
 *   and no NEWS2 escalation, with the reason, so no earlier score is shown as current.
 */
export function nextLatestNews2(
  previous: LatestNews2 | undefined,
  set: {
    score: number | null;
    risk: string | null;
    escalation: News2Escalation | null;
    complete: boolean;
    notApplicable: string | null;
    /** The score that replaces NEWS2 here (MEOWS, PEWS), when there is one. */
    earlyWarning?: EarlyWarning | null;
  },
  at: string,
): LatestNews2 {
  const latestSet = { latestSetAt: at, latestSetComplete: set.complete };
  if (set.notApplicable) {
    // MEOWS or PEWS escalates in NEWS2's place: the same flag blocks a planned discharge and
    // lights the bed board.
    const earlyWarning = nextEarlyWarning(previous?.earlyWarning, set.earlyWarning ?? null, at);
    return {
      score: null,
      risk: null,
      needsEscalation: earlyWarning?.trigger ?? false,
      escalation: earlyWarning?.trigger ? 'urgent' : null,
      trend: null,
      previousScore: null,
      recordedAt: at,
      ...latestSet,
      notApplicable: set.notApplicable,
      earlyWarning,
    };
  }
  const last = previous && !previous.notApplicable ? previous : undefined;
  if (set.complete && set.score !== null) {
    const previousScore = last?.score ?? null;
    return {
      score: set.score,
      risk: set.risk,
      needsEscalation: set.escalation !== null,
      escalation: set.escalation,
      trend: news2Trend(previousScore, set.score),
      previousScore,
      recordedAt: at,
      ...latestSet,
      notApplicable: null,
    };
  }
  const escalation = higher(standingEscalation(last), set.escalation);
  return {
    score: last?.score ?? null,
    risk: last?.risk ?? null,
    needsEscalation: escalation !== null,
    escalation,
    trend: last?.trend ?? null,
    previousScore: last?.previousScore ?? null,
    recordedAt: last?.recordedAt ?? at,
    ...latestSet,
    notApplicable: null,
  };
}

/**
 * The latest NEWS2 once a pregnancy status is recorded: withheld NEWS2 shows the reason and no
 * score (an earlier score is not current for a pregnant patient); a status that lifts the
 * withholding leaves no score either, until the next set is recorded.
 */
export function latestNews2ForPregnancy(
  previous: LatestNews2 | undefined,
  notApplicable: string | null,
  at: string,
): LatestNews2 | undefined {
  if (notApplicable)
    return nextLatestNews2(
      previous,
      { score: null, risk: null, escalation: null, complete: false, notApplicable },
      at,
    );
  if (previous?.notApplicable) return { ...previous, notApplicable: null, recordedAt: at };
  return previous;
}
