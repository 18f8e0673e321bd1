/**
 * The agent budget: how many calls a credential may make per minute through the agent transports
 * (MCP tool calls, resource reads and stream opens; A2A skill calls), counted together, per
 * hospital configurable (tenants' `agentRateLimitPerMinute`, default below). Counted only after
 * the credential has verified, keyed by what it verified as (the API key's id, or the user's id),
 * never by the bearer value's spelling, in the credential's own tenant.
 */
import type { Principal } from '../auth/principal';
import { DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE } from '../kernel/context';
import { RateLimited } from '../kernel/errors';
import { countInWindow, type WindowCount } from '../kernel/store/rate-window';
import type { Stores } from '../kernel/store/store';

/** Declared with the tenant's info (kernel/context.ts): `GET /settings` shows it too. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = DEFAULT_AGENT_RATE_LIMIT_PER_MINUTE;

export interface BudgetSpend {
  /** The calls counted so far in this minute, these included. */
  count: number;
  limit: number;
  /** True when these calls fit in the minute's budget. */
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts `calls` calls of the credential in the current minute (fixed windows, UTC minutes) with
 * the service's one limiter (shared/kernel/store/rate-window.ts): of 20 parallel calls exactly
 * `limit` pass. A batch is counted as its number of calls, and passes only whole: a request whose calls
 * do not all fit runs none of them.
 */
export async function spendAgentBudget(
  stores: Stores,
  principal: Principal,
  calls: number,
  now: Date,
): Promise<BudgetSpend> {
  const counted = await countAgentCalls(
    stores,
    { kind: principal.actor.kind, id: principal.actor.id, tenantId: principal.tenant.id },
    calls,
    now,
  );
  return judgeSpend(counted, principal);
}

/** What a count says before the credential's limit is known. */
export type CallCount = WindowCount;

/**
 * The count half of spendAgentBudget, for a credential identified but not yet fully verified: the
 * MCP function runs it alongside the verification's last reads (shared/edge/authenticate.ts's
 * `identified`), so it costs no round trip of its own; `judgeSpend` decides once the verified
 * principal (and with it the hospital's limit) is known.
 */
export async function countAgentCalls(
  stores: Stores,
  credential: { kind: 'apiKey' | 'user'; id: string; tenantId: string },
  calls: number,
  now: Date,
): Promise<CallCount> {
  return countInWindow(
    stores.forTenant(credential.tenantId),
    { type: 'AGENTRATE', id: `${credential.kind}:${credential.id}` },
    60_000,
    calls,
    now,
  );
}

/** A count against the verified credential's hospital limit. */
export function judgeSpend(counted: CallCount, principal: Principal): BudgetSpend {
  const limit = principal.tenant.agentRateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  return { ...counted, limit, allowed: counted.count <= limit };
}

/** The refusal of a spend over the budget, as every agent transport words it. */
export function overBudget(spend: BudgetSpend): RateLimited {
  return new RateLimited(
    `Rate limit exceeded: ${spend.limit} MCP requests per minute per credential (A2A skill calls count too); retry in ${spend.retryAfterSeconds} s`,
    { retryAfterSeconds: spend.retryAfterSeconds },
  );
}
