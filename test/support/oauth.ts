/**
 * An MCP client that authorizes itself with OAuth, as Claude, MCP Inspector or mcp-remote do: the
 * SDK's own OAuthClientProvider contract, kept in memory. The browser part (the user signing in
 * and consenting) is done by `consentOverHttp` with the user's session token, the way the consent
 * page's script does it, or by a real browser (test/browser/oauth-consent.test.ts).
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

export const REDIRECT_URL = 'http://127.0.0.1:33418/oauth/callback';

export class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  /** Where the SDK sent the user's browser last. */
  authorizationUrl?: URL;

  constructor(readonly name = 'Test Agent') {}

  get redirectUrl() {
    return REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state() {
    return 'state-123';
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export type Transport = 'http' | 'sse';

export function oauthTransport(baseUrl: string, kind: Transport, provider: OAuthClientProvider) {
  return kind === 'http'
    ? new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider })
    : new SSEClientTransport(new URL(`${baseUrl}/sse`), { authProvider: provider });
}

/**
 * Follows the authorization URL to the consent page (checking the 302), and decides as the
 * signed-in user would on it; answers the redirect URL the browser would then go to.
 */
export async function consentOverHttp(
  baseUrl: string,
  authorizationUrl: URL,
  user: { token: string; tenantId: string },
  decision: { decision: 'allow' | 'deny'; scopes?: string[] },
): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  const consent = new URL(res.headers.get('location')!);
  const requestId = consent.searchParams.get('request')!;
  const decided = await fetch(`${baseUrl}/oauth/requests/${requestId}/decision`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'x-tenant-id': user.tenantId,
      'content-type': 'application/json',
    },
    body: JSON.stringify(decision),
  });
  const body = (await decided.json()) as { redirectTo?: string };
  if (decided.status !== 200 || !body.redirectTo)
    throw new Error(`decision answered ${decided.status}: ${JSON.stringify(body)}`);
  return new URL(body.redirectTo);
}

/**
 * The whole flow with the SDK: the first connect is refused (401 → the SDK registers and sends
 * the browser to authorize), the user consents, `finishAuth` redeems the code, and a new client
 * connects with the token.
 */
export async function connectWithOAuth(
  baseUrl: string,
  kind: Transport,
  provider: MemoryOAuthProvider,
  user: { token: string; tenantId: string },
  scopes?: string[],
): Promise<Client> {
  const first = oauthTransport(baseUrl, kind, provider);
  await new Client({ name: provider.name, version: '1.0.0' }).connect(first).then(
    () => {
      throw new Error('connected without authorization');
    },
    (err: Error) => {
      if (err.name !== 'UnauthorizedError' && !/Unauthorized/.test(err.message)) throw err;
    },
  );
  const back = await consentOverHttp(baseUrl, provider.authorizationUrl!, user, {
    decision: 'allow',
    ...(scopes ? { scopes } : {}),
  });
  await first.finishAuth(back.searchParams.get('code')!);
  const client = new Client({ name: provider.name, version: '1.0.0' });
  await client.connect(oauthTransport(baseUrl, kind, provider));
  return client;
}

/** A raw token request, as a client would post it. */
export function tokenPost(baseUrl: string, params: Record<string, string>) {
  return fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}
