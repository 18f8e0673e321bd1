/**
 * Answers JSON-RPC messages with an MCP server without a live connection: the invocation that
 * receives `POST /messages` (legacy SSE) is not the one holding the client's stream, so it
 * computes the reply here and hands it to the stream holder through the session mailbox.
 * A Transport whose `send` collects what the server answers for the request ids it was given.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

class OneShotTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  sessionId?: string;
  private readonly waiting = new Map<string | number, (reply: JSONRPCMessage) => void>();

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.onclose?.();
  }
  async send(message: JSONRPCMessage): Promise<void> {
    const id = 'id' in message ? message.id : undefined;
    if (id === undefined || id === null) return; // server notifications: none are sent statelessly
    this.waiting.get(id)?.(message);
    this.waiting.delete(id);
  }

  /** Hands the message to the server; resolves with its reply (requests) or at once (notifications). */
  deliver(message: JSONRPCMessage): Promise<JSONRPCMessage | null> {
    const isRequest = 'method' in message && 'id' in message && message.id !== undefined;
    if (!isRequest) {
      this.onmessage?.(message);
      return Promise.resolve(null);
    }
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve);
      this.onmessage?.(message);
    });
  }
}

/** The server's replies to the messages, in order (notifications and responses get none). */
export async function answerMessages(
  server: Server,
  messages: readonly JSONRPCMessage[],
): Promise<JSONRPCMessage[]> {
  const transport = new OneShotTransport();
  await server.connect(transport);
  try {
    const replies = await Promise.all(messages.map((m) => transport.deliver(m)));
    return replies.filter((r): r is JSONRPCMessage => r !== null);
  } finally {
    await server.close();
  }
}
