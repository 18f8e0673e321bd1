/**
 * The agent actions job, run every five minutes by an EventBridge schedule (and by the local
 * runtime's timer), through the edge pipeline (one log line per run): expires pending actions past
 * their time, publishes again for approved actions nobody claimed, and fails executions that
 * stopped after claiming (shared/modules/agent-actions/dispatch.ts).
 */
import '../../shared/kernel/stack-traces';
import { randomUUID } from 'node:crypto';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { type SweepReport, sweepAgentActions } from '../../shared/modules/agent-actions';

export function handler(
  _event?: unknown,
  context?: { awsRequestId?: string },
): Promise<SweepReport> {
  return atEdge(
    {
      function: 'agent-actions-sweep',
      transport: 'schedule',
      requestId: context?.awsRequestId ?? randomUUID(),
    },
    (edge) =>
      sweepAgentActions({ now: () => systemClock.now(), log: edge.log, requestId: edge.requestId }),
    // The next run (five minutes later) takes up whatever this one could not do.
    (err) => {
      throw err;
    },
    (report) => ({
      expired: report.expired.length,
      republished: report.republished.length,
      failed: report.failed.length,
    }),
  );
}
