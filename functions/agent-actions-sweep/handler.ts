/**
 * The agent actions job, run every five minutes by an EventBridge schedule (and by the local
 * runtime's timer): expires pending actions past their time, publishes again for approved actions
 * nobody claimed, and fails executions that stopped after claiming (shared/modules/agent-actions/
 * dispatch.ts).
 */
import { randomUUID } from 'node:crypto';
import { systemClock } from '../../shared/kernel/clock';
import { rootLogger } from '../../shared/kernel/log';
import { type SweepReport, sweepAgentActions } from '../../shared/modules/agent-actions';

export async function handler(
  _event?: unknown,
  context?: { awsRequestId?: string },
): Promise<SweepReport> {
  const requestId = context?.awsRequestId ?? randomUUID();
  const log = rootLogger.child({ function: 'agent-actions-sweep', requestId });
  const report = await sweepAgentActions({ now: () => systemClock.now(), log, requestId });
  log.info('agent actions sweep', {
    expired: report.expired.length,
    republished: report.republished.length,
    failed: report.failed.length,
  });
  return report;
}
