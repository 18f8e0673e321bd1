/**
 * The roster-generation function: the EventBridge rule for `RosterGenerationRequested` (on AWS and
 * in the local runtime's bus) runs the queued job with HiGHS, out of the request that started it
 * (shared/modules/roster/jobs.ts). Its timeout covers the longest solver limit a job may ask for.
 * A failure of the solver is the job's (stored as failed, with what to do); an error reaching the
 * store throws, so the rule delivers again and the next delivery takes the job over.
 */
import '../../shared/kernel/stack-traces';
import type { EventBridgeEvent } from 'aws-lambda';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { Stores } from '../../shared/kernel/store/store';
import {
  generateRoster,
  type JobRunOutcome,
  runGenerationJob,
} from '../../shared/modules/roster/index';

type Solve = typeof generateRoster;

/**
 * The handler with its solver: HiGHS in this process on AWS (the function serves nothing else);
 * the local runtime passes one that solves in a worker thread (bin/local/roster-solver.ts), so a
 * solve does not stop its HTTP server for the seconds it takes.
 */
export function rosterGenerationHandler(solve: Solve = generateRoster) {
  return (
    event: EventBridgeEvent<string, unknown>,
    context?: { awsRequestId?: string },
  ): Promise<JobRunOutcome> => run(solve, event, context);
}

export const handler = rosterGenerationHandler();

function run(
  solve: Solve,
  event: EventBridgeEvent<string, unknown>,
  context?: { awsRequestId?: string },
): Promise<JobRunOutcome> {
  return atEdge(
    {
      function: 'roster-generation',
      transport: 'event',
      requestId: context?.awsRequestId ?? event.id,
      route: event['detail-type'],
      stores: () => new Stores(),
    },
    async (edge) => {
      const detail = (event.detail ?? {}) as { tenantId?: unknown; jobId?: unknown };
      if (typeof detail.tenantId !== 'string' || typeof detail.jobId !== 'string')
        throw new Error('The event names no tenant or job');
      edge.note({ tenantId: detail.tenantId });
      return runGenerationJob(
        {
          store: edge.stores.forTenant(detail.tenantId),
          tenantId: detail.tenantId,
          now: () => systemClock.now(),
          solve,
        },
        detail.jobId,
      );
    },
    (err) => {
      throw err;
    },
    (outcome) => ({ ...outcome }),
  );
}
