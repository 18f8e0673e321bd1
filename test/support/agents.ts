import { Role } from '@a2a-js/sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type McpTransportName = 'sse' | 'http';

/** An MCP SDK client connected to the local runtime with a bearer credential. */
export async function mcpClient(
  baseUrl: string,
  transport: McpTransportName,
  auth: { token: string; tenantId?: string },
): Promise<Client> {
  const headers: Record<string, string> = { Authorization: `Bearer ${auth.token}` };
  if (auth.tenantId) headers['x-tenant-id'] = auth.tenantId;
  const client = new Client({ name: 'hms-test-client', version: '1.0.0' });
  const t =
    transport === 'sse'
      ? new SSEClientTransport(new URL(`${baseUrl}/sse`), {
          requestInit: { headers },
          eventSourceInit: {
            fetch: (url, init) =>
              fetch(url, { ...init, headers: { ...init?.headers, ...headers } }),
          },
        })
      : new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } });
  await client.connect(t);
  return client;
}

/** The JSON a tool answered (its text content), and whether it was an error. */
export function toolAnswer(result: unknown): { isError: boolean; body: any } {
  const r = result as { isError?: boolean; content?: { type: string; text?: string }[] };
  const text = r.content?.find((c) => c.type === 'text')?.text ?? 'null';
  return { isError: r.isError === true, body: JSON.parse(text) };
}

/** A raw Streamable HTTP tools/call, as any HTTP client would send it. */
export function rawToolCall(
  baseUrl: string,
  token: string | undefined,
  name: string,
  args: Record<string, unknown>,
  id: number | string = 1,
): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
}

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A legacy SSE session read with a raw HTTP client (GET /sse): its message endpoint, and the events
 * as they arrive, read in the background so a test can post and then wait for what comes back.
 */
export class SseSession {
  readonly events: SseEvent[] = [];
  ended = false;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly baseUrl: string,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
  ) {}

  static async open(baseUrl: string, headers: Record<string, string>): Promise<SseSession> {
    const response = await fetch(`${baseUrl}/sse`, { headers });
    if (response.status !== 200)
      throw new Error(`GET /sse answered ${response.status}: ${await response.text()}`);
    const session = new SseSession(baseUrl, response.body!.getReader());
    void session.pump();
    await session.waitFor((events) => events.some((e) => e.event === 'endpoint'));
    return session;
  }

  /** The message endpoint the first event named, relative to the base URL. */
  get endpoint(): string {
    return this.events.find((e) => e.event === 'endpoint')!.data;
  }

  /** The JSON-RPC messages relayed so far. */
  get messages(): any[] {
    return this.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data));
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) this.events.push({ event, data });
          cut = buffer.indexOf('\n\n');
        }
        this.wake();
      }
    } catch {
      // cancelled by close()
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }

  /** Resolves once `until` holds (or the stream ended); rejects after `timeoutMs`. */
  async waitFor(until: (events: SseEvent[]) => boolean, timeoutMs = 15_000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (!until(this.events) && !this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SSE: timed out after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events;
  }

  /** Posts a JSON-RPC body to the session's endpoint; fails (never hangs) after `timeoutMs`. */
  post(headers: Record<string, string>, body: unknown, timeoutMs = 10_000): Promise<Response> {
    return fetch(`${this.baseUrl}/${this.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** An A2A 1.0 SendMessage request carrying one data part (the SDK's 1.0 client shape). */
export const a2aDataMessage = (data: Record<string, unknown>) => ({
  tenant: '',
  message: {
    messageId: crypto.randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [
      {
        content: { $case: 'data' as const, value: data },
        metadata: undefined,
        filename: '',
        mediaType: '',
      },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  },
  configuration: undefined,
  metadata: undefined,
});

/** The text of an A2A 1.0 task's status message. */
export const a2aStatusText = (task: any) =>
  (task.status?.message?.parts ?? [])
    .map((p: any) => (p.content?.$case === 'text' ? p.content.value : ''))
    .join('');
