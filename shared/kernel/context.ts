/**
 * The request context every operation receives instead of module globals: who acts, for which
 * hospital, at what instant, with which logger and request id, and a store bound to the tenant.
 */
import type { Actor, Anonymous } from './actor';
import type { IdSource } from './ids';
import type { Logger } from './log';
import type { Store, Stores } from './store/store';

/** How the call arrived; recorded in logs and, later, in the agent audit log. */
export type Transport = 'rest' | 'mcp' | 'a2a' | 'event' | 'schedule' | 'internal';

/** The hospital of a request, as verified with the credential. */
export interface TenantInfo {
  id: string;
  slug: string;
  name: string;
  status: 'TRIAL' | 'ACTIVE' | 'SUSPENDED';
  /** ISO instant; '' when there is none. */
  trialEndsAt: string;
  /** IANA time zone: "today", schedules and day counts use it. */
  timeZone: string;
  /** ISO 3166-1 alpha-2, when known: the default country of phone numbers. */
  country?: string | undefined;
  /** MCP requests per minute per credential, when the hospital set one (default 10). */
  agentRateLimitPerMinute?: number | undefined;
}

/** MCP and A2A requests per credential and minute when the hospital has set none (docs/agents.md). */
export const DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE = 10;

interface BaseContext {
  now: Date;
  requestId: string;
  log: Logger;
  transport: Transport;
  /** The route (`GET /patients/{id}`), tool or skill the call came through, for the access log. */
  via?: string | undefined;
}

/** Context of an operation that requires a verified caller. */
export interface Context extends BaseContext {
  actor: Actor;
  tenant: TenantInfo;
  /** The tenant of the verified credential: the only source of tenancy. */
  tenantId: string;
  /** Table access bound to `tenantId`: it cannot read or write another tenant's items. */
  store: Store;
  /** Where created records' ids come from (kernel/ids.ts `newId`); random when absent. */
  ids?: IdSource;
}

/** Context of a public operation (registration, sign-in): no tenant is known yet. */
export interface PublicContext extends BaseContext {
  actor: Actor | Anonymous;
  tenant?: undefined;
  /** Global lookups, and a tenant-bound store once the operation has found or created its tenant. */
  stores: Stores;
}

/** What every context holds whoever builds it (the edge, an executor, a test). */
export interface ContextBase {
  now: Date;
  requestId: string;
  log: Logger;
  transport: Transport;
  via?: string | undefined;
  stores: Stores;
}

/** The context of a verified actor in its tenant: the store is bound to that tenant. */
export function tenantContext(base: ContextBase, actor: Actor, tenant: TenantInfo): Context {
  return {
    now: base.now,
    requestId: base.requestId,
    log: base.log,
    transport: base.transport,
    ...(base.via ? { via: base.via } : {}),
    actor,
    tenant,
    tenantId: tenant.id,
    store: base.stores.forTenant(tenant.id),
  };
}

/** The context of a public operation: the caller's actor if it has one, else anonymous. */
export function publicContext(base: ContextBase, actor?: Actor | null): PublicContext {
  return {
    now: base.now,
    requestId: base.requestId,
    log: base.log,
    transport: base.transport,
    actor: actor ?? { kind: 'anonymous' },
    stores: base.stores,
  };
}
