/**
 * The lifecycle of a surgical case, declared once (docs/state-machines.md renders it), and the
 * order of its timeline: in room → anaesthesia start → incision → closure → out of room. The
 * timeline's steps that the WHO checklist guards: anaesthesia after Sign In, incision after Time
 * Out, leaving the room after Sign Out (checklist.ts).
 */
import {
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import * as z from '../../kernel/zod';
import type { Phase } from './checklist';

export const CASE_STATUSES = [
  'waiting',
  'scheduled',
  'in-theatre',
  'completed',
  'cancelled',
] as const;
export const CaseStatusSchema = z.enum(CASE_STATUSES);
export type CaseStatus = z.infer<typeof CaseStatusSchema>;

/**
 * `waiting`: on the waiting list, no session (also a bumped case, visibly); `scheduled`: in a
 * session at a start time (moving it stays scheduled); `in-theatre`: in the room;
 * `completed`: out of the room; `cancelled`: with a reason code.
 */
export const CASE_TRANSITIONS: TransitionTable<CaseStatus> = {
  waiting: ['scheduled', 'cancelled'],
  scheduled: ['waiting', 'in-theatre', 'cancelled'],
  'in-theatre': ['completed'],
  completed: [],
  cancelled: [],
};

export function assertCaseStatus(from: CaseStatus, to: CaseStatus): void {
  assertTableTransition('surgical case', CASE_TRANSITIONS, from, to);
}

export function caseStatusTableMarkdown(): string {
  return transitionTableMarkdown(CASE_TRANSITIONS);
}

/** FHIR `Procedure.status` of a case in each state. */
export const FHIR_PROCEDURE_STATUS: Readonly<Record<CaseStatus, string>> = {
  waiting: 'preparation',
  scheduled: 'preparation',
  'in-theatre': 'in-progress',
  completed: 'completed',
  cancelled: 'not-done',
};

export const TIMELINE = [
  'in-room',
  'anaesthesia-start',
  'incision',
  'closure',
  'out-of-room',
] as const;
export type TimelineEvent = (typeof TIMELINE)[number];

/** The checklist phase that must be complete before the event is recorded. */
export const GUARDED_BY: Readonly<Partial<Record<TimelineEvent, Phase>>> = {
  'anaesthesia-start': 'sign-in',
  incision: 'time-out',
  'out-of-room': 'sign-out',
};

/** The event that must come next after what is recorded (null: all recorded). */
export function nextTimelineEvent(
  recorded: Readonly<Partial<Record<TimelineEvent, unknown>>>,
): TimelineEvent | null {
  return TIMELINE.find((e) => recorded[e] === undefined) ?? null;
}

/** NCEPOD Classification of Intervention (2004): immediate, urgent, expedited, elective. */
export const NCEPOD = ['immediate', 'urgent', 'expedited', 'elective'] as const;
export type Ncepod = (typeof NCEPOD)[number];

/** Priorities that may take an elective case's place on a list (with a recorded reason). */
export function mayBump(priority: Ncepod): boolean {
  return priority === 'immediate' || priority === 'urgent';
}

/** Reasons a case is cancelled on the day (the utilisation report counts them). */
export const CANCELLATION_REASONS = [
  'patient-unfit',
  'no-bed',
  'list-overrun',
  'equipment',
  'patient-did-not-attend',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
