/** The system monitor's input and answer, declared once. */
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

export const MONITOR_ITEM_KEYS = [
  'agent-actions-expiring',
  'agent-actions-failed',
  'agent-call-errors',
  'rate-limited-credentials',
  'critical-results-unacknowledged',
  'bed-occupancy',
  'housekeeping-backlog',
  'opd-waits-over-target',
  'low-stock',
  'expiring-batches',
  'outbox-backlog',
  'dead-events',
  'failed-notifications',
  'failed-webhooks',
  'trial',
] as const;
export type MonitorItemKey = (typeof MONITOR_ITEM_KEYS)[number];

export const MonitorInput = z.strictObject({
  /** How far back the audit-log items (agent call errors, rate-limited credentials) look. */
  windowHours: z._default(
    z.coerce
      .number({ message: 'must be a number' })
      .check(
        z.int('must be a whole number'),
        z.gte(1, 'must be between 1 and 168'),
        z.lte(168, 'must be between 1 and 168'),
      ),
    24,
  ),
});
export type MonitorInput = z.output<typeof MonitorInput>;

export const MonitorItem = z.strictObject({
  key: z.enum(MONITOR_ITEM_KEYS),
  title: z.string(),
  /** `attention` when someone should act now; `ok` otherwise. */
  status: z.enum(['ok', 'attention']),
  /** The headline number of the item (its unit is in `detail`). */
  count: z.number(),
  detail: z.string(),
  /** What to do, in plain words (empty advice is never given: `ok` items say so). */
  action: z.string(),
  /** Where to do it: the REST route, the page when there is one, or the runbook. */
  route: z.optional(z.string()),
  page: z.optional(z.string()),
  doc: z.optional(z.string()),
  /** Ids behind the count (at most 20), so the count can be checked. */
  evidence: z.array(z.string()),
});
export type MonitorItem = z.output<typeof MonitorItem>;

export const SystemMonitor = z.strictObject({
  asOf: TimestampSchema,
  windowHours: z.number(),
  /** Items whose status is `attention`. */
  attention: z.number(),
  items: z.array(MonitorItem),
});
export type SystemMonitor = z.output<typeof SystemMonitor>;
