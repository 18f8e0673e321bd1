/**
 * The notifications function: invoked by the EventBridge rule for the events people are told
 * about (NOTIFIED_EVENTS), on AWS and by the local runtime's bus. It delivers by e-mail (SES) and
 * SMS (SNS) on AWS and into the local outbox in npm start (shared/modules/notifications). It
 * throws when a send failed, so the rule's retry policy delivers again (then the DLQ); messages
 * already sent are not sent again (deliver.ts).
 */
import '../../shared/kernel/stack-traces';
import type { EventBridgeEvent } from 'aws-lambda';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { Stores } from '../../shared/kernel/store/store';
import {
  type DeliveryReport,
  deliverNotifications,
} from '../../shared/modules/notifications/index';

export function handler(
  event: EventBridgeEvent<string, unknown>,
  context?: { awsRequestId?: string },
): Promise<DeliveryReport> {
  return atEdge(
    {
      function: 'notifications',
      transport: 'event',
      requestId: context?.awsRequestId ?? event.id,
      route: event['detail-type'],
      stores: () => new Stores(),
    },
    async (edge) => {
      const tenantId = (event.detail as { tenantId?: unknown } | null)?.tenantId;
      if (typeof tenantId !== 'string') throw new Error('The event names no tenant');
      edge.note({ tenantId });
      return deliverNotifications(
        edge.stores.forTenant(tenantId),
        event['detail-type'],
        event.detail,
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
