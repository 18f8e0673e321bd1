/**
 * The MCP client's own name for the audit log. MCP sends it once, as `clientInfo` in `initialize`,
 * and this server keeps no session; so the answer to `initialize` over Streamable HTTP carries an
 * `Mcp-Session-Id` that holds the name, and the client (the SDK, mcp-remote, Inspector) sends that
 * header back with every later request. Nothing is stored: the id is the client's own claim, like
 * a User-Agent, trusted for naming only, never for access. The legacy SSE transport has no such
 * header: there the name is kept on the SSE session (storage.ts, nameSessionClient).
 */

const PREFIX = 'hmsc1.';
/** Letters, digits and the punctuation names and versions use; anything else becomes '_'. */
const unsafe = /[^A-Za-z0-9 ._@/()+:-]/g;
const MAX = 100;

/** `name/version` from an initialize request's clientInfo, cleaned and bounded; or undefined. */
export function clientNameOf(clientInfo: unknown): string | undefined {
  if (typeof clientInfo !== 'object' || clientInfo === null) return undefined;
  const { name, version } = clientInfo as { name?: unknown; version?: unknown };
  if (typeof name !== 'string' || !name.trim()) return undefined;
  const text = typeof version === 'string' && version ? `${name.trim()}/${version}` : name.trim();
  return text.replace(unsafe, '_').slice(0, MAX);
}

/** A session id naming the client (visible ASCII only, as MCP requires), unique per initialize. */
export function sessionIdFor(clientName: string): string {
  const random = crypto.randomUUID().replace(/-/g, '');
  return `${PREFIX}${Buffer.from(clientName).toString('base64url')}.${random}`;
}

/** The client name a session id of ours holds; undefined for any other value. */
export function clientNameFromSession(sessionId: string | undefined): string | undefined {
  if (!sessionId?.startsWith(PREFIX) || sessionId.length > 300) return undefined;
  const encoded = sessionId.slice(PREFIX.length).split('.')[0] ?? '';
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(encoded)) return undefined;
  const name = Buffer.from(encoded, 'base64url').toString('utf8');
  return clientNameOf({ name });
}
