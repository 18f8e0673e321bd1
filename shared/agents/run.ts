/**
 * The one path of an agent call, shared by MCP and A2A: find the capability, check that the
 * credential may use it (scope.ts), run it (its operations go through invokeOperation with the
 * agent as actor) and write exactly one audit record, whatever the outcome (success, refusal or
 * failure). The transports map the thrown AppError to their own error form.
 */
import type { Principal } from '../auth/principal';
import type { AgentActor } from '../kernel/actor';
import type { Context } from '../kernel/context';
import { type AppError, NotFound, toAppError } from '../kernel/errors';
import { invokeOperation } from '../kernel/invoke';
import type { Logger } from '../kernel/log';
import type { AnyOperation } from '../kernel/operation';
import type { Stores } from '../kernel/store/store';
import { parseOrThrow } from '../kernel/validation';
import { type AuditOutcome, recordAgentCall } from '../modules/agent-audit';
import type { AnyCapability, OperationCall } from './capability';
import { CAPABILITIES, loadCapability } from './catalogue';
import { redactArguments } from './redact';
import { assertMayUse, grantedActor } from './scope';

export interface AgentCall {
  /** The capability (MCP tool name) the agent asked for. */
  capability: string;
  args: unknown;
  transport: 'mcp' | 'a2a';
  /** The verified credential (shared/auth/authorize.ts). */
  principal: Principal;
  /** The client's name for itself (MCP clientInfo.name, A2A agent), if it gave one. */
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

export function findCapability(
  name: string,
  capabilities: readonly AnyCapability[] = CAPABILITIES,
): AnyCapability | undefined {
  return capabilities.find((c) => c.name === name);
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
 * Runs the capability for the agent and records the call. Answers the capability's output, or
 * throws the AppError it ended with (after the audit record is written).
 */
export async function runCapability(call: AgentCall): Promise<unknown> {
  const startedAt = Date.now();
  const store = call.stores.forTenant(call.principal.tenant.id);
  const operations: string[] = [];
  let output: unknown;
  let error: AppError | undefined;
  const cap = findCapability(call.capability);
  try {
    if (!cap) throw new NotFound(`No capability named ${call.capability.slice(0, 64)}`);
    assertMayUse(cap, call.principal.actor);
    const ctx: Context = {
      now: call.now,
      requestId: call.requestId,
      log: call.log.child({ capability: cap.name }),
      transport: call.transport,
      actor: grantedActor(cap, agentActor(call.principal, call.agent)),
      tenant: call.principal.tenant,
      tenantId: call.principal.tenant.id,
      store,
    };
    // Its code loads with its module (catalogue.ts); the access decision above needed none.
    const declared = await loadCapability(cap);
    const invoke = ((op: AnyOperation, input: unknown) => {
      if (!declared.operations.includes(op as AnyOperation))
        throw new Error(`${cap.name} calls ${op.name}, which it does not declare`);
      operations.push(op.name);
      return invokeOperation(op, ctx, input);
    }) as OperationCall;
    // The capability's own input schema first, so a bad argument is named as the agent sent it.
    const input = parseOrThrow(declared.input, call.args ?? {});
    output = await declared.run(ctx, input, invoke);
  } catch (err) {
    error = toAppError(err);
  }
  const outcome: AuditOutcome = error ? outcomeOf(error) : 'success';
  await recordAgentCall(store, {
    id: crypto.randomUUID(),
    at: call.now.toISOString(),
    transport: call.transport,
    capability: cap?.name ?? call.capability.slice(0, 64),
    ...(call.skill ? { skill: call.skill } : {}),
    actorKind: call.principal.actor.kind,
    actorId: call.principal.actor.id,
    ...(call.agent ? { agent: call.agent.slice(0, 100) } : {}),
    ...(call.principal.actor.kind === 'user' ? { onBehalfOf: call.principal.actor.id } : {}),
    operations,
    outcome,
    ...(error ? { errorCode: error.code } : {}),
    durationMs: Date.now() - startedAt,
    requestId: call.requestId,
    ...(call.rpcId !== undefined ? { rpcId: call.rpcId } : {}),
    ...(call.taskId !== undefined ? { taskId: call.taskId } : {}),
    args: redactArguments(call.args),
  });
  if (error) {
    if (error.code === 'internal')
      call.log.error('capability failed', { capability: call.capability, error: error.message });
    throw error;
  }
  return output;
}
