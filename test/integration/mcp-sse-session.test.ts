/**
 * The legacy SSE session on its own terms, with a raw HTTP client: the endpoint event, a reply
 * relayed from the table mailbox, a mailbox no other credential can post to, and a stream that
 * ends cleanly before the function's time limit (here shortened with MCP_SSE_MAX_SECONDS) after
 * which the client reconnects and gets a new session.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');

afterEach(() => {
  delete process.env.MCP_SSE_MAX_SECONDS;
});

/** Reads SSE events from a response body until `until` says stop or the stream ends. */
async function readEvents(
  res: Response,
  until: (events: { event: string; data: string }[]) => boolean,
): Promise<{ events: { event: string; data: string }[]; ended: boolean }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { events, ended: true };
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) events.push({ event, data });
      cut = buffer.indexOf('\n\n');
    }
    if (until(events)) {
      await reader.cancel();
      return { events, ended: false };
    }
  }
}

const post = (path: string, token: string, body: unknown) =>
  fetch(`${rt.url}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('legacy SSE session', () => {
  it('announces its endpoint, relays the reply, and refuses another credential’s posts', async () => {
    const h = await opdHospital(rt.url);
    const [mine, theirs] = await Promise.all([h.key(['doctors:read']), h.key(['doctors:read'])]);
    const live = await fetch(`${rt.url}/sse`, {
      headers: { authorization: `Bearer ${mine.key.secret}` },
    });
    expect(live.status).toBe(200);
    expect(live.headers.get('content-type')).toBe('text/event-stream');
    const reader = live.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('\n\n')) text += decoder.decode((await reader.read()).value);
    // The first event names the message endpoint, relative to /sse.
    const sessionPath = /^event: endpoint\ndata: (messages\?sessionId=[0-9a-f-]{36})\n\n/.exec(
      text,
    )![1]!;

    // Another credential of the same hospital cannot post into this session; nor into none.
    const other = await post(sessionPath, theirs.key.secret, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const missing = await post(
      'messages?sessionId=00000000-0000-0000-0000-000000000000',
      mine.key.secret,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    );
    expect(missing.status).toBe(404);

    // Our own post: 202 here, the reply on the stream, through the mailbox.
    const accepted = await post(sessionPath, mine.key.secret, {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'list-departments', arguments: {} },
    });
    expect(accepted.status).toBe(202);
    while (!text.includes('event: message')) text += decoder.decode((await reader.read()).value);
    while (!/event: message\ndata: .*\n\n/.test(text))
      text += decoder.decode((await reader.read()).value);
    const reply = JSON.parse(/event: message\ndata: (.*)\n\n/.exec(text)![1]!);
    expect(reply).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { structuredContent: { items: [h.department] } },
    });
    await reader.cancel();
  }, 60_000);

  it('ends the stream before the time limit; the client reconnects to a new session', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['doctors:read']);
    process.env.MCP_SSE_MAX_SECONDS = '1';
    const started = Date.now();
    const first = await fetch(`${rt.url}/sse`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    const { events, ended } = await readEvents(first, () => false);
    expect(ended).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(events.map((e) => e.event)).toEqual(['endpoint']);
    // The ended session is gone: posting to it is a 404.
    const stale = await post(events[0]!.data, key.secret, {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
    });
    expect(stale.status).toBe(404);
    // Reconnecting opens a new session.
    const second = await fetch(`${rt.url}/sse`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    const again = await readEvents(second, () => false);
    expect(again.events[0]!.data).not.toBe(events[0]!.data);
  }, 60_000);
});
