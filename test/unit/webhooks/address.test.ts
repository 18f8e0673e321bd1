/**
 * Where a webhook may go (shared/kernel/public-address.ts, webhooks/url-policy.ts): a hand-written
 * table of hosts as an administrator could write them in a URL, each with the verdict expected
 * from the IANA special-purpose registries (null = public, may receive webhooks).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  NonPublicAddress,
  nonPublicReason,
  resolvePublic,
} from '../../../shared/kernel/public-address';
import {
  checkResolvedUrl,
  localLoopbackAllowed,
  urlProblem,
} from '../../../shared/modules/webhooks/url-policy';

/** [host as written in https://<host>/, expected reason or null]. */
const HOSTS: [string, string | null][] = [
  // IPv4
  ['8.8.8.8', null],
  ['93.184.215.14', null],
  ['1.1.1.1', null],
  ['0.0.0.0', 'this network'],
  ['10.0.0.5', 'private'],
  ['10.255.255.255', 'private'],
  ['11.0.0.1', null],
  ['100.63.255.255', null],
  ['100.64.0.1', 'shared address space (carrier-grade NAT)'],
  ['100.127.255.255', 'shared address space (carrier-grade NAT)'],
  ['100.128.0.0', null],
  ['127.0.0.1', 'loopback'],
  ['127.1.2.3', 'loopback'],
  ['169.254.169.254', 'link-local (incl. the instance metadata service)'],
  ['169.254.0.1', 'link-local (incl. the instance metadata service)'],
  ['172.15.255.255', null],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.0', null],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.10', 'documentation'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['192.169.0.1', null],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.20.0.0', null],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved (incl. broadcast)'],
  ['255.255.255.255', 'reserved (incl. broadcast)'],
  // The same loopback and metadata addresses in decimal, octal and hex forms
  ['2130706433', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['0x7f.0.0.1', 'loopback'],
  ['0x7f.1', 'loopback'],
  ['127.1', 'loopback'],
  ['2852039166', 'link-local (incl. the instance metadata service)'],
  ['0251.0376.0251.0376', 'link-local (incl. the instance metadata service)'],
  ['0xa9fea9fe', 'link-local (incl. the instance metadata service)'],
  ['012.0.0.1', 'private'],
  // IPv6
  ['[2606:4700:4700::1111]', null],
  ['[2001:4860:4860::8888]', null],
  ['[::]', 'unspecified'],
  ['[::1]', 'loopback'],
  ['[0:0:0:0:0:0:0:1]', 'loopback'],
  ['[fc00::1]', 'unique-local'],
  ['[fd00:ec2::254]', 'unique-local'],
  ['[fdff:ffff::1]', 'unique-local'],
  ['[fe80::1]', 'link-local'],
  ['[febf::1]', 'link-local'],
  ['[fec0::1]', 'site-local (deprecated)'],
  ['[ff02::1]', 'multicast'],
  ['[2001:db8::1]', 'documentation'],
  ['[2001::1]', 'IETF protocol assignments (incl. Teredo)'],
  ['[2002:c000:0204::1]', '6to4'],
  ['[3fff::1]', 'documentation'],
  ['[100::1]', 'not global unicast'],
  ['[4000::1]', 'not global unicast'],
  ['[::7f00:1]', 'IPv4-compatible (deprecated)'],
  // IPv4 carried in IPv6: judged as the IPv4 address
  ['[::ffff:127.0.0.1]', 'IPv4-mapped loopback'],
  ['[::ffff:7f00:1]', 'IPv4-mapped loopback'],
  ['[::ffff:169.254.169.254]', 'IPv4-mapped link-local (incl. the instance metadata service)'],
  ['[::ffff:10.1.2.3]', 'IPv4-mapped private'],
  ['[::ffff:8.8.8.8]', null],
  ['[64:ff9b::10.0.0.1]', 'NAT64 private'],
  ['[64:ff9b::8.8.8.8]', null],
];

describe('webhook receivers must be public addresses', () => {
  it.each(HOSTS)('https://%s/ → %s', (host, reason) => {
    const hostname = new URL(`https://${host}/hook`).hostname;
    expect(nonPublicReason(hostname) ?? null).toBe(reason);
    expect(urlProblem(`https://${host}/hook`) ?? null).toEqual(
      reason === null ? null : expect.stringContaining(`(${reason})`),
    );
  });

  it('refuses what is not an IP address as an address', () => {
    expect(nonPublicReason('example.com')).toBe('not an IP address');
  });
});

const table = (answers: Record<string, string[]>) => async (host: string) =>
  (answers[host] ?? []).map(
    (address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const,
  );

describe('resolvePublic (the address a delivery connects to)', () => {
  const resolve = table({
    'hooks.example.org': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'metadata.example.org': ['169.254.169.254'],
    'mixed.example.org': ['93.184.215.14', '10.0.0.7'],
    'v6-ula.example.org': ['fd12:3456::1'],
    'mapped.example.org': ['::ffff:127.0.0.1'],
  });

  it('answers the first address when every address is public', async () => {
    expect(await resolvePublic('hooks.example.org', resolve)).toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    expect(await resolvePublic('[2606:4700:4700::1111]', resolve)).toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it.each([
    ['metadata.example.org', '169.254.169.254'],
    ['mixed.example.org', '10.0.0.7'],
    ['v6-ula.example.org', 'fd12:3456::1'],
    ['mapped.example.org', '::ffff:127.0.0.1'],
    ['10.1.1.1', '10.1.1.1'],
  ])('refuses %s (resolves to %s)', async (host, address) => {
    const err = await resolvePublic(host, resolve).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NonPublicAddress);
    expect((err as NonPublicAddress).address).toBe(address);
  });

  it('refuses a name without addresses', async () => {
    await expect(resolvePublic('nothing.example.org', resolve)).rejects.toThrow(/has no address/);
  });

  it('registration: refuses a name resolving to a private address, accepts one that does not resolve yet', async () => {
    await expect(checkResolvedUrl('https://metadata.example.org/x', resolve)).rejects.toMatchObject(
      {
        code: 'invalid',
        details: { field: 'url' },
      },
    );
    await expect(
      checkResolvedUrl('https://unknown.example.org/x', async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      }),
    ).resolves.toBeUndefined();
    await expect(checkResolvedUrl('https://hooks.example.org/x', resolve)).resolves.toBeUndefined();
  });
});

describe('the local runtime’s loopback opt-in', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP', 'AWS_LAMBDA_FUNCTION_NAME']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('allows plain http to loopback only when opted in and not inside Lambda', () => {
    const url = new URL('http://127.0.0.1:3199/hook');
    process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP = '1';
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    expect(localLoopbackAllowed(url)).toBe(true);
    expect(urlProblem(url.href)).toBeUndefined();
    expect(localLoopbackAllowed(new URL('http://10.0.0.1/hook'))).toBe(false);
    expect(urlProblem('http://10.0.0.1/hook')).toBe('must be an https URL');
    expect(urlProblem('https://127.0.0.1/hook')).toMatch(/not \(loopback\)/);

    process.env.AWS_LAMBDA_FUNCTION_NAME = 'webhook-delivery';
    expect(localLoopbackAllowed(url)).toBe(false);
    expect(urlProblem(url.href)).toBe('must be an https URL');

    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    delete process.env.HMS_WEBHOOKS_ALLOW_LOOPBACK_HTTP;
    expect(urlProblem(url.href)).toBe('must be an https URL');
  });

  it('keeps the other refusals of a URL', () => {
    expect(urlProblem('not a url')).toBe('must be an absolute URL');
    expect(urlProblem('https://u:p@example.com/x')).toBe('must not carry credentials');
    expect(urlProblem('ftp://example.com/x')).toBe('must be an https URL');
    expect(urlProblem('https://example.com/x')).toBeUndefined();
  });
});
