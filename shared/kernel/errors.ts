/**
 * Transport-neutral errors. Services, stores and rules throw these; each transport maps the code
 * in one place (REST: shared/http/errors.ts → `{statusCode, message, error}`; JSON-RPC and MCP
 * mappers follow the same table). Messages name fields and operations, never URLs: a transport
 * may add its own hint.
 */
export const ERROR_CODES = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppErrorOptions {
  /** Structured extras the caller may act on (e.g. `allowed` next states, `existingMrn`). */
  details?: Record<string, unknown> | undefined;
  /** The lower-level error this one explains, kept for logs, never shown to callers. */
  cause?: unknown;
  /** For `rate_limited` and `unavailable`: how long to wait before retrying. */
  retryAfterSeconds?: number | undefined;
}

export class AppError extends Error {
  readonly details?: Record<string, unknown>;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options.details !== undefined) this.details = options.details;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

type Details = Record<string, unknown> | undefined;

/** Bad input: a field is missing, malformed or out of range. The message names the field. */
export class Invalid extends AppError {
  constructor(message: string, details?: Details, options: Omit<AppErrorOptions, 'details'> = {}) {
    super('invalid', message, { ...options, details });
  }
}

/** No credential, or one that does not verify. */
export class Unauthenticated extends AppError {
  constructor(message = 'Authentication required', details?: Details) {
    super('unauthenticated', message, { details });
  }
}

/** A verified caller that may not do this. */
export class Forbidden extends AppError {
  constructor(message = 'Insufficient permissions', details?: Details) {
    super('forbidden', message, { details });
  }
}

/** Unknown id, or another tenant's: the two are indistinguishable by design. */
export class NotFound extends AppError {
  constructor(message = 'Resource not found', details?: Details) {
    super('not_found', message, { details });
  }
}

/** The request is valid but the current state refuses it (taken slot, forbidden transition…). */
export class Conflict extends AppError {
  constructor(message: string, details?: Details, options: Omit<AppErrorOptions, 'details'> = {}) {
    super('conflict', message, { ...options, details });
  }
}

/** Too many requests; retry later. */
export class RateLimited extends AppError {
  constructor(message = 'Rate limit exceeded', options: AppErrorOptions = {}) {
    super('rate_limited', message, options);
  }
}

/** A dependency is down or refused us; the caller may retry. */
export class Unavailable extends AppError {
  constructor(message = 'Service temporarily unavailable', options: AppErrorOptions = {}) {
    super('unavailable', message, options);
  }
}

/** A bug or broken invariant. Its message is logged, never shown. */
export class InternalError extends AppError {
  constructor(message: string, options: AppErrorOptions = {}) {
    super('internal', message, options);
  }
}

/** AWS capacity errors that survived the SDK's own retries: the caller should retry, not report a bug. */
const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
]);

/**
 * Any thrown value as an AppError: AppErrors pass through, AWS throttling becomes `rate_limited`
 * (retry in 2 s), anything else `internal` with the original as its cause.
 */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const name = (err as { name?: string } | null)?.name ?? '';
  if (THROTTLING.has(name)) {
    return new RateLimited('The service is busy right now; retry in a few seconds', {
      retryAfterSeconds: 2,
      cause: err,
    });
  }
  return new InternalError(err instanceof Error ? err.message : String(err), { cause: err });
}
