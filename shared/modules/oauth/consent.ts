/**
 * The signed-in user's side of OAuth (the consent page and the connected-agents list): what a
 * pending request asks for, the user's decision, the grants a user (or an administrator, for the
 * whole hospital) can see and disconnect. Only a person signed in with their own session decides:
 * an agent's token never consents or disconnects (a token never approves).
 */
import type { UserActor } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Forbidden, Invalid, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { SCOPES, type Scope } from '../../kernel/scopes';
import { decideRequest, findRequest, revokeGrant } from './authorization';
import { oauthKeys } from './keys';
import { LIFETIME_SECONDS } from './lifetimes';
import { Grant } from './schemas';
import { narrowScopes, scopesForRole } from './scopes';
import { findGrant, GrantRecord } from './store';

function person(ctx: Context): UserActor {
  const actor = ctx.actor;
  if (actor.kind !== 'user' || actor.grant)
    throw new Forbidden('Only a signed-in person decides on an agent’s access');
  return actor;
}

async function pending(ctx: Context, id: string) {
  const request = await findRequest(ctx.store, id, ctx.now);
  if (!request)
    throw new NotFound(
      `Authorization request ${id} not found: it expired or was decided; start again from the agent`,
    );
  return request;
}

export async function describeRequest(ctx: Context, input: { id: string }) {
  const user = person(ctx);
  const request = await pending(ctx, input.id);
  const allowed = new Set(scopesForRole(user.role));
  return {
    id: request.id,
    clientId: request.clientId,
    clientName: request.clientName,
    redirectOrigin: new URL(request.redirectUri).origin,
    resource: request.resource,
    scopes: (request.scopes as Scope[]).map((scope) => ({
      scope,
      description: SCOPES[scope],
      allowed: allowed.has(scope),
    })),
    expiresAt: new Date(request.expiresAt * 1000).toISOString(),
  };
}

export async function decide(
  ctx: Context,
  input: { id: string; decision: 'allow' | 'deny'; scopes?: Scope[] | undefined },
) {
  const user = person(ctx);
  const request = await pending(ctx, input.id);
  let scopes: Scope[] = [];
  if (input.decision === 'allow') {
    scopes = narrowScopes(input.scopes ?? request.scopes, request.scopes as Scope[], user.role);
    if (!scopes.length)
      throw new Invalid(
        'Invalid body: scopes: choose at least one of the requested scopes your role allows',
      );
  }
  const outcome = await decideRequest(
    ctx.store,
    request,
    input.decision === 'allow' ? { userId: user.id, scopes } : 'deny',
    ctx.now,
  );
  if (!outcome) throw new NotFound(`Authorization request ${input.id} was already decided`);
  return { redirectTo: outcome.redirectTo, scopes };
}

const isAdmin = (user: UserActor) => user.role === 'ADMIN';

/** A grant as the connected-agents list shows it: with, while active, when its tokens run out. */
function grantView(record: GrantRecord) {
  // Grants stored before `tokensIssuedAt` kept the time of the last issue in `lastUsedAt`.
  const issuedAt = record.tokensIssuedAt ?? record.lastUsedAt ?? record.createdAt;
  const until = Date.parse(issuedAt) + LIFETIME_SECONDS.refresh * 1000;
  return view(Grant, {
    ...record,
    ...(record.status === 'active' ? { tokensActiveUntil: new Date(until).toISOString() } : {}),
  });
}

/** An administrator sees every grant of the hospital; anyone else, their own. */
export function listGrants(ctx: Context, page: PageRequest) {
  const user = person(ctx);
  return ctx.store.queryPage(
    {
      index: 'gsi1',
      partition: oauthKeys.grants(ctx.store),
      newestFirst: true,
      ...(isAdmin(user)
        ? {}
        : { filter: { expression: 'userId = :me', values: { ':me': user.id } } }),
    },
    page,
    (item) => grantView(GrantRecord.read(item)),
  );
}

/** Disconnects an agent: the grant's tokens stop at their next use. Another user's grant is 404. */
export async function disconnect(ctx: Context, input: { id: string }) {
  const user = person(ctx);
  const grant = await findGrant(ctx.store, input.id, true);
  if (!grant || (!isAdmin(user) && grant.userId !== user.id))
    throw new NotFound(`Connected agent ${input.id} not found`);
  if (grant.status === 'active')
    await revokeGrant(ctx.store, grant.id, grant.userId === user.id ? 'user' : 'admin', ctx.now);
  const after = await findGrant(ctx.store, input.id, true);
  return grantView(after ?? grant);
}
