/**
 * The A2A server parts, built on @a2a-js/sdk: a TaskStore over the table (per tenant and per
 * credential), and the AgentExecutor that routes a message to one capability of the agent
 * catalogue and runs it through the catalogue's audited call path (runCapability: exactly one
 * audit record per call). The SDK's DefaultRequestHandler drives both; it is created per request
 * (shared/a2a/json-rpc.ts), so nothing lives in memory between invocations, as on Lambda.
 */
import { Role, Task, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
  type ServerCallContext,
  type TaskStore,
} from '@a2a-js/sdk/server';
import {
  type AgentCall,
  type AnyCapability,
  CAPABILITIES,
  findCapability,
  mayUse,
  overBudget,
  recordCalls,
  recordUnrun,
  refusedCall,
  runCapability,
  SKILLS,
  spendAgentBudget,
  usableBy,
} from '../agents';
import type { Principal } from '../auth/principal';
import { type AppError, Invalid, toAppError } from '../kernel/errors';
import type { Logger } from '../kernel/log';
import type { Store, Stores } from '../kernel/store/store';
import { todayIn } from '../kernel/time/zoned-time';
import { listTasks, loadTask, saveTask, TASK_HISTORY_MAX, TASK_PAGE } from '../modules/a2a-tasks';
import { extract } from './extract';
import { lookUpNames } from './lookup';
import {
  type Catalogue,
  decide,
  describeMissing,
  describeSkills,
  type Incoming,
  type Pending,
  resolve,
} from './router';

type A2aTask = Task;
type A2aMessage = NonNullable<NonNullable<Task['status']>['message']>;
type A2aPart = A2aMessage['parts'][number];

/** What one /a2a request knows, handed to the task store and the executor through the SDK. */
export interface A2aRequest {
  principal: Principal;
  stores: Stores;
  /** Bound to the credential's tenant. */
  store: Store;
  /** Tasks belong to the credential that created them. */
  ownerId: string;
  requestId: string;
  rpcId?: string | undefined;
  agent?: string | undefined;
  log: Logger;
  now: () => Date;
}

const REQUEST_KEY = 'hms.a2a.request';

export function attachRequest(context: ServerCallContext, request: A2aRequest): void {
  context.state.set(REQUEST_KEY, request);
}

function requestOf(context: ServerCallContext): A2aRequest {
  const request = context.state.get(REQUEST_KEY) as A2aRequest | undefined;
  if (!request) throw new Error('A2A call without its request context');
  return request;
}

export const CATALOGUE: Catalogue = { capabilities: CAPABILITIES, skills: SKILLS };

/** The A2A 1.0 state name (`TASK_STATE_COMPLETED`), as stored and filtered on. */
export const stateName = (state: TaskState | undefined) =>
  TaskState[state ?? TaskState.TASK_STATE_UNSPECIFIED] ?? 'TASK_STATE_UNSPECIFIED';

function withoutEndedWait(metadata: A2aTask['metadata']): A2aTask['metadata'] {
  if (!metadata || metadata.pending !== null) return metadata;
  const { pending: _ended, ...rest } = metadata;
  return rest;
}

/** The SDK's TaskStore over the table: tasks of the request's tenant and credential only. */
export class TableTaskStore implements TaskStore {
  async save(task: A2aTask, context: ServerCallContext): Promise<void> {
    const r = requestOf(context);
    await saveTask(r.store, {
      id: task.id,
      ownerId: r.ownerId,
      contextId: task.contextId,
      state: stateName(task.status?.state),
      updatedAt: r.now().toISOString(),
      // The newest messages only: a long conversation must still fit one item. A task that no
      // longer waits keeps no pending call.
      body: JSON.stringify(
        Task.toJSON({
          ...task,
          history: task.history.slice(-TASK_HISTORY_MAX),
          metadata: withoutEndedWait(task.metadata),
        }),
      ),
    });
  }

  async load(taskId: string, context: ServerCallContext): Promise<A2aTask | undefined> {
    const r = requestOf(context);
    const stored = await loadTask(r.store, r.ownerId, taskId);
    return stored ? Task.fromJSON(JSON.parse(stored.body)) : undefined;
  }

  async list(
    params: Parameters<TaskStore['list']>[0],
    context: ServerCallContext,
  ): ReturnType<TaskStore['list']> {
    const r = requestOf(context);
    const limit = Math.min(Math.max(params.pageSize ?? TASK_PAGE.default, 1), TASK_PAGE.max);
    const page = await listTasks(
      r.store,
      r.ownerId,
      {
        contextId: params.contextId || undefined,
        state: params.status ? stateName(params.status) : undefined,
      },
      { limit, cursor: params.pageToken || undefined },
    );
    const tasks = page.items.map((t) => Task.fromJSON(JSON.parse(t.body)));
    return {
      tasks,
      nextPageToken: page.nextCursor ?? '',
      pageSize: limit,
      // Counting every task would read the whole partition; this is what this page holds.
      totalSize: tasks.length,
    };
  }
}

const textPart = (text: string): A2aPart => ({
  content: { $case: 'text', value: text },
  metadata: undefined,
  filename: '',
  mediaType: 'text/plain',
});

const dataPart = (value: unknown): A2aPart => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});

/** A message's text parts, joined, and its data parts, merged. */
export function incomingOf(message: A2aMessage): Incoming {
  const texts: string[] = [];
  let data: Record<string, unknown> = {};
  for (const part of message.parts) {
    if (part.content?.$case === 'text') texts.push(part.content.value);
    else if (part.content?.$case === 'data' && typeof part.content.value === 'object')
      data = { ...data, ...(part.content.value as Record<string, unknown>) };
  }
  return { text: texts.join('\n'), data };
}

interface Outcome {
  state: TaskState;
  text: string;
  data?: unknown;
  capability?: AnyCapability;
  /** Kept on the task while it waits for input. */
  pending?: Pending;
}

/** What the agent answers when a capability ends in an error: the task state and a sentence. */
function failure(
  err: AppError,
  cap: AnyCapability,
  args: Record<string, unknown>,
  requestId: string,
): Outcome {
  switch (err.code) {
    case 'invalid':
      // The agent can correct the arguments on this task.
      return {
        state: TaskState.TASK_STATE_INPUT_REQUIRED,
        text: `${cap.title}: ${err.message}`,
        capability: cap,
        pending: { capability: cap.name, args },
      };
    case 'forbidden':
    case 'unauthenticated':
      return {
        state: TaskState.TASK_STATE_REJECTED,
        text: `${cap.title} refused: ${err.message}`,
        capability: cap,
      };
    case 'internal':
      return {
        state: TaskState.TASK_STATE_FAILED,
        text: `${cap.title} failed with an internal error. Quote request id ${requestId} when reporting it.`,
        capability: cap,
      };
    default:
      return {
        state: TaskState.TASK_STATE_FAILED,
        text: `${cap.title} failed (${err.code}): ${err.message}`,
        capability: cap,
      };
  }
}

/** A capability's answer that is a turn of a conversation: its words and its state token. */
function conversationTurn(output: unknown): { message: string; state: string | null } | null {
  if (typeof output !== 'object' || output === null) return null;
  const { message, state } = output as { message?: unknown; state?: unknown };
  if (!('question' in output) || typeof message !== 'string') return null;
  if (!(typeof state === 'string' || state === null)) return null;
  return { message, state };
}

/**
 * Routes the message (router.ts) and, when it names one capability with all its arguments, runs
 * it through runCapability, which writes the audit record. Input-required when something is
 * missing or unclear; never a guess.
 */
export class CatalogueExecutor implements AgentExecutor {
  async execute(rc: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const r = requestOf(rc.context);
    const now = r.now();
    const locale = {
      today: todayIn(r.principal.tenant.timeZone, now),
      timeZone: r.principal.tenant.timeZone,
    };
    const waiting =
      rc.task?.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED
        ? (rc.task.metadata?.pending as Pending | undefined)
        : undefined;
    const incoming = incomingOf(rc.userMessage);
    const actor = r.principal.actor;
    const callOf = (cap: AnyCapability, args: Record<string, unknown>): AgentCall => ({
      capability: cap.name,
      args,
      transport: 'a2a',
      principal: r.principal,
      agent: r.agent,
      skill: cap.skill ?? undefined,
      requestId: r.requestId,
      rpcId: r.rpcId,
      taskId: rc.taskId,
      stores: r.stores,
      log: r.log,
      now,
    });
    // Only what the credential may use is considered; when none of it fits but a capability it
    // may not use does, that call is refused (and recorded), so the agent learns what it lacks.
    const usable: Catalogue = { capabilities: usableBy(CAPABILITIES, actor), skills: SKILLS };
    let resolution = resolve(incoming, usable, locale, waiting);
    if (resolution.kind === 'no-match') {
      const any = resolve(incoming, CATALOGUE, locale, waiting);
      if (any.kind === 'call' || any.kind === 'missing')
        resolution = { kind: 'call', capability: any.capability, args: any.args };
    }

    // One message spends one call of the agent budget, its lookups included (docs/a2a.md);
    // over it, the call is refused and recorded, and nothing runs.
    let spent = false;
    const spendOnce = async (call: AgentCall) => {
      if (spent) return;
      spent = true;
      const spend = await spendAgentBudget(r.stores, r.principal, 1, now);
      if (!spend.allowed) {
        const refusal = refusedCall(call, overBudget(spend));
        await recordCalls(r.stores, r.principal, [refusal.record]);
        throw refusal.error;
      }
    };

    let outcome: Outcome | undefined;
    let unresolved: string[] = [];
    if (
      (resolution.kind === 'call' || resolution.kind === 'missing') &&
      mayUse(resolution.capability, actor)
    ) {
      // Patients, doctors and departments named in the text become their ids (lookup.ts).
      const { capability: cap, args } = resolution;
      try {
        const looked = await lookUpNames(
          cap,
          args,
          extract(incoming.text, locale.today),
          async (name, lookupArgs) => {
            await spendOnce(callOf(cap, args));
            return runCapability(callOf(findCapability(name)!, lookupArgs));
          },
        );
        if (looked.looked) resolution = decide(cap, looked.args);
        unresolved = looked.unresolved;
      } catch (err) {
        outcome = failure(toAppError(err), cap, args, r.requestId);
      }
    }

    if (!outcome)
      switch (resolution.kind) {
        case 'no-match':
          outcome = {
            state: TaskState.TASK_STATE_INPUT_REQUIRED,
            text: describeSkills(usable),
          };
          break;
        case 'ambiguous':
          outcome = {
            state: TaskState.TASK_STATE_INPUT_REQUIRED,
            text: `This message could mean ${resolution.candidates.map((c) => `${c.name} (${c.title})`).join(' or ')}; I did nothing. Say which, or send a data part {"capability": "…"}.`,
          };
          break;
        case 'missing': {
          const text = [
            ...unresolved,
            describeMissing(resolution.capability, resolution.missing),
          ].join(' ');
          // The message reached the skill: its record says so (failed, invalid), though nothing ran.
          await recordUnrun(callOf(resolution.capability, resolution.args), new Invalid(text));
          outcome = {
            state: TaskState.TASK_STATE_INPUT_REQUIRED,
            text,
            capability: resolution.capability,
            pending: { capability: resolution.capability.name, args: resolution.args },
          };
          break;
        }
        case 'call': {
          const cap = resolution.capability;
          const call = callOf(cap, resolution.args);
          try {
            await spendOnce(call);
            const output = await runCapability(call);
            const turn = conversationTurn(output);
            outcome = turn
              ? {
                  // A conversation (onboarding-chat): the task waits for the answer to its
                  // question, and the state token rides along on the task, not in the reply.
                  state: turn.state
                    ? TaskState.TASK_STATE_INPUT_REQUIRED
                    : TaskState.TASK_STATE_COMPLETED,
                  text: turn.message,
                  data: output,
                  capability: cap,
                  ...(turn.state
                    ? { pending: { capability: cap.name, args: { state: turn.state } } }
                    : {}),
                }
              : {
                  state: TaskState.TASK_STATE_COMPLETED,
                  text: `${cap.title}: done. The result is in the artifact "${cap.name}".`,
                  data: output,
                  capability: cap,
                };
          } catch (err) {
            outcome = failure(toAppError(err), cap, resolution.args, r.requestId);
          }
          break;
        }
      }

    const agentMessage: A2aMessage = {
      messageId: crypto.randomUUID(),
      contextId: rc.contextId,
      taskId: rc.taskId,
      role: Role.ROLE_AGENT,
      parts: [textPart(outcome.text)],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    };
    const artifacts = [...(rc.task?.artifacts ?? [])];
    if (outcome.data !== undefined && outcome.capability) {
      artifacts.push({
        artifactId: crypto.randomUUID(),
        name: outcome.capability.name,
        description: outcome.capability.title,
        parts: [dataPart(outcome.data)],
        metadata: undefined,
        extensions: [],
      });
    }
    bus.publish(
      AgentEvent.task({
        id: rc.taskId,
        contextId: rc.contextId,
        status: { state: outcome.state, message: agentMessage, timestamp: now.toISOString() },
        artifacts,
        // The SDK has already added the user's message to an existing task's history.
        history: [
          ...(rc.task?.history ?? []).filter((m) => m.messageId !== rc.userMessage.messageId),
          rc.userMessage,
          agentMessage,
        ].slice(-TASK_HISTORY_MAX),
        metadata: {
          ...(outcome.capability
            ? { capability: outcome.capability.name, skill: outcome.capability.skill }
            : {}),
          // The SDK merges a task's metadata with the stored one: null ends a wait (save drops it).
          pending: outcome.pending ?? null,
        },
      }),
    );
    bus.finished();
  }

  /** Nothing runs between requests: a task waiting for input is simply marked canceled. */
  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId: '',
        status: {
          state: TaskState.TASK_STATE_CANCELED,
          message: undefined,
          timestamp: new Date().toISOString(),
        },
        metadata: undefined,
      }),
    );
    bus.finished();
  }
}
