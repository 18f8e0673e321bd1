/**
 * Where the service may connect to on someone else's say-so (server-side request forgery): a
 * webhook receiver (shared/modules/webhooks) or a client ID metadata document
 * (shared/modules/oauth). Such a URL is chosen outside the service, and the service connects to
 * it from inside our network: without a check, `https://169.254.169.254/…` (the instance metadata service), `https://10.0.0.5/` or a
 * name that resolves to one of them would make the service probe our own network for them.
 *
 * A receiver must be a **public unicast address**: every block of the IANA IPv4 and IPv6
 * Special-Purpose Address Registries (RFC 6890 and its updates) that is not globally reachable
 * is refused, and so are multicast, the reserved 240.0.0.0/4 and every IPv6 address outside
 * 2000::/3 (global unicast). An IPv4 address carried in IPv6 (mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::a.b.c.d`) is judged as the IPv4 address it carries.
 *
 * Decimal, octal and hex host forms (`https://2130706433/`, `0177.0.0.1`, `0x7f.1`) never reach
 * these functions as such: the WHATWG URL parser turns them into dotted decimal first
 * (`127.0.0.1`), and the checks run on the parsed `hostname`.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';

type V4Block = readonly [base: string, prefix: number, name: string];

/** IPv4 blocks that are not public (IANA IPv4 Special-Purpose Address Registry, RFC 6890). */
const V4_BLOCKS: readonly V4Block[] = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (incl. the instance metadata service)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved (incl. broadcast)'],
];

function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Reason(ip: string): string | undefined {
  const n = v4Number(ip);
  for (const [base, prefix, name] of V4_BLOCKS) {
    const size = 2 ** (32 - prefix);
    const start = v4Number(base);
    if (n >= start && n < start + size) return name;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (valid per `isIP`), embedded IPv4 expanded. */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}

const v4Of = (g: number[]) =>
  [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].map(String).join('.');

function v6Reason(ip: string): string | undefined {
  const g = v6Groups(ip);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  if (zeroUpTo(5) && g[5] === 0xffff) {
    const inner = v4Reason(v4Of(g));
    return inner && `IPv4-mapped ${inner}`;
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    const inner = v4Reason(v4Of(g));
    return inner && `NAT64 ${inner}`;
  }
  if (zeroUpTo(6)) return 'IPv4-compatible (deprecated)';
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xffc0) === 0xfec0) return 'site-local (deprecated)';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if ((first & 0xe000) !== 0x2000) return 'not global unicast';
  if (first === 0x2001 && g[1]! < 0x200) return 'IETF protocol assignments (incl. Teredo)';
  if (first === 0x2001 && g[1] === 0xdb8) return 'documentation';
  if (first === 0x2002) return '6to4';
  if (first === 0x3fff && g[1]! < 0x1000) return 'documentation';
  return undefined;
}

/**
 * Why an IP address (IPv4 dotted decimal or IPv6, with or without brackets) may not receive a
 * webhook, or undefined when it is public. Anything that is not an IP address is refused.
 */
export function nonPublicReason(address: string): string | undefined {
  const ip = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(ip);
  if (family === 4) return v4Reason(ip);
  if (family === 6) return v6Reason(ip);
  return 'not an IP address';
}

/** A host name as the URL parser gives it (`[::1]` for IPv6), without brackets. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The resolver: node's `dns.lookup` (the system resolver, as a connection would use). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** Refused: the host is, or resolves to, an address that is not public. */
export class NonPublicAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(
      host === address
        ? `${address} is not a public address (${reason})`
        : `${host} resolves to ${address}, which is not a public address (${reason})`,
    );
    this.name = 'NonPublicAddress';
  }
}

/**
 * The address to connect to for `host`: an IP literal is checked as it is; a name is resolved
 * and **every** address it resolves to must be public (a name answering one public and one
 * private address would otherwise be a coin toss away from our network), then the first is
 * answered. The caller connects to that address and no other (no second resolution between
 * the check and the connection, the DNS rebinding window). Resolution errors are thrown as is.
 */
export async function resolvePublic(
  host: string,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const bare = bareHost(host);
  const family = isIP(bare);
  if (family) {
    const reason = nonPublicReason(bare);
    if (reason) throw new NonPublicAddress(bare, bare, reason);
    return { address: bare, family: family === 6 ? 6 : 4 };
  }
  const addresses = await resolve(bare);
  if (addresses.length === 0) throw new Error(`${bare} has no address`);
  for (const a of addresses) {
    const reason = nonPublicReason(a.address);
    if (reason) throw new NonPublicAddress(bare, a.address, reason);
  }
  return addresses[0]!;
}

/**
 * A `lookup` for a request that answers only an address `resolvePublic` accepted (one address:
 * the request turns off happy-eyeballs, which would ask for them all), so the socket connects to
 * the checked address and no second resolution (a DNS rebinding answer) slips in between.
 */
export function checkedLookup(resolve?: Resolver): LookupFunction {
  return (hostname, _options, callback) => {
    resolvePublic(hostname, resolve).then(
      (a) => callback(null, a.address, a.family),
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}
