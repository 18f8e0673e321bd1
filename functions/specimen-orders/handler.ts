/**
 * The specimen-orders function: the EventBridge rule for `TheatreSpecimenTaken` (on AWS and in the
 * local runtime's bus) places each specimen's pathology order in the lab
 * (shared/consumers/specimen-orders.ts). It throws on a transient failure so that the rule's
 * retry policy delivers again (then the DLQ); a delivered-again event places nothing twice.
 */
import '../../shared/kernel/stack-traces';
import type { EventBridgeEvent } from 'aws-lambda';
import {
  placeSpecimenOrder,
  type SpecimenOrderOutcome,
} from '../../shared/consumers/specimen-orders';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { Stores } from '../../shared/kernel/store/store';
import type { SpecimenTakenDetail } from '../../shared/modules/theatre/index';

export function handler(
  event: EventBridgeEvent<string, unknown>,
  context?: { awsRequestId?: string },
): Promise<SpecimenOrderOutcome> {
  return atEdge(
    {
      function: 'specimen-orders',
      transport: 'event',
      requestId: context?.awsRequestId ?? event.id,
      route: event['detail-type'],
      stores: () => new Stores(),
    },
    async (edge) => {
      const detail = event.detail as SpecimenTakenDetail | null;
      if (typeof detail?.tenantId !== 'string') throw new Error('The event names no tenant');
      edge.note({ tenantId: detail.tenantId });
      return placeSpecimenOrder(edge.stores.forTenant(detail.tenantId), detail, {
        now: systemClock.now(),
        requestId: edge.requestId,
        log: edge.log.child({ tenantId: detail.tenantId }),
      });
    },
    (err) => {
      throw err;
    },
    (outcome) => ({ ...outcome }),
  );
}
