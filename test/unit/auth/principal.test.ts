import { describe, expect, it } from 'vitest';
import {
  fromAuthorizerContext,
  type Principal,
  toAuthorizerContext,
} from '../../../shared/auth/principal';

const USER: Principal = {
  type: 'user',
  id: 'u-1',
  tenantId: 't-1',
  tenantSlug: 'city-hospital',
  tenantName: 'City Hospital',
  tenantStatus: 'TRIAL',
  trialEndsAt: '2025-03-20T00:00:00.000Z',
  timezone: 'Asia/Kolkata',
  role: 'NURSE',
  scopes: [],
};

const KEY: Principal = {
  type: 'apiKey',
  id: 'k-1',
  tenantId: 't-2',
  tenantSlug: 'river-clinic',
  tenantName: 'River Clinic',
  tenantStatus: 'ACTIVE',
  trialEndsAt: '2025-01-01T00:00:00.000Z',
  timezone: 'Europe/London',
  scopes: ['tenant:read', 'users:read', 'agents:reception:write'],
};

describe('authorizer context', () => {
  it('is flat strings only, as API Gateway requires', () => {
    for (const p of [USER, KEY]) {
      for (const [k, v] of Object.entries(toAuthorizerContext(p)))
        expect(typeof v, k).toBe('string');
    }
  });

  it('round-trips a user principal', () => {
    expect(fromAuthorizerContext(toAuthorizerContext(USER))).toEqual(USER);
  });

  it('round-trips an API-key principal (no role, its scopes)', () => {
    const back = fromAuthorizerContext(toAuthorizerContext(KEY));
    expect(back).toEqual(KEY);
    expect(back?.role).toBeUndefined();
    expect(back?.scopes).toEqual(['tenant:read', 'users:read', 'agents:reception:write']);
  });

  it('drops unknown scopes', () => {
    const ctx = {
      ...toAuthorizerContext(KEY),
      scopes: 'tenant:read bogus:scope users:read  admin',
    };
    expect(fromAuthorizerContext(ctx)?.scopes).toEqual(['tenant:read', 'users:read']);
  });

  it('defaults the time zone to UTC when the context has none', () => {
    const { timezone: _tz, ...noZone } = toAuthorizerContext(USER);
    expect(fromAuthorizerContext(noZone)?.timezone).toBe('UTC');
    expect(fromAuthorizerContext({ ...toAuthorizerContext(USER), timezone: '' })?.timezone).toBe(
      'UTC',
    );
  });

  it('treats an empty scopes string as no scopes', () => {
    expect(fromAuthorizerContext({ ...toAuthorizerContext(KEY), scopes: '' })?.scopes).toEqual([]);
  });

  it('returns null without a tenantId or principalId, or without a context', () => {
    const { tenantId: _t, ...noTenant } = toAuthorizerContext(USER);
    expect(fromAuthorizerContext(noTenant)).toBeNull();
    expect(
      fromAuthorizerContext({ ...toAuthorizerContext(USER), tenantId: 42 as unknown as string }),
    ).toBeNull();
    const { principalId: _p, ...noId } = toAuthorizerContext(USER);
    expect(fromAuthorizerContext(noId)).toBeNull();
    expect(fromAuthorizerContext(null)).toBeNull();
    expect(fromAuthorizerContext(undefined)).toBeNull();
    expect(fromAuthorizerContext({})).toBeNull();
  });
});
