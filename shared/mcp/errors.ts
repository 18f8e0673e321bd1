/**
 * MCP's own mapping of the transport-neutral errors (the edge maps them to HTTP for answers
 * before MCP is reached):
 * - a tool that is refused or fails answers a tool result with `isError: true` whose text is
 *   `{statusCode, message, error}`, the status agents and people already read (403 refused, 400
 *   invalid argument naming it, 404, 409, 429, 503, 500 quoting the request id);
 * - a message that cannot be answered as MCP (malformed, over a limit, a resource that does not
 *   exist) is a JSON-RPC error with the code below and the kernel code in `data.code`.
 */
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { errorBody, internalMessage, STATUS_OF } from '../edge/http';
import type { AppError, ErrorCode } from '../kernel/errors';

/** JSON-RPC 2.0's own codes, and the server-defined ones this server uses. */
export const MCP_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** MCP: resource not found. */
  notFound: -32002,
  refused: -32003,
  conflict: -32009,
  rateLimited: -32029,
  unavailable: -32030,
} as const;

export const MCP_RPC_CODE_OF: Readonly<Record<ErrorCode, number>> = {
  invalid: MCP_RPC.invalidParams,
  unauthenticated: MCP_RPC.refused,
  forbidden: MCP_RPC.refused,
  not_found: MCP_RPC.notFound,
  conflict: MCP_RPC.conflict,
  rate_limited: MCP_RPC.rateLimited,
  unavailable: MCP_RPC.unavailable,
  internal: MCP_RPC.internalError,
};

const messageOf = (err: AppError, requestId: string) =>
  err.code === 'internal' ? internalMessage(requestId) : err.message;

/** A refused or failed tool call, as the agent sees it. */
export function toolError(err: AppError, requestId: string): CallToolResult {
  const statusCode = STATUS_OF[err.code];
  const details = err.code === 'internal' ? undefined : err.details;
  const body = errorBody(statusCode, messageOf(err, requestId), details);
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}

export type RpcId = string | number | null;

/** A JSON-RPC error answer to one message. */
export function rpcErrorMessage(
  id: RpcId,
  code: number,
  message: string,
  data?: Record<string, unknown>,
): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: { code, message, ...(data ? { data } : {}) },
  } as unknown as JSONRPCMessage;
}

/** An AppError as the JSON-RPC error answer to one message. */
export function rpcError(id: RpcId, err: AppError, requestId: string): JSONRPCMessage {
  return rpcErrorMessage(id, MCP_RPC_CODE_OF[err.code], messageOf(err, requestId), {
    code: err.code,
    ...(err.retryAfterSeconds ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
  });
}
