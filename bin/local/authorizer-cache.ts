import { evaluatePolicy } from './policy';

type PolicyDocument = Parameters<typeof evaluatePolicy>[0];

/**
 * API Gateway keeps the first authorizer answer for an Authorization value for the cache TTL and
 * reuses it for every method and path of the stage. The local runtime still asks the authorizer on
 * every request (so revocations act at once here), but it also checks each request against the
 * policy API Gateway would have cached for that credential. A policy that only covers the method
 * it was issued for then fails locally on the next request with another method (403), as on AWS.
 */
export class AuthorizerPolicyCache {
  private readonly entries = new Map<string, { policy: PolicyDocument; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Remembers `fresh` unless an unexpired answer is already held for `identity` (API Gateway keeps
   * the first one), and says whether the held answer allows `methodArn`.
   */
  allows(identity: string, fresh: PolicyDocument, methodArn: string): boolean {
    const now = this.now();
    let entry = this.entries.get(identity);
    if (!entry || entry.expiresAt <= now) {
      if (this.entries.size >= 10_000) this.evictExpired(now);
      entry = { policy: fresh, expiresAt: now + this.ttlMs };
      this.entries.set(identity, entry);
    }
    return evaluatePolicy(entry.policy, methodArn) === 'Allow';
  }

  private evictExpired(now: number): void {
    for (const [k, v] of this.entries) if (v.expiresAt <= now) this.entries.delete(k);
    // Still full (a benchmark with many live tokens): start over rather than grow without bound.
    if (this.entries.size >= 10_000) this.entries.clear();
  }
}
