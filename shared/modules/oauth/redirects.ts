/**
 * Redirect URIs (OAuth 2.1 §2.3.1, §8.4.2; RFC 8252 §7.3): a client registers its redirect URIs and
 * an authorization request must name one of them exactly, except that a loopback URI of a native
 * app (`http://127.0.0.1`, `http://[::1]`, `http://localhost`) may use any port, because such apps
 * listen on whatever port is free at the time. Only `https` URIs, loopback `http` URIs and private
 * schemes of native apps (`com.example.app:/callback`) are accepted at registration; no fragment.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parse(uri: string): URL | null {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
}

const isLoopback = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  const url = parse(uri);
  if (!url) return `${uri.slice(0, 100)} is not an absolute URI`;
  if (url.hash) return 'a redirect URI must not have a fragment';
  if (url.protocol === 'https:' || isLoopback(url)) return null;
  if (url.protocol === 'http:') return 'plain http is allowed for loopback redirect URIs only';
  // A native app's private-use scheme (RFC 8252 §7.1) has a dot, e.g. com.example.app.
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol)) return null;
  return `the scheme ${url.protocol} is not allowed for a redirect URI`;
}

/** Whether the requested redirect URI is one of the registered ones (loopback: any port). */
export function redirectUriMatches(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  const asked = parse(requested);
  if (!asked || !isLoopback(asked)) return false;
  return registered.some((r) => {
    const known = parse(r);
    return (
      !!known &&
      isLoopback(known) &&
      known.hostname === asked.hostname &&
      known.pathname === asked.pathname &&
      known.search === asked.search
    );
  });
}
