import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { allRoutes } from '../../shared/api/index';
import { isPublicRoute } from '../../shared/http/route';
import { client } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => rt?.close());

const concrete = (path: string) => path.replace(/\{\w+\}/g, '00000000-0000-0000-0000-000000000000');
const authorised = allRoutes().filter((r) => !isPublicRoute(r));

// Generated from the manifest: a new route is covered the moment it is declared.
describe('every authorised route refuses callers without valid credentials', () => {
  it('has authorised routes to check', () => {
    expect(authorised.length).toBeGreaterThan(5);
  });

  it.each(authorised.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s → 401 without credentials',
    async (_label, route) => {
      const res = await client(rt.url).call(
        route.method,
        concrete(route.path),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        message: expect.any(String),
      });
    },
  );

  it.each(authorised.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s → 401 with a forged token',
    async (_label, route) => {
      const forged =
        'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidGlkIjoieSIsInJvbGUiOiJBRE1JTiJ9.c2lnbmF0dXJl';
      const res = await client(rt.url, { token: forged, tenantId: 'y' }).call(
        route.method,
        concrete(route.path),
        route.method === 'GET' ? undefined : {},
      );
      expect(res.status).toBe(401);
    },
  );
});

describe('unknown routes', () => {
  it('answer 404 with the error body', async () => {
    const res = await client(rt.url).get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('malformed paths', () => {
  it('answer 400, not 500', async () => {
    const res = await client(rt.url).call('PATCH', '/users/%E0%A4%A', {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });
});
