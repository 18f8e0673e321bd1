/**
 * The authorization server's flows (OAuth 2.1 with PKCE, RFC 8707 resource indicators, RFC 7591
 * registration, RFC 7009 revocation), over the table. Everything that must happen once is a
 * conditional write: a consent is decided once (the request item is deleted on condition), a code
 * is redeemed once (issued → redeemed), a refresh token is rotated once (active → used). A second
 * redemption of a code or refresh token is taken as a sign that it leaked: the whole grant is
 * revoked (OAuth 2.1 §4.1.3, §4.3.1), which ends the tokens issued to whoever redeemed it first.
 */
import { randomUUID } from 'node:crypto';
import type { Resolver } from '../../kernel/public-address';
import { conditionFailed, isConditionFailure } from '../../kernel/store/conditions';
import type { Store, Stores } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { clientIdUrlProblem, fetchDocument, isClientIdUrl, parseDocument } from './client-metadata';
import { OAuthError } from './errors';
import { epochSeconds, LIFETIME_SECONDS } from './lifetimes';
import { spendRate } from './rate';
import { redirectUriMatches, redirectUriProblem } from './redirects';
import { grantableScopes, parseScopeParam } from './scopes';
import { hashSecret, isS256Challenge, isSecret, newSecret, pkceMatches } from './secrets';
import {
  type ClientRecord,
  ClientRecord as ClientRecordDef,
  CodeRecord,
  type CodeRecord as CodeRow,
  findClient,
  type GrantRecord,
  grantItem,
  oauthKeys,
  RequestRecord,
  TokenRecord,
  tokenKey,
} from './store';

/** Who this authorization server is, as the request reached it. */
export interface ServerIdentity {
  issuer: string;
  /** The resource indicators it issues tokens for; the first is the default (the MCP server). */
  resources: readonly string[];
}

/**
 * Whether two resource indicators name the same resource. A pathless indicator is compared without
 * its trailing slash: `URL.href` adds one (`https://mcp.example/`), and clients that send the
 * parsed URL (mcp-remote 0.1, older MCP SDKs) would otherwise be refused for a spelling.
 */
export function sameResource(a: string, b: string): boolean {
  const bare = (r: string) => r.replace(/\/+$/, '');
  return bare(a) === bare(b);
}

// ---------------------------------------------------------------- registration (RFC 7591)

const MAX_CLIENTS_REDIRECTS = 10;

const ClientMetadata = z.object({
  redirect_uris: z.array(z.string().check(z.maxLength(2000))).check(z.minLength(1)),
  client_name: z.optional(z.string().check(z.maxLength(200))),
  client_uri: z.optional(z.string().check(z.maxLength(2000))),
  scope: z.optional(z.string().check(z.maxLength(2000))),
  grant_types: z.optional(z.array(z.string())),
  response_types: z.optional(z.array(z.string())),
  token_endpoint_auth_method: z.optional(z.string()),
});

/**
 * Registers a public client (no secret: PKCE protects its codes). Only the authorization code and
 * refresh grants and the `code` response type exist here; whatever auth method the client asks
 * for, it is registered as `none`, as RFC 7591 §3.2.1 lets a server replace requested values.
 */
export async function registerClient(stores: Stores, body: unknown, now: Date) {
  const parsed = ClientMetadata.safeParse(body);
  if (!parsed.success)
    throw new OAuthError('invalid_client_metadata', z.prettifyError(parsed.error).slice(0, 500));
  const meta = parsed.data;
  if (meta.redirect_uris.length > MAX_CLIENTS_REDIRECTS)
    throw new OAuthError(
      'invalid_redirect_uri',
      `at most ${MAX_CLIENTS_REDIRECTS} redirect URIs per client`,
    );
  for (const uri of meta.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', problem);
  }
  const grants = meta.grant_types ?? ['authorization_code', 'refresh_token'];
  if (!grants.includes('authorization_code') || grants.some((g) => !GRANT_TYPES.includes(g)))
    throw new OAuthError(
      'invalid_client_metadata',
      `grant_types: only ${GRANT_TYPES.join(' and ')} are supported`,
    );
  if (meta.response_types?.some((r) => r !== 'code'))
    throw new OAuthError('invalid_client_metadata', 'response_types: only code is supported');
  const client: ClientRecord = {
    clientId: `hmsc_${randomUUID()}`,
    clientName: (meta.client_name ?? '').trim() || 'Unnamed agent',
    redirectUris: meta.redirect_uris,
    ...(meta.client_uri ? { clientUri: meta.client_uri } : {}),
    ...(meta.scope ? { scope: meta.scope } : {}),
    createdAt: now.toISOString(),
  };
  await stores.global.put({
    Item: ClientRecordDef.item(client, oauthKeys.client(client.clientId)),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return {
    client_id: client.clientId,
    client_id_issued_at: epochSeconds(now),
    client_name: client.clientName,
    redirect_uris: client.redirectUris,
    grant_types: grants,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...(client.clientUri ? { client_uri: client.clientUri } : {}),
    ...(client.scope ? { scope: client.scope } : {}),
  };
}

export const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/**
 * The client a client_id names: a registration (`hmsc_…`), or a client ID metadata document (an
 * https URL, client-metadata.ts): the cached copy while it is fresh, else the document fetched
 * (spending its host's fetch limit), checked and cached. A document that cannot be fetched or
 * breaks a rule is `invalid_client`, naming why; an unknown registration is undefined.
 */
export async function resolveClient(
  stores: Stores,
  clientId: string,
  now: Date,
  resolve?: Resolver,
): Promise<ClientRecord | undefined> {
  if (!isClientIdUrl(clientId)) return findClient(stores, clientId.slice(0, 200));
  const problem = clientIdUrlProblem(clientId);
  if (problem) throw new OAuthError('invalid_client', `client_id ${problem}`);
  const cached = await findClient(stores, clientId);
  if (cached?.expiresAt !== undefined && cached.expiresAt > epochSeconds(now)) return cached;
  await spendRate(stores, 'metadata-host', new URL(clientId).host, now);
  const { body, cacheSeconds } = await fetchDocument(clientId, resolve);
  const client: ClientRecord = {
    ...parseDocument(clientId, body),
    createdAt: now.toISOString(),
    expiresAt: epochSeconds(now) + cacheSeconds,
  };
  // Written over a stale copy: the document is the client's registration, whatever it says now.
  await stores.global.put({ Item: ClientRecordDef.item(client, oauthKeys.client(clientId)) });
  return client;
}

// ---------------------------------------------------------------- authorize

export type AuthorizeOutcome =
  | { kind: 'consent'; requestId: string }
  /** An error the client hears of at its redirect URI. */
  | { kind: 'redirect'; location: string };

/** The redirect URI with these parameters added (the issuer always: RFC 9207). */
export function redirectWith(
  redirectUri: string,
  issuer: string,
  params: Record<string, string | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set('iss', issuer);
  return url.toString();
}

/**
 * Checks an authorization request (RFC 6749 §4.1.1 with PKCE and resource) and keeps it for the
 * consent page. An unknown client or a redirect URI it did not register is thrown (shown to the
 * user, never redirected: an open redirector otherwise); any other problem goes back to the client.
 */
export async function startAuthorization(
  stores: Stores,
  query: URLSearchParams,
  server: ServerIdentity,
  now: Date,
  resolve?: Resolver,
): Promise<AuthorizeOutcome> {
  const clientId = query.get('client_id') ?? '';
  const client = clientId ? await resolveClient(stores, clientId, now, resolve) : undefined;
  if (!client)
    throw new OAuthError(
      'invalid_client',
      'Unknown client_id: register the client first, or use the URL of its metadata document',
      400,
    );
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!redirectUri || !redirectUriMatches(redirectUri, client.redirectUris))
    throw new OAuthError(
      'invalid_request',
      'redirect_uri is not one this client registered (matched exactly; loopback URIs on any port)',
    );
  const state = query.get('state') ?? undefined;
  const refuse = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: redirectWith(redirectUri, server.issuer, {
      error,
      error_description: description,
      state,
    }),
  });
  if (state !== undefined && state.length > 1000)
    return refuse('invalid_request', 'state is longer than 1000 characters');
  if (query.get('response_type') !== 'code')
    return refuse('unsupported_response_type', 'response_type must be code');
  const challenge = query.get('code_challenge') ?? '';
  if (query.get('code_challenge_method') !== 'S256' || !isS256Challenge(challenge))
    return refuse(
      'invalid_request',
      'PKCE is required: send code_challenge (43 characters) with code_challenge_method=S256',
    );
  const resources = query.getAll('resource');
  if (resources.length > 1)
    return refuse('invalid_target', 'one resource per authorization request');
  const resource = resources[0]
    ? server.resources.find((r) => sameResource(r, resources[0]!))
    : server.resources[0];
  if (!resource)
    return refuse(
      'invalid_target',
      `resource must be one of this server's: ${server.resources.join(', ')}`,
    );
  const asked = parseScopeParam(query.get('scope') ?? undefined);
  const grantable = new Set(grantableScopes());
  const scopes = asked.length ? asked.filter((s) => grantable.has(s)) : [...grantable];
  if (!scopes.length)
    return refuse('invalid_scope', 'none of the requested scopes is known to this server');
  const request = {
    id: randomUUID(),
    clientId: client.clientId,
    clientName: client.clientName,
    redirectUri,
    ...(state !== undefined ? { state } : {}),
    codeChallenge: challenge,
    scopes,
    resource,
    issuer: server.issuer,
    expiresAt: epochSeconds(now) + LIFETIME_SECONDS.request,
  };
  await stores.global.put({ Item: RequestRecord.item(request, oauthKeys.request(request.id)) });
  return { kind: 'consent', requestId: request.id };
}

/** A pending authorization request that has not expired, or undefined (any store reads it). */
export async function findRequest(store: Store, id: string, now: Date) {
  if (!/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const item = await store.get(oauthKeys.request(id), { consistent: true });
  const request = item ? RequestRecord.read(item) : undefined;
  return request && request.expiresAt > epochSeconds(now) ? request : undefined;
}

/**
 * The user's decision on a pending request, taken once: the request item is deleted on condition
 * with the code's creation, so two tabs deciding at once make one code. Answers where to send the
 * browser: the client's redirect URI with the code (or `access_denied`), the state and the issuer.
 */
export async function decideRequest(
  store: Store,
  request: RequestRecord,
  decision: { userId: string; scopes: readonly string[] } | 'deny',
  now: Date,
): Promise<{ redirectTo: string } | null> {
  const take = {
    name: 'request',
    Delete: {
      Key: oauthKeys.request(request.id),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
  try {
    if (decision === 'deny') {
      await store.transact([take]);
      return {
        redirectTo: redirectWith(request.redirectUri, request.issuer, {
          error: 'access_denied',
          error_description: 'The user declined',
          state: request.state,
        }),
      };
    }
    const code = newSecret('code');
    const record: CodeRow = {
      tenantId: store.keys.tenantId,
      userId: decision.userId,
      grantId: randomUUID(),
      clientId: request.clientId,
      clientName: request.clientName,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scopes: [...decision.scopes],
      resource: request.resource,
      status: 'issued',
      expiresAt: epochSeconds(now) + LIFETIME_SECONDS.code,
    };
    await store.transact([
      take,
      { Put: { Item: CodeRecord.item(record, oauthKeys.code(hashSecret(code))) } },
    ]);
    return {
      redirectTo: redirectWith(request.redirectUri, request.issuer, { code, state: request.state }),
    };
  } catch (err) {
    if (conditionFailed(err, 'request')) return null;
    throw err;
  }
}

// ---------------------------------------------------------------- token

export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

function issueTokens(
  grant: Pick<GrantRecord, 'tenantId' | 'userId' | 'id' | 'clientId' | 'resource'>,
  scopes: readonly string[],
  refreshScopes: readonly string[],
  now: Date,
) {
  const access = newSecret('access');
  const refresh = newSecret('refresh');
  const base = {
    tenantId: grant.tenantId,
    userId: grant.userId,
    grantId: grant.id,
    clientId: grant.clientId,
    resource: grant.resource,
    status: 'active' as const,
  };
  const writes = [
    {
      Put: {
        Item: TokenRecord.item(
          {
            ...base,
            kind: 'access',
            scopes: [...scopes],
            expiresAt: epochSeconds(now) + LIFETIME_SECONDS.access,
          },
          tokenKey('access', hashSecret(access)),
        ),
      },
    },
    {
      Put: {
        Item: TokenRecord.item(
          {
            ...base,
            kind: 'refresh',
            scopes: [...refreshScopes],
            expiresAt: epochSeconds(now) + LIFETIME_SECONDS.refresh,
          },
          tokenKey('refresh', hashSecret(refresh)),
        ),
      },
    },
  ];
  const answer: TokenAnswer = {
    access_token: access,
    token_type: 'Bearer',
    expires_in: LIFETIME_SECONDS.access,
    refresh_token: refresh,
    scope: scopes.join(' '),
  };
  return { writes, answer };
}

/**
 * Revokes a grant: every access and refresh token of it stops at its next use (each use reads
 * the grant). Answers false when it was not active (already revoked, or never created).
 */
export async function revokeGrant(
  store: Store,
  grantId: string,
  because: 'user' | 'admin' | 'client' | 'replay',
  now: Date,
): Promise<boolean> {
  try {
    await store.update({
      Key: oauthKeys.grant(store, grantId),
      UpdateExpression: 'SET #status = :revoked, revokedAt = :now, revokedBecause = :why',
      ConditionExpression: '#status = :active',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':revoked': 'revoked',
        ':active': 'active',
        ':now': now.toISOString(),
        ':why': because,
      },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

const field = (form: URLSearchParams, name: string) => {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError('invalid_request', `${name} is repeated`);
  return values[0];
};

function requireField(form: URLSearchParams, name: string): string {
  const value = field(form, name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  return value;
}

async function requireClient(
  stores: Stores,
  form: URLSearchParams,
  now: Date,
): Promise<ClientRecord> {
  const clientId = requireField(form, 'client_id');
  const client = await resolveClient(stores, clientId, now);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client_id');
  return client;
}

/** POST /oauth/token: the authorization code or refresh token grant. */
export function tokenRequest(stores: Stores, form: URLSearchParams, now: Date) {
  const grantType = field(form, 'grant_type');
  if (grantType === 'authorization_code') return redeemCode(stores, form, now);
  if (grantType === 'refresh_token') return refreshGrant(stores, form, now);
  throw new OAuthError(
    grantType ? 'unsupported_grant_type' : 'invalid_request',
    grantType
      ? `grant_type ${grantType.slice(0, 40)} is not supported (authorization_code, refresh_token)`
      : 'grant_type is required',
  );
}

const replayed = (what: string) =>
  new OAuthError(
    'invalid_grant',
    `This ${what} was already used; every token issued from it is revoked. Authorize again.`,
  );

async function redeemCode(stores: Stores, form: URLSearchParams, now: Date): Promise<TokenAnswer> {
  const client = await requireClient(stores, form, now);
  const code = requireField(form, 'code');
  const verifier = requireField(form, 'code_verifier');
  const redirectUri = requireField(form, 'redirect_uri');
  const resource = field(form, 'resource');
  const invalid = new OAuthError('invalid_grant', 'The code is invalid, expired or not yours');
  if (!isSecret('code', code)) throw invalid;
  const key = oauthKeys.code(hashSecret(code));
  const item = await stores.global.get(key, { consistent: true });
  const record = item ? CodeRecord.read(item) : undefined;
  if (!record || record.clientId !== client.clientId) throw invalid;
  const store = stores.forTenant(record.tenantId);
  if (record.status === 'redeemed') {
    await revokeGrant(store, record.grantId, 'replay', now);
    throw replayed('code');
  }
  if (record.expiresAt <= epochSeconds(now)) throw invalid;
  if (record.redirectUri !== redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  if (!pkceMatches(verifier, record.codeChallenge))
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge (S256)');
  if (resource !== undefined && !sameResource(resource, record.resource))
    throw new OAuthError(
      'invalid_target',
      `the code was issued for the resource ${record.resource}`,
    );
  const grant: GrantRecord = {
    id: record.grantId,
    tenantId: record.tenantId,
    userId: record.userId,
    clientId: record.clientId,
    clientName: record.clientName,
    scopes: record.scopes,
    resource: record.resource,
    status: 'active',
    createdAt: now.toISOString(),
    tokensIssuedAt: now.toISOString(),
  };
  const { writes, answer } = issueTokens(grant, record.scopes, record.scopes, now);
  try {
    await store.transact([
      {
        name: 'code',
        Update: {
          Key: key,
          UpdateExpression: 'SET #status = :redeemed',
          ConditionExpression: '#status = :issued',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':redeemed': 'redeemed', ':issued': 'issued' },
        },
      },
      {
        name: 'grant',
        Put: { Item: grantItem(store, grant), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      ...writes,
    ]);
  } catch (err) {
    if (conditionFailed(err, 'code') || conditionFailed(err, 'grant')) {
      // Redeemed at the same moment by someone else: the code leaked.
      await revokeGrant(store, record.grantId, 'replay', now);
      throw replayed('code');
    }
    throw err;
  }
  return answer;
}

async function refreshGrant(
  stores: Stores,
  form: URLSearchParams,
  now: Date,
): Promise<TokenAnswer> {
  const client = await requireClient(stores, form, now);
  const token = requireField(form, 'refresh_token');
  const resource = field(form, 'resource');
  const invalid = new OAuthError(
    'invalid_grant',
    'The refresh token is invalid, expired or revoked',
  );
  if (!isSecret('refresh', token)) throw invalid;
  const key = tokenKey('refresh', hashSecret(token));
  const item = await stores.global.get(key, { consistent: true });
  const record = item ? TokenRecord.read(item) : undefined;
  if (record?.kind !== 'refresh' || record.clientId !== client.clientId) throw invalid;
  const store = stores.forTenant(record.tenantId);
  if (record.status === 'used') {
    await revokeGrant(store, record.grantId, 'replay', now);
    throw replayed('refresh token');
  }
  if (record.expiresAt <= epochSeconds(now)) throw invalid;
  if (resource !== undefined && !sameResource(resource, record.resource))
    throw new OAuthError('invalid_target', `the grant is for the resource ${record.resource}`);
  // RFC 6749 §6: a narrower scope may be asked for this access token; never a wider one.
  const asked = field(form, 'scope');
  const scopes = asked === undefined ? record.scopes : parseScopeParam(asked);
  if (asked !== undefined && (!scopes.length || scopes.some((s) => !record.scopes.includes(s))))
    throw new OAuthError('invalid_scope', `ask for a subset of: ${record.scopes.join(' ')}`);
  const { writes, answer } = issueTokens(
    { ...record, id: record.grantId },
    scopes,
    record.scopes,
    now,
  );
  try {
    await store.transact([
      {
        name: 'refresh',
        Update: {
          Key: key,
          UpdateExpression: 'SET #status = :used',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':used': 'used', ':active': 'active' },
        },
      },
      {
        name: 'grant',
        Update: {
          Key: oauthKeys.grant(store, record.grantId),
          UpdateExpression: 'SET tokensIssuedAt = :now',
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':now': now.toISOString(), ':active': 'active' },
        },
      },
      ...writes,
    ]);
  } catch (err) {
    if (conditionFailed(err, 'refresh')) {
      await revokeGrant(store, record.grantId, 'replay', now);
      throw replayed('refresh token');
    }
    if (conditionFailed(err, 'grant')) throw invalid;
    throw err;
  }
  return answer;
}

/**
 * POST /oauth/revoke (RFC 7009): revoking either token of a grant revokes the grant. Unknown,
 * expired or another client's tokens are answered the same (200, nothing to say), as §2.2 asks.
 */
export async function revokeToken(stores: Stores, form: URLSearchParams, now: Date) {
  const token = requireField(form, 'token');
  const client = await requireClient(stores, form, now);
  const hint = field(form, 'token_type_hint');
  if (hint !== undefined && hint !== 'access_token' && hint !== 'refresh_token')
    throw new OAuthError(
      'unsupported_token_type',
      'token_type_hint: access_token or refresh_token',
    );
  const kind = isSecret('access', token) ? 'access' : isSecret('refresh', token) ? 'refresh' : null;
  if (!kind) return;
  const item = await stores.global.get(tokenKey(kind, hashSecret(token)), { consistent: true });
  const record = item ? TokenRecord.read(item) : undefined;
  if (!record || record.clientId !== client.clientId) return;
  await revokeGrant(stores.forTenant(record.tenantId), record.grantId, 'client', now);
}
