/**
 * The tenant-export function: the EventBridge rule for `TenantExportRequested` (on AWS and in the
 * local runtime's bus) runs the queued export of one hospital out of the request that started it
 * (shared/modules/tenants/export-run.ts). It is the only function that may Scan the table
 * (lib/events-stack.ts says why); it writes only its hospital's export partitions. A failure of
 * the export is the job's (stored as failed, with what to do); an error reaching the store while
 * recording that throws, so the rule delivers again and the next delivery takes the job over.
 */
import '../../shared/kernel/stack-traces';
import { randomUUID } from 'node:crypto';
import type { EventBridgeEvent } from 'aws-lambda';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { Stores } from '../../shared/kernel/store/store';
import { type ExportRunOutcome, runExportJob } from '../../shared/modules/tenants/index';

export function handler(
  event: EventBridgeEvent<string, unknown>,
  context?: { awsRequestId?: string },
): Promise<ExportRunOutcome> {
  return atEdge(
    {
      function: 'tenant-export',
      transport: 'event',
      requestId: context?.awsRequestId ?? event.id,
      route: event['detail-type'],
      stores: () => new Stores(),
    },
    async (edge) => {
      const detail = (event.detail ?? {}) as { tenantId?: unknown; exportId?: unknown };
      if (typeof detail.tenantId !== 'string' || typeof detail.exportId !== 'string')
        throw new Error('The event names no tenant or export');
      edge.note({ tenantId: detail.tenantId });
      return runExportJob(
        {
          store: edge.stores.forTenant(detail.tenantId),
          now: () => systemClock.now(),
          // Unique per invocation (a retry of Lambda keeps its request id): the claim's holder.
          delivery: randomUUID(),
        },
        detail.exportId,
      );
    },
    (err) => {
      throw err;
    },
    (outcome) => ({ ...outcome }),
  );
}
