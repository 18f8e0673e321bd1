import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { allRoutes } from '../../shared/api/index';
import { OUTPUT_CHECKED_HEADER } from '../../shared/http/rest-operations';

/** Paths of the fixed JSON answers (the liveness check, the discovery documents): no operation's. */
const FIXED_PATHS = new Set(allRoutes().flatMap((r) => (r.kind === 'static' ? [r.path] : [])));

/**
 * Every successful JSON answer of an operation must say that its output schema checked it (the
 * test runtime runs with strict checks): the integration suite's answers are all checked against
 * their operations' output schemas, and a runtime that stopped checking fails every test. The
 * fixed answers (the liveness check, the agent discovery documents) are the JSON answers that are
 * not an operation's.
 */
function requireCheckedOutput(method: string, path: string, res: Response): void {
  const json = res.headers.get('content-type')?.startsWith('application/json');
  if (!res.ok || !json || FIXED_PATHS.has(path.split('?')[0] ?? '')) return;
  if (!res.headers.get(OUTPUT_CHECKED_HEADER)) {
    throw new Error(
      `${method} ${path} answered ${res.status} without ${OUTPUT_CHECKED_HEADER}: its output was not checked against its schema`,
    );
  }
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small HTTP client for tests: JSON in and out, credentials optional. */
export function client(baseUrl: string, auth?: { token: string; tenantId?: string }) {
  const call = async <T = any>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) headers.authorization = `Bearer ${auth.token}`;
    if (auth?.tenantId) headers['x-tenant-id'] = auth.tenantId;
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    requireCheckedOutput(method, path, res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* HTML or empty */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body ?? {}, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PATCH', path, body ?? {}, headers),
    put: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('PUT', path, body ?? {}, headers),
    call,
  };
}

export type Client = ReturnType<typeof client>;

/** Registers a fresh hospital and signs its administrator in. */
export async function newTenant(baseUrl: string, overrides: Record<string, unknown> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const anon = client(baseUrl);
  const reg = await anon.post('/tenants', {
    hospitalName: `Test Hospital ${suffix}`,
    slug: `test-${suffix}`,
    adminName: 'Asha Admin',
    adminEmail: `admin-${suffix}@example.test`,
    ...overrides,
  });
  if (reg.status !== 201)
    throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await anon.post('/auth/login', {
    email: reg.body.credentials.email,
    password: reg.body.credentials.password,
  });
  if (login.status !== 200)
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const tenantId: string = reg.body.tenant.id;
  return {
    tenantId,
    slug: reg.body.tenant.slug as string,
    registration: reg.body,
    token: login.body.accessToken as string,
    admin: client(baseUrl, { token: login.body.accessToken, tenantId }),
    anon,
    /** Creates a staff user with a role and returns a signed-in client for them. */
    async staff(role: string) {
      const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
      const created = await client(baseUrl, { token: login.body.accessToken, tenantId }).post(
        '/users',
        { name: `${role} User`, email, role },
      );
      if (created.status !== 201)
        throw new Error(`user create failed: ${created.status} ${JSON.stringify(created.body)}`);
      const l = await anon.post('/auth/login', {
        email,
        password: created.body.credentials.password,
      });
      return {
        user: created.body.user,
        token: l.body.accessToken as string,
        api: client(baseUrl, { token: l.body.accessToken, tenantId }),
      };
    },
    /** Creates an API key with scopes and returns a client that uses it. */
    async key(scopes: string[], name = 'test key') {
      const created = await client(baseUrl, { token: login.body.accessToken, tenantId }).post(
        '/api-keys',
        { name, scopes },
      );
      if (created.status !== 201)
        throw new Error(`key create failed: ${created.status} ${JSON.stringify(created.body)}`);
      return { key: created.body, api: client(baseUrl, { token: created.body.secret }) };
    },
  };
}

/** Asserts an error answer: the status and the `{statusCode, message, error}` body, optionally the message. */
export function expectError(
  reply: { status: number; body: any },
  status: number,
  message?: RegExp,
): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toMatchObject({
    statusCode: status,
    error: expect.any(String),
    message: expect.any(String),
  });
  if (message) expect(reply.body.message).toMatch(message);
}
