/**
 * Asymmetric signing through the local runtime (issue 23 item 2): /.well-known/jwks.json serves
 * the public keys without private parts, a login's token names one of them by `kid` and verifies
 * with it alone (jose, as any resource server would), the API and MCP accept it, and a token whose
 * payload or kid was altered is refused.
 */
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
}, 60_000);
afterAll(async () => {
  await rt?.close();
});

describe('JWKS and ES256 access tokens', () => {
  it('serves the public keys (no private part) and a login token verifies with the key its kid names', async () => {
    const res = await fetch(`${rt.url}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const jwks = (await res.json()) as { keys: Record<string, string>[] };
    expect(jwks.keys.length).toBeGreaterThanOrEqual(2);
    for (const k of jwks.keys) {
      expect(k).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig', alg: 'ES256' });
      expect(k).not.toHaveProperty('d');
    }
    const t = await newTenant(rt.url);
    const header = decodeProtectedHeader(t.token);
    expect(header.alg).toBe('ES256');
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    const { payload } = await jwtVerify(t.token, createLocalJWKSet(jwks as never), {
      issuer: 'hospital-management-service',
      audience: 'hospital-api',
    });
    expect(payload).toMatchObject({ tid: t.tenantId, role: 'ADMIN' });

    // The API (authorizer) and MCP (its own verification) accept it.
    expect((await t.admin.get('/auth/me')).status).toBe(200);
    const mcp = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${t.token}`,
        'x-tenant-id': t.tenantId,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(200);
  });

  it('refuses a token whose payload or kid was altered, at the API and at MCP', async () => {
    const t = await newTenant(rt.url);
    const [h, p, s] = t.token.split('.') as [string, string, string];
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    const otherKid = (
      (await (await fetch(`${rt.url}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      }
    ).keys.find((k) => k.kid !== header.kid)!.kid;
    const forged = [
      [h, b64({ ...payload, role: 'DOCTOR' }), s].join('.'),
      [b64({ ...header, kid: otherKid }), p, s].join('.'),
      [b64({ ...header, alg: 'HS256' }), p, s].join('.'),
    ];
    for (const token of forged) {
      const api = await fetch(`${rt.url}/auth/me`, {
        headers: { authorization: `Bearer ${token}`, 'x-tenant-id': t.tenantId },
      });
      expect(api.status, token).toBe(401);
      const mcp = await fetch(`${rt.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-tenant-id': t.tenantId,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(mcp.status, token).toBe(401);
    }
  });
});
