/**
 * The verified caller as the authorizer hands it to the functions: who (a user with a role, or an
 * API key with scopes) and for which hospital. API Gateway passes it as flat strings; the REST
 * transport turns it back into the actor and tenant of the operation's context.
 */
import type { ApiKeyActor, UserActor } from '../kernel/actor';
import type { TenantInfo } from '../kernel/context';
import { isRole } from '../kernel/roles';
import { isScope } from '../kernel/scopes';

export interface Principal {
  actor: UserActor | ApiKeyActor;
  tenant: TenantInfo;
}

/** API Gateway authorizer context values must be flat strings, numbers or booleans. */
export type AuthorizerContext = Record<string, string>;

export function toAuthorizerContext(p: Principal): AuthorizerContext {
  const { actor, tenant } = p;
  return {
    principalType: actor.kind,
    principalId: actor.id,
    tenantId: tenant.id,
    tenantSlug: tenant.slug,
    tenantName: tenant.name,
    tenantStatus: tenant.status,
    trialEndsAt: tenant.trialEndsAt,
    timezone: tenant.timeZone,
    country: tenant.country ?? '',
    // The hospital's agent rate limit: A2A (behind the authorizer) spends the same budget as MCP.
    agentRateLimitPerMinute: tenant.agentRateLimitPerMinute
      ? String(tenant.agentRateLimitPerMinute)
      : '',
    role: actor.kind === 'user' ? actor.role : '',
    scopes: actor.kind === 'apiKey' ? actor.scopes.join(' ') : '',
    ...(actor.kind === 'apiKey' && actor.name ? { keyName: actor.name } : {}),
    // An agent's OAuth token (only /a2a accepts one): the grant whose scopes narrow the role.
    ...(actor.kind === 'user' && actor.grant
      ? {
          grantId: actor.grant.id,
          grantClientId: actor.grant.clientId,
          grantScopes: actor.grant.scopes.join(' '),
        }
      : {}),
  };
}

/**
 * Why the authorizer let a request through without a principal: no credential was sent
 * (`missing`), or the one sent did not verify (`refused`). Only for the method that answers its
 * own challenge (shared/auth/policy.ts `answersOwnChallenge`); such a context never yields a
 * principal (`fromAuthorizerContext` answers null), so the function answers 401 whatever it does.
 */
export type Unauthenticated = 'missing' | 'refused';

export function unauthenticatedContext(reason: Unauthenticated): AuthorizerContext {
  return { unauthenticated: reason };
}

/** The flag of `unauthenticatedContext`, if the context carries it. */
export function unauthenticatedReason(
  ctx: Record<string, unknown> | null | undefined,
): Unauthenticated | undefined {
  const v = ctx?.unauthenticated;
  return v === 'missing' || v === 'refused' ? v : undefined;
}

const TENANT_STATUSES: readonly string[] = ['TRIAL', 'ACTIVE', 'SUSPENDED'];
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The principal, or null when the context is missing or malformed (then the caller is unauthenticated). */
export function fromAuthorizerContext(
  ctx: Record<string, unknown> | null | undefined,
): Principal | null {
  if (!ctx || unauthenticatedReason(ctx) || !str(ctx.tenantId) || !str(ctx.principalId))
    return null;
  const id = str(ctx.principalId);
  let actor: UserActor | ApiKeyActor;
  if (ctx.principalType === 'apiKey') {
    actor = {
      kind: 'apiKey',
      id,
      scopes: str(ctx.scopes).split(' ').filter(isScope),
      ...(str(ctx.keyName) ? { name: str(ctx.keyName) } : {}),
    };
  } else {
    const role = str(ctx.role);
    if (!isRole(role)) return null;
    const grantId = str(ctx.grantId);
    actor = {
      kind: 'user',
      id,
      role,
      ...(grantId
        ? {
            grant: {
              id: grantId,
              clientId: str(ctx.grantClientId),
              scopes: str(ctx.grantScopes).split(' ').filter(isScope),
            },
          }
        : {}),
    };
  }
  const status = str(ctx.tenantStatus);
  const rateLimit = /^\d{1,6}$/.test(str(ctx.agentRateLimitPerMinute))
    ? Number(str(ctx.agentRateLimitPerMinute))
    : 0;
  return {
    actor,
    tenant: {
      id: str(ctx.tenantId),
      slug: str(ctx.tenantSlug),
      name: str(ctx.tenantName),
      status: (TENANT_STATUSES.includes(status) ? status : 'TRIAL') as TenantInfo['status'],
      trialEndsAt: str(ctx.trialEndsAt),
      timeZone: str(ctx.timezone) || 'UTC',
      ...(str(ctx.country) ? { country: str(ctx.country) } : {}),
      ...(rateLimit > 0 ? { agentRateLimitPerMinute: rateLimit } : {}),
    },
  };
}
