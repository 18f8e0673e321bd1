import { describe, expect, it } from 'vitest';
import { checkAccess, trialEnded } from '../../../shared/auth/access';
import type { Principal } from '../../../shared/auth/principal';
import { HttpError } from '../../../shared/http/errors';
import type { Access, HttpMethod } from '../../../shared/http/route';
import { thrownBy } from '../../support/thrown';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const FUTURE = '2025-03-20T00:00:00.000Z';
const PAST = '2025-03-01T00:00:00.000Z';

function user(overrides: Partial<Principal> = {}): Principal {
  return {
    type: 'user',
    id: 'u-1',
    tenantId: 't-1',
    tenantSlug: 'city-hospital',
    tenantName: 'City Hospital',
    tenantStatus: 'TRIAL',
    trialEndsAt: FUTURE,
    timezone: 'UTC',
    role: 'DOCTOR',
    scopes: [],
    ...overrides,
  };
}

function apiKey(overrides: Partial<Principal> = {}): Principal {
  const { role: _role, ...base } = user();
  return {
    ...base,
    type: 'apiKey',
    id: 'k-1',
    scopes: ['tenant:read', 'users:read'],
    ...overrides,
  };
}

function check(
  access: Access,
  principal: Principal | null,
  opts: { method?: HttpMethod; tenantHeader?: string | undefined } = {},
) {
  const tenantHeader = 'tenantHeader' in opts ? opts.tenantHeader : principal?.tenantId;
  checkAccess({ access, method: opts.method ?? 'GET', principal, tenantHeader, now: NOW });
}

function status(fn: () => void): number {
  const err = thrownBy(fn);
  expect(err).toBeInstanceOf(HttpError);
  return (err as HttpError).statusCode;
}

describe('checkAccess', () => {
  it('lets anyone through a public route, even without a principal or tenant header', () => {
    expect(() =>
      check({ public: true }, null, { method: 'POST', tenantHeader: undefined }),
    ).not.toThrow();
  });

  it('answers 401 when a protected route has no principal', () => {
    expect(status(() => check({ roles: 'any', scope: 'any' }, null, { tenantHeader: 't-1' }))).toBe(
      401,
    );
  });

  describe('staff users', () => {
    it('need the x-tenant-id header (401 without it)', () => {
      const err = thrownBy(() =>
        check({ roles: 'any' }, user(), { tenantHeader: undefined }),
      ) as HttpError;
      expect(err.statusCode).toBe(401);
      expect(err.message).toMatch(/x-tenant-id/);
      expect(status(() => check({ roles: 'any' }, user(), { tenantHeader: '' }))).toBe(401);
    });

    it('are refused (403) when x-tenant-id names another tenant', () => {
      const err = thrownBy(() =>
        check({ roles: 'any' }, user({ role: 'ADMIN' }), { tenantHeader: 't-2' }),
      ) as HttpError;
      expect(err.statusCode).toBe(403);
      expect(err.message).toMatch(/x-tenant-id/);
    });

    it('pass as ADMIN whatever the role list, including an empty one', () => {
      const admin = user({ role: 'ADMIN' });
      expect(() => check({ roles: [] }, admin)).not.toThrow();
      expect(() => check({ roles: ['NURSE'] }, admin, { method: 'POST' })).not.toThrow();
      expect(() => check({ roles: 'any' }, admin)).not.toThrow();
    });

    it('pass when their role is listed and get 403 when it is not', () => {
      expect(() => check({ roles: ['NURSE', 'DOCTOR'] }, user({ role: 'DOCTOR' }))).not.toThrow();
      expect(status(() => check({ roles: ['NURSE'] }, user({ role: 'DOCTOR' })))).toBe(403);
      expect(status(() => check({ roles: [] }, user({ role: 'DOCTOR' })))).toBe(403);
      expect(status(() => check({ roles: ['NURSE'] }, user({ role: undefined })))).toBe(403);
    });

    it("pass every role on roles: 'any'", () => {
      for (const role of ['DOCTOR', 'NURSE', 'RECEPTIONIST', 'ACCOUNTANT'] as const) {
        expect(() => check({ roles: 'any' }, user({ role }))).not.toThrow();
      }
    });

    it('are not let in by an API-key scope on the route', () => {
      expect(
        status(() =>
          check({ roles: [], scope: 'any' }, user({ role: 'NURSE', scopes: ['tenant:read'] })),
        ),
      ).toBe(403);
    });
  });

  describe('API keys', () => {
    it('are refused (403) on a route that declares no scope', () => {
      const err = thrownBy(() => check({ roles: 'any' }, apiKey())) as HttpError;
      expect(err.statusCode).toBe(403);
    });

    it('pass when they carry the route scope and get 403 when they do not', () => {
      expect(() => check({ roles: [], scope: 'users:read' }, apiKey())).not.toThrow();
      const err = thrownBy(() =>
        check({ roles: [], scope: 'patients:read' }, apiKey()),
      ) as HttpError;
      expect(err.statusCode).toBe(403);
      expect(err.message).toContain('patients:read');
    });

    it("pass any scope on scope: 'any', even with no scopes at all", () => {
      expect(() => check({ roles: [], scope: 'any' }, apiKey())).not.toThrow();
      expect(() => check({ roles: [], scope: 'any' }, apiKey({ scopes: [] }))).not.toThrow();
    });

    it('do not need x-tenant-id, but a mismatched one is 403', () => {
      expect(() =>
        check({ roles: [], scope: 'tenant:read' }, apiKey(), { tenantHeader: undefined }),
      ).not.toThrow();
      expect(() =>
        check({ roles: [], scope: 'tenant:read' }, apiKey(), { tenantHeader: 't-1' }),
      ).not.toThrow();
      expect(
        status(() => check({ roles: [], scope: 'tenant:read' }, apiKey(), { tenantHeader: 't-2' })),
      ).toBe(403);
    });

    it('are not let in by a role (an API key never has ADMIN powers)', () => {
      expect(status(() => check({ roles: 'any' }, apiKey({ role: 'ADMIN' })))).toBe(403);
    });
  });

  describe('after the trial ended', () => {
    const expired = { tenantStatus: 'TRIAL' as const, trialEndsAt: PAST };

    it('refuses changes (403) with a message about the trial', () => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const err = thrownBy(() =>
          check({ roles: 'any' }, user({ ...expired, role: 'ADMIN' }), { method }),
        ) as HttpError;
        expect(err.statusCode, method).toBe(403);
        expect(err.message.toLowerCase()).toContain('trial');
        expect(err.message).toContain('2025-03-01');
      }
      expect(
        status(() => check({ roles: [], scope: 'any' }, apiKey(expired), { method: 'POST' })),
      ).toBe(403);
    });

    it('keeps reads working', () => {
      expect(() => check({ roles: 'any' }, user(expired), { method: 'GET' })).not.toThrow();
      expect(() =>
        check({ roles: [], scope: 'tenant:read' }, apiKey(expired), { method: 'GET' }),
      ).not.toThrow();
    });

    it('allows changes on routes marked allowAfterTrial', () => {
      expect(() =>
        check({ roles: [], allowAfterTrial: true }, user({ ...expired, role: 'ADMIN' }), {
          method: 'POST',
        }),
      ).not.toThrow();
    });

    it('does not apply to an ACTIVE tenant past its old trialEndsAt', () => {
      expect(() =>
        check({ roles: 'any' }, user({ tenantStatus: 'ACTIVE', trialEndsAt: PAST }), {
          method: 'POST',
        }),
      ).not.toThrow();
    });

    it('does not apply while the trial is still running', () => {
      expect(() =>
        check({ roles: 'any' }, user({ trialEndsAt: FUTURE }), { method: 'POST' }),
      ).not.toThrow();
    });
  });

  it('checks the role before the trial (an unlisted role gets the role message, not the trial one)', () => {
    const err = thrownBy(() =>
      check({ roles: ['NURSE'] }, user({ trialEndsAt: PAST }), { method: 'POST' }),
    ) as HttpError;
    expect(err.statusCode).toBe(403);
    expect(err.message).toMatch(/Role DOCTOR/);
  });
});

describe('trialEnded', () => {
  it('is true from the instant trialEndsAt is reached, only for TRIAL tenants', () => {
    const endsAt = NOW.toISOString();
    expect(trialEnded({ tenantStatus: 'TRIAL', trialEndsAt: endsAt }, NOW)).toBe(true);
    expect(
      trialEnded({ tenantStatus: 'TRIAL', trialEndsAt: endsAt }, new Date(NOW.getTime() - 1)),
    ).toBe(false);
    expect(trialEnded({ tenantStatus: 'ACTIVE', trialEndsAt: endsAt }, NOW)).toBe(false);
    expect(trialEnded({ tenantStatus: 'TRIAL', trialEndsAt: '' }, NOW)).toBe(false);
  });
});
