/**
 * From approval to execution, each side effect exactly once. Approval saves APPROVED and emits
 * `AgentActionApproved` in the same transaction (the outbox, kernel/effects.ts); the rule of the
 * action's type invokes that type's executor, which claims the action (a conditional write: of any
 * number of deliveries, duplicate or concurrent, one claim wins) and runs the target operation as
 * the approving person, with two guarantees:
 * - the operation's write carries a mark on the action (`effect`), conditional on the claim still
 *   holding, in the same transaction: the effect committed exactly when the mark exists;
 * - the ids the operation creates are derived from the action's id (kernel/ids.ts), so the result
 *   of an effect whose answer was lost is known.
 * An executor that dies after the write is therefore recovered, not guessed at: a retried delivery
 * or the job finds the mark and records EXECUTED with the result. One that died before the write
 * changed nothing: the job releases its claim and publishes again. The scheduled job (every five
 * minutes) also expires pending actions past their time and publishes again for approved actions
 * nobody claimed (an event whose executor never ran).
 */
// Registers the bus as the outbox's fast path where approved actions are executed or published
// again (the sweep job, the executors).
import '../../events/bus';
import { randomUUID } from 'node:crypto';
import type { SystemActor } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { emit } from '../../kernel/effects';
import { AppError, Forbidden, toAppError } from '../../kernel/errors';
import { derivedId, derivedIds } from '../../kernel/ids';
import { invokeOperation } from '../../kernel/invoke';
import type { Logger } from '../../kernel/log';
import { isConditionFailure } from '../../kernel/store/conditions';
import { type Store, Stores } from '../../kernel/store/store';
import { findTenantInfo } from '../tenants';
import { type ActionTypeDef, actionType } from './action-types';
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
  agentActionKeys,
  type DueQueue,
  dueEntries,
  findAction,
  transitionUpdate,
} from './store';

/**
 * An approved action nobody has claimed this long after its last publication is published again
 * by the job; a claim with no outcome this long after it is released (the executor's timeout is
 * far shorter). One sweep interval: the job runs every five minutes anyway.
 */
export const DISPATCH_CHECK_AFTER_MS = AGENT_ACTION_SWEEP_RATE_MINUTES * 60_000;
/** Publications before an approved action that no executor completes is failed (about 30 minutes). */
export const MAX_DISPATCH_ATTEMPTS = 6;
/** Due entries one sweep reads per queue shard: pages of SWEEP_PAGE_SIZE; the rest wait five minutes. */
const SWEEP_PAGE_SIZE = 100;
const SWEEP_PAGES = 10;

const checkAt = (now: Date) => new Date(now.getTime() + DISPATCH_CHECK_AFTER_MS).toISOString();

/**
 * Emits `AgentActionApproved` with the write that approves (or re-dispatches) the action: it is
 * published once that write commits, and the outbox relay retries until the bus takes it.
 */
export function emitApproved(
  ctx: Pick<Context, 'store' | 'now' | 'tenantId'>,
  action: Pick<AgentActionRecord, 'tenantId' | 'id' | 'type' | 'decision'>,
): void {
  const detail: AgentActionApprovedDetail = {
    tenantId: action.tenantId,
    actionId: action.id,
    type: action.type,
    approvedAt: action.decision?.at ?? ctx.now.toISOString(),
  };
  emit(ctx as Context, { source: AGENT_ACTIONS_SOURCE, detailType: AGENT_ACTION_APPROVED, detail });
}

/** The id of what an executed action created, when its operation's answer is not at hand. */
export function recoveredResultId(
  def: Pick<ActionTypeDef, 'result'>,
  action: Pick<AgentActionRecord, 'id' | 'input'>,
): string {
  return def.result === 'created' ? derivedId(action.id, 1) : String(action.input.id);
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

/** The claim this executor held was released (by the job) before its operation could write. */
class ClaimLost extends Error {}

/**
 * The executor: carries out one approved action exactly once whatever the deliveries. Returns
 * what happened; throws when the table cannot be reached (then EventBridge's retry policy delivers
 * again, and a delivery after the effect committed records it).
 */
export async function executeApproved(
  detail: AgentActionApprovedDetail,
  env: RunEnv,
): Promise<ExecutionOutcome> {
  const stores = new Stores();
  const store = stores.forTenant(detail.tenantId);
  const action = await findAction(store, detail.actionId);
  if (!action) return { outcome: 'skipped', reason: 'no such action' };
  if (action.status !== 'APPROVED')
    return { outcome: 'skipped', reason: `already ${action.status}` };
  if (!action.decision) return { outcome: 'skipped', reason: 'approved without a decision' };
  const def = actionType(action.type);
  const job = `agent-actions.execute-${action.type}`;
  // A previous executor's effect committed but its outcome was not recorded: record it now.
  if (action.effect) return recoverExecuted(store, action, env.now(), `system:${job}`);
  if (action.claimId) return { outcome: 'skipped', reason: 'claimed by another delivery' };
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
  const effectAt = env.now();
  // The approval was a person's decision: it is carried out only while that person can still act
  // (active, same role, a role that may decide it); otherwise it fails and nothing changes.
  const approver = { id: decidedBy.userId, role: decidedBy.role };
  const cannot = await whyCannotAct(store, approver, action.approverRoles);
  if (cannot) {
    const refused = new Forbidden(
      `approver ${describePerson(approver)} can no longer act (${cannot}); nothing was changed: propose it again for another person to decide`,
    );
    const outcome: ExecutionOutcome = {
      outcome: 'failed',
      reason: `${action.operation} refused: ${refused.message}`,
    };
    await recordOutcome(store, action, claimId, outcome, env.now(), `system:${job}`);
    return outcome;
  }
  const tenant = await findTenantInfo(store);
  if (!tenant) throw new Error(`tenant ${detail.tenantId} not found`);
  // Rides with the operation's write: the effect commits only while this claim holds, and leaves
  // its mark on the action in the same transaction. Registered after the last step that can end
  // the execution without running the operation, so no other write (a FAILED record) carries it.
  store.alongside({
    item: {
      name: 'agent-action-claim',
      Update: {
        Key: agentActionKeys(store).action(action.id),
        UpdateExpression: 'SET #effect = :effect',
        ConditionExpression:
          '#status = :approved AND claimId = :claim AND attribute_not_exists(#effect)',
        ExpressionAttributeNames: { '#effect': 'effect', '#status': 'status' },
        ExpressionAttributeValues: {
          ':effect': { claimId, at: effectAt.toISOString(), requestId: env.requestId },
          ':approved': 'APPROVED',
          ':claim': claimId,
        },
      },
    },
    refusal: () => new ClaimLost(`claim ${claimId} on action ${action.id} was released`),
  });
  let outcome: ExecutionOutcome;
  try {
    const ctx: Context = {
      now: effectAt,
      requestId: env.requestId,
      log: env.log.child({ tenantId: detail.tenantId }),
      transport: 'event',
      actor,
      tenant,
      tenantId: detail.tenantId,
      store,
      ids: derivedIds(action.id),
    };
    const output = await invokeOperation(def.target, ctx, action.input);
    outcome = { outcome: 'executed', resultId: def.resultId(output) };
  } catch (err) {
    if (err instanceof AppError && err.cause instanceof ClaimLost)
      return { outcome: 'skipped', reason: 'the claim was released before the operation wrote' };
    // The operation may have failed after its write: the mark says whether the effect committed.
    const latest = await findAction(store, action.id);
    if (latest?.effect?.claimId === claimId)
      return recoverExecuted(store, latest, env.now(), `system:${job}`);
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
  store: Store,
  action: AgentActionRecord,
  claimId: string,
  outcome: ExecutionOutcome,
  now: Date,
  by: string,
  note?: string,
) {
  if (outcome.outcome === 'skipped') return;
  const at = now.toISOString();
  const executed = outcome.outcome === 'executed';
  const history: HistoryEntry = {
    at,
    event: executed ? 'executed' : 'failed',
    status: executed ? 'EXECUTED' : 'FAILED',
    by,
    note: executed ? `result ${outcome.resultId}${note ? `; ${note}` : ''}` : outcome.reason,
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

/**
 * Records EXECUTED for an action whose effect committed (its mark exists) but whose outcome was
 * not recorded: the executor died, or its operation failed after writing. The result is the id
 * derived from the action (or the changed record's), as the operation itself would have answered.
 */
async function recoverExecuted(
  store: Store,
  action: AgentActionRecord,
  now: Date,
  by: string,
): Promise<ExecutionOutcome> {
  const effect = action.effect!;
  const outcome = {
    outcome: 'executed' as const,
    resultId: recoveredResultId(actionType(action.type), action),
  };
  try {
    await recordOutcome(
      store,
      action,
      effect.claimId,
      outcome,
      now,
      by,
      `the effect committed at ${effect.at} (request ${effect.requestId}); its outcome was recorded later`,
    );
  } catch (err) {
    if (isConditionFailure(err)) return { outcome: 'skipped', reason: 'recorded meanwhile' };
    throw err;
  }
  return outcome;
}

export interface SweepReport {
  expired: string[];
  republished: string[];
  failed: string[];
  /** Effects that committed without their outcome recorded, now recorded EXECUTED. */
  recovered: string[];
}

/**
 * The scheduled job (every five minutes). Reads only due entries of gsi5, across tenants, and
 * handles each through its tenant's store with a conditional write, so a concurrent approval or
 * execution and the job never both win.
 */
export async function sweepAgentActions(env: RunEnv): Promise<SweepReport> {
  const report: SweepReport = { expired: [], republished: [], failed: [], recovered: [] };
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
    if (action.effect) {
      const outcome = await recoverExecuted(store, action, now, 'system:agent-actions.expiry');
      if (outcome.outcome === 'executed') report.recovered.push(id);
      return;
    }
    const at = now.toISOString();
    const attempts = action.dispatchAttempts ?? 1;
    // Claimed without an effect: the executor stopped before its write (a late write of it fails
    // on the released claim), so nothing was changed and the action may be dispatched again.
    const open = action.claimId
      ? {
          expression:
            'claimId = :claim AND attribute_not_exists(#effect) AND dispatchAttempts = :n',
          names: { '#effect': 'effect' },
          values: { ':claim': action.claimId, ':n': attempts },
        }
      : {
          expression: 'attribute_not_exists(claimId) AND dispatchAttempts = :n',
          values: { ':n': attempts },
        };
    const why = action.claimId
      ? `the executor claimed it at ${action.claimedAt} and stopped before changing anything`
      : `not claimed since ${action.decision?.at}`;
    try {
      if (attempts >= MAX_DISPATCH_ATTEMPTS) {
        const reason = `no executor completed it after ${attempts} publications (${why}); nothing was changed`;
        await store.update(
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
            also: open,
          }),
        );
        report.failed.push(id);
        return;
      }
      emitApproved({ store, now, tenantId: action.tenantId }, action);
      await store.update(
        transitionUpdate(store, action, {
          from: 'APPROVED',
          to: 'APPROVED',
          set: { dispatchAttempts: attempts + 1 },
          remove: action.claimId ? ['claimId', 'claimedAt'] : [],
          history: {
            at,
            event: 'dispatch-retried',
            status: 'APPROVED',
            by: 'system:agent-actions.expiry',
            note: `${why}; published again (attempt ${attempts + 1})`,
          },
          due: { queue: 'DISPATCH', at: checkAt(now) },
          also: open,
        }),
      );
      await store.settle('ok', env.log);
      report.republished.push(id);
    } catch (err) {
      await store.settle('failed', env.log);
      if (!isConditionFailure(err)) throw err; // claimed or finished meanwhile
    }
  });
  return report;
}

async function eachDue(
  stores: Stores,
  queue: DueQueue,
  env: RunEnv,
  handle: (store: Store, id: string, now: Date) => Promise<void>,
) {
  const now = env.now();
  const pages = dueEntries(stores, queue, now, {
    pageSize: SWEEP_PAGE_SIZE,
    maxPages: SWEEP_PAGES,
  });
  for await (const due of pages)
    for (const entry of due) {
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
