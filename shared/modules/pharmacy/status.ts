/** Lifecycle of a stock batch, and the FHIR MedicationDispense statuses a dispense carries. */
import {
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import * as z from '../../kernel/zod';

export const BATCH_STATUSES = ['active', 'recalled', 'written-off'] as const;
export const BatchStatusSchema = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof BatchStatusSchema>;

/**
 * `active`: on the shelf (it may be empty, or expired and waiting for its write-off);
 * `recalled`: the manufacturer or regulator withdrew the lot, its stock left the count;
 * `written-off`: expired stock removed from the count. Only an active batch takes movements.
 */
export const BATCH_STATUS_TRANSITIONS: TransitionTable<BatchStatus> = {
  active: ['recalled', 'written-off'],
  recalled: [],
  'written-off': [],
};

export function assertBatchTransition(from: BatchStatus, to: BatchStatus): void {
  assertTableTransition('batch', BATCH_STATUS_TRANSITIONS, from, to);
}

export function batchStatusTableMarkdown(): string {
  return transitionTableMarkdown(BATCH_STATUS_TRANSITIONS);
}

/**
 * FHIR R5 MedicationDispense.status. A dispense is recorded when the medicine is handed over, so
 * every stored dispense is `completed`; the other statuses belong to workflows this service does
 * not run (preparation queues, declined requests).
 */
export const MEDICATION_DISPENSE_STATUSES = [
  'preparation',
  'in-progress',
  'cancelled',
  'on-hold',
  'completed',
  'entered-in-error',
  'stopped',
  'declined',
  'unknown',
] as const;
export const MedicationDispenseStatusSchema = z.enum(MEDICATION_DISPENSE_STATUSES);

export const MOVEMENT_TYPES = [
  'receipt',
  'dispense',
  'return',
  'adjustment',
  'expiry-write-off',
  'recall',
] as const;
export const MovementTypeSchema = z.enum(MOVEMENT_TYPES);
export type MovementType = z.infer<typeof MovementTypeSchema>;

/** Why stock was adjusted by hand; a count correction is the only one that may add stock. */
export const ADJUSTMENT_REASONS = ['damage', 'count-correction', 'theft-or-loss', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
