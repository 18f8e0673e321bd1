/**
 * The lab's events: a critical result raised for the requesting doctor (notifications page them,
 * webhooks forward it). The detail carries ids and the test's name, never the value: whoever acts
 * opens the result in the service.
 */
// Registers the bus as the outbox's fast path in the lab's function.
import '../../events/bus';
import type { Context } from '../../kernel/context';
import { emit } from '../../kernel/effects';
import * as z from '../../kernel/zod';

export const LAB_SOURCE = 'hms.lab';
export const LAB_CRITICAL_RESULT = 'LabCriticalResult';

export const LabCriticalResultDetail = z.strictObject({
  eventId: z.string(),
  tenantId: z.string(),
  alertId: z.string(),
  orderId: z.string(),
  patientId: z.string(),
  mrn: z.string(),
  /** The requesting doctor (a user id). */
  requesterId: z.string(),
  testCode: z.string(),
  testName: z.string(),
  raisedAt: z.string(),
});
export type LabCriticalResultDetail = z.output<typeof LabCriticalResultDetail>;

export function emitCriticalResult(
  ctx: Context,
  detail: Omit<LabCriticalResultDetail, 'eventId' | 'tenantId'>,
): void {
  emit(ctx, {
    source: LAB_SOURCE,
    detailType: LAB_CRITICAL_RESULT,
    detail: { eventId: `lab-critical:${detail.alertId}`, tenantId: ctx.tenantId, ...detail },
  });
}
