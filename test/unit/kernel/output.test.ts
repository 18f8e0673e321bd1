/**
 * In production (no strict checks) an answer is cut to its operation's output schema: a handler
 * that forgot view() cannot send a stored item's internal attributes. Under strict checks the
 * same answer is refused instead (checkOutput).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '../../../shared/kernel/context';
import { invokeOperation } from '../../../shared/kernel/invoke';
import { createLogger } from '../../../shared/kernel/log';
import { defineOperation } from '../../../shared/kernel/operation';
import { cutToOutput } from '../../../shared/kernel/output';
import { Stores } from '../../../shared/kernel/store/store';
import * as z from '../../../shared/kernel/zod';

const Patient = z.strictObject({ id: z.string(), name: z.string() });
const Answer = z.strictObject({
  items: z.array(Patient),
  owner: z.union([
    z.strictObject({ kind: z.literal('user'), id: z.string() }),
    z.strictObject({ kind: z.literal('key') }),
  ]),
});
const leaky = {
  items: [
    { id: 'p-1', name: 'Asha', pk: 'TENANT#t-1#PATIENT#p-1', version: 3 },
    { id: 'p-2', name: 'Ravi', passwordHash: 'scrypt$…' },
  ],
  owner: { kind: 'user', id: 'u-1', gsi1pk: 'TENANT#t-1#USERS' },
  tenantId: 't-1',
};
const clean = {
  items: [
    { id: 'p-1', name: 'Asha' },
    { id: 'p-2', name: 'Ravi' },
  ],
  owner: { kind: 'user', id: 'u-1' },
};
const op = defineOperation({
  name: 'test.leak',
  summary: 'Answers stored items without view()',
  input: z.strictObject({}),
  output: Answer,
  access: { roles: 'any' },
  kind: 'read',
  idempotent: true,
  handler: async () => structuredClone(leaky) as never,
});
const stores = new Stores();
const ctx: Context = {
  now: new Date(),
  requestId: 'r',
  log: createLogger(),
  transport: 'internal',
  actor: { kind: 'user', id: 'u-1', role: 'ADMIN' },
  tenant: { id: 't-1', slug: 's', name: 'T', status: 'ACTIVE', trialEndsAt: '', timeZone: 'UTC' },
  tenantId: 't-1',
  store: stores.forTenant('t-1'),
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('answers in production', () => {
  it('are cut to the output schema, nested and in unions, and the slip is logged', async () => {
    vi.stubEnv('HMS_STRICT_CHECKS', '');
    const warn = vi.fn();
    const answer = await invokeOperation(op, { ...ctx, log: { ...createLogger(), warn } }, {});
    expect(answer).toEqual(clean);
    expect(warn).toHaveBeenCalledWith(
      'answer cut to its output schema: the handler answered undeclared attributes',
      expect.objectContaining({
        operation: 'test.leak',
        removed: expect.arrayContaining([
          'tenantId',
          'items.0.pk',
          'items.1.passwordHash',
          'owner.gsi1pk',
        ]),
      }),
    );
  });

  it('under strict checks the same answer is refused', async () => {
    vi.stubEnv('HMS_STRICT_CHECKS', '1');
    await expect(invokeOperation(op, ctx, {})).rejects.toMatchObject({ code: 'internal' });
  });

  it('an answer that fits is sent as it is; another mismatch is logged, not cut', () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    expect(cutToOutput(op, clean, log)).toBe(clean);
    const missing = { items: [{ id: 'p-1' }], owner: { kind: 'key' } };
    expect(cutToOutput(op, missing, log)).toEqual(missing);
    expect(log.error).toHaveBeenCalledWith('answer outside its output schema', expect.anything());
    expect(log.warn).not.toHaveBeenCalled();
  });
});
