/**
 * From approval to execution. Approval publishes `AgentActionApproved` on the service's bus; the
 * rule of the action's type invokes that type's executor, which claims the action (a conditional
 * write: of any number of deliveries, duplicate or concurrent, one claim wins), runs the target
 * operation as the approving person and records EXECUTED or FAILED. The scheduled job (every five
 * minutes) expires pending actions past their time, publishes again for approved actions nobody
 * claimed (a publish lost after the approval was saved), and fails actions whose executor
 * stopped after claiming, so no approval is lost and none is carried out twice.
 */
import { randomUUID } from 'node:crypto';
import { publishEvent } from '../../events/bus';
import type { SystemActor } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Forbidden, toAppError } from '../../kernel/errors';
import { invokeOperation } from '../../kernel/invoke';
import type { Logger } from '../../kernel/log';
import { isConditionFailure } from '../../kernel/store/conditions';
import { Stores } from '../../kernel/store/store';
import { findTenantInfo } from '../tenants';
import { actionType } from './action-types';
import { describePerson, whyCannotAct } from './approver';
import {
  AGENT_ACTION_APPROVED,
  AGENT_ACTION_SWEEP_RATE_MINUTES,
  AGENT_ACTIONS_SOURCE,
  type AgentActionApprovedDetail,
} from './events';
import type { HistoryEntry } from './schemas';
import {
  type AgentActionRecord,
  type DueQueue,
  dueEntries,
  findAction,
  transitionUpdate,
} from './store';

/**
 * An approved action nobody has claimed this long after its last publication is published again
 * by the job; a claim with no outcome this long after it is failed (the executor's timeout is far
 * shorter). One sweep interval: the job runs every five minutes anyway.
 */
export const DISPATCH_CHECK_AFTER_MS = AGENT_ACTION_SWEEP_RATE_MINUTES * 60_000;
/** Publications before an approved action that no executor takes is failed (about 30 minutes). */
export const MAX_DISPATCH_ATTEMPTS = 6;
/** Due entries one sweep handles per queue; the rest wait five minutes. */
const SWEEP_BATCH = 100;
const SWEEP_PAGES = 10;

const checkAt = (now: Date) => new Date(now.getTime() + DISPATCH_CHECK_AFTER_MS).toISOString();

/**
 * Publishes `AgentActionApproved` after the approval was saved. A failure is logged, not thrown:
 * the approval stands, and the job publishes again for an approved action nobody claimed.
 */
export async function dispatchApproved(
  log: Logger,
  action: Pick<AgentActionRecord, 'tenantId' | 'id' | 'type' | 'decision'>,
): Promise<boolean> {
  const detail: AgentActionApprovedDetail = {
    tenantId: action.tenantId,
    actionId: action.id,
    type: action.type,
    approvedAt: action.decision?.at ?? new Date().toISOString(),
  };
  try {
    await publishEvent({ source: AGENT_ACTIONS_SOURCE, detailType: AGENT_ACTION_APPROVED, detail });
    return true;
  } catch (err) {
    log.warn('AgentActionApproved not published; the agent-actions job will publish it again', {
      actionId: action.id,
      error: (err as Error).message,
    });
    return false;
  }
}

export type ExecutionOutcome =
  | { outcome: 'executed'; resultId: string }
  | { outcome: 'failed'; reason: string }
  | { outcome: 'skipped'; reason: string };

interface RunEnv {
  now: () => Date;
  log: Logger;
  requestId: string;
}

/**
 * The executor: carries out one approved action, at most once whatever the deliveries. Returns
 * what happened; throws only when the table cannot be reached before the claim (then
 * EventBridge's retry policy delivers again).
 */
export async function executeApproved(
  detail: AgentActionApprovedDetail,
  env: RunEnv,
): Promise<ExecutionOutcome> {
  const stores = new Stores();
  const store = stores.forTenant(detail.tenantId);
  const action = await findAction(store, detail.actionId);
  if (!action) return { outcome: 'skipped', reason: 'no such action' };
  if (action.status !== 'APPROVED' || action.claimId)
    return { outcome: 'skipped', reason: `already ${action.claimId ? 'claimed' : action.status}` };
  if (!action.decision) return { outcome: 'skipped', reason: 'approved without a decision' };
  const def = actionType(action.type);
  const job = `agent-actions.execute-${action.type}`;
  const claimId = randomUUID();
  const claimedAt = env.now();
  try {
    await store.update(
      transitionUpdate(store, action, {
        from: 'APPROVED',
        to: 'APPROVED',
        set: { claimId, claimedAt: claimedAt.toISOString() },
        history: {
          at: claimedAt.toISOString(),
          event: 'claimed',
          status: 'APPROVED',
          by: `system:${job}`,
        },
        due: { queue: 'DISPATCH', at: checkAt(claimedAt) },
        also: { expression: 'attribute_not_exists(claimId)' },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err))
      return { outcome: 'skipped', reason: 'claimed by another delivery' };
    throw err;
  }

  const decidedBy = action.decision;
  const actor: SystemActor = {
    kind: 'system',
    job,
    onBehalfOf: { kind: 'user', id: decidedBy.userId, role: decidedBy.role },
  };
  let outcome: ExecutionOutcome;
  try {
    // The approval was a person's decision: it is carried out only while that person can still
    // act (active, same role, a role that may decide it), else it fails and nothing changes.
    const approver = { id: decidedBy.userId, role: decidedBy.role };
    const cannot = await whyCannotAct(store, approver, action.approverRoles);
    if (cannot)
      throw new Forbidden(
        `approver ${describePerson(approver)} can no longer act (${cannot}); nothing was changed: propose it again for another person to decide`,
      );
    const tenant = await findTenantInfo(store);
    if (!tenant) throw new Error(`tenant ${detail.tenantId} not found`);
    const ctx: Context = {
      now: env.now(),
      requestId: env.requestId,
      log: env.log.child({ tenantId: detail.tenantId }),
      transport: 'event',
      actor,
      tenant,
      tenantId: detail.tenantId,
      store,
    };
    const output = await invokeOperation(def.target, ctx, action.input);
    outcome = { outcome: 'executed', resultId: def.resultId(output) };
  } catch (err) {
    const appError = toAppError(err);
    // Internal errors say no more than that (the log has the cause); refusals say why.
    const reason =
      appError.code === 'internal'
        ? `${action.operation} failed with an internal error (request ${env.requestId})`
        : `${action.operation} refused: ${appError.message}`;
    if (appError.code === 'internal')
      env.log.error('agent action execution failed', {
        actionId: action.id,
        error: (err as Error).stack,
      });
    outcome = { outcome: 'failed', reason };
  }
  await recordOutcome(store, action, claimId, outcome, env.now(), `system:${job}`);
  return outcome;
}

async function recordOutcome(
  store: ReturnType<Stores['forTenant']>,
  action: AgentActionRecord,
  claimId: string,
  outcome: ExecutionOutcome,
  now: Date,
  by: string,
) {
  if (outcome.outcome === 'skipped') return;
  const at = now.toISOString();
  const executed = outcome.outcome === 'executed';
  const history: HistoryEntry = {
    at,
    event: executed ? 'executed' : 'failed',
    status: executed ? 'EXECUTED' : 'FAILED',
    by,
    note: executed ? `result ${outcome.resultId}` : outcome.reason,
  };
  await store.update(
    transitionUpdate(store, action, {
      from: 'APPROVED',
      to: executed ? 'EXECUTED' : 'FAILED',
      set: executed
        ? { result: { id: outcome.resultId, at } }
        : { failure: { reason: outcome.reason, at } },
      history,
      due: null,
      also: { expression: 'claimId = :claim', values: { ':claim': claimId } },
    }),
  );
}

export interface SweepReport {
  expired: string[];
  republished: string[];
  failed: string[];
}

/**
 * The scheduled job (every five minutes). Reads only due entries of gsi5, across tenants, and
 * handles each through its tenant's store with a conditional write, so a concurrent approval or
 * execution and the job never both win.
 */
export async function sweepAgentActions(env: RunEnv): Promise<SweepReport> {
  const report: SweepReport = { expired: [], republished: [], failed: [] };
  const stores = new Stores();
  await eachDue(stores, 'EXPIRY', env, async (store, id, now) => {
    const action = await findAction(store, id);
    if (action?.status !== 'PENDING') return;
    const at = now.toISOString();
    try {
      await store.update(
        transitionUpdate(store, action, {
          from: 'PENDING',
          to: 'EXPIRED',
          history: {
            at,
            event: 'expired',
            status: 'EXPIRED',
            by: 'system:agent-actions.expiry',
            note: `not decided by ${action.expiresAt}`,
          },
          due: null,
          also: { expression: 'expiresAt <= :now', values: { ':now': at } },
        }),
      );
      report.expired.push(id);
    } catch (err) {
      if (!isConditionFailure(err)) throw err; // decided meanwhile: the decision won
    }
  });
  await eachDue(stores, 'DISPATCH', env, async (store, id, now) => {
    const action = await findAction(store, id);
    if (action?.status !== 'APPROVED') return;
    const at = now.toISOString();
    const fail = (reason: string, also: { expression: string; values?: Record<string, unknown> }) =>
      store.update(
        transitionUpdate(store, action, {
          from: 'APPROVED',
          to: 'FAILED',
          set: { failure: { reason, at } },
          history: {
            at,
            event: 'failed',
            status: 'FAILED',
            by: 'system:agent-actions.expiry',
            note: reason,
          },
          due: null,
          also,
        }),
      );
    try {
      if (action.claimId) {
        await fail(
          `the executor claimed it at ${action.claimedAt} and reported no outcome: check the patient's record before proposing it again`,
          { expression: 'claimId = :claim', values: { ':claim': action.claimId } },
        );
        report.failed.push(id);
        return;
      }
      const attempts = action.dispatchAttempts ?? 1;
      const unclaimed = {
        expression: 'attribute_not_exists(claimId) AND dispatchAttempts = :n',
        values: { ':n': attempts },
      };
      if (attempts >= MAX_DISPATCH_ATTEMPTS) {
        await fail(`no executor took it after ${attempts} publications`, unclaimed);
        report.failed.push(id);
        return;
      }
      await store.update(
        transitionUpdate(store, action, {
          from: 'APPROVED',
          to: 'APPROVED',
          set: { dispatchAttempts: attempts + 1 },
          history: {
            at,
            event: 'dispatch-retried',
            status: 'APPROVED',
            by: 'system:agent-actions.expiry',
            note: `not claimed since ${action.decision?.at}; published again (attempt ${attempts + 1})`,
          },
          due: { queue: 'DISPATCH', at: checkAt(now) },
          also: unclaimed,
        }),
      );
      if (await dispatchApproved(env.log, action)) report.republished.push(id);
    } catch (err) {
      if (!isConditionFailure(err)) throw err; // claimed or finished meanwhile
    }
  });
  return report;
}

async function eachDue(
  stores: Stores,
  queue: DueQueue,
  env: RunEnv,
  handle: (store: ReturnType<Stores['forTenant']>, id: string, now: Date) => Promise<void>,
) {
  const now = env.now();
  const seen = new Set<string>();
  for (let page = 0; page < SWEEP_PAGES; page++) {
    // Handled entries leave the queue (or move later), so each page reads from the start.
    const due = (await dueEntries(stores, queue, now, SWEEP_BATCH)).filter(
      (e) => !seen.has(`${e.tenantId}#${e.id}`),
    );
    if (!due.length) return;
    for (const entry of due) {
      seen.add(`${entry.tenantId}#${entry.id}`);
      try {
        await handle(stores.forTenant(entry.tenantId), entry.id, now);
      } catch (err) {
        env.log.error('agent action sweep failed for one action', {
          tenantId: entry.tenantId,
          actionId: entry.id,
          error: (err as Error).message,
        });
      }
    }
  }
}
