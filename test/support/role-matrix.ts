import { expect } from 'vitest';
import type { Client, Reply } from './api';

// What every role × route matrix (test/integration/role-matrix*.test.ts) does with one row: send
// the request it built for the route, then expect the route's success status or a 403 refusal.
// A refused row is sent a second time with input no operation accepts (a body that is not an
// object, an unknown query field): access is decided before input, so the refusal must be the
// same 403 with the same message, never a field-level 400 that shows the input's schema.

/** A request for one route: its concrete path (the template's parameters filled in) and body. */
export interface MatrixRequest {
  path: string;
  body?: unknown;
}

/** The answer to the same request with invalid input, for each refused answer. */
const invalidInputAnswers = new WeakMap<Reply, Reply>();

/** The row's path with a query field no operation declares. */
const withUnknownField = (path: string) => `${path}${path.includes('?') ? '&' : '?'}hmsProbe=%00`;

/** Sends a route's request; the path must fit the route's template, so a row tests its route. */
export async function sendMatrixRequest(
  api: Client,
  route: string,
  req: MatrixRequest,
): Promise<Reply> {
  const [method, template] = route.split(' ') as [string, string];
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`);
  expect(req.path, `request of ${route}`).toMatch(pattern);
  const read = method === 'GET' || method === 'DELETE';
  const res = await api.call(method, req.path, method === 'GET' ? undefined : (req.body ?? {}));
  if (res.status === 403) {
    const probe = await api.call(
      method,
      withUnknownField(req.path),
      method === 'GET' ? undefined : read ? {} : ['not an object'],
    );
    invalidInputAnswers.set(res, probe);
  }
  return res;
}

export function expectRouteSuccess(res: Reply, route: string, who: string, ok: number) {
  expect(res.status, `${who} → ${route}: ${res.status} ${JSON.stringify(res.body)}`).toBe(ok);
}

/**
 * Refusals of an operation's declared access rule (kernel/access.ts). A refusal decided from the
 * data (a doctor changes only their own schedule) comes after validation by design, so only these
 * are probed with invalid input.
 */
const DECLARED_REFUSAL =
  /^(Role \w+ may not use |API key lacks the required scope |API keys may not use |\S+ changes a patient's care|\S+ needs a person's authority|The free trial )/;

export function expectRouteRefused(res: Reply, route: string, who: string, message: RegExp) {
  const label = `${who} → ${route} must be refused: ${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, label).toBe(403);
  expect(res.body, label).toMatchObject({ statusCode: 403, error: expect.any(String) });
  expect(res.body.message, label).toMatch(message);
  const probe = invalidInputAnswers.get(res);
  if (probe && DECLARED_REFUSAL.test(res.body.message)) {
    const probeLabel = `${who} → ${route} with invalid input must be refused before validation: ${probe.status} ${JSON.stringify(probe.body)}`;
    expect(probe.status, probeLabel).toBe(403);
    expect(probe.body.message, probeLabel).toBe(res.body.message);
  }
}
