/**
 * The REST transport on its own, with operations that touch no table: how a request becomes an
 * operation's input (path, query, body), the JSON-only rule, x-tenant-id, names like `__proto__`
 * in the query, and how invalid input is phrased by where it was sent.
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { lambdaContext, proxyEvent } from '../../../bin/local/api-gateway';
import type { ManifestRoute } from '../../../shared/api/index';
import { toAuthorizerContext } from '../../../shared/auth/principal';
import { createRestHandler } from '../../../shared/http/rest-handler';
import { restOperations } from '../../../shared/http/rest-operations';
import { defineGroup, route } from '../../../shared/http/route';
import { idParam } from '../../../shared/kernel/fields';
import { defineOperation } from '../../../shared/kernel/operation';
import * as z from '../../../shared/kernel/zod';

/** Answers its input: what the binding formed from the request. */
const echo = <I extends z.ZodMiniType>(name: string, input: I, kind: 'read' | 'write' = 'write') =>
  defineOperation({
    name,
    summary: name,
    input,
    output: z.unknown(),
    access: { roles: ['NURSE'], scope: 'patients:write' },
    kind,
    idempotent: kind === 'read',
    handler: async (_ctx, parsed) => parsed,
  });

const patch = echo(
  'test.patch',
  z.strictObject({
    id: idParam(),
    name: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  }),
);
const list = echo(
  'test.list',
  z.strictObject({
    q: z.optional(z.string()),
    limit: z.optional(z.coerce.number().check(z.int(), z.lte(5, 'must be at most 5'))),
  }),
  'read',
);
const schedule = echo(
  'test.schedule',
  z.strictObject({
    id: idParam(),
    schedule: z.strictObject({ slotMinutes: z.number().check(z.int()) }),
  }),
);

const group = defineGroup({
  name: 'test',
  description: 'test',
  routes: [
    route(patch, { method: 'PATCH', path: '/things/{id}', tag: 'T' }),
    route(list, { method: 'GET', path: '/things', tag: 'T' }),
    route(schedule, {
      method: 'PUT',
      path: '/things/{id}/schedule',
      tag: 'T',
      body: { field: 'schedule' },
    }),
  ],
});
const handler = createRestHandler(group, restOperations());

const NURSE = toAuthorizerContext({
  actor: { kind: 'user', id: 'u-1', role: 'NURSE' },
  tenant: {
    id: 't-1',
    slug: 's',
    name: 'City',
    status: 'ACTIVE',
    trialEndsAt: '',
    timeZone: 'UTC',
  },
});

async function call(
  method: string,
  path: string,
  opts: {
    body?: string;
    query?: string;
    headers?: Record<string, string>;
    authorizer?: Record<string, unknown> | null;
  } = {},
): Promise<{ status: number; body: any }> {
  const r = group.routes.find(
    (x) => x.method === method && new RegExp(`^${x.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path),
  )!;
  const segments = path.split('/');
  const params = Object.fromEntries(
    r.path.split('/').flatMap((seg, i) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      return m ? [[m[1]!, decodeURIComponent(segments[i]!)]] : [];
    }),
  );
  const event = proxyEvent(
    {
      method,
      path,
      query: new URLSearchParams(opts.query ?? ''),
      headers: {
        'x-tenant-id': 't-1',
        ...(opts.body ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body ?? '',
      sourceIp: '127.0.0.1',
    },
    { ...r, group: 'test' } as ManifestRoute,
    params,
    'req-1',
    opts.authorizer === undefined ? NURSE : opts.authorizer,
  );
  const res = (await handler(event, lambdaContext('test', 5))) as APIGatewayProxyResult;
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('forming the input', () => {
  it('takes path parameters and body fields for a write, query parameters for a read', async () => {
    expect(await call('PATCH', '/things/a-1', { body: '{"name":"x"}' })).toEqual({
      status: 200,
      body: { id: 'a-1', name: 'x' },
    });
    expect(await call('GET', '/things', { query: 'q=ab&limit=3' })).toEqual({
      status: 200,
      body: { q: 'ab', limit: 3 },
    });
  });

  it('puts a whole body under one field when the binding says so, and names its fields as sent', async () => {
    expect(
      (await call('PUT', '/things/a-1/schedule', { body: '{"slotMinutes":15}' })).body,
    ).toEqual({ id: 'a-1', schedule: { slotMinutes: 15 } });
    const bad = await call('PUT', '/things/a-1/schedule', { body: '{"slotMinutes":"x"}' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid body: slotMinutes: /);
    expect(bad.body.issues).toEqual([{ field: 'slotMinutes', message: expect.any(String) }]);
  });

  it('phrases invalid input by where it was sent: body, query, path', async () => {
    expect((await call('PATCH', '/things/a-1', { body: '{"name":""}' })).body.message).toBe(
      'Invalid body: name: must not be empty',
    );
    expect((await call('GET', '/things', { query: 'limit=9' })).body.message).toBe(
      'Invalid query: limit: must be at most 5',
    );
    expect((await call('PATCH', '/things/a%20b', { body: '{}' })).body.message).toMatch(
      /^Invalid path: id: must be a valid id/,
    );
  });

  it('refuses a body field that the path sets, rather than letting either win', async () => {
    const res = await call('PATCH', '/things/a-1', { body: '{"id":"b-2"}' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid body: id: is set by the path/);
  });

  it('refuses a body that is not a JSON object, or not JSON at all', async () => {
    for (const body of ['[]', '"text"', '12', 'null']) {
      expect((await call('PATCH', '/things/a-1', { body })).body.message, body).toBe(
        'Invalid body: body: must be a JSON object',
      );
    }
    expect((await call('PATCH', '/things/a-1', { body: 'not json' })).body).toMatchObject({
      statusCode: 400,
      message: 'Request body is not valid JSON',
    });
  });

  it('treats query names like Object.prototype members as unknown fields (400), never 500', async () => {
    for (const query of [
      'constructor=1',
      '__proto__=1',
      'toString=x',
      'hasOwnProperty=1',
      'constructor=1&constructor=2',
    ]) {
      const res = await call('GET', '/things', { query });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(
        /^Invalid query: (constructor|__proto__|toString|hasOwnProperty): is not a known field$/,
      );
    }
  });

  it('treats body fields named like Object.prototype members as unknown fields (400)', async () => {
    const res = await call('PATCH', '/things/a-1', {
      body: '{"__proto__":{"polluted":true},"constructor":1}',
    });
    expect(res.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('JSON only', () => {
  it('refuses a body sent as text/plain, a form or multipart with 415, before any operation', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      undefined,
    ]) {
      const res = await call('PATCH', '/things/a-1', {
        body: '{"name":"x"}',
        headers: type ? { 'content-type': type } : { 'content-type': '' },
      });
      expect(res.status, String(type)).toBe(415);
      expect(res.body).toMatchObject({
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: expect.stringMatching(/application\/json/),
      });
    }
  });

  it('accepts application/json with a charset and +json types, and no content type without a body', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/merge-patch+json',
    ]) {
      expect(
        (
          await call('PATCH', '/things/a-1', {
            body: '{"name":"x"}',
            headers: { 'content-type': type },
          })
        ).status,
        type,
      ).toBe(200);
    }
    expect((await call('PATCH', '/things/a-1', { headers: { 'content-type': '' } })).status).toBe(
      200,
    );
  });
});

describe('the caller', () => {
  it('with a user token, x-tenant-id is required (401) and must name the token tenant (403)', async () => {
    const missing = await call('PATCH', '/things/a-1', {
      body: '{}',
      headers: { 'x-tenant-id': '' },
    });
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/x-tenant-id/);
    const other = await call('PATCH', '/things/a-1', {
      body: '{}',
      headers: { 'x-tenant-id': 't-2' },
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/x-tenant-id/);
  });

  it('with a key, x-tenant-id may be left out but must match when given', async () => {
    const key = toAuthorizerContext({
      actor: { kind: 'apiKey', id: 'k-1', scopes: ['patients:write'] },
      tenant: {
        id: 't-1',
        slug: 's',
        name: 'City',
        status: 'ACTIVE',
        trialEndsAt: '',
        timeZone: 'UTC',
      },
    });
    expect(
      (
        await call('PATCH', '/things/a-1', {
          body: '{}',
          headers: { 'x-tenant-id': '' },
          authorizer: key,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PATCH', '/things/a-1', {
          body: '{}',
          headers: { 'x-tenant-id': 't-2' },
          authorizer: key,
        })
      ).status,
    ).toBe(403);
  });

  it('refuses an agent’s OAuth token at every REST route (403), even if a policy let it through', async () => {
    const agent = toAuthorizerContext({
      actor: {
        kind: 'user',
        id: 'u-1',
        role: 'ADMIN',
        grant: { id: 'g-1', clientId: 'hmsc_1', scopes: ['patients:write'] },
      },
      tenant: {
        id: 't-1',
        slug: 's',
        name: 'City',
        status: 'ACTIVE',
        trialEndsAt: '',
        timeZone: 'UTC',
      },
    });
    const res = await call('PATCH', '/things/a-1', { body: '{}', authorizer: agent });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/only by \/a2a and the MCP server/);
  });

  it('without a verified principal is unauthenticated (behind API Gateway the authorizer answers first)', async () => {
    expect((await call('PATCH', '/things/a-1', { body: '{}', authorizer: null })).status).toBe(401);
  });

  it('refuses to build a handler for operations without the operation caller', () => {
    expect(() => createRestHandler(group)).toThrow(/restOperations/);
  });
});
