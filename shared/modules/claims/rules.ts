/**
 * The pure rules of claims (no I/O; unit-tested with written-out tables in
 * test/unit/claims/*.test.ts): how a plan splits an invoice between the payer and the patient,
 * and how open amounts age. All amounts are integer minor units; every split is exact (for each
 * line payer part + patient part = line total, so the claim's parts add up to the invoice total).
 */
import { BASIS_POINTS, divideRounded } from '../billing';

/** A plan's coverage rules (docs/claims.md, "Split"). */
export interface CoverageRules {
  /** The patient's share of each covered amount, in basis points (2000 = 20%). */
  copayBp: number;
  /**
   * What the patient pays of the covered amounts first (minor units): per claim, or what is
   * left of the policy year's deductible (the caller passes the remainder, see `policyYear`).
   */
  deductible: number;
  /** Most the payer covers per bed day (minor units, tax included); absent: no limit. */
  roomDayLimit?: number | undefined;
  /** Service types the plan never pays for. */
  excludedServiceTypes: readonly string[];
  /** Service types the payer pays for only with an approved pre-authorisation. */
  preauthServiceTypes: readonly string[];
}

/** One invoice line as the split sees it. */
export interface SplitLine {
  serviceType: string;
  /** Days, for a bed-day line. */
  quantity: number;
  /** What the line costs, tax included (the invoice line's total). */
  total: number;
}

/** Why part of a line is the patient's. */
export const SPLIT_REASONS = [
  'excluded',
  'no-preauth',
  'preauth-limit',
  'room-limit',
  'deductible',
  'copay',
] as const;
export type SplitReason = (typeof SPLIT_REASONS)[number];

export interface LineSplit {
  payer: number;
  patient: number;
  /** The patient's part by reason; reasons with 0 are left out. */
  patientReasons: Partial<Record<SplitReason, number>>;
}

export interface Split {
  lines: LineSplit[];
  payer: number;
  patient: number;
}

/** The bed-day service type: the one the per-day room limit applies to. */
export const ROOM_SERVICE_TYPE = 'bed-day';

/**
 * Splits the lines between payer and patient. Per line, in this order:
 * 1. an excluded service type is the patient's in full;
 * 2. a service type that needs pre-authorisation is the patient's in full without an approved
 *    one (`preauthAmount` undefined); with one, the payer's part of those lines together never
 *    exceeds the approved amount (the rest is the patient's, `preauth-limit`), taken in line order;
 * 3. a bed-day line is covered up to `roomDayLimit` × days (the rest: `room-limit`);
 * 4. the deductible is taken from the covered amounts in line order until it is used up;
 * 5. the co-payment is `copayBp` of what is still covered, rounded half away from zero per line.
 * The pre-authorisation cap is applied after the room limit, deductible and co-payment, to the
 * payer's part itself (it caps what the payer pays, not what the service costs).
 */
export function splitInvoice(
  lines: readonly SplitLine[],
  rules: CoverageRules,
  preauthAmount?: number,
): Split {
  let deductibleLeft = rules.deductible;
  let preauthLeft = preauthAmount ?? 0;
  const out: LineSplit[] = lines.map((line) => {
    const reasons: Partial<Record<SplitReason, number>> = {};
    const toPatient = (reason: SplitReason, amount: number) => {
      if (amount > 0) reasons[reason] = (reasons[reason] ?? 0) + amount;
    };
    if (rules.excludedServiceTypes.includes(line.serviceType)) {
      toPatient('excluded', line.total);
      return { payer: 0, patient: line.total, patientReasons: reasons };
    }
    const needsPreauth = rules.preauthServiceTypes.includes(line.serviceType);
    if (needsPreauth && preauthAmount === undefined) {
      toPatient('no-preauth', line.total);
      return { payer: 0, patient: line.total, patientReasons: reasons };
    }
    let covered = line.total;
    if (line.serviceType === ROOM_SERVICE_TYPE && rules.roomDayLimit !== undefined) {
      const cap = rules.roomDayLimit * line.quantity;
      if (covered > cap) {
        toPatient('room-limit', covered - cap);
        covered = cap;
      }
    }
    const deductible = Math.min(deductibleLeft, covered);
    deductibleLeft -= deductible;
    toPatient('deductible', deductible);
    covered -= deductible;
    const copay = Number(
      divideRounded(BigInt(covered) * BigInt(rules.copayBp), BigInt(BASIS_POINTS)),
    );
    toPatient('copay', copay);
    let payer = covered - copay;
    if (needsPreauth) {
      const allowed = Math.min(payer, preauthLeft);
      toPatient('preauth-limit', payer - allowed);
      preauthLeft -= allowed;
      payer = allowed;
    }
    return { payer, patient: line.total - payer, patientReasons: reasons };
  });
  return {
    lines: out,
    payer: out.reduce((s, l) => s + l.payer, 0),
    patient: out.reduce((s, l) => s + l.patient, 0),
  };
}

// ─── Coordination of benefits ───────────────────────────────────────────────────────────────

export interface SecondaryLineSplit extends LineSplit {
  /** What the primary payer paid of the line. */
  otherPayer: number;
}

/**
 * The secondary payer's part of each line once the primary has paid, by the NAIC Coordination of
 * Benefits Model Regulation (MDL-120), the secondary plan's benefit: it pays what it would have
 * paid as the only plan (`splitInvoice` by its own rules: exclusions, pre-authorisation, room
 * limit, its deductible, co-payment), but never more than what the primary left unpaid of the
 * line, which is the patient's responsibility after the primary. What is still left is the
 * patient's: attributed to the secondary's own reasons in the order of SPLIT_REASONS, each up to
 * its amount (the primary's payment absorbs the rest). Per line
 * `otherPayer + payer + patient = total`. `primaryPaid[i]` is what the primary paid of line i.
 */
export function secondarySplit(
  lines: readonly SplitLine[],
  rules: CoverageRules,
  primaryPaid: readonly number[],
  preauthAmount?: number,
): { lines: SecondaryLineSplit[]; payer: number; patient: number; normal: Split } {
  const normal = splitInvoice(lines, rules, preauthAmount);
  const out = lines.map((line, i): SecondaryLineSplit => {
    const otherPayer = primaryPaid[i]!;
    const left = line.total - otherPayer;
    const payer = Math.min(normal.lines[i]!.payer, left);
    let patient = left - payer;
    const reasons: Partial<Record<SplitReason, number>> = {};
    for (const reason of SPLIT_REASONS) {
      const take = Math.min(patient, normal.lines[i]!.patientReasons[reason] ?? 0);
      if (take > 0) reasons[reason] = take;
      patient -= take;
    }
    return { otherPayer, payer, patient: left - payer, patientReasons: reasons };
  });
  return {
    lines: out,
    payer: out.reduce((s, l) => s + l.payer, 0),
    patient: out.reduce((s, l) => s + l.patient, 0),
    normal,
  };
}

// ─── Policy year ────────────────────────────────────────────────────────────────────────────

/** How a plan's deductible applies: afresh on every claim, or once per policy year. */
export const DEDUCTIBLE_PERIODS = ['claim', 'policy-year'] as const;
export type DeductiblePeriod = (typeof DEDUCTIBLE_PERIODS)[number];

const isoDate = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

/** The day `monthDay` (MM-DD) falls on in `year`; 02-29 is 02-28 in a year without it. */
function anniversary(year: number, monthDay: string): string {
  const [m, d] = monthDay.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return isoDate(year, m, Math.min(d, lastDay));
}

/**
 * The policy year a date (YYYY-MM-DD) falls in, for a policy whose years start every `start`
 * (MM-DD): from the latest anniversary on or before the date to the day before the next one.
 */
export function policyYear(start: string, date: string): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const from = anniversary(year, start) <= date ? year : year - 1;
  const next = anniversary(from + 1, start);
  const to = new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from: anniversary(from, start), to };
}

// ─── Aging ──────────────────────────────────────────────────────────────────────────────────

export const AGING_BUCKETS = ['0-30', '31-60', '61-90', 'over-90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Whole days from one calendar date (YYYY-MM-DD) to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The bucket of an amount `days` old: 0-30 (also a date in the future), 31-60, 61-90, over 90. */
export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return 'over-90';
}

export interface AgingEntry {
  /** Who owes it: a payer's or a patient's id. */
  key: string;
  name: string;
  /** The date the amount is aged from (hospital time zone). */
  since: string;
  amount: number;
}

export interface AgingRow {
  key: string;
  name: string;
  buckets: Record<AgingBucket, number>;
  total: number;
}

const emptyBuckets = (): Record<AgingBucket, number> => ({
  '0-30': 0,
  '31-60': 0,
  '61-90': 0,
  'over-90': 0,
});

/** Sums open amounts per debtor and bucket as of `today`; rows by total, largest first. */
export function ageAmounts(
  entries: readonly AgingEntry[],
  today: string,
): { rows: AgingRow[]; totals: Record<AgingBucket, number>; total: number } {
  const rows = new Map<string, AgingRow>();
  const totals = emptyBuckets();
  for (const e of entries) {
    if (e.amount === 0) continue;
    const bucket = agingBucket(daysBetween(e.since, today));
    const row = rows.get(e.key) ?? { key: e.key, name: e.name, buckets: emptyBuckets(), total: 0 };
    row.buckets[bucket] += e.amount;
    row.total += e.amount;
    totals[bucket] += e.amount;
    rows.set(e.key, row);
  }
  const sorted = [...rows.values()].sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
  return { rows: sorted, totals, total: sorted.reduce((s, r) => s + r.total, 0) };
}

// ─── Adjudication ───────────────────────────────────────────────────────────────────────────

/** FHIR ClaimResponse.outcome after adjudication, from the lines' approved and claimed amounts. */
export function adjudicationOutcome(
  lines: readonly { claimed: number; approved: number }[],
): 'complete' | 'partial' | 'error' {
  const claimed = lines.reduce((s, l) => s + l.claimed, 0);
  const approved = lines.reduce((s, l) => s + l.approved, 0);
  if (approved === claimed) return 'complete';
  if (approved === 0) return 'error';
  return 'partial';
}

/** A line's adjudication status from what was claimed and approved. */
export function lineAdjudication(
  claimed: number,
  approved: number,
): 'approved' | 'partial' | 'denied' {
  if (approved === claimed) return 'approved';
  return approved === 0 ? 'denied' : 'partial';
}
