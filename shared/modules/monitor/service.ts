/**
 * The system monitor: reads what each concern needs through the owning modules' own reads (the
 * same ones their routes answer, paged to the end, so each count is what those routes list) and
 * hands them to rules.ts. The MCP tool and A2A skill `system-monitor` and `GET /system/monitor`
 * run it.
 */
import type { Context } from '../../kernel/context';
import type { Page, PageRequest } from '../../kernel/pagination';
import { outboxCollection } from '../../kernel/store/outbox';
import { listActions } from '../agent-actions';
import { listAudit } from '../agent-audit';
import { queueFor } from '../appointments';
import { listWards } from '../beds';
import { openCriticalAlerts } from '../lab';
import { failedNotifications } from '../notifications';
import { expiryScan, lowStock } from '../pharmacy';
import { failingDeliveries } from '../webhooks';
import { EXPIRY_SCAN_DAYS, monitorItems } from './rules';
import type { MonitorInput, SystemMonitor } from './schemas';

/** Every page of a list read, in order. */
async function all<T>(read: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read({ limit: 100, cursor });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

export async function systemMonitor(ctx: Context, input: MonitorInput): Promise<SystemMonitor> {
  const from = new Date(ctx.now.getTime() - input.windowHours * 3_600_000).toISOString();
  const [pending, failed, calls, criticals, wards, queue, low, expiring, outbox, unsent, hooks] =
    await Promise.all([
      all((p) => listActions(ctx, { ...p, status: 'PENDING' })),
      all((p) => listActions(ctx, { ...p, status: 'FAILED' })),
      all((p) => listAudit(ctx, { ...p, from, to: ctx.now.toISOString() })),
      all((p) => openCriticalAlerts(ctx, p)),
      all((p) => listWards(ctx, p)),
      queueFor(ctx, {}),
      all((p) => lowStock(ctx, p)),
      all((p) => expiryScan(ctx, { ...p, withinDays: EXPIRY_SCAN_DAYS })),
      ctx.store.query({ index: 'gsi1', partition: outboxCollection(ctx.tenantId) }),
      failedNotifications(ctx.store),
      failingDeliveries(ctx.store),
    ]);
  const items = monitorItems({
    now: ctx.now,
    windowHours: input.windowHours,
    pendingActions: pending,
    failedActions: failed,
    agentCalls: calls,
    openCriticals: criticals,
    wards: wards.map((w) => ({ id: w.id, name: w.name, beds: w.bedCounts })),
    queue: 'doctors' in queue ? queue.doctors.flatMap((d) => d.items) : queue.items,
    lowStock: low,
    expiringBatches: expiring,
    outbox: outbox.map((e) => ({
      id: String(e.id),
      createdAt: String(e.createdAt),
      dead: e.status === 'DEAD',
    })),
    failedNotifications: unsent.map((n) => ({ id: n.id, channel: n.channel })),
    failedWebhooks: hooks.map((d) => ({ id: d.id, status: d.status as 'pending' | 'failed' })),
    tenant: { status: ctx.tenant.status, trialEndsAt: ctx.tenant.trialEndsAt },
  });
  return {
    asOf: ctx.now.toISOString(),
    windowHours: input.windowHours,
    attention: items.filter((i) => i.status === 'attention').length,
    items,
  };
}
