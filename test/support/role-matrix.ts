import { expect } from 'vitest';
import type { Client, Reply } from './api';

// What every role × route matrix (test/integration/role-matrix*.test.ts) does with one row: send
// the request it built for the route, then expect the route's success status or a 403 refusal.

/** A request for one route: its concrete path (the template's parameters filled in) and body. */
export interface MatrixRequest {
  path: string;
  body?: unknown;
}

/** Sends a route's request; the path must fit the route's template, so a row tests its route. */
export function sendMatrixRequest(api: Client, route: string, req: MatrixRequest): Promise<Reply> {
  const [method, template] = route.split(' ') as [string, string];
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`);
  expect(req.path, `request of ${route}`).toMatch(pattern);
  return api.call(method, req.path, method === 'GET' ? undefined : (req.body ?? {}));
}

export function expectRouteSuccess(res: Reply, route: string, who: string, ok: number) {
  expect(res.status, `${who} → ${route}: ${res.status} ${JSON.stringify(res.body)}`).toBe(ok);
}

export function expectRouteRefused(res: Reply, route: string, who: string, message: RegExp) {
  const label = `${who} → ${route} must be refused: ${res.status} ${JSON.stringify(res.body)}`;
  expect(res.status, label).toBe(403);
  expect(res.body, label).toMatchObject({ statusCode: 403, error: expect.any(String) });
  expect(res.body.message, label).toMatch(message);
}
