/**
 * A2A's own mapping of the transport-neutral errors to JSON-RPC errors, for errors raised outside
 * a skill (a skill's own errors become the task's state: failed, rejected or input-required). The
 * kernel code travels in `data.code`. Errors before any JSON-RPC (401, 403, 415) are the edge's
 * HTTP answers.
 */
import type { AppError, ErrorCode } from '../kernel/errors';

/** Standard JSON-RPC and A2A error codes. */
export const RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  taskNotFound: -32001,
  taskNotCancelable: -32002,
  unsupportedOperation: -32004,
} as const;

export const RPC_CODE_OF: Readonly<Record<ErrorCode, number>> = {
  invalid: RPC_ERRORS.invalidParams,
  not_found: RPC_ERRORS.taskNotFound,
  conflict: RPC_ERRORS.taskNotCancelable,
  unauthenticated: RPC_ERRORS.invalidRequest,
  forbidden: RPC_ERRORS.invalidRequest,
  rate_limited: RPC_ERRORS.internalError,
  unavailable: RPC_ERRORS.internalError,
  internal: RPC_ERRORS.internalError,
};

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export function rpcErrorOf(err: AppError, requestId: string): RpcError {
  return {
    code: RPC_CODE_OF[err.code],
    message:
      err.code === 'internal'
        ? `Internal error. Quote request id ${requestId} when reporting it.`
        : err.message,
    data: {
      code: err.code,
      ...(err.retryAfterSeconds ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
    },
  };
}
