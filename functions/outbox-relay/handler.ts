/**
 * The outbox relay, run every minute by an EventBridge schedule (and by the local runtime's timer):
 * publishes the events whose outbox items fell due and retries failed ones with backoff
 * (shared/events/relay.ts).
 */
import '../../shared/kernel/stack-traces';
import { randomUUID } from 'node:crypto';
import { type RelayReport, relayOutbox } from '../../shared/events/relay';
import { systemClock } from '../../shared/kernel/clock';
import { rootLogger } from '../../shared/kernel/log';

export async function handler(
  _event?: unknown,
  context?: { awsRequestId?: string },
): Promise<RelayReport> {
  const requestId = context?.awsRequestId ?? randomUUID();
  const log = rootLogger.child({ function: 'outbox-relay', requestId });
  const report = await relayOutbox({ now: () => systemClock.now(), log });
  if (report.published || report.retried || report.dead) log.info('outbox relay', { ...report });
  return report;
}
