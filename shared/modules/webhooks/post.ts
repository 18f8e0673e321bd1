/**
 * One POST of a webhook delivery, to a checked address. The host is resolved once, inside the
 * connection's own `lookup`, every address it answers is checked (kernel/public-address.ts), and the socket
 * connects to the checked address: there is no second resolution that a DNS rebinding answer
 * could slip into. TLS still verifies the certificate against the URL's host name (SNI and
 * `Host` are the name, only the address is fixed). Redirects are never followed: a 3xx is an
 * answer like any other non-2xx, so a receiver cannot bounce us to an internal address.
 */

import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  bareHost,
  checkedLookup,
  nonPublicReason,
  type Resolver,
} from '../../kernel/public-address';
import { localLoopbackAllowed } from './url-policy';

export interface PostOutcome {
  statusCode?: number;
  error?: string;
}

/**
 * POSTs `body` to `rawUrl` with `headers`; answers the status code, or the error that stopped
 * it (a refused address, a refused connection, `timeoutMs` without an answer). Never throws.
 */
export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  resolve?: Resolver,
): Promise<PostOutcome> {
  const url = new URL(rawUrl);
  const local = localLoopbackAllowed(url);
  if (!local && url.protocol !== 'https:') return { error: 'refused: the URL is not https' };
  // An IP literal never goes through `lookup`: it is checked here.
  const literal = bareHost(url.hostname);
  const reason = !local && isIP(literal) ? nonPublicReason(literal) : undefined;
  if (reason) return { error: `refused: ${literal} is not a public address (${reason})` };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((done) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
        ...(local ? {} : { lookup: checkedLookup(resolve), autoSelectFamily: false }),
      },
      (res) => {
        res.resume();
        const statusCode = res.statusCode as number;
        if (statusCode >= 200 && statusCode < 300) done({ statusCode });
        else if (statusCode >= 300 && statusCode < 400)
          done({
            statusCode,
            error: `the receiver answered ${statusCode} (redirects are not followed)`,
          });
        else done({ statusCode, error: `the receiver answered ${statusCode}` });
      },
    );
    req.on('error', (err: Error) => {
      if (err.name === 'AbortError') done({ error: `no answer within ${timeoutMs / 1000} s` });
      else if (err.name === 'NonPublicAddress') done({ error: `refused: ${err.message}` });
      else done({ error: `could not connect: ${err.message}` });
    });
    req.end(body);
  });
}
