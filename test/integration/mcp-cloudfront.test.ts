/**
 * The MCP function behind CloudFront (shared/mcp/origin.ts, lib/mcp-edge.ts): with its origin
 * secret set, as on AWS, it serves only requests carrying the header CloudFront adds, and takes
 * the client's host and address from CloudFront's viewer-request function. Here the test plays
 * CloudFront by sending those headers to the local runtime; the real MCP SDK client connects
 * through them over both transports.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

const SECRET = 'origin-secret-0123456789abcdefghijklmnopqrstuv';
const CLOUDFRONT_HOST = 'd111111abcdef8.cloudfront.net';
const fromCloudFront = (viewerIp = '198.51.100.10') => ({
  'x-origin-verify': SECRET,
  'x-forwarded-host': CLOUDFRONT_HOST,
  'x-hms-viewer-ip': viewerIp,
});

let rt: LocalRuntime;
let apiKey: string;

beforeAll(async () => {
  rt = await startTestRuntime();
  const h = await newTenant(rt.url);
  apiKey = (await h.key(['patients:read'])).key.secret;
});

afterAll(() => {
  delete process.env.MCP_ORIGIN_SECRET;
  delete process.env.OAUTH_REGISTER_PER_MINUTE;
});

const listTools = (headers: Record<string, string>) =>
  fetch(`${rt.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${apiKey}`,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

const metadata = (headers: Record<string, string>) =>
  fetch(`${rt.url}/.well-known/oauth-protected-resource/mcp`, { headers });

describe('locally (no origin secret)', () => {
  it('serves requests as they come, and ignores a forwarded host a client sends', async () => {
    delete process.env.MCP_ORIGIN_SECRET;
    expect((await listTools({})).status).toBe(200);
    const res = await metadata({ 'x-forwarded-host': 'attacker.example' });
    expect(res.status).toBe(200);
    expect((await res.json()).resource).toBe(rt.url);
  });
});

describe('with the origin secret (on AWS, behind CloudFront)', () => {
  beforeAll(() => {
    process.env.MCP_ORIGIN_SECRET = SECRET;
  });
  afterAll(() => {
    delete process.env.MCP_ORIGIN_SECRET;
  });

  it.each([
    ['no origin header', {}],
    ['a wrong origin header', { 'x-origin-verify': `${SECRET.slice(0, -1)}x` }],
    ['an empty origin header', { 'x-origin-verify': '' }],
    ['a forwarded host but no origin header', { 'x-forwarded-host': CLOUDFRONT_HOST }],
  ])(
    'refuses a request with %s with 403 naming the URL to use, however good its credential',
    async (_, headers) => {
      const res = await listTools(headers);
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect(body.message).toBe(
        'Connect to the MCP server at its CloudFront URL (stack output McpUrl), not at the Function URL',
      );
    },
  );

  it('refuses the OAuth endpoints around CloudFront too', async () => {
    expect((await metadata({})).status).toBe(403);
    const token = await fetch(`${rt.url}/oauth/token`, { method: 'POST' });
    expect(token.status).toBe(403);
  });

  it('names the host the client used (CloudFront) in the OAuth metadata', async () => {
    const res = await metadata(fromCloudFront());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.resource).toBe(`https://${CLOUDFRONT_HOST}`);
    expect(body.authorization_servers).toEqual([`https://${CLOUDFRONT_HOST}`]);
  });

  it('a 401 through CloudFront points to the metadata on the CloudFront host', async () => {
    const res = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromCloudFront() },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(
      `resource_metadata="https://${CLOUDFRONT_HOST}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it.each(['http', 'sse'] as const)(
    'the MCP SDK client works through CloudFront over %s',
    async (transport) => {
      const headers = { Authorization: `Bearer ${apiKey}`, ...fromCloudFront() };
      const client = new Client({ name: 'cloudfront-test', version: '1.0.0' });
      await client.connect(
        transport === 'sse'
          ? new SSEClientTransport(new URL(`${rt.url}/sse`), {
              requestInit: { headers },
              eventSourceInit: {
                fetch: (url, init) =>
                  fetch(url, { ...init, headers: { ...init?.headers, ...headers } }),
              },
            })
          : new StreamableHTTPClientTransport(new URL(`${rt.url}/mcp`), {
              requestInit: { headers },
            }),
      );
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toContain('get-patient');
      } finally {
        await client.close();
      }
    },
  );

  it("limits OAuth registration per client address (CloudFront's viewer address, not CloudFront's)", async () => {
    process.env.OAUTH_REGISTER_PER_MINUTE = '1';
    const register = (viewerIp: string) =>
      fetch(`${rt.url}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...fromCloudFront(viewerIp) },
        body: JSON.stringify({
          client_name: 'Behind CloudFront',
          redirect_uris: ['http://127.0.0.1:33418/callback'],
        }),
      });
    try {
      // Three from one address: at least two fall in the same minute, over the limit of one.
      const first = [];
      for (let i = 0; i < 3; i++) first.push((await register('203.0.113.5')).status);
      expect(first).toContain(429);
      // Another address behind the same CloudFront (the same socket here) has its own count.
      expect((await register('203.0.113.6')).status).toBe(201);
    } finally {
      delete process.env.OAUTH_REGISTER_PER_MINUTE;
    }
  });
});
