/**
 * JSON-RPC 2.0 at /a2a, for three generations of A2A clients over one task store:
 *  - A2A 1.0 (`SendMessage`, `GetTask`, `ListTasks`, `CancelTask`): the SDK's JsonRpcTransportHandler;
 *  - A2A 0.3 (`message/send`, `tasks/get`, `tasks/cancel`): the SDK's LegacyJsonRpcTransportHandler;
 *  - A2A 0.1 `tasks/send` as the spec shows it (`params.id` is the task id the client chose,
 *    parts are `{type, text}`): translated here into a 0.3 `message/send` on that task, its answer
 *    translated back into the 0.1 form.
 * The envelope is checked first (the SDK answers -32602 for both unparsable JSON and a request
 * without a method; JSON-RPC says -32700 and -32600).
 */
import { AgentCard, TaskState } from '@a2a-js/sdk';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import {
  DefaultRequestHandler,
  JsonRpcTransportHandler,
  ServerCallContext,
} from '@a2a-js/sdk/server';
import { agentCard } from '../agents';
import { RPC_ERRORS, type RpcError } from './errors';
import { type A2aRequest, attachRequest, CatalogueExecutor, TableTaskStore } from './server';

export type RpcId = string | number | null;

export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId; error: RpcError };

const fail = (id: RpcId, code: number, message: string, data?: unknown): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const validId = (v: unknown): v is RpcId =>
  v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The methods each SDK handler knows (it answers -32602 for any other name; JSON-RPC says -32601).
 * Streaming and push-notification methods are known but answered as unsupported (one JSON answer
 * per request through API Gateway; no push notifications).
 */
const V1_METHODS = new Set([
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'ListTasks',
  'CancelTask',
  'SubscribeToTask',
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
  'GetExtendedAgentCard',
]);
const V03_METHODS = new Set([
  'message/send',
  'message/stream',
  'tasks/get',
  'tasks/cancel',
  'tasks/resubscribe',
  'tasks/pushNotificationConfig/set',
  'tasks/pushNotificationConfig/get',
  'tasks/pushNotificationConfig/list',
  'tasks/pushNotificationConfig/delete',
  'agent/getAuthenticatedExtendedCard',
]);

/** The card the SDK handler is given (it answers the extended-card method from it). */
function sdkCard(baseUrl: string) {
  return AgentCard.fromJSON(agentCard({ baseUrl, mcpUrl: baseUrl }));
}

/** One request's SDK handlers; created per request so no task state lives between invocations. */
function handlers(baseUrl: string) {
  const requestHandler = new DefaultRequestHandler(
    sdkCard(baseUrl),
    new TableTaskStore(),
    new CatalogueExecutor(),
  );
  return {
    requestHandler,
    v1: new JsonRpcTransportHandler(requestHandler),
    v03: new LegacyJsonRpcTransportHandler(requestHandler),
  };
}

async function settle(result: unknown, id: RpcId): Promise<RpcResponse> {
  // Streaming methods answer an async generator: this endpoint answers one JSON body.
  if (result && typeof (result as AsyncGenerator)[Symbol.asyncIterator] === 'function') {
    await (result as AsyncGenerator).return?.(undefined);
    return fail(
      id,
      RPC_ERRORS.unsupportedOperation,
      'Streaming is not supported here: use SendMessage or message/send',
    );
  }
  return result as RpcResponse;
}

/**
 * Bounds of one request: an A2A message is a conversational turn, not a file upload, and the
 * task that keeps it must fit one table item (400 KB) with its history. Checked on the raw text
 * before anything parses it, so a huge or deeply nested body costs neither the table's error nor
 * a recursion in the SDK's converters.
 */
export const A2A_LIMITS = { bodyBytes: 64 * 1024, depth: 32 } as const;

/** The deepest nesting of arrays and objects in a JSON text (strings skipped), iteratively. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

const TERMINAL = /^Task (\S{1,128}) is in a terminal state \((\d+)\)/;

/**
 * An SDK answer as the client may see it: an internal error's own message (a table error, a
 * stack overflow) is logged and replaced by the request id to quote.
 */
function sanitized(answer: RpcResponse, request: { requestId: string; log: A2aRequest['log'] }) {
  if (!('error' in answer)) return answer;
  // The SDK names a finished task's state by its internal number ("terminal state (3)").
  const terminal = TERMINAL.exec(answer.error.message);
  if (terminal) {
    const state = (TaskState[Number(terminal[2])] ?? 'finished')
      .replace(/^TASK_STATE_/, '')
      .toLowerCase();
    return fail(
      answer.id,
      RPC_ERRORS.unsupportedOperation,
      `Task ${terminal[1]} is ${state} and takes no further messages: send the message as a new task`,
      { state },
    );
  }
  if (answer.error.code !== RPC_ERRORS.internalError) return answer;
  request.log.error('a2a internal error', { error: answer.error.message });
  return fail(
    answer.id,
    RPC_ERRORS.internalError,
    `Internal error. Quote request id ${request.requestId} when reporting it.`,
    { code: 'internal' },
  );
}

/** Answers one JSON-RPC request body for a verified credential. */
export async function handleA2a(
  body: string,
  request: Omit<A2aRequest, 'rpcId'> & { baseUrl: string },
): Promise<RpcResponse> {
  const bytes = Buffer.byteLength(body);
  if (bytes > A2A_LIMITS.bodyBytes)
    return fail(
      null,
      RPC_ERRORS.invalidRequest,
      `Invalid Request: the request is too large (${Math.ceil(bytes / 1024)} KB; at most ${A2A_LIMITS.bodyBytes / 1024} KB): send shorter messages`,
    );
  if (nestingDepth(body) > A2A_LIMITS.depth)
    return fail(
      null,
      RPC_ERRORS.invalidRequest,
      `Invalid Request: the request is nested too deeply (at most ${A2A_LIMITS.depth} levels of objects and arrays)`,
    );
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return fail(null, RPC_ERRORS.parseError, 'Parse error: the body is not valid JSON');
  }
  if (Array.isArray(message))
    return fail(null, RPC_ERRORS.invalidRequest, 'Invalid Request: batches are not supported');
  if (!isObject(message))
    return fail(null, RPC_ERRORS.invalidRequest, 'Invalid Request: expected a JSON-RPC object');
  const id = validId(message.id) ? message.id : null;
  if (message.jsonrpc !== '2.0')
    return fail(id, RPC_ERRORS.invalidRequest, 'Invalid Request: jsonrpc must be "2.0"');
  if (typeof message.method !== 'string' || message.method === '')
    return fail(id, RPC_ERRORS.invalidRequest, 'Invalid Request: method must be a string');
  if (message.id !== undefined && !validId(message.id))
    return fail(
      null,
      RPC_ERRORS.invalidRequest,
      'Invalid Request: id must be a string, number or null',
    );
  if (message.params !== undefined && !isObject(message.params))
    return fail(id, RPC_ERRORS.invalidParams, 'Invalid params: params must be an object');
  // A2A 1.0 requests may name their tenant; it never selects data (the credential's tenant does),
  // so it must be the credential's own, like x-tenant-id.
  const tenant = isObject(message.params) ? message.params.tenant : undefined;
  if (tenant !== undefined && tenant !== '' && tenant !== request.principal.tenant.id)
    return fail(
      id,
      RPC_ERRORS.invalidParams,
      "Invalid params: tenant does not match the credential's tenant",
    );

  const context = (version: string) => {
    // The tenant is the SDK's to set from the request (when it names one); ours is the request's.
    const ctx = new ServerCallContext({ requestedVersion: version });
    attachRequest(ctx, { ...request, rpcId: id === null ? undefined : String(id) });
    return ctx;
  };
  const { v1, v03 } = handlers(request.baseUrl);
  const method = message.method;
  if (method !== 'tasks/send' && !V1_METHODS.has(method) && !V03_METHODS.has(method))
    return fail(id, RPC_ERRORS.methodNotFound, `Method not found: ${method.slice(0, 100)}`);
  let answer: RpcResponse;
  try {
    if (method === 'tasks/send') answer = await tasksSend(message, id, context('0.3'), v03);
    else if (V1_METHODS.has(method))
      answer = await settle(await v1.handle(message, context('1.0')), id);
    else answer = await settle(await v03.handle(message, context('0.3')), id);
  } catch (err) {
    answer = fail(id, RPC_ERRORS.internalError, (err as Error)?.message ?? String(err));
  }
  return sanitized(answer, request);
}

// ─── A2A 0.1 `tasks/send` ────────────────────────────────────────────────────────────────────

const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

type Part01 = { type: 'text'; text: string } | { type: 'data'; data: Record<string, unknown> };

function parts01(raw: unknown): Part01[] | string {
  if (!Array.isArray(raw) || raw.length === 0)
    return 'params.message.parts must be a non-empty array';
  const out: Part01[] = [];
  for (const [i, p] of raw.entries()) {
    if (isObject(p) && p.type === 'text' && typeof p.text === 'string')
      out.push({ type: 'text', text: p.text });
    else if (isObject(p) && p.type === 'data' && isObject(p.data))
      out.push({ type: 'data', data: p.data });
    else return `params.message.parts[${i}] must be {type: "text", text} or {type: "data", data}`;
  }
  return out;
}

/** 0.3 → 0.1: `kind` becomes `type`, the context is the session. */
function part01(p: Record<string, unknown>) {
  if (p.kind === 'text') return { type: 'text', text: p.text };
  if (p.kind === 'data') return { type: 'data', data: p.data };
  return { type: String(p.kind), ...p, kind: undefined };
}

function message01(m: unknown) {
  if (!isObject(m)) return undefined;
  return {
    role: m.role,
    parts: Array.isArray(m.parts) ? m.parts.filter(isObject).map(part01) : [],
    ...(m.metadata ? { metadata: m.metadata } : {}),
  };
}

/** 0.1 knows no `rejected` or `auth-required`: they read as failed and input-required. */
const STATE_01: Readonly<Record<string, string>> = {
  rejected: 'failed',
  'auth-required': 'input-required',
};

function task01(t: Record<string, unknown>) {
  const status = isObject(t.status) ? t.status : {};
  const state = String(status.state ?? 'unknown');
  return {
    id: t.id,
    sessionId: t.contextId,
    status: {
      state: STATE_01[state] ?? state,
      ...(status.message ? { message: message01(status.message) } : {}),
      ...(status.timestamp ? { timestamp: status.timestamp } : {}),
    },
    artifacts: (Array.isArray(t.artifacts) ? t.artifacts.filter(isObject) : []).map((a, index) => ({
      name: a.name,
      ...(a.description ? { description: a.description } : {}),
      parts: Array.isArray(a.parts) ? a.parts.filter(isObject).map(part01) : [],
      index,
    })),
    history: (Array.isArray(t.history) ? t.history : []).map(message01),
    ...(t.metadata ? { metadata: t.metadata } : {}),
  };
}

/**
 * `tasks/send`: the task id is the client's. A new id creates the task (submitted) in the
 * credential's store first, so the message continues it exactly as a follow-up would; a known id
 * continues that task (e.g. after input-required). Either way the SDK's 0.3 handler runs it.
 */
async function tasksSend(
  message: Record<string, unknown>,
  id: RpcId,
  context: ServerCallContext,
  v03: LegacyJsonRpcTransportHandler,
): Promise<RpcResponse> {
  const params = isObject(message.params) ? message.params : {};
  if (typeof params.id !== 'string' || !TASK_ID.test(params.id))
    return fail(
      id,
      RPC_ERRORS.invalidParams,
      'Invalid params: params.id must be a task id (letters, digits, . _ : -, at most 128)',
    );
  const msg = params.message;
  if (!isObject(msg) || msg.role !== 'user')
    return fail(
      id,
      RPC_ERRORS.invalidParams,
      'Invalid params: params.message must be {role: "user", parts}',
    );
  const parts = parts01(msg.parts);
  if (typeof parts === 'string')
    return fail(id, RPC_ERRORS.invalidParams, `Invalid params: ${parts}`);
  const sessionId =
    typeof params.sessionId === 'string' && TASK_ID.test(params.sessionId)
      ? params.sessionId
      : undefined;

  const store = new TableTaskStore();
  const existing = await store.load(params.id, context);
  const contextId = existing?.contextId ?? sessionId ?? crypto.randomUUID();
  if (!existing) {
    await store.save(
      {
        id: params.id,
        contextId,
        status: {
          state: TaskState.TASK_STATE_SUBMITTED,
          message: undefined,
          timestamp: new Date().toISOString(),
        },
        artifacts: [],
        history: [],
        metadata: { protocol: 'A2A 0.1 tasks/send' },
      },
      context,
    );
  }
  const answer = (await v03.handle(
    {
      jsonrpc: '2.0',
      id: id ?? 0,
      method: 'message/send',
      params: {
        message: {
          kind: 'message',
          messageId: crypto.randomUUID(),
          role: 'user',
          taskId: params.id,
          contextId,
          parts: parts.map((p) =>
            p.type === 'text' ? { kind: 'text', text: p.text } : { kind: 'data', data: p.data },
          ),
        },
      },
    },
    context,
  )) as Record<string, unknown>;
  if (isObject(answer.error))
    return { jsonrpc: '2.0', id, error: answer.error as unknown as RpcError };
  const result = isObject(answer.result) ? answer.result : {};
  return { jsonrpc: '2.0', id, result: task01(result) };
}
