/**
 * Typed errors. Services throw these; one place (shared/http/respond.ts) turns them into
 * `{statusCode, message, error}` bodies. Anything else becomes a 500 without internals.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    /** Extra fields merged into the error body (e.g. `allowed` next states, `existingMrn`). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(400, 'Bad Request', message, details);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Authentication required', details?: Record<string, unknown>) {
    super(401, 'Unauthorized', message, details);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Insufficient permissions', details?: Record<string, unknown>) {
    super(403, 'Forbidden', message, details);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Resource not found', details?: Record<string, unknown>) {
    super(404, 'Not Found', message, details);
  }
}
export class Conflict extends HttpError {
  constructor(message: string, details?: Record<string, unknown>) {
    super(409, 'Conflict', message, details);
  }
}
export class TooManyRequests extends HttpError {
  constructor(message = 'Rate limit exceeded', details?: Record<string, unknown>) {
    super(429, 'Too Many Requests', message, details);
  }
}
