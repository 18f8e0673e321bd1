import { describe, expect, it } from 'vitest';
import {
  backoffSeconds,
  newSecret,
  sign,
  signatureHeader,
  verifySignature,
} from '../../../shared/modules/webhooks/signing';

// The receiver's check documented in docs/notifications.md: a signature over "<t>.<body>" with the
// subscription's secret, within a 5-minute window; during a rotation either secret verifies.
describe('webhook signatures', () => {
  const body = '{"type":"claim.denied","id":"evt-1"}';
  const t = 1_764_000_000;

  it('a new secret is whsec_ and 32 base64url characters, different each time', () => {
    const a = newSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(newSecret()).not.toBe(a);
  });

  it('verifies its own header at, and up to 300 s either side of, the signing time', () => {
    const header = signatureHeader(['whsec_a'], t, body);
    expect(header).toBe(`t=${t},v1=${sign('whsec_a', t, body)}`);
    expect(verifySignature(header, body, 'whsec_a', t)).toBe(true);
    expect(verifySignature(header, body, 'whsec_a', t + 300)).toBe(true);
    expect(verifySignature(header, body, 'whsec_a', t - 300)).toBe(true);
  });

  it('refuses a replay after the window, a changed body and another secret', () => {
    const header = signatureHeader(['whsec_a'], t, body);
    expect(verifySignature(header, body, 'whsec_a', t + 301)).toBe(false);
    expect(verifySignature(header, body, 'whsec_a', t - 301)).toBe(false);
    expect(verifySignature(header, `${body} `, 'whsec_a', t)).toBe(false);
    expect(verifySignature(header, body, 'whsec_b', t)).toBe(false);
    expect(verifySignature(header, body, 'whsec_a', t + 10, 5)).toBe(false);
  });

  it('refuses headers without a usable timestamp or signature', () => {
    const v1 = sign('whsec_a', t, body);
    expect(verifySignature(`v1=${v1}`, body, 'whsec_a', t)).toBe(false);
    expect(verifySignature(`t=soon,v1=${v1}`, body, 'whsec_a', t)).toBe(false);
    expect(verifySignature(`t=${t}.5,v1=${v1}`, body, 'whsec_a', t)).toBe(false);
    expect(verifySignature(`t=${t}`, body, 'whsec_a', t)).toBe(false);
    expect(verifySignature(`t=${t},v1=`, body, 'whsec_a', t)).toBe(false);
    expect(verifySignature(`t=${t},v1=${v1.slice(0, 20)}`, body, 'whsec_a', t)).toBe(false);
    expect(verifySignature(`t=${t},v0=${v1}`, body, 'whsec_a', t)).toBe(false);
  });

  it('during a rotation one header carries both signatures, the new one first; either verifies', () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], t, body);
    expect(header.split(',')).toEqual([
      `t=${t}`,
      `v1=${sign('whsec_new', t, body)}`,
      `v1=${sign('whsec_old', t, body)}`,
    ]);
    expect(verifySignature(header, body, 'whsec_new', t)).toBe(true);
    expect(verifySignature(header, body, 'whsec_old', t)).toBe(true);
    expect(verifySignature(header, body, 'whsec_other', t)).toBe(false);
  });

  it('backs off 30 s doubling per failed attempt, capped at one hour', () => {
    const table: [number, number][] = [
      [0, 30],
      [1, 30],
      [2, 60],
      [3, 120],
      [4, 240],
      [5, 480],
      [6, 960],
      [7, 1920],
      [8, 3600],
      [20, 3600],
    ];
    for (const [failed, seconds] of table)
      expect(backoffSeconds(failed), `${failed}`).toBe(seconds);
  });
});
