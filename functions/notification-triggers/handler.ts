/**
 * The notification triggers, run every TRIGGER_RATE_MINUTES by an EventBridge schedule (and by
 * the local runtime's timer), through the edge pipeline (one log line per run): appointment
 * reminders, escalation of unacknowledged critical results, agent actions about to expire and
 * the pharmacy's stock notice, in every hospital (shared/modules/notifications/triggers-run.ts).
 * A function of its own, not the notifications function's: it lists every hospital, so its role
 * reaches the table across tenants, while the function that takes events' payloads stays bound
 * to one tenant's session.
 */
import '../../shared/kernel/stack-traces';
import { randomUUID } from 'node:crypto';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { Stores } from '../../shared/kernel/store/store';
import {
  runNotificationTriggers,
  type TriggerReport,
} from '../../shared/modules/notifications/index';

export function handler(
  _event?: unknown,
  context?: { awsRequestId?: string },
): Promise<TriggerReport> {
  return atEdge(
    {
      function: 'notification-triggers',
      transport: 'schedule',
      requestId: context?.awsRequestId ?? randomUUID(),
      stores: () => new Stores(),
    },
    (edge) => runNotificationTriggers(edge.stores, systemClock.now(), edge.log),
    // The next run (minutes later) takes up whatever this one could not do.
    (err) => {
      throw err;
    },
    (report) => ({ ...report }),
  );
}
