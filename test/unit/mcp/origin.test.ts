import { describe, expect, it } from 'vitest';
import { VIEWER_REQUEST_FUNCTION } from '../../../shared/mcp/function';
import { throughCloudFront } from '../../../shared/mcp/origin';
import type { FunctionUrlEvent } from '../../../shared/mcp/streaming';

const SECRET = 's3cret-value-from-secrets-manager';

const event = (
  headers: Record<string, string>,
  requestContext: FunctionUrlEvent['requestContext'] = {
    requestId: 'r1',
    http: { method: 'POST', sourceIp: '130.176.1.1' },
  },
): FunctionUrlEvent => ({ rawPath: '/mcp', headers, requestContext });

describe('throughCloudFront (shared/mcp/origin.ts)', () => {
  it('without a secret (locally) leaves the request as it came, forwarded headers included', () => {
    const e = event({ host: 'localhost:3000', 'x-forwarded-host': 'attacker.example' });
    expect(throughCloudFront(e, undefined)).toBe(e);
    expect(throughCloudFront(e, '')).toBe(e);
  });

  it.each([
    ['missing', {}],
    ['wrong', { 'x-origin-verify': 'not-the-secret' }],
    ['a prefix of it', { 'x-origin-verify': SECRET.slice(0, 10) }],
    ['longer than it', { 'x-origin-verify': `${SECRET}x` }],
  ])('refuses a request whose origin header is %s', (_, headers) => {
    expect(throughCloudFront(event(headers), SECRET)).toBeNull();
  });

  it('accepts the secret under any spelling of the header name, and takes the viewer host and address', () => {
    const out = throughCloudFront(
      event({
        Host: 'abc.lambda-url.ap-south-1.on.aws',
        'X-Origin-Verify': SECRET,
        'X-Forwarded-Host': 'd111.cloudfront.net',
        'X-Hms-Viewer-Ip': '2001:db8::7',
        Authorization: 'Bearer k',
      }),
      SECRET,
    );
    expect(out).toEqual({
      rawPath: '/mcp',
      // The CloudFront headers are gone: nothing after this point sees the secret.
      headers: { host: 'd111.cloudfront.net', authorization: 'Bearer k' },
      requestContext: { requestId: 'r1', http: { method: 'POST', sourceIp: '2001:db8::7' } },
    });
  });

  it('keeps the Function URL host and address when CloudFront named none', () => {
    const out = throughCloudFront(
      event({ host: 'abc.lambda-url.ap-south-1.on.aws', 'x-origin-verify': SECRET }),
      SECRET,
    );
    expect(out?.headers).toEqual({ host: 'abc.lambda-url.ap-south-1.on.aws' });
    expect(out?.requestContext?.http?.sourceIp).toBe('130.176.1.1');
    const bare = throughCloudFront(
      { rawPath: '/mcp', headers: { 'x-origin-verify': SECRET } },
      SECRET,
    );
    expect(bare?.requestContext).toEqual({ http: {} });
  });
});

describe('the viewer-request CloudFront Function', () => {
  // cloudfront-js-2.0 is ECMAScript 5.1 plus a few later features: the code runs as plain JS here.
  const handler = new Function(`${VIEWER_REQUEST_FUNCTION}; return handler;`)() as (e: unknown) => {
    headers: Record<string, { value: string }>;
  };

  it("names the viewer's host and address, overwriting whatever the client sent under those names", () => {
    const request = handler({
      viewer: { ip: '198.51.100.4' },
      request: {
        headers: {
          host: { value: 'mcp.hospital.example' },
          'x-forwarded-host': { value: 'attacker.example' },
          'x-hms-viewer-ip': { value: '10.0.0.1' },
        },
      },
    });
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'mcp.hospital.example' });
    expect(request.headers['x-hms-viewer-ip']).toEqual({ value: '198.51.100.4' });
  });

  it('a request without a host gets an empty forwarded host (the function then keeps its own)', () => {
    const request = handler({ viewer: { ip: '198.51.100.4' }, request: { headers: {} } });
    expect(request.headers['x-forwarded-host']).toEqual({ value: '' });
  });
});
