/** One webhook POST (shared/modules/webhooks/post.ts) against receivers on loopback. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../../shared/modules/webhooks/post';

const hits: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/moved') {
      res.writeHead(302, { location: `${base}/elsewhere` });
      res.end();
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 1_000);
    } else res.end('ok');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((ok) => server.close(ok)));

const saved = process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP;
afterEach(() => {
  hits.length = 0;
  if (saved === undefined) delete process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP;
  else process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP = saved;
});

describe('postWebhook', () => {
  it('posts to the opted-in loopback and never follows a redirect', async () => {
    process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP = '1';
    expect(await postWebhook(`${base}/hook`, {}, '{}', 2_000)).toEqual({ statusCode: 200 });
    expect(await postWebhook(`${base}/moved`, {}, '{}', 2_000)).toEqual({
      statusCode: 302,
      error: 'the receiver answered 302 (redirects are not followed)',
    });
    expect(hits).toEqual(['/hook', '/moved']);
  });

  it('gives up after the timeout', async () => {
    process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP = '1';
    expect(await postWebhook(`${base}/slow`, {}, '{}', 200)).toEqual({
      error: 'no answer within 0.2 s',
    });
  });

  it('refuses loopback without the opt-in, before connecting', async () => {
    delete process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP;
    expect(await postWebhook(`${base}/hook`, {}, '{}', 2_000)).toEqual({
      error: 'refused: the URL is not https',
    });
    const port = new URL(base).port;
    expect(await postWebhook(`https://127.0.0.1:${port}/hook`, {}, '{}', 2_000)).toEqual({
      error: 'refused: 127.0.0.1 is not a public address (loopback)',
    });
    // A name is checked inside the connection's own lookup: the resolver answers loopback.
    const loopbackName = async () => [{ address: '127.0.0.1', family: 4 as const }];
    expect(
      await postWebhook(`https://hooks.example.org:${port}/hook`, {}, '{}', 2_000, loopbackName),
    ).toEqual({
      error:
        'refused: hooks.example.org resolves to 127.0.0.1, which is not a public address (loopback)',
    });
    expect(hits).toEqual([]);
  });

  it('reports a connection that cannot be made', async () => {
    const nowhere = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.invalid'), {
        code: 'ENOTFOUND',
      });
    };
    expect(await postWebhook('https://nowhere.invalid/hook', {}, '{}', 2_000, nowhere)).toEqual({
      error: 'could not connect: getaddrinfo ENOTFOUND nowhere.invalid',
    });
  });
});
