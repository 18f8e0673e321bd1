/**
 * The scheduled notification triggers (every TRIGGER_RATE_MINUTES, the notifications function's
 * schedule; the local runtime's timer): for each hospital, appointment reminders the day before,
 * escalation of unacknowledged critical results, agent actions about to expire, and the
 * pharmacy's daily stock notice. Each happening has an event id (triggers.ts), and every message
 * is created on the condition that it does not exist yet (deliver.ts), so repeated runs and runs
 * at the same time send each message once. A send that failed is tried again by the next run
 * while the trigger is still due; one hospital's failure does not stop the others.
 */
import type { Context, TenantInfo } from '../../kernel/context';
import type { Logger } from '../../kernel/log';
import type { Page, PageRequest } from '../../kernel/pagination';
import type { Store, Stores } from '../../kernel/store/store';
import { listActions } from '../agent-actions/index';
import { bookedAppointmentsOn } from '../appointments/index';
import { openCriticalAlerts } from '../lab/index';
import { findPatient } from '../patients/index';
import { expiryScan, lowStock, SHORT_DATED_DAYS } from '../pharmacy/index';
import { backfillHospitalIndex, findTenantInfo, hospitalIds } from '../tenants/index';
import { activeUsersWithRoles, findUser } from '../users/index';
import { asRecipient, type DeliveryReport, deliverPlan, type Plan } from './deliver';
import {
  escalationsDue,
  expiresSoon,
  reminderDate,
  stockNoticeDate,
  triggerEventId,
} from './triggers';

export interface TriggerReport {
  hospitals: number;
  /** Plans looked at (a reminder, an escalation level, an expiring action, a stock notice). */
  due: number;
  sent: number;
  held: number;
  alreadyDone: number;
  failed: number;
}

const PAGE = { pageSize: 100, maxPages: 100 };
/** Names listed in the stock notice; the rest are counted ("and 12 more"). */
const NOTICE_LIST_MAX = 20;

/** Every page of a paged reader, in order. */
async function allPages<T>(read: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < PAGE.maxPages; i++) {
    const page = await read({ limit: PAGE.pageSize, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
    if (!cursor) break;
  }
  return out;
}

/** `a, b, c and 3 more`. */
export function listed(names: readonly string[], max = NOTICE_LIST_MAX): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, max).join(', ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

async function reminderPlans(store: Store, tenant: TenantInfo, now: Date): Promise<Plan[]> {
  const date = reminderDate(now, tenant.timeZone);
  if (!date) return [];
  const plans: Plan[] = [];
  for (const a of await bookedAppointmentsOn(store, date)) {
    const patient = await findPatient(store, a.patientId);
    if (!patient || (!patient.email && !patient.phoneE164)) continue;
    plans.push({
      kind: 'appointment-reminder',
      eventId: triggerEventId.reminder(a.id, a.start),
      values: {
        patientName: patient.name,
        doctorName: a.doctorName,
        start: a.start,
        appointmentId: a.id,
      },
      instants: ['start'],
      recipients: [
        {
          userId: `patient:${patient.id}`,
          name: patient.name,
          email: patient.email ?? '',
          preferences: {
            email: !!patient.email,
            sms: !!patient.phoneE164,
            phone: patient.phoneE164,
          },
        },
      ],
    });
  }
  return plans;
}

async function escalationPlans(ctx: Context): Promise<Plan[]> {
  const plans: Plan[] = [];
  const alerts = await allPages((p) => openCriticalAlerts(ctx, p));
  let wardManagers: Plan['recipients'] | undefined;
  for (const alert of alerts) {
    for (const level of escalationsDue(alert.raisedAt, ctx.now)) {
      let recipients: Plan['recipients'];
      if (level.to === 'ordering-doctor') {
        const doctor = await findUser(ctx.store, alert.doctorId);
        recipients = doctor?.active ? [asRecipient(doctor)] : [];
      } else {
        wardManagers ??= (await activeUsersWithRoles(ctx.store, ['WARD_MANAGER'])).map(asRecipient);
        recipients = wardManagers;
      }
      plans.push({
        kind: 'lab-critical-escalation',
        eventId: triggerEventId.escalation(alert.id, level.level),
        values: {
          mrn: alert.mrn,
          testName: alert.testName,
          orderId: alert.orderId,
          raisedAt: alert.raisedAt,
          minutes: String(level.afterMinutes),
        },
        instants: ['raisedAt'],
        recipients,
      });
    }
  }
  return plans;
}

async function expiringPlans(ctx: Context): Promise<Plan[]> {
  const pending = await allPages((p) => listActions(ctx, { status: 'PENDING', ...p }));
  const plans: Plan[] = [];
  for (const action of pending) {
    if (!expiresSoon(action.expiresAt, ctx.now)) continue;
    const approvers = await activeUsersWithRoles(ctx.store, action.approverRoles);
    plans.push({
      kind: 'agent-action-expiring',
      eventId: triggerEventId.expiring(action.id),
      values: {
        actionId: action.id,
        type: action.type,
        risk: action.risk,
        expiresAt: action.expiresAt,
      },
      instants: ['expiresAt'],
      // The proposer (an agent's credential) is not among them: only people who may decide.
      recipients: approvers.map(asRecipient),
    });
  }
  return plans;
}

async function stockPlans(ctx: Context): Promise<Plan[]> {
  const date = stockNoticeDate(ctx.now, ctx.tenant.timeZone);
  if (!date) return [];
  const [low, expiring] = await Promise.all([
    allPages((p) => lowStock(ctx, p)),
    allPages(async (p) => expiryScan(ctx, { ...p, withinDays: SHORT_DATED_DAYS })),
  ]);
  if (low.length === 0 && expiring.length === 0) return [];
  const pharmacists = await activeUsersWithRoles(ctx.store, ['PHARMACIST']);
  return [
    {
      kind: 'pharmacy-stock-alert',
      eventId: triggerEventId.stock(date),
      values: {
        date,
        lowStockCount: String(low.length),
        lowStockItems: listed(
          low.map((i) => `${i.name} (${i.onHand} on hand, reorder at ${i.reorderLevel})`),
        ),
        expiringCount: String(expiring.length),
        expiringBatches: listed(
          expiring.map((b) => `${b.itemName} batch ${b.batchNumber} (${b.expiryDate})`),
        ),
      },
      instants: [],
      recipients: pharmacists.map(asRecipient),
    },
  ];
}

/** One hospital's triggers; each plan delivered on its own, so one failure stops nothing. */
async function runForHospital(
  store: Store,
  tenant: TenantInfo,
  now: Date,
  log: Logger,
  report: TriggerReport,
): Promise<void> {
  const ctx: Context = {
    now,
    requestId: `notification-triggers:${now.toISOString()}`,
    log,
    transport: 'schedule',
    actor: { kind: 'system', job: 'notifications.triggers' },
    tenant,
    tenantId: tenant.id,
    store,
  };
  const plans = [
    ...(await reminderPlans(store, tenant, now)),
    ...(await escalationPlans(ctx)),
    ...(await expiringPlans(ctx)),
    ...(await stockPlans(ctx)),
  ];
  for (const plan of plans) {
    report.due += 1;
    let outcome: DeliveryReport;
    try {
      outcome = await deliverPlan(store, tenant, plan, now, log);
    } catch (err) {
      // deliverPlan marked the failed messages; the next run, still due, takes them back.
      log.warn('notification trigger failed', {
        eventId: plan.eventId,
        reason: (err as Error).message,
      });
      report.failed += 1;
      continue;
    }
    report.sent += outcome.sent;
    report.held += outcome.held;
    report.alreadyDone += outcome.alreadyDone;
  }
}

const emptyReport = (): TriggerReport => ({
  hospitals: 0,
  due: 0,
  sent: 0,
  held: 0,
  alreadyDone: 0,
  failed: 0,
});

/** Runs one hospital's triggers (a suspended or unknown hospital has none). */
export async function runHospitalTriggers(
  stores: Stores,
  tenantId: string,
  now: Date,
  log: Logger,
  report: TriggerReport = emptyReport(),
): Promise<TriggerReport> {
  const store = stores.forTenant(tenantId);
  const tenant = await findTenantInfo(store);
  if (!tenant || tenant.status === 'SUSPENDED') return report;
  report.hospitals += 1;
  const hospitalLog = log.child({ tenantId });
  try {
    await runForHospital(store, tenant, now, hospitalLog, report);
  } catch (err) {
    hospitalLog.error('notification triggers of a hospital failed', {
      reason: (err as Error).message,
    });
    report.failed += 1;
  }
  return report;
}

/** Runs the triggers of every hospital (from the cross-tenant list of hospitals). */
export async function runNotificationTriggers(
  stores: Stores,
  now: Date,
  log: Logger,
): Promise<TriggerReport> {
  const report = emptyReport();
  // Hospitals registered before the cross-tenant list existed get their place in it (once per
  // table); a failure here must not stop the triggers of the hospitals already listed.
  try {
    const backfill = await backfillHospitalIndex({ now });
    if (backfill.added > 0) log.info('hospitals added to the cross-tenant list', { ...backfill });
  } catch (err) {
    log.error('hospital list backfill failed', { reason: (err as Error).message });
  }
  for await (const tenantId of hospitalIds(stores, PAGE))
    await runHospitalTriggers(stores, tenantId, now, log, report);
  return report;
}
