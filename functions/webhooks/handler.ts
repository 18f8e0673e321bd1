/**
 * The webhooks function: the EventBridge rule for WEBHOOK_DETAIL_TYPES fans each event out to
 * the hospital's subscriptions (shared/modules/webhooks); a one-minute schedule (a Scheduled
 * Event) runs the retries that fell due. On AWS and in the local runtime's bus.
 */
import '../../shared/kernel/stack-traces';
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { rootLogger } from '../../shared/kernel/log';
import { Stores } from '../../shared/kernel/store/store';
import {
  type FanOutReport,
  fanOut,
  type RetryReport,
  retryDueDeliveries,
} from '../../shared/modules/webhooks/index';

export async function handler(
  event: EventBridgeEvent<string, unknown>,
  context?: { awsRequestId?: string },
): Promise<FanOutReport | RetryReport> {
  const scheduled = event['detail-type'] === 'Scheduled Event';
  if (scheduled) {
    // As the outbox relay: a log line only when there was something to retry.
    const log = rootLogger.child({
      function: 'webhooks',
      requestId: context?.awsRequestId ?? randomUUID(),
    });
    const report = await retryDueDeliveries(new Stores(), systemClock.now(), log);
    if (report.attempted) log.info('webhook retries', { ...report });
    return report;
  }
  return atEdge(
    {
      function: 'webhooks',
      transport: 'event',
      requestId: context?.awsRequestId ?? event.id ?? 'webhooks',
      route: event['detail-type'],
      stores: () => new Stores(),
    },
    async (edge): Promise<FanOutReport> => {
      const detail = (event.detail ?? {}) as Record<string, unknown>;
      const tenantId = detail.tenantId;
      if (typeof tenantId !== 'string') throw new Error('The event names no tenant');
      edge.note({ tenantId });
      return fanOut(
        edge.stores.forTenant(tenantId),
        event['detail-type'],
        detail,
        systemClock.now(),
        edge.log.child({ tenantId }),
      );
    },
    (err) => {
      throw err;
    },
    (report) => ({ ...report }),
  );
}
