import type { Role } from './roles';
import { isScope, type Scope } from './scopes';

/** Who is calling, as established by the authorizer from a verified credential. */
export interface Principal {
  type: 'user' | 'apiKey';
  /** User id or API-key id. */
  id: string;
  tenantId: string;
  tenantSlug: string;
  tenantName: string;
  tenantStatus: 'TRIAL' | 'ACTIVE' | 'SUSPENDED';
  trialEndsAt: string;
  /** The hospital's IANA time zone: "today" and schedules mean this zone. */
  timezone: string;
  /** Staff role for users; undefined for API keys. */
  role?: Role;
  /** Scopes for API keys; empty for users. */
  scopes: Scope[];
}

/** API Gateway authorizer context values must be flat strings, numbers or booleans. */
export type AuthorizerContext = Record<string, string>;

export function toAuthorizerContext(p: Principal): AuthorizerContext {
  return {
    principalType: p.type,
    principalId: p.id,
    tenantId: p.tenantId,
    tenantSlug: p.tenantSlug,
    tenantName: p.tenantName,
    tenantStatus: p.tenantStatus,
    trialEndsAt: p.trialEndsAt,
    timezone: p.timezone,
    role: p.role ?? '',
    scopes: p.scopes.join(' '),
  };
}

export function fromAuthorizerContext(
  ctx: Record<string, unknown> | null | undefined,
): Principal | null {
  if (!ctx || typeof ctx.tenantId !== 'string' || typeof ctx.principalId !== 'string') return null;
  const type = ctx.principalType === 'apiKey' ? 'apiKey' : 'user';
  const role = typeof ctx.role === 'string' && ctx.role ? (ctx.role as Role) : undefined;
  const scopes = typeof ctx.scopes === 'string' ? ctx.scopes.split(' ').filter(isScope) : [];
  return {
    type,
    id: ctx.principalId,
    tenantId: ctx.tenantId,
    tenantSlug: String(ctx.tenantSlug ?? ''),
    tenantName: String(ctx.tenantName ?? ''),
    tenantStatus: (ctx.tenantStatus as Principal['tenantStatus']) ?? 'TRIAL',
    trialEndsAt: String(ctx.trialEndsAt ?? ''),
    timezone: typeof ctx.timezone === 'string' && ctx.timezone ? ctx.timezone : 'UTC',
    role,
    scopes,
  };
}
