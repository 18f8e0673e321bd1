/**
 * A call to the API with the stored session (bearer token and tenant header), for the shell and
 * the pieces every page shares (pickers, live lists). Answers `{ status, body }`; never throws
 * for an HTTP status, only when the server cannot be reached.
 */
import { readJson, url } from './http';
import { readSession } from './storage';

export interface Answer<T> {
  status: number;
  ok: boolean;
  body: T | null;
}

export async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const session = readSession();
  const res = await fetch(url(path), {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session
        ? { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': session.tenantId }
        : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, ok: res.ok, body: (await readJson(res)) as T | null };
}
