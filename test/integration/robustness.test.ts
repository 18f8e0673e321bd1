import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { allRoutes } from '../../shared/api/index';
import { isPublicRoute } from '../../shared/http/route';
import { open as openCursor, seal as sealCursor } from '../../shared/kernel/store/cursor';
import { isMcpPath } from '../../shared/mcp/function';
import { type Client, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
let admin: Client;
beforeAll(async () => {
  rt = await startTestRuntime();
  admin = (await newTenant(rt.url)).admin;
});
afterAll(async () => rt?.close());

const BODIES: unknown[] = [
  '[]',
  '"text"',
  'null',
  '{}',
  '{"__proto__":{"polluted":true}}',
  '{"a":{"b":{"c":[1,2,{"d":null}]}}}',
  '12',
  'not json',
  JSON.stringify({ name: 'x'.repeat(10_000) }),
];
const IDS = ['00000000-0000-0000-0000-000000000000', 'not-a-real-id', 'x'.repeat(200), '..%2F..'];
const QUERIES = [
  '',
  '?limit=abc',
  '?limit=-1',
  '?cursor=%7B%7D',
  '?cursor=eyJwayI6MX0',
  '?date=2026-13-45',
  `?q=${encodeURIComponent('%_*')}`,
  '?status=nope',
  '?doctorId=%00',
];

// Generated from the manifest: whatever arrives, every route answers with a 4xx or 2xx and the
// error body, never a 500.
describe('no input makes any route answer 500', () => {
  it.each(
    allRoutes()
      .filter((r) => !isPublicRoute(r) || r.method !== 'GET')
      // Locally MCP is served at the origin's root, so the REST API's /mcp, /sse and /messages
      // pointers answer only under a stage prefix (test/integration/mcp-pointer.test.ts).
      .filter((r) => !isMcpPath(r.path))
      .map((r) => [`${r.method} ${r.path}`, r] as const),
  )('%s', async (_label, route) => {
    for (const id of IDS) {
      const path = route.path.replace(/\{\w+\}/g, id);
      const attempts =
        route.method === 'GET'
          ? QUERIES.map((q) => admin.call(route.method, path + q))
          : BODIES.map((b) => admin.call(route.method, path, b));
      for (const res of await Promise.all(attempts)) {
        expect(res.status, `${route.method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(
          500,
        );
        if (res.status >= 400)
          expect(res.body).toMatchObject({
            statusCode: res.status,
            message: expect.any(String),
            error: expect.any(String),
          });
      }
    }
  });
});

describe('hand-edited cursors', () => {
  // Cursors are sealed (shared/kernel/store/cursor.ts): this plays a client that holds the
  // deployment's key (the runtime's, in this process), to test the rules behind the seal.
  const decode = (c: string) => JSON.parse(openCursor(c) ?? 'null') as Record<string, string>;
  const encode = (v: unknown) => sealCursor(JSON.stringify(v));

  it('a cursor of the right partition with missing or extra key attributes is a 400, not a DynamoDB error', async () => {
    for (const [i, phone] of ['+91 9800000001', '+91 9800000002', '+91 9800000003'].entries()) {
      const r = await admin.post('/patients/register', {
        name: `Cursor Patient ${i}`,
        dateOfBirth: `1990-01-0${i + 1}`,
        sex: 'male',
        phone,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const first = await admin.get('/patients?limit=1');
    expect(first.status).toBe(200);
    // A cursor is { q: digest of its query, k: DynamoDB's key }: keep the digest, edit the key.
    const { q, k: key } = decode(first.body.nextCursor) as unknown as {
      q: string;
      k: Record<string, string>;
    };
    const partitionAttr = Object.keys(key).find((k) => k.startsWith('gsi') && k.endsWith('pk'))!;
    const { [partitionAttr.replace('pk', 'sk')]: _sk, ...withoutIndexSort } = key;
    for (const bad of [
      { [partitionAttr]: key[partitionAttr] },
      withoutIndexSort,
      { ...key, extra: 'x' },
      { ...key, pk: 1 },
    ]) {
      const res = await admin.get(`/patients?limit=1&cursor=${encode({ q, k: bad })}`);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toMatch(/^cursor:/);
    }
    const second = await admin.get(`/patients?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
  });
});
