import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../shared/routes/index';
import { newTenant, type Client } from '../support/api';
import { startTestRuntime } from '../support/runtime';
import type { LocalRuntime } from '../../bin/local/server';

let rt: LocalRuntime;
let admin: Client;
beforeAll(async () => {
  rt = await startTestRuntime();
  admin = (await newTenant(rt.url)).admin;
});
afterAll(async () => rt?.close());

const BODIES: unknown[] = ['[]', '"text"', 'null', '{}', '{"__proto__":{"polluted":true}}', '{"a":{"b":{"c":[1,2,{"d":null}]}}}', '12', 'not json', JSON.stringify({ name: 'x'.repeat(10_000) })];
const IDS = ['00000000-0000-0000-0000-000000000000', 'not-a-real-id', 'x'.repeat(200), '..%2F..'];
const QUERIES = ['', '?limit=abc', '?limit=-1', '?cursor=%7B%7D', '?cursor=eyJwayI6MX0', '?date=2026-13-45', '?q=' + encodeURIComponent('%_*'), '?status=nope', '?doctorId=%00'];

// Generated from the manifest: whatever arrives, every route answers with a 4xx or 2xx and the
// error body, never a 500.
describe('no input makes any route answer 500', () => {
  it.each(allRoutes().filter((r) => !r.access.public || r.method !== 'GET').map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_label, route) => {
    for (const id of IDS) {
      const path = route.path.replace(/\{\w+\}/g, id);
      const attempts = route.method === 'GET' ? QUERIES.map((q) => admin.call(route.method, path + q)) : BODIES.map((b) => admin.call(route.method, path, b));
      for (const res of await Promise.all(attempts)) {
        expect(res.status, `${route.method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body).toMatchObject({ statusCode: res.status, message: expect.any(String), error: expect.any(String) });
      }
    }
  });
});
