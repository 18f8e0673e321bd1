/**
 * Pure rules of the emergency department board: targets to be seen by level, breaches, and the
 * time-in-department figures a hospital reports (the NHS 4-hour standard: the share of attendances
 * admitted, transferred or discharged within 4 hours of arrival, NHS England A&E waiting times).
 */
import type { EsiLevel } from '../../clinical/esi';
import type { Targets } from './schemas';

/**
 * Default minutes from arrival to being seen by a clinician, by ESI level: ESI itself sets no
 * times (AHRQ Handbook), so these are the hospital's to configure (PUT /emergency/settings/targets).
 * Defaults follow common practice for 5-level scales: immediate, 10 min, 60 min, 120 min, 240 min;
 * and triage within 15 minutes of arrival (RCEM Initial Assessment of Emergency Department
 * Patients, 2017).
 */
export const DEFAULT_TARGETS: Targets = {
  triageMinutes: 15,
  level1: 0,
  level2: 10,
  level3: 60,
  level4: 120,
  level5: 240,
};

/** The 4-hour standard, in minutes. */
export const FOUR_HOURS = 240;

export function targetFor(targets: Targets, level: EsiLevel | null): number {
  if (level === null) return targets.triageMinutes;
  return targets[`level${level}`];
}

/** Whole minutes between two instants (never negative). */
export function minutesBetween(from: string, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - Date.parse(from)) / 60_000));
}

/**
 * A patient breaches when still waiting (for triage, or to be seen after triage) longer than the
 * target; once a clinician sees them the target is met or missed and shown no longer.
 */
export function isBreached(
  status: string,
  level: EsiLevel | null,
  minutesWaiting: number,
  targets: Targets,
): boolean {
  if (status !== 'awaiting-triage' && status !== 'awaiting-clinician') return false;
  return minutesWaiting > targetFor(targets, status === 'awaiting-triage' ? null : level);
}

/** Board order: level (1 first, untriaged after level 1-2 by rule below), then longest waiting. */
export function boardOrder(
  a: { level: EsiLevel | null; arrivedAt: string },
  b: { level: EsiLevel | null; arrivedAt: string },
): number {
  // An untriaged patient is unknown acuity: shown after levels 1 and 2 and before 3, so a
  // waiting patient is seen by the triage nurse before the less urgent.
  const rank = (l: EsiLevel | null) => (l === null ? 2.5 : l);
  return rank(a.level) - rank(b.level) || Date.parse(a.arrivedAt) - Date.parse(b.arrivedAt);
}
