/**
 * Which webhook URLs a subscription may name (docs/notifications.md, "Where a webhook may go"):
 * `https` to a public address only, never with credentials in it. The one exception is for
 * `npm start` and the tests: plain `http` to this machine's loopback when the runtime opts in
 * with `HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP=1`, an opt-in that is ignored inside AWS Lambda, so a
 * deployed function never sends to its own loopback whatever its environment says.
 */

import { isIP } from 'node:net';
import { Invalid } from '../../kernel/errors';
import {
  bareHost,
  NonPublicAddress,
  nonPublicReason,
  type Resolver,
  resolvePublic,
} from '../../kernel/public-address';

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** True when `url` is plain http to loopback and the local runtime opted in. */
export function localLoopbackAllowed(url: URL): boolean {
  return (
    url.protocol === 'http:' &&
    LOOPBACK_HOSTS.includes(url.hostname) &&
    process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP === '1' &&
    !process.env.AWS_LAMBDA_FUNCTION_NAME
  );
}

/**
 * What is wrong with a webhook URL as written (no DNS): not absolute, credentials, not https,
 * or an IP address that is not public. Undefined when it may be subscribed as far as its text says.
 */
export function urlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (localLoopbackAllowed(url)) return undefined;
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = bareHost(url.hostname);
  if (isIP(host)) {
    const reason = nonPublicReason(host);
    if (reason) return `must be a public address, and ${host} is not (${reason})`;
  }
  return undefined;
}

/**
 * The check at subscription time that needs DNS: a name that resolves to a non-public address
 * is refused (400 naming `url`). A name that does not resolve (yet) is accepted: the receiver
 * may not be deployed yet, and every delivery checks again before it connects.
 */
export async function checkResolvedUrl(raw: string, resolve?: Resolver): Promise<void> {
  const url = new URL(raw);
  if (localLoopbackAllowed(url)) return;
  try {
    await resolvePublic(url.hostname, resolve);
  } catch (err) {
    if (err instanceof NonPublicAddress)
      throw new Invalid(`url: must reach a public address: ${err.message}`, { field: 'url' });
  }
}
