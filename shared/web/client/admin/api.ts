/**
 * Authenticated calls to the API with the stored session. A 401 ends the session (back to the
 * sign-in page with a message) and throws a "silent" error that callers do not display.
 */
import { setStatus } from '../common/dom';
import { errorMessage, readJson, url } from '../common/http';
import { clearSession, type StoredSession, setFlash } from '../common/storage';
import type { AdminState } from './state';

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    /** Already handled (the session ended): nothing to show. */
    readonly silent = false,
    /** The service's answer, e.g. a 400's `issues` naming each bad field. */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** Whatever a call threw, as an ApiError (a non-API failure becomes status 0). */
export function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(0, err instanceof Error ? err.message : String(err));
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT';

/** Resolves with the parsed answer (null for an empty body); rejects with an ApiError. */
export type Api = <T>(method: HttpMethod, path: string, body?: unknown) => Promise<T | null>;

export function showError(region: HTMLElement | null, err: unknown): void {
  const e = asApiError(err);
  if (e.silent) return;
  setStatus(region, e.message || 'Something went wrong. Please try again.', 'error');
}

export interface SessionApi {
  api: Api;
  /** Clears the session and goes to the sign-in page, which shows the message. */
  endSession(message?: string): void;
}

export function sessionApi(session: StoredSession, state: AdminState): SessionApi {
  const endSession = (message?: string) => {
    if (state.redirecting) return;
    state.redirecting = true;
    clearSession();
    setFlash(message || 'Your session has ended. Please sign in again.');
    window.location.replace(url('/login'));
  };

  const api: Api = async <T>(method: HttpMethod, path: string, body?: unknown) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${session.accessToken}`,
      'x-tenant-id': session.tenantId,
    };
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    let res: Response;
    try {
      res = await fetch(url(path), init);
    } catch {
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }
    const data = await readJson(res);
    if (res.status === 401) {
      endSession();
      throw new ApiError(401, 'Your session has ended.', true);
    }
    if (!res.ok)
      throw new ApiError(
        res.status,
        errorMessage(data, `Request failed (HTTP ${res.status}).`),
        false,
        data,
      );
    return data as T | null;
  };

  // Sign the user out when the token expires.
  if (typeof session.expiresAt === 'number') {
    setTimeout(
      () => endSession('Your session expired. Please sign in again.'),
      // setTimeout's longest delay (about 24.8 days); longer ones would fire at once.
      Math.min(Math.max(session.expiresAt - Date.now(), 0), 2147483647),
    );
  }

  return { api, endSession };
}
