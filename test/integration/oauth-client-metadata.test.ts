/**
 * Client ID Metadata Documents end to end (issue 22 item 3): a client whose client_id is the URL
 * of its JSON document authorizes without registering. The document is served by a plain-http
 * loopback server, which the local runtime allows (HMS_OAUTH_ALLOW_LOOPBACK_HTTP, set by
 * startLocalRuntime, ignored on Lambda); with the opt-in off, as in production, the same URL and
 * every private address are refused. The document is fetched once and cached; the redirect URI
 * must be one it lists.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import { newTenant } from '../support/api';
import { consentOverHttp, REDIRECT_URL, tokenPost } from '../support/oauth';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
let docs: Server;
let docsBase = '';
const fetched = new Map<string, number>();
/** The documents the client's server answers, by path. */
const documents = new Map<string, () => { status?: number; body: string; headers?: object }>();

beforeAll(async () => {
  rt = await startTestRuntime();
  process.env.OAUTH_REGISTER_PER_MINUTE = '1000';
  docs = createServer((req, res) => {
    fetched.set(req.url ?? '', (fetched.get(req.url ?? '') ?? 0) + 1);
    const answer = documents.get(req.url ?? '')?.();
    if (!answer) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body);
  });
  await new Promise<void>((ok) => docs.listen(0, '127.0.0.1', ok));
  docsBase = `http://127.0.0.1:${(docs.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  delete process.env.OAUTH_REGISTER_PER_MINUTE;
  docs.closeAllConnections();
  docs.close();
  await rt.close();
});

/** Serves a document at `path` whose client_id is its own URL; answers that URL. */
function serveDocument(path: string, extra: Record<string, unknown> = {}, headers = {}) {
  const clientId = `${docsBase}${path}`;
  documents.set(path, () => ({
    body: JSON.stringify({
      client_id: clientId,
      client_name: 'Metadata Planner',
      redirect_uris: [REDIRECT_URL],
      token_endpoint_auth_method: 'none',
      ...extra,
    }),
    headers,
  }));
  return clientId;
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(clientId: string, challenge: string, redirectUri = REDIRECT_URL) {
  const url = new URL(`${rt.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
    resource: rt.url,
    scope: 'patients:read',
  }))
    url.searchParams.set(k, v);
  return url;
}

const refusal = async (url: URL) => {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, text: await res.text() };
};

describe('client ID metadata documents', () => {
  it('are advertised in the authorization server metadata', async () => {
    const meta = (await (
      await fetch(`${rt.url}/.well-known/oauth-authorization-server`)
    ).json()) as any;
    expect(meta.client_id_metadata_document_supported).toBe(true);
    expect(meta.registration_endpoint).toBe(`${rt.url}/oauth/register`);
  });

  it('let a client authorize by its document URL without registering: consent shows its name, the token works at MCP, the document is fetched once', async () => {
    const h = await newTenant(rt.url);
    const user = { token: h.token, tenantId: h.tenantId };
    const clientId = serveDocument('/planner.json', {}, { 'cache-control': 'max-age=600' });
    const { verifier, challenge } = pkce();
    const first = await fetch(authorizeUrl(clientId, challenge), { redirect: 'manual' });
    expect(first.status).toBe(302);
    const requestId = new URL(first.headers.get('location')!).searchParams.get('request')!;
    const described = await h.admin.get(`/oauth/requests/${requestId}`);
    expect(described.body).toMatchObject({ clientName: 'Metadata Planner' });

    const back = await consentOverHttp(rt.url, authorizeUrl(clientId, challenge), user, {
      decision: 'allow',
      scopes: ['patients:read'],
    });
    const token = await tokenPost(rt.url, {
      grant_type: 'authorization_code',
      client_id: clientId,
      code: back.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: REDIRECT_URL,
      resource: rt.url,
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const list = await fetch(`${rt.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(list.status).toBe(200);
    // Three authorizations and a token request: one fetch, the cache answered the rest.
    expect(fetched.get('/planner.json')).toBe(1);
    const grants = await h.admin.get('/oauth/grants');
    expect(grants.body.items[0]).toMatchObject({ clientId, clientName: 'Metadata Planner' });

    // Past its max-age (600 s) the document is fetched again, and what it says now counts.
    documents.set('/planner.json', () => ({
      body: JSON.stringify({
        client_id: clientId,
        client_name: 'Renamed Planner',
        redirect_uris: [REDIRECT_URL],
      }),
    }));
    shiftClock(601_000);
    try {
      const again = await fetch(authorizeUrl(clientId, pkce().challenge), { redirect: 'manual' });
      expect(again.status).toBe(302);
      const id = new URL(again.headers.get('location')!).searchParams.get('request')!;
      expect((await h.admin.get(`/oauth/requests/${id}`)).body.clientName).toBe('Renamed Planner');
      expect(fetched.get('/planner.json')).toBe(2);
    } finally {
      resetClock();
    }
  });

  it('refuse a redirect URI the document does not list, on a page (never a redirect)', async () => {
    const clientId = serveDocument('/narrow.json');
    const page = await refusal(
      authorizeUrl(clientId, pkce().challenge, 'http://127.0.0.1:33418/elsewhere'),
    );
    expect(page.status).toBe(400);
    expect(page.text).toMatch(/redirect_uri is not one this client registered/);
  });

  it.each([
    [
      'a client_id that is not its URL',
      '/liar.json',
      { client_id: 'https://claude.ai/oauth/client' },
      /names another client_id than its own URL/,
    ],
    ['a client secret', '/secret.json', { client_secret: 'x' }, /holds a client secret/],
    [
      'a shared-secret auth method',
      '/basic.json',
      { token_endpoint_auth_method: 'client_secret_basic' },
      /other than none/,
    ],
  ])('refuse a document with %s', async (_what, path, extra, why) => {
    const clientId = serveDocument(path, extra);
    const page = await refusal(authorizeUrl(clientId, pkce().challenge));
    expect(page.status).toBe(400);
    expect(page.text).toMatch(why);
  });

  it('refuse a document that is missing, too large or moved, and cache none of them', async () => {
    documents.set('/huge.json', () => ({ body: `{"x":"${'y'.repeat(6000)}"}` }));
    documents.set('/moved.json', () => ({
      status: 301,
      body: '',
      headers: { location: 'http://169.254.169.254/' },
    }));
    for (const [path, why] of [
      ['/nowhere.json', /answered 404/],
      ['/huge.json', /larger than 5120 bytes/],
      ['/moved.json', /answered 301 \(redirects are not followed\)/],
    ] as const) {
      const page = await refusal(authorizeUrl(`${docsBase}${path}`, pkce().challenge));
      expect(page.status, path).toBe(400);
      expect(page.text).toMatch(why);
      await refusal(authorizeUrl(`${docsBase}${path}`, pkce().challenge));
      expect(fetched.get(path), path).toBe(2);
    }
  });

  it('in production mode (no loopback opt-in) refuse plain http and private addresses before any fetch', async () => {
    const clientId = serveDocument('/prod.json');
    const before = fetched.get('/prod.json') ?? 0;
    delete process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP;
    try {
      for (const [id, why] of [
        [clientId, /client_id must be an https URL/],
        ['https://127.0.0.1/client.json', /127\.0\.0\.1 is not \(loopback\)/],
        ['https://192.168.1.20/client.json', /192\.168\.1\.20 is not \(private\)/],
        [
          'https://localhost/client.json',
          /localhost resolves to .*, which is not a public address \(loopback\)/,
        ],
      ] as const) {
        const page = await refusal(authorizeUrl(id, pkce().challenge));
        expect(page.status, id).toBe(400);
        expect(page.text, id).toMatch(why);
      }
      // The token endpoint refuses the same way (invalid_client, 401).
      const token = await tokenPost(rt.url, {
        grant_type: 'authorization_code',
        client_id: clientId,
        code: 'hms_ac_x',
        code_verifier: 'v',
        redirect_uri: REDIRECT_URL,
      });
      expect(token.status).toBe(401);
      expect(((await token.json()) as any).error).toBe('invalid_client');
    } finally {
      process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP = '1';
    }
    expect(fetched.get('/prod.json') ?? 0).toBe(before);
  });
});
