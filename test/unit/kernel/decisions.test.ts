import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../shared/kernel/actor';
import type { Context } from '../../../shared/kernel/context';
import {
  checkDecisions,
  defineDecision,
  mayDecide,
  requireDecision,
} from '../../../shared/kernel/decisions';
import { defineOperation } from '../../../shared/kernel/operation';
import { ROLE_GROUPS, resolveRoles } from '../../../shared/kernel/roles';
import * as z from '../../../shared/kernel/zod';
import { thrownBy as thrown } from '../../support/thrown';

const doctor: Actor = { kind: 'user', id: 'u-doc', role: 'DOCTOR' };
const nurse: Actor = { kind: 'user', id: 'u-nurse', role: 'NURSE' };
const admin: Actor = { kind: 'user', id: 'u-admin', role: 'ADMIN' };
const key: Actor = { kind: 'apiKey', id: 'k1', scopes: ['encounters:write'] };
const agentWithDoctor: Actor = { kind: 'agent', agent: 'bot', credential: doctor as never };
const executorForDoctor: Actor = {
  kind: 'system',
  job: 'agent-action-executor',
  onBehalfOf: doctor as never,
};

const scaleDecision = defineDecision({
  what: 'set the scale',
  by: ['DOCTOR'],
  clinical: true,
  ifInput: 'scale',
  checkedBy: 'kernel',
  refusal: 'Only a doctor may set the scale',
});

describe('role groups', () => {
  it('resolve by name to their roles, and keep the name', () => {
    expect(resolveRoles('wardStaff')).toEqual({
      roles: ['RECEPTIONIST', 'DOCTOR', 'NURSE', 'BED_MANAGER'],
      group: 'wardStaff',
    });
    expect(resolveRoles(['DOCTOR'])).toEqual({ roles: ['DOCTOR'] });
    expect(resolveRoles('any')).toEqual({ roles: 'any' });
  });

  it('allStaff is every role but ADMIN', () => {
    expect([...ROLE_GROUPS.allStaff].sort()).toEqual(
      [
        'DOCTOR',
        'NURSE',
        'RECEPTIONIST',
        'PHARMACIST',
        'ACCOUNTANT',
        'LAB_TECHNICIAN',
        'RADIOLOGIST',
        'BED_MANAGER',
        'CASHIER',
        'PATHOLOGIST',
        'RADIOGRAPHER',
        'INSURANCE_DESK',
        'WARD_MANAGER',
        'THEATRE_COORDINATOR',
        'MANAGER',
      ].sort(),
    );
    expect(ROLE_GROUPS.allStaff).not.toContain('ADMIN');
  });

  it('defineOperation resolves a named group into the access rule, keeping its name', () => {
    const op = defineOperation({
      name: 'test.read',
      summary: 'reads',
      input: z.strictObject({}),
      output: z.strictObject({}),
      access: { roles: 'frontDesk', scope: 'appointments:read' },
      kind: 'read',
      idempotent: true,
      handler: async () => ({}),
    });
    expect(op.access).toMatchObject({
      roles: ['RECEPTIONIST', 'NURSE', 'DOCTOR'],
      roleGroup: 'frontDesk',
    });
  });
});

describe('decisions', () => {
  it('a role rule names its roles exactly: ADMIN passes only when listed', () => {
    expect(mayDecide(scaleDecision, doctor)).toBe(true);
    expect(mayDecide(scaleDecision, admin)).toBe(false);
    expect(mayDecide(scaleDecision, nurse)).toBe(false);
  });

  it('a clinical decision is a person’s: never an agent’s or a key’s; an executor acts for its approver', () => {
    expect(mayDecide(scaleDecision, agentWithDoctor)).toBe(false);
    expect(mayDecide(scaleDecision, key)).toBe(false);
    expect(mayDecide(scaleDecision, executorForDoctor)).toBe(true);
  });

  it('a non-clinical role rule follows the credential’s authority (an agent with a token counts)', () => {
    const d = defineDecision({
      what: 'refund',
      by: 'seniorFinance',
      checkedBy: 'implementation',
      refusal: 'no',
    });
    expect(mayDecide(d, { kind: 'agent', agent: 'x', credential: admin as never })).toBe(true);
    expect(mayDecide(d, key)).toBe(false);
    expect(thrown(() => requireDecision(d, nurse))).toMatchObject({
      code: 'forbidden',
      message: 'no',
    });
  });

  it('the kernel checks a decision only when its input field is given', () => {
    expect(() => checkDecisions([scaleDecision], nurse, { other: 1 })).not.toThrow();
    expect(thrown(() => checkDecisions([scaleDecision], nurse, { scale: 2 }))).toMatchObject({
      code: 'forbidden',
      message: 'Only a doctor may set the scale',
    });
    expect(() => checkDecisions([scaleDecision], doctor, { scale: 2 })).not.toThrow();
  });

  it('an operation runs its kernel-checked decisions before its implementation', async () => {
    let ran = 0;
    const op = defineOperation({
      name: 'test.update',
      summary: 'updates',
      input: z.strictObject({ scale: z.optional(z.number()) }),
      output: z.strictObject({}),
      access: { roles: ['DOCTOR', 'NURSE'], decisions: [scaleDecision] },
      kind: 'write',
      idempotent: false,
      handler: async () => {
        ran++;
        return {};
      },
    });
    const ctx = (actor: Actor) => ({ actor }) as unknown as Context;
    await expect(op.handler(ctx(nurse), { scale: 2 })).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(ran).toBe(0);
    await op.handler(ctx(nurse), {});
    await op.handler(ctx(doctor), { scale: 2 });
    expect(ran).toBe(2);
  });

  it('refuses declarations the kernel cannot check', () => {
    expect(() =>
      defineDecision({ what: 'x', ifInput: 'a', checkedBy: 'implementation', refusal: 'r' }),
    ).toThrow(/ifInput/);
    expect(() => defineDecision({ what: 'x', checkedBy: 'kernel', refusal: 'r' })).toThrow(
      /role rules/,
    );
  });
});
