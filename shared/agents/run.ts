/**
 * The one path of an agent call, shared by MCP and A2A: find the capability, check that the
 * credential may use it (scope.ts), run it (its operations go through invokeOperation with the
 * agent as actor) and keep exactly one audit record, whatever the outcome (success, refusal or
 * failure). A call refused before it runs (over the agent budget) has its record too
 * (`refusedCall`). The transports map the AppError to their own error form.
 *
 * `executeCapability` answers the outcome with the record still to write, so a transport may
 * decide the record's last word (a read whose request turned out to be over the budget is a
 * refusal, not a success) and write the records of one request together (`recordCalls`);
 * `runCapability` runs, records and answers in one step.
 */
import type { Principal } from '../auth/principal';
import type { AgentActor } from '../kernel/actor';
import { type Context, tenantContext } from '../kernel/context';
import { type AppError, NotFound, toAppError } from '../kernel/errors';
import { invokeOperation } from '../kernel/invoke';
import type { Logger } from '../kernel/log';
import type { AnyOperation } from '../kernel/operation';
import type { Stores } from '../kernel/store/store';
import { parseOrThrow } from '../kernel/validation';
import {
  type AgentAuditRecord,
  type AuditOutcome,
  agentCallWrite,
  recordAgentCall,
} from '../modules/agent-audit';
import type { AnyCapability, DeclaredCapability, OperationCall } from './capability';
import { CAPABILITIES, loadCapability } from './catalogue';
import { redactArguments } from './redact';
import { assertMayUse, grantedActor } from './scope';

export interface AgentCall {
  /** The capability (MCP tool name) the agent asked for. */
  capability: string;
  args: unknown;
  transport: 'mcp' | 'a2a';
  /** The verified credential (shared/edge/authenticate.ts). */
  principal: Principal;
  /** The client's name for itself (User-Agent, A2A agent), if it gave one. */
  agent?: string | undefined;
  /** The A2A skill the call was routed through. */
  skill?: string | undefined;
  requestId: string;
  /** The JSON-RPC id of the request, and the A2A task. */
  rpcId?: string | undefined;
  taskId?: string | undefined;
  stores: Stores;
  log: Logger;
  now: Date;
}

/** What a call ended with, and its audit record. */
export interface CallOutcome {
  output?: unknown;
  error?: AppError;
  record: AgentAuditRecord;
  /** The record was written with the call's change (in its transaction): nothing left to write. */
  recorded: boolean;
}

const catalogue = new Map(CAPABILITIES.map((c) => [c.name, c]));

export function findCapability(
  name: string,
  capabilities: readonly AnyCapability[] = CAPABILITIES,
): AnyCapability | undefined {
  return capabilities === CAPABILITIES
    ? catalogue.get(name)
    : capabilities.find((c) => c.name === name);
}

function outcomeOf(err: AppError): AuditOutcome {
  return err.code === 'forbidden' || err.code === 'unauthenticated' || err.code === 'rate_limited'
    ? 'refused'
    : 'failed';
}

/** The agent as the actor of its operations, with the credential's authority. */
export function agentActor(principal: Principal, agent: string | undefined): AgentActor {
  return { kind: 'agent', agent: agent ?? 'unknown', credential: principal.actor };
}

/**
 * The record of a call: one per call, with its arguments redacted by the capability's input schema
 * (`null`: none known, every field dropped) and bounded (redact.ts).
 */
function auditRecord(
  call: AgentCall,
  cap: AnyCapability | undefined,
  input: unknown,
  result: { operations: readonly string[]; error?: AppError | undefined; durationMs: number },
): AgentAuditRecord {
  const { principal } = call;
  return {
    id: crypto.randomUUID(),
    at: call.now.toISOString(),
    transport: call.transport,
    // An unknown name is the caller's text: kept only when it reads like a capability name.
    capability:
      cap?.name ?? (/^[a-z0-9-]{1,64}$/.test(call.capability) ? call.capability : '[invalid]'),
    ...(call.skill ? { skill: call.skill } : {}),
    actorKind: principal.actor.kind,
    actorId: principal.actor.id,
    ...(call.agent ? { agent: call.agent.slice(0, 100) } : {}),
    ...(principal.actor.kind === 'apiKey' && principal.actor.name
      ? { keyName: principal.actor.name.slice(0, 100) }
      : {}),
    ...(principal.actor.kind === 'user' ? { onBehalfOf: principal.actor.id } : {}),
    operations: [...result.operations],
    outcome: result.error ? outcomeOf(result.error) : 'success',
    ...(result.error ? { errorCode: result.error.code } : {}),
    durationMs: result.durationMs,
    requestId: call.requestId,
    ...(call.rpcId !== undefined ? { rpcId: String(call.rpcId).slice(0, 128) } : {}),
    ...(call.taskId !== undefined ? { taskId: call.taskId } : {}),
    args: redactArguments(call.args, input),
  };
}

/**
 * Runs the capability for the agent: its output or error, and its record. A call that changes
 * something writes its record with the change: right before its first write operation runs, the
 * record (as a success) is registered to ride along with that operation's first write
 * (Store.alongside), so the change and its record commit in one transaction or not at all. A call
 * that changes nothing, or fails before its change, has its record written by the caller
 * (`recordCalls`); one that fails after its change committed has that record replaced by the
 * failure, so each call keeps exactly one.
 */
export async function executeCapability(call: AgentCall): Promise<CallOutcome> {
  const startedAt = Date.now();
  const operations: string[] = [];
  const cap = findCapability(call.capability);
  let output: unknown;
  let error: AppError | undefined;
  let declared: DeclaredCapability | undefined;
  let riding = false;
  let recorded = false;
  try {
    if (!cap) throw new NotFound(`No capability named ${String(call.capability).slice(0, 64)}`);
    assertMayUse(cap, call.principal.actor);
    const ctx: Context = tenantContext(
      {
        now: call.now,
        requestId: call.requestId,
        log: call.log.child({ capability: cap.name }),
        transport: call.transport,
        via: cap.name,
        stores: call.stores,
      },
      grantedActor(cap, agentActor(call.principal, call.agent)),
      call.principal.tenant,
    );
    // Its code loads with its module (catalogue.ts); the access decision above needed none.
    declared = await loadCapability(cap);
    const run = declared;
    const invoke = ((op: AnyOperation, input: unknown) => {
      if (!run.operations.includes(op as AnyOperation))
        throw new Error(`${cap.name} calls ${op.name}, which it does not declare`);
      operations.push(op.name);
      if (op.kind === 'write' && !riding) {
        riding = true;
        const store = ctx.store;
        // Built when the transaction is sent: the operations and time up to the change.
        ctx.store.alongside({
          get item() {
            return agentCallWrite(
              store,
              auditRecord(call, cap, run.input, {
                operations,
                durationMs: Date.now() - startedAt,
              }),
            );
          },
          onCommit: () => {
            recorded = true;
          },
        });
      }
      return invokeOperation(op, ctx, input);
    }) as OperationCall;
    // The capability's own input schema first, so a bad argument is named as the agent sent it.
    const input = parseOrThrow(run.input, call.args ?? {});
    output = await run.run(ctx, input, invoke);
  } catch (err) {
    error = toAppError(err);
    if (error.code === 'internal')
      call.log.error('capability failed', { capability: cap?.name, error: error.message });
  }
  // A call refused before its module loaded: its arguments are still redacted by its input schema.
  if (cap && !declared) declared = await loadCapability(cap).catch(() => undefined);
  const record = auditRecord(call, cap, declared?.input ?? null, {
    operations,
    error,
    durationMs: Date.now() - startedAt,
  });
  if (!error) return { output, record, recorded };
  if (recorded) {
    // The change committed with a record of success; the call then failed: that record says so.
    await recordAgentCall(call.stores.forTenant(call.principal.tenant.id), record, {
      replace: true,
    });
  }
  return { error, record, recorded };
}

/** A call refused before it ran (the agent budget is spent): its record, nothing run. */
export function refusedCall(call: AgentCall, error: AppError): CallOutcome {
  return {
    error,
    recorded: false,
    // Not loaded for a call nothing ran for: every argument is dropped (and counted).
    record: auditRecord(call, findCapability(call.capability), null, {
      operations: [],
      error,
      durationMs: 0,
    }),
  };
}

/**
 * A call that reached its capability but did not run, because the message lacked what it needs
 * (A2A answers it input-required): its record, with the arguments gathered so far redacted by the
 * capability's input schema, written now. Nothing ran and nothing is spent of the agent budget.
 */
export async function recordUnrun(call: AgentCall, error: AppError): Promise<AgentAuditRecord> {
  const cap = findCapability(call.capability);
  const declared = cap ? await loadCapability(cap).catch(() => undefined) : undefined;
  const record = auditRecord(call, cap, declared?.input ?? null, {
    operations: [],
    error,
    durationMs: 0,
  });
  await recordCalls(call.stores, call.principal, [record]);
  return record;
}

/** The record as refused with `error`, whatever the call did (its request was refused after all). */
export function asRefused(record: AgentAuditRecord, error: AppError): AgentAuditRecord {
  return { ...record, outcome: outcomeOf(error), errorCode: error.code };
}

/** Writes the records of one request's calls not written yet (one PutItem each, in parallel). */
export async function recordCalls(
  stores: Stores,
  principal: Principal,
  calls: readonly (CallOutcome | AgentAuditRecord)[],
): Promise<void> {
  const store = stores.forTenant(principal.tenant.id);
  await Promise.all(
    calls.flatMap((c) => {
      if (!('record' in c)) return [recordAgentCall(store, c)];
      return c.recorded ? [] : [recordAgentCall(store, c.record)];
    }),
  );
}

/**
 * Runs the capability for the agent and records the call. Answers the capability's output, or
 * throws the AppError it ended with (after the audit record is written).
 */
export async function runCapability(call: AgentCall): Promise<unknown> {
  const outcome = await executeCapability(call);
  await recordCalls(call.stores, call.principal, [outcome]);
  if (outcome.error) throw outcome.error;
  return outcome.output;
}
