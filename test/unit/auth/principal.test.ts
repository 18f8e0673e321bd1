import { describe, expect, it } from 'vitest';
import {
  fromAuthorizerContext,
  type Principal,
  toAuthorizerContext,
} from '../../../shared/auth/principal';

const USER: Principal = {
  actor: { kind: 'user', id: 'u-1', role: 'NURSE' },
  tenant: {
    id: 't-1',
    slug: 'city-hospital',
    name: 'City Hospital',
    status: 'TRIAL',
    trialEndsAt: '2025-03-20T00:00:00.000Z',
    timeZone: 'Asia/Kolkata',
    country: 'IN',
  },
};

const KEY: Principal = {
  actor: {
    kind: 'apiKey',
    id: 'k-1',
    scopes: ['tenant:read', 'users:read', 'agents:reception:write'],
  },
  tenant: {
    id: 't-2',
    slug: 'river-clinic',
    name: 'River Clinic',
    status: 'ACTIVE',
    trialEndsAt: '2025-01-01T00:00:00.000Z',
    timeZone: 'Europe/London',
  },
};

describe('authorizer context', () => {
  it('is flat strings only, as API Gateway requires', () => {
    for (const p of [USER, KEY]) {
      for (const [k, v] of Object.entries(toAuthorizerContext(p)))
        expect(typeof v, k).toBe('string');
    }
  });

  it('round-trips a user principal (with the hospital country)', () => {
    expect(fromAuthorizerContext(toAuthorizerContext(USER))).toEqual(USER);
  });

  it('round-trips an API-key principal (no role, its scopes; no country)', () => {
    const back = fromAuthorizerContext(toAuthorizerContext(KEY));
    expect(back).toEqual(KEY);
    expect(back?.actor).toEqual({
      kind: 'apiKey',
      id: 'k-1',
      scopes: ['tenant:read', 'users:read', 'agents:reception:write'],
    });
  });

  it("carries the hospital's agent rate limit (A2A spends it as MCP does), and ignores a bad one", () => {
    const limited: Principal = {
      ...USER,
      tenant: { ...USER.tenant, agentRateLimitPerMinute: 120 },
    };
    expect(toAuthorizerContext(limited).agentRateLimitPerMinute).toBe('120');
    expect(fromAuthorizerContext(toAuthorizerContext(limited))).toEqual(limited);
    for (const bad of ['', 'ten', '-5', '0', '1e3'])
      expect(
        fromAuthorizerContext({ ...toAuthorizerContext(limited), agentRateLimitPerMinute: bad })
          ?.tenant.agentRateLimitPerMinute,
        bad,
      ).toBeUndefined();
  });

  it('drops unknown scopes', () => {
    const ctx = {
      ...toAuthorizerContext(KEY),
      scopes: 'tenant:read bogus:scope users:read  admin',
    };
    expect(fromAuthorizerContext(ctx)?.actor).toMatchObject({
      scopes: ['tenant:read', 'users:read'],
    });
  });

  it('defaults the time zone to UTC when the context has none', () => {
    const { timezone: _tz, ...noZone } = toAuthorizerContext(USER);
    expect(fromAuthorizerContext(noZone)?.tenant.timeZone).toBe('UTC');
    expect(
      fromAuthorizerContext({ ...toAuthorizerContext(USER), timezone: '' })?.tenant.timeZone,
    ).toBe('UTC');
  });

  it('treats an empty scopes string as no scopes', () => {
    expect(fromAuthorizerContext({ ...toAuthorizerContext(KEY), scopes: '' })?.actor).toMatchObject(
      { scopes: [] },
    );
  });

  it('refuses a user without a known role: an unauthenticated caller, not a role-less one', () => {
    expect(fromAuthorizerContext({ ...toAuthorizerContext(USER), role: '' })).toBeNull();
    expect(fromAuthorizerContext({ ...toAuthorizerContext(USER), role: 'SUPERUSER' })).toBeNull();
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

  it('carries an OAuth grant (only /a2a receives one) and reads it back', () => {
    const agent: Principal = {
      ...USER,
      actor: {
        kind: 'user',
        id: 'u-1',
        role: 'NURSE',
        grant: { id: 'g-1', clientId: 'hmsc_1', scopes: ['patients:read', 'beds:read'] },
      },
    };
    const ctx = toAuthorizerContext(agent);
    expect(ctx).toMatchObject({
      grantId: 'g-1',
      grantClientId: 'hmsc_1',
      grantScopes: 'patients:read beds:read',
    });
    expect(fromAuthorizerContext(ctx)).toEqual(agent);
    expect(fromAuthorizerContext({ ...ctx, grantScopes: 'patients:read nope' })?.actor).toEqual({
      ...agent.actor,
      grant: { id: 'g-1', clientId: 'hmsc_1', scopes: ['patients:read'] },
    });
    // A session token has no grant fields at all.
    expect(Object.keys(toAuthorizerContext(USER)).filter((k) => k.startsWith('grant'))).toEqual([]);
  });
});
