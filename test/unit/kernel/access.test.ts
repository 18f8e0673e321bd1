import { describe, expect, it } from 'vitest';
import { allowedRoles, checkAccess, keysMayUse, trialEnded } from '../../../shared/kernel/access';
import type { Actor, ApiKeyActor, UserActor } from '../../../shared/kernel/actor';
import type { TenantInfo } from '../../../shared/kernel/context';
import { AppError } from '../../../shared/kernel/errors';
import type { Access } from '../../../shared/kernel/operation';
import type { Role } from '../../../shared/kernel/roles';
import type { Scope } from '../../../shared/kernel/scopes';
import { thrownBy } from '../../support/thrown';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const FUTURE = '2025-03-20T00:00:00.000Z';
const PAST = '2025-03-01T00:00:00.000Z';

function tenant(overrides: Partial<TenantInfo> = {}): TenantInfo {
  return {
    id: 't-1',
    slug: 'city-hospital',
    name: 'City Hospital',
    status: 'TRIAL',
    trialEndsAt: FUTURE,
    timeZone: 'UTC',
    ...overrides,
  };
}
const user = (role: Role): UserActor => ({ kind: 'user', id: 'u-1', role });
const apiKey = (scopes: Scope[] = ['tenant:read', 'users:read']): ApiKeyActor => ({
  kind: 'apiKey',
  id: 'k-1',
  scopes,
});

function check(
  access: Access,
  actor: Actor | { kind: 'anonymous' },
  opts: { kind?: 'read' | 'write'; tenant?: TenantInfo } = {},
) {
  checkAccess(
    { name: 'test.op', kind: opts.kind ?? 'read', access },
    { actor, tenant: opts.tenant ?? tenant(), now: NOW },
  );
}

function code(fn: () => void): string {
  const err = thrownBy(fn);
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).code;
}

describe('a clinical decision (prescribing)', () => {
  const prescribing: Access = {
    roles: ['DOCTOR'],
    scope: 'encounters:write',
    humanOnly: true,
    clinicalDecision: true,
  };
  it('is taken by a listed role only: not ADMIN, not an API key, not an agent', () => {
    expect(() => check(prescribing, user('DOCTOR'), { kind: 'write' })).not.toThrow();
    for (const actor of [
      user('ADMIN'),
      user('NURSE'),
      apiKey(['encounters:write']),
      { kind: 'agent', agent: 'x', credential: user('DOCTOR') } as Actor,
      { kind: 'system', job: 'x' } as Actor,
      { kind: 'system', job: 'x', onBehalfOf: user('ADMIN') } as Actor,
    ])
      expect(
        code(() => check(prescribing, actor, { kind: 'write' })),
        actor.kind,
      ).toBe('forbidden');
    expect((thrownBy(() => check(prescribing, user('ADMIN'))) as Error).message).toBe(
      'Role ADMIN may not use test.op: it is a clinical decision for DOCTOR',
    );
    // The system carrying out a doctor's approval takes it as that doctor.
    expect(() =>
      check(
        prescribing,
        { kind: 'system', job: 'x', onBehalfOf: user('DOCTOR') },
        { kind: 'write' },
      ),
    ).not.toThrow();
    expect(allowedRoles(prescribing as never)).toEqual(['DOCTOR']);
    expect(keysMayUse(prescribing as never)).toBe(false);
    expect(allowedRoles({ roles: ['NURSE', 'DOCTOR'], scope: 'any' })).toEqual([
      'ADMIN',
      'NURSE',
      'DOCTOR',
    ]);
  });
});

describe('checkAccess', () => {
  it('lets anyone through a public operation, even anonymous and for writes', () => {
    expect(() => check({ public: true }, { kind: 'anonymous' }, { kind: 'write' })).not.toThrow();
  });

  it('is unauthenticated when a protected operation has no verified caller', () => {
    expect(code(() => check({ roles: 'any', scope: 'any' }, { kind: 'anonymous' }))).toBe(
      'unauthenticated',
    );
  });

  describe('staff users', () => {
    it('pass as ADMIN whatever the role list, including an empty one', () => {
      expect(() => check({ roles: [] }, user('ADMIN'))).not.toThrow();
      expect(() => check({ roles: ['NURSE'] }, user('ADMIN'), { kind: 'write' })).not.toThrow();
      expect(() => check({ roles: 'any' }, user('ADMIN'))).not.toThrow();
    });

    it('pass when their role is listed and are forbidden when it is not, naming role and operation', () => {
      expect(() => check({ roles: ['NURSE', 'DOCTOR'] }, user('DOCTOR'))).not.toThrow();
      expect(code(() => check({ roles: ['NURSE'] }, user('DOCTOR')))).toBe('forbidden');
      expect(code(() => check({ roles: [] }, user('DOCTOR')))).toBe('forbidden');
      const err = thrownBy(() => check({ roles: ['NURSE'] }, user('DOCTOR'))) as AppError;
      expect(err.message).toBe('Role DOCTOR may not use test.op');
    });

    it("pass every role on roles: 'any'", () => {
      for (const role of ['DOCTOR', 'NURSE', 'RECEPTIONIST', 'ACCOUNTANT'] as const) {
        expect(() => check({ roles: 'any' }, user(role))).not.toThrow();
      }
    });

    it('are not let in by an API-key scope on the operation', () => {
      expect(code(() => check({ roles: [], scope: 'any' }, user('NURSE')))).toBe('forbidden');
    });
  });

  describe('API keys', () => {
    it('are refused on an operation that declares no scope', () => {
      const err = thrownBy(() => check({ roles: 'any' }, apiKey())) as AppError;
      expect(err.code).toBe('forbidden');
      expect(err.message).toBe('API keys may not use test.op; sign in as a staff user');
    });

    it('pass when they carry the scope and are forbidden when they do not', () => {
      expect(() => check({ roles: [], scope: 'users:read' }, apiKey())).not.toThrow();
      const err = thrownBy(() =>
        check({ roles: [], scope: 'patients:read' }, apiKey()),
      ) as AppError;
      expect(err.code).toBe('forbidden');
      expect(err.message).toContain('patients:read');
      expect(err.message).toMatch(/^API key lacks the required scope/);
    });

    it("pass any scope on scope: 'any', even with no scopes at all", () => {
      expect(() => check({ roles: [], scope: 'any' }, apiKey())).not.toThrow();
      expect(() => check({ roles: [], scope: 'any' }, apiKey([]))).not.toThrow();
    });

    it('are not let in by a role (an API key never has ADMIN powers)', () => {
      expect(code(() => check({ roles: 'any' }, apiKey()))).toBe('forbidden');
    });
  });

  describe('agents act with their credential', () => {
    it('an agent with a nurse token passes as a nurse, not more', () => {
      const agent: Actor = { kind: 'agent', agent: 'claude-desktop', credential: user('NURSE') };
      expect(() => check({ roles: ['NURSE'] }, agent)).not.toThrow();
      expect(code(() => check({ roles: ['DOCTOR'] }, agent))).toBe('forbidden');
    });

    it('an agent with a key passes by the key scopes', () => {
      const agent: Actor = {
        kind: 'agent',
        agent: 'a2a-client',
        credential: apiKey(['patients:read']),
      };
      expect(() => check({ roles: [], scope: 'patients:read' }, agent)).not.toThrow();
      expect(code(() => check({ roles: [], scope: 'patients:write' }, agent))).toBe('forbidden');
    });
  });

  describe('the system', () => {
    it('acting for the human who approved an action passes as that human', () => {
      const executor: Actor = {
        kind: 'system',
        job: 'agent-actions.executor',
        onBehalfOf: user('DOCTOR'),
      };
      expect(() => check({ roles: ['DOCTOR'] }, executor, { kind: 'write' })).not.toThrow();
      expect(code(() => check({ roles: ['NURSE'] }, executor))).toBe('forbidden');
    });

    it('on its own passes only operations that allow the system', () => {
      const job: Actor = { kind: 'system', job: 'agent-actions.expiry' };
      expect(() => check({ roles: [], system: true }, job, { kind: 'write' })).not.toThrow();
      expect(code(() => check({ roles: 'any', scope: 'any' }, job))).toBe('forbidden');
    });
  });

  describe('after the trial ended', () => {
    const expired = tenant({ status: 'TRIAL', trialEndsAt: PAST });

    it('refuses changes with a message about the trial', () => {
      const err = thrownBy(() =>
        check({ roles: 'any' }, user('ADMIN'), { kind: 'write', tenant: expired }),
      ) as AppError;
      expect(err.code).toBe('forbidden');
      expect(err.message.toLowerCase()).toContain('trial');
      expect(err.message).toContain('2025-03-01');
      expect(
        code(() =>
          check({ roles: [], scope: 'any' }, apiKey(), { kind: 'write', tenant: expired }),
        ),
      ).toBe('forbidden');
    });

    it('keeps reads working', () => {
      expect(() =>
        check({ roles: 'any' }, user('DOCTOR'), { kind: 'read', tenant: expired }),
      ).not.toThrow();
      expect(() =>
        check({ roles: [], scope: 'tenant:read' }, apiKey(), { kind: 'read', tenant: expired }),
      ).not.toThrow();
    });

    it('allows changes on operations marked allowAfterTrial', () => {
      expect(() =>
        check({ roles: [], allowAfterTrial: true }, user('ADMIN'), {
          kind: 'write',
          tenant: expired,
        }),
      ).not.toThrow();
    });

    it('does not apply to an ACTIVE tenant past its old trialEndsAt', () => {
      expect(() =>
        check({ roles: 'any' }, user('DOCTOR'), {
          kind: 'write',
          tenant: tenant({ status: 'ACTIVE', trialEndsAt: PAST }),
        }),
      ).not.toThrow();
    });

    it('does not apply while the trial is still running', () => {
      expect(() =>
        check({ roles: 'any' }, user('DOCTOR'), {
          kind: 'write',
          tenant: tenant({ trialEndsAt: FUTURE }),
        }),
      ).not.toThrow();
    });
  });

  it('checks the role before the trial (an unlisted role gets the role message, not the trial one)', () => {
    const err = thrownBy(() =>
      check({ roles: ['NURSE'] }, user('DOCTOR'), {
        kind: 'write',
        tenant: tenant({ trialEndsAt: PAST }),
      }),
    ) as AppError;
    expect(err.code).toBe('forbidden');
    expect(err.message).toMatch(/Role DOCTOR/);
  });
});

describe('trialEnded', () => {
  it('is true from the instant trialEndsAt is reached, only for TRIAL tenants', () => {
    const endsAt = NOW.toISOString();
    expect(trialEnded({ status: 'TRIAL', trialEndsAt: endsAt }, NOW)).toBe(true);
    expect(trialEnded({ status: 'TRIAL', trialEndsAt: endsAt }, new Date(NOW.getTime() - 1))).toBe(
      false,
    );
    expect(trialEnded({ status: 'ACTIVE', trialEndsAt: endsAt }, NOW)).toBe(false);
    expect(trialEnded({ status: 'TRIAL', trialEndsAt: '' }, NOW)).toBe(false);
  });
});

describe('operations that change a patient care (humanOnly)', () => {
  const clinical: Access = { roles: ['DOCTOR'], scope: 'encounters:write', humanOnly: true };

  it('refuse an agent whatever its credential: it may only propose them', () => {
    const agent: Actor = { kind: 'agent', agent: 'claude-desktop', credential: user('DOCTOR') };
    const err = thrownBy(() => check(clinical, agent, { kind: 'write' })) as AppError;
    expect(err.code).toBe('forbidden');
    expect(err.message).toBe(
      "test.op changes a patient's care: an agent may only propose it for a qualified person to approve",
    );
  });

  it('let the people and executors the rule names run them', () => {
    expect(() => check(clinical, user('DOCTOR'), { kind: 'write' })).not.toThrow();
    expect(() => check(clinical, apiKey(['encounters:write']), { kind: 'write' })).not.toThrow();
    const executor: Actor = {
      kind: 'system',
      job: 'agent-actions.executor',
      onBehalfOf: user('DOCTOR'),
    };
    expect(() => check(clinical, executor, { kind: 'write' })).not.toThrow();
  });
});
