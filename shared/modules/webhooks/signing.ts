/**
 * Webhook signatures, in the style of Stripe's: the header
 * `HMS-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>[,v1=<…>]`
 * signs the timestamp with the exact body, so a replayed delivery is refused once the receiver's
 * tolerance (5 minutes, docs/notifications.md) has passed and a changed body never verifies.
 * During a secret rotation's overlap each delivery carries one `v1` per valid secret (the new one
 * first), so a receiver verifies with either while it switches.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'HMS-Signature';
/** The replay window receivers should use, and ours in `verifySignature`. */
export const TOLERANCE_SECONDS = 300;

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function sign(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(
  secrets: readonly string[],
  timestamp: number,
  body: string,
): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${sign(s, timestamp, body)}`)].join(',');
}

/** The receiver's check (the same as the documented snippet): a valid signature within the window. */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  nowSeconds: number,
  tolerance = TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > tolerance) return false;
  const expected = Buffer.from(sign(secret, t, body), 'hex');
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !v) return false;
    const given = Buffer.from(v, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Exponential backoff before attempt `n + 1` after `n` failed attempts: 30 s doubling, capped at 1 h. */
export function backoffSeconds(failedAttempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, failedAttempts - 1), 3600);
}

/** Attempts before a delivery is given up as failed (about 1.5 hours of retries). */
export const MAX_ATTEMPTS = 8;
