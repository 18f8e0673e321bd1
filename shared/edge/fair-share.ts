/**
 * The fair share between hospitals (docs/operations.md, "Rate limits"): API Gateway's stage
 * throttle is one budget for every hospital in the deployment, so each hospital, and each API key
 * within it, also has a rate and a burst of its own, counted here for every authenticated REST
 * request before its operation runs. The stage throttle stays the ceiling over all of them.
 *
 * A rate `r` a second with a burst `b` is a fixed window of `b / r` seconds holding `b` requests
 * (shared/kernel/store/rate-window.ts, the service's one limiter): the average over time is `r`,
 * and at most `b` requests arrive in one window. The limits come from the deployment
 * (lib/settings.ts → environment); without them (the local runtime's default, the tests) nothing
 * is counted.
 */
import type { Principal } from '../auth/principal';
import { FAIR_SHARE_ENV } from '../kernel/deployment-env';
import { RateLimited } from '../kernel/errors';
import { countInWindow } from '../kernel/store/rate-window';
import type { Stores } from '../kernel/store/store';

export interface Rate {
  /** Requests a second on average. */
  perSecond: number;
  /** Requests at most in one window of `burst / perSecond` seconds. */
  burst: number;
}

export interface FairShare {
  hospital: Rate;
  apiKey: Rate;
}

export { FAIR_SHARE_ENV };

function positive(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The limits the environment sets, or null when it sets no hospital rate (nothing is counted). */
export function fairShareFromEnv(): FairShare | null {
  const hospitalRate = positive(FAIR_SHARE_ENV.hospitalRate);
  if (hospitalRate === undefined) return null;
  const hospital = {
    perSecond: hospitalRate,
    burst: positive(FAIR_SHARE_ENV.hospitalBurst) ?? hospitalRate,
  };
  // An API key never gets more than its hospital.
  const keyRate = Math.min(
    positive(FAIR_SHARE_ENV.apiKeyRate) ?? hospital.perSecond,
    hospital.perSecond,
  );
  const keyBurst = Math.min(positive(FAIR_SHARE_ENV.apiKeyBurst) ?? keyRate, hospital.burst);
  return { hospital, apiKey: { perSecond: keyRate, burst: keyBurst } };
}

const windowMs = (rate: Rate) => Math.round((rate.burst / rate.perSecond) * 1000);

function refusal(which: 'hospital' | 'apiKey', rate: Rate, retryAfterSeconds: number) {
  const whose = which === 'hospital' ? "This hospital's" : "This API key's";
  return new RateLimited(
    `Rate limit exceeded: ${whose} limit of ${rate.perSecond} requests a second (bursts of ${rate.burst}) is used up; retry in ${retryAfterSeconds} s`,
    {
      retryAfterSeconds,
      details: { limit: which, ratePerSecond: rate.perSecond, burst: rate.burst },
    },
  );
}

/**
 * Counts one request of `principal` against its API key's share (when it is a key) and then its
 * hospital's, and refuses it with 429 naming the limit that was hit. The key is counted first, and
 * the hospital only when the key's share allowed the request, so a runaway key's refused requests
 * do not use up its hospital's share for the hospital's other callers.
 */
export async function spendFairShare(
  stores: Stores,
  principal: Principal,
  now: Date,
  limits: FairShare | null = fairShareFromEnv(),
): Promise<void> {
  if (!limits) return;
  const store = stores.forTenant(principal.tenant.id);
  if (principal.actor.kind === 'apiKey') {
    const key = await countInWindow(
      store,
      { type: 'RATE', id: `apiKey:${principal.actor.id}` },
      windowMs(limits.apiKey),
      1,
      now,
    );
    if (key.count > limits.apiKey.burst)
      throw refusal('apiKey', limits.apiKey, key.retryAfterSeconds);
  }
  const hospital = await countInWindow(
    store,
    { type: 'RATE', id: 'hospital' },
    windowMs(limits.hospital),
    1,
    now,
  );
  if (hospital.count > limits.hospital.burst)
    throw refusal('hospital', limits.hospital, hospital.retryAfterSeconds);
}
