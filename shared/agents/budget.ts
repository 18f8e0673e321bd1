/**
 * The agent budget: how many calls a credential may make per minute through the agent transports
 * (MCP tool calls, resource reads and stream opens; A2A skill calls), counted together, per
 * hospital configurable (tenants' `agentRateLimitPerMinute`, default below). Counted only after
 * the credential has verified, keyed by what it verified as (the API key's id, or the user's id),
 * never by the bearer value's spelling, in the credential's own tenant.
 */
import type { Principal } from '../auth/principal';
import { RateLimited } from '../kernel/errors';
import type { Stores } from '../kernel/store/store';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 10;

export interface BudgetSpend {
  /** The calls counted so far in this minute, these included. */
  count: number;
  limit: number;
  /** True when these calls fit in the minute's budget. */
  allowed: boolean;
  retryAfterSeconds: number;
}

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Counts `calls` calls of the credential in the current minute (fixed windows, UTC minutes) in one
 * atomic UpdateItem (`ADD`) that answers the new count: every racing request gets its own count,
 * so of 20 parallel calls exactly `limit` pass. The counter expires by TTL a minute after its
 * window. A batch is counted as its number of calls, and passes only whole: a request whose calls
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
export interface CallCount {
  count: number;
  retryAfterSeconds: number;
}

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
  const store = stores.forTenant(credential.tenantId);
  const window = Math.floor(now.getTime() / 60_000);
  const windowEnd = (window + 1) * 60;
  const attributes = await store.update({
    Key: store.keys.entity('AGENTRATE', `${credential.kind}:${credential.id}#${window}`),
    UpdateExpression: 'ADD #value :n SET entity = :entity, expiresAt = :ttl',
    ExpressionAttributeNames: { '#value': 'value' },
    ExpressionAttributeValues: { ':n': calls, ':entity': 'RateCounter', ':ttl': windowEnd + 60 },
    ReturnValues: 'UPDATED_NEW',
  });
  return {
    count: Number(attributes?.value),
    retryAfterSeconds: Math.max(1, windowEnd - epochSeconds(now)),
  };
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
