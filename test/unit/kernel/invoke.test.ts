import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context, PublicContext } from '../../../shared/kernel/context';
import type { AppError } from '../../../shared/kernel/errors';
import { invokeOperation } from '../../../shared/kernel/invoke';
import { createLogger } from '../../../shared/kernel/log';
import { defineOperation, PUBLIC } from '../../../shared/kernel/operation';
import { Stores } from '../../../shared/kernel/store/store';
import * as z from '../../../shared/kernel/zod';

const stores = new Stores();
const base = {
  now: new Date('2026-01-01T00:00:00Z'),
  requestId: 'r-1',
  log: createLogger(),
  transport: 'internal' as const,
};
const tenant = {
  id: 't-1',
  slug: 's',
  name: 'City',
  status: 'ACTIVE' as const,
  trialEndsAt: '',
  timeZone: 'UTC',
};
const asNurse: Context = {
  ...base,
  actor: { kind: 'user', id: 'u-1', role: 'NURSE' },
  tenant,
  tenantId: 't-1',
  store: stores.forTenant('t-1'),
};
const anonymous: PublicContext = { ...base, actor: { kind: 'anonymous' }, stores };

const handler = vi.fn(async (_ctx: Context, input: { n: number }) => ({ double: input.n * 2 }));
const double = defineOperation({
  name: 'test.double',
  summary: 'Doubles n',
  input: z.strictObject({ n: z.number().check(z.int()) }),
  output: z.strictObject({ double: z.number().check(z.int()) }),
  access: { roles: ['NURSE'] },
  kind: 'read',
  idempotent: true,
  handler,
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a refusal'),
    (e: unknown) => e as AppError,
  );

afterEach(() => {
  handler.mockClear();
  delete process.env.HMS_STRICT_CHECKS;
});

describe('invokeOperation', () => {
  it('parses the input, checks access and answers what the implementation answers', async () => {
    expect(await invokeOperation(double, asNurse, { n: 21 })).toEqual({ double: 42 });
    expect(handler).toHaveBeenCalledWith(asNurse, { n: 21 });
  });

  it('refuses bad input as invalid, naming the field, without calling the implementation', async () => {
    const err = await failure(invokeOperation(double, asNurse, { n: 'x' }));
    expect(err.code).toBe('invalid');
    expect(err.details?.issues).toEqual([{ field: 'n', message: expect.any(String) }]);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a caller the access rule excludes, without calling the implementation', async () => {
    const asClerk: Context = { ...asNurse, actor: { kind: 'user', id: 'u-2', role: 'ACCOUNTANT' } };
    expect((await failure(invokeOperation(double, asClerk, { n: 1 }))).code).toBe('forbidden');
    expect(handler).not.toHaveBeenCalled();
  });

  it('decides access before it looks at the input: a refused caller never learns the schema', async () => {
    const asClerk: Context = { ...asNurse, actor: { kind: 'user', id: 'u-2', role: 'ACCOUNTANT' } };
    for (const input of [{ n: 'x' }, {}, null, 'not an object', { n: 1, extra: true }]) {
      const err = await failure(invokeOperation(double, asClerk, input));
      expect(err.code, JSON.stringify(input)).toBe('forbidden');
      expect(err.details?.issues).toBeUndefined();
    }
    const anonymousErr = await failure(
      invokeOperation(double, { ...anonymous, tenant: undefined } as unknown as Context, {}),
    );
    expect(anonymousErr.code).toBe('unauthenticated');
    expect(handler).not.toHaveBeenCalled();
  });

  it('under strict checks, an answer outside the output schema is an internal error', async () => {
    process.env.HMS_STRICT_CHECKS = '1';
    handler.mockResolvedValueOnce({ double: 1, pk: 'TENANT#t-1#PATIENT#x' } as never);
    const err = await failure(invokeOperation(double, asNurse, { n: 1 }));
    expect(err.code).toBe('internal');
    expect(err.message).toContain('test.double answered outside its output schema');
  });

  // Issue 15.5 reverses what this test asserted before ("the answer is not re-parsed", sent with
  // `extra`): in production an answer is now cut to its output schema (kernel/output.ts).
  it('without strict checks (on Lambda) the answer is cut to its output schema', async () => {
    handler.mockResolvedValueOnce({ double: 1, extra: true } as never);
    expect(await invokeOperation(double, asNurse, { n: 1 })).toEqual({ double: 1 });
  });

  it('turns what the implementation throws into AppErrors: AWS throttling is rate_limited, anything else internal', async () => {
    handler.mockRejectedValueOnce(
      Object.assign(new Error('slow down'), { name: 'ThrottlingException' }),
    );
    const throttled = await failure(invokeOperation(double, asNurse, { n: 1 }));
    expect(throttled).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 2 });
    const bug = new TypeError('x is undefined');
    handler.mockRejectedValueOnce(bug);
    const internal = await failure(invokeOperation(double, asNurse, { n: 1 }));
    expect(internal.code).toBe('internal');
    expect(internal.cause).toBe(bug);
  });

  it('runs a public operation for an anonymous caller with a public context', async () => {
    const ping = defineOperation({
      name: 'test.ping',
      summary: 'Ping',
      input: z.strictObject({}),
      output: z.strictObject({ pong: z.literal(true) }),
      access: PUBLIC,
      kind: 'read',
      idempotent: true,
      handler: async (ctx) => ({ pong: ctx.actor.kind === 'anonymous' }) as { pong: true },
    });
    expect(await invokeOperation(ping, anonymous, {})).toEqual({ pong: true });
  });

  it('refuses a protected operation to an anonymous caller', async () => {
    const err = await failure(
      invokeOperation(double, { ...anonymous, tenant: undefined } as unknown as Context, { n: 1 }),
    );
    expect(err.code).toBe('unauthenticated');
  });

  it('refuses an operation name that does not read <module>.<verb>', () => {
    expect(() => defineOperation({ ...double, name: 'Double' })).toThrow(/<module>\.<verb>/);
  });
});
