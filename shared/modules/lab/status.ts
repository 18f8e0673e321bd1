/**
 * The two lifecycles of a lab order, declared once (docs/state-machines.md is rendered from them):
 * - `status`, FHIR ServiceRequest.status: what the doctor's request is (draft, active, …);
 * - `step`, where the work stands in the lab: awaiting collection → awaiting result entry →
 *   awaiting verification → reported; a rejected specimen sends it back to collection.
 */
import {
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import * as z from '../../kernel/zod';

export const ORDER_STATUSES = [
  'draft',
  'active',
  'on-hold',
  'completed',
  'revoked',
  'entered-in-error',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * `completed` is reached only by verifying the report (lab.verify), never by a status change;
 * the table lists every move the service makes.
 */
export const ORDER_STATUS_TRANSITIONS: TransitionTable<OrderStatus> = {
  draft: ['active', 'revoked', 'entered-in-error'],
  active: ['on-hold', 'completed', 'revoked', 'entered-in-error'],
  'on-hold': ['active', 'revoked', 'entered-in-error'],
  completed: ['entered-in-error'],
  revoked: [],
  'entered-in-error': [],
};

/** What a doctor may set with lab.setOrderStatus (completion comes from verification). */
export const SETTABLE_ORDER_STATUSES = [
  'active',
  'on-hold',
  'revoked',
  'entered-in-error',
] as const;
export const ORDER_STATUSES_NEEDING_REASON: readonly OrderStatus[] = [
  'on-hold',
  'revoked',
  'entered-in-error',
];

export function assertOrderTransition(from: OrderStatus, to: OrderStatus): void {
  assertTableTransition('lab order', ORDER_STATUS_TRANSITIONS, from, to);
}

export const LAB_STEPS = [
  'awaiting-collection',
  'awaiting-entry',
  'awaiting-verification',
  'reported',
] as const;
export const LabStepSchema = z.enum(LAB_STEPS);
export type LabStep = z.infer<typeof LabStepSchema>;

export const LAB_STEP_TRANSITIONS: TransitionTable<LabStep> = {
  // collect a specimen
  'awaiting-collection': ['awaiting-entry'],
  // reject the specimen (back to collection), or enter the last missing result
  'awaiting-entry': ['awaiting-collection', 'awaiting-verification'],
  // verify (a different person from whoever entered a result)
  'awaiting-verification': ['reported'],
  // amendments keep the report reported (DiagnosticReport.status amended)
  reported: [],
};

export function assertStep(from: LabStep, to: LabStep): void {
  assertTableTransition('lab order step', LAB_STEP_TRANSITIONS, from, to);
}

/** FHIR DiagnosticReport.status as this service uses it. */
export const REPORT_STATUSES = [
  'registered',
  'partial',
  'preliminary',
  'final',
  'amended',
] as const;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);

/** FHIR Specimen.status: a rejected specimen is `unsatisfactory`. */
export const SPECIMEN_STATUSES = ['available', 'unsatisfactory'] as const;
export const REJECTION_REASONS = [
  'haemolysed',
  'insufficient',
  'mislabelled',
  'clotted',
  'wrong-container',
  'other',
] as const;

export function labOrderStatusTableMarkdown(): string {
  return transitionTableMarkdown(ORDER_STATUS_TRANSITIONS);
}
export function labStepTableMarkdown(): string {
  return transitionTableMarkdown(LAB_STEP_TRANSITIONS);
}
