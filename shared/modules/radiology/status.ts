/**
 * Radiology lifecycles, declared once (docs/state-machines.md renders them):
 * - `status`, FHIR ServiceRequest.status, as for lab orders;
 * - `step`, the DICOM / IHE Scheduled Workflow procedure step: requested → scheduled →
 *   in progress → completed → reported (a final report; a preliminary one keeps it completed).
 */
import {
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import * as z from '../../kernel/zod';

export const RAD_STATUSES = [
  'draft',
  'active',
  'completed',
  'revoked',
  'entered-in-error',
] as const;
export const RadStatusSchema = z.enum(RAD_STATUSES);
export type RadStatus = z.infer<typeof RadStatusSchema>;

export const RAD_STATUS_TRANSITIONS: TransitionTable<RadStatus> = {
  draft: ['active', 'revoked', 'entered-in-error'],
  active: ['completed', 'revoked', 'entered-in-error'],
  completed: ['entered-in-error'],
  revoked: [],
  'entered-in-error': [],
};
export const SETTABLE_RAD_STATUSES = ['active', 'revoked', 'entered-in-error'] as const;

export const RAD_STEPS = [
  'requested',
  'scheduled',
  'in-progress',
  'completed',
  'reported',
] as const;
export const RadStepSchema = z.enum(RAD_STEPS);
export type RadStep = z.infer<typeof RadStepSchema>;

export const RAD_STEP_TRANSITIONS: TransitionTable<RadStep> = {
  requested: ['scheduled'],
  scheduled: ['in-progress'],
  'in-progress': ['completed'],
  completed: ['reported'],
  reported: [],
};

export function assertRadStatus(from: RadStatus, to: RadStatus): void {
  assertTableTransition('radiology order', RAD_STATUS_TRANSITIONS, from, to);
}
export function assertRadStep(from: RadStep, to: RadStep): void {
  assertTableTransition('radiology procedure step', RAD_STEP_TRANSITIONS, from, to);
}

export function radiologyStatusTableMarkdown(): string {
  return transitionTableMarkdown(RAD_STATUS_TRANSITIONS);
}
export function radiologyStepTableMarkdown(): string {
  return transitionTableMarkdown(RAD_STEP_TRANSITIONS);
}
