/**
 * Client ID metadata documents (shared/modules/oauth/client-metadata.ts): which URLs may be
 * fetched, the refusal of private addresses (the webhooks' guard, at connection time), the size
 * and time limits, the cache time, and the rules a document must keep.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cacheSecondsOf,
  clientIdUrlProblem,
  fetchDocument,
  parseDocument,
} from '../../../shared/modules/oauth/client-metadata';

const URL_ID = 'https://agent.example/oauth/client.json';
const doc = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    client_id: URL_ID,
    client_name: 'Planner',
    redirect_uris: ['http://127.0.0.1:9000/cb'],
    ...extra,
  });

afterEach(() => {
  delete process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP;
  delete process.env.OAUTH_CLIENT_METADATA_HOSTS;
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
});

describe('which client_id URLs may be fetched', () => {
  it.each([
    ['https://agent.example/oauth/client.json', undefined],
    ['https://agent.example/c?v=1', undefined],
    ['http://agent.example/client.json', 'must be an https URL'],
    ['https://agent.example/', 'must have a path (not just /)'],
    ['https://agent.example', 'must have a path (not just /)'],
    ['https://agent.example/a#frag', 'must not have a fragment'],
    ['https://user:pw@agent.example/c', 'must not carry credentials'],
    ['https://agent.example/a/../c', 'must not have . or .. path segments'],
    ['https://agent.example/./c', 'must not have . or .. path segments'],
    ['https://127.0.0.1/c', 'must be on a public address, and 127.0.0.1 is not (loopback)'],
    ['https://10.1.2.3/c', 'must be on a public address, and 10.1.2.3 is not (private)'],
    [
      'https://169.254.169.254/latest',
      'must be on a public address, and 169.254.169.254 is not (link-local (incl. the instance metadata service))',
    ],
    ['https://[::1]/c', 'must be on a public address, and ::1 is not (loopback)'],
    ['not a url', 'is not an absolute URL'],
    [`https://agent.example/${'a'.repeat(500)}`, 'is longer than 500 characters'],
  ])('%s → %s', (url, problem) => {
    expect(clientIdUrlProblem(url)).toBe(problem);
  });

  it('plain http to loopback only when the local runtime opted in, and never inside Lambda', () => {
    const local = 'http://127.0.0.1:8080/client.json';
    expect(clientIdUrlProblem(local)).toBe('must be an https URL');
    process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP = '1';
    expect(clientIdUrlProblem(local)).toBeUndefined();
    expect(clientIdUrlProblem('http://10.0.0.1:8080/client.json')).toBe('must be an https URL');
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'mcp';
    expect(clientIdUrlProblem(local)).toBe('must be an https URL');
  });

  it('a deployment may accept some hosts only (exact names or *.suffix)', () => {
    process.env.OAUTH_CLIENT_METADATA_HOSTS = 'claude.ai, *.vscode.dev';
    expect(clientIdUrlProblem('https://claude.ai/oauth/c')).toBeUndefined();
    expect(clientIdUrlProblem('https://insiders.vscode.dev/c')).toBeUndefined();
    expect(clientIdUrlProblem('https://evil.example/c')).toMatch(
      /evil\.example, which this deployment does not accept/,
    );
    expect(clientIdUrlProblem('https://notclaude.ai/c')).toMatch(/does not accept/);
  });
});

describe('cache time', () => {
  it.each([
    [undefined, 3600],
    ['no-store', 3600],
    ['public, max-age=600', 600],
    ['max-age=10', 300],
    ['max-age=999999', 86400],
    ['max-age="1200"', 1200],
  ])('%s → %i s', (header, seconds) => {
    expect(cacheSecondsOf(header)).toBe(seconds);
  });
});

describe('the rules a document keeps', () => {
  it('answers the client it describes: name, redirect URIs (a nameless one is named by its host)', () => {
    expect(
      parseDocument(URL_ID, doc({ client_uri: 'https://agent.example', scope: 'patients:read' })),
    ).toEqual({
      clientId: URL_ID,
      clientName: 'Planner',
      redirectUris: ['http://127.0.0.1:9000/cb'],
      clientUri: 'https://agent.example',
      scope: 'patients:read',
    });
    expect(parseDocument(URL_ID, doc({ client_name: '  ' })).clientName).toBe('agent.example');
  });

  it.each([
    ['not json', 'is not JSON'],
    [
      doc({ client_id: 'https://agent.example/other.json' }),
      'names another client_id than its own URL',
    ],
    [doc({ client_id: `${URL_ID}/` }), 'names another client_id than its own URL'],
    [doc({ client_secret: 's3cret' }), 'holds a client secret'],
    [doc({ token_endpoint_auth_method: 'client_secret_post' }), 'other than none'],
    [doc({ token_endpoint_auth_method: 'private_key_jwt' }), 'other than none'],
    [doc({ grant_types: ['client_credentials'] }), 'grant types other than'],
    [doc({ response_types: ['token'] }), 'response type other than code'],
    [doc({ redirect_uris: [] }), 'is invalid'],
    [doc({ redirect_uris: ['http://evil.example/cb'] }), 'plain http is allowed for loopback'],
    [doc({ redirect_uris: Array(11).fill('https://a.example/cb') }), 'is invalid'],
    [JSON.stringify({ client_id: URL_ID }), 'is invalid'],
    ['null', 'is invalid'],
    ['[1]', 'is invalid'],
  ])('refuses %s', (body, why) => {
    expect(() => parseDocument(URL_ID, body)).toThrow(why);
    try {
      parseDocument(URL_ID, body);
    } catch (err) {
      expect((err as { error: string }).error).toBe('invalid_client');
    }
  });
});

describe('fetching', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ok') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=900' });
        res.end(doc());
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"pad":"${'x'.repeat(6000)}"}`);
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest' });
        res.end();
      } else if (req.url === '/slow') {
        // never answers
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('reads a document and its cache time (loopback http with the local opt-in)', async () => {
    process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP = '1';
    expect(await fetchDocument(`${base}/ok`)).toEqual({ body: doc(), cacheSeconds: 900 });
  });

  it.each([
    ['/big', 'is larger than 5120 bytes'],
    ['/moved', 'answered 302 (redirects are not followed)'],
    ['/missing', 'answered 404'],
    ['/slow', 'did not answer within 0.2 s'],
  ])('refuses %s: %s', async (path, why) => {
    process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP = '1';
    await expect(fetchDocument(`${base}${path}`, undefined, 200)).rejects.toThrow(why);
  });

  it('connects only to a public address: a name that resolves to a private one is refused before any connection', async () => {
    await expect(
      fetchDocument('https://agent.example/c.json', async () => [
        { address: '10.0.0.7', family: 4 },
      ]),
    ).rejects.toThrow(
      'is not on a public address: agent.example resolves to 10.0.0.7, which is not a public address (private)',
    );
    await expect(
      fetchDocument('https://agent.example/c.json', async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]),
    ).rejects.toThrow(/127\.0\.0\.1, which is not a public address \(loopback\)/);
  });

  it('names a connection that fails', async () => {
    process.env.HMS_OAUTH_ALLOW_LOOPBACK_HTTP = '1';
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((ok) => closed.close(() => ok()));
    await expect(fetchDocument(`http://127.0.0.1:${port}/c.json`)).rejects.toThrow(
      /could not be fetched: connect ECONNREFUSED/,
    );
  });

  it('without the local opt-in, the loopback server is not reachable over plain http', async () => {
    await expect(fetchDocument(`${base}/ok`)).rejects.toThrow(
      'cannot be fetched: its URL must be an https URL',
    );
  });
});
