/**
 * The JSON-RPC messages of a POST body (Streamable HTTP or the SSE transport's /messages), checked
 * before the MCP server sees any of them, so that every message gets its answer or its error and
 * none can hold an invocation (the SDK's server ignores what its schemas do not recognise, and
 * answers a repeated id once). A batch holds at most MAX_BATCH messages.
 */
import {
  isJSONRPCError,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_RPC, type RpcId, rpcErrorMessage } from './errors';

/** Messages per POST, on both transports (each counted call also spends the agent budget). */
export const MAX_BATCH = 20;

/** One message of the body: what to hand to the server, or the error that answers it. */
export type Checked =
  | { kind: 'request'; message: JSONRPCRequest }
  | { kind: 'notification'; message: JSONRPCMessage }
  /** A client's answer to a server request: a stateless server sends none, so it is dropped. */
  | { kind: 'response' }
  | { kind: 'invalid'; reply: JSONRPCMessage };

export type ParsedBody =
  | { ok: true; batch: boolean; messages: Checked[] }
  | { ok: false; status: 400; reply: JSONRPCMessage };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const validId = (v: unknown): v is string | number =>
  typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));

/** What is wrong with a message the SDK's schemas do not accept, in one sentence. */
function problem(m: Record<string, unknown>): string {
  if (m.jsonrpc !== '2.0') return 'jsonrpc must be "2.0"';
  if ('id' in m && !validId(m.id)) return 'id must be a string or an integer';
  if (!('method' in m)) return 'a request needs a method (and a response a result or an error)';
  if (typeof m.method !== 'string' || m.method === '') return 'method must be a non-empty string';
  if ('params' in m && !isObject(m.params)) return 'params must be an object';
  const extra = Object.keys(m).find((k) => !['jsonrpc', 'id', 'method', 'params'].includes(k));
  if (extra) return `unknown member ${JSON.stringify(extra.slice(0, 40))}`;
  return 'not a JSON-RPC 2.0 request or notification';
}

function invalid(id: RpcId, message: string): Checked {
  return {
    kind: 'invalid',
    reply: rpcErrorMessage(id, MCP_RPC.invalidRequest, `Invalid Request: ${message}`),
  };
}

/** Classifies each message; a repeated request id in one batch is an error for the repeat. */
export function checkMessages(raw: readonly unknown[]): Checked[] {
  const ids = new Set<string | number>();
  return raw.map((m): Checked => {
    if (!isObject(m)) return invalid(null, 'a message must be a JSON object');
    if (isJSONRPCRequest(m)) {
      const request = m as JSONRPCRequest;
      if (ids.has(request.id))
        return invalid(
          request.id,
          `id ${JSON.stringify(request.id)} repeats an earlier message of this batch`,
        );
      ids.add(request.id);
      return { kind: 'request', message: request };
    }
    if (isJSONRPCNotification(m)) return { kind: 'notification', message: m as JSONRPCMessage };
    if (!('method' in m) && (isJSONRPCResponse(m) || isJSONRPCError(m)))
      return { kind: 'response' };
    return invalid(validId(m.id) ? m.id : null, problem(m));
  });
}

/** The body as checked messages, or the JSON-RPC error that answers the whole request. */
export function parseBody(body: string): ParsedBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {
      ok: false,
      status: 400,
      reply: rpcErrorMessage(null, MCP_RPC.parseError, 'Parse error: the body is not valid JSON'),
    };
  }
  const batch = Array.isArray(parsed);
  const list = batch ? (parsed as unknown[]) : [parsed];
  if (list.length === 0)
    return {
      ok: false,
      status: 400,
      reply: rpcErrorMessage(null, MCP_RPC.invalidRequest, 'Invalid Request: the batch is empty'),
    };
  if (list.length > MAX_BATCH)
    return {
      ok: false,
      status: 400,
      reply: rpcErrorMessage(
        null,
        MCP_RPC.invalidRequest,
        `Invalid Request: a batch holds at most ${MAX_BATCH} messages (got ${list.length})`,
      ),
    };
  return { ok: true, batch, messages: checkMessages(list) };
}
