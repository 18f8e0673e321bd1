/**
 * The Idempotency-Key mechanism (kernel/idempotency.ts) against DynamoDB Local, on an operation
 * declared here that makes a new record on each call (as every non-idempotent POST does): a
 * replayed key, a concurrent pair (and five) with one key, another body, a failed first request,
 * another caller, an expired key. Then the same through REST on a real route (POST /patients).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../shared/kernel/context';
import type { AppError } from '../../shared/kernel/errors';
import { Conflict } from '../../shared/kernel/errors';
import { IDEMPOTENCY_TTL_HOURS } from '../../shared/kernel/idempotency';
import { invokeOperation } from '../../shared/kernel/invoke';
import { createLogger } from '../../shared/kernel/log';
import { defineOperation } from '../../shared/kernel/operation';
import { Store } from '../../shared/kernel/store/store';
import * as z from '../../shared/kernel/zod';
import { useTestTable } from '../support/operations';

const T0 = new Date('2026-01-01T08:00:00.000Z');

const Input = z.strictObject({ amount: z.number(), refuse: z.optional(z.boolean()) });
const Output = z.strictObject({ id: z.string(), amount: z.number() });
/** Each call records a new gift with a new id: not safe to repeat. */
const give = defineOperation({
  name: 'idemtest.give',
  summary: 'Records a gift',
  input: Input,
  output: Output,
  access: { roles: 'any' },
  kind: 'write',
  idempotent: false,
  resource: 'gift',
  async handler(ctx, input) {
    if (input.refuse) throw new Conflict('refused this time');
    const id = randomUUID();
    // A little work between reading and writing, so concurrent requests overlap.
    await new Promise((ok) => setTimeout(ok, 20));
    await ctx.store.put({
      Item: {
        ...ctx.store.keys.child('GIFTS', 'all', id),
        entity: 'Gift',
        id,
        amount: input.amount,
      },
    });
    return { id, amount: input.amount };
  },
});

/**
 * Refuses when the thing was already claimed: a state a concurrent first request leaves. The
 * second call of a run reads the state late, after the first committed (`lateReads`).
 */
let lateReads = 0;
const claim = defineOperation({
  name: 'idemtest.claim',
  summary: 'Claims the one thing, once',
  input: z.strictObject({ thing: z.string() }),
  output: z.strictObject({ id: z.string() }),
  access: { roles: 'any' },
  kind: 'write',
  idempotent: false,
  async handler(ctx, input) {
    const key = ctx.store.keys.entity('THING', input.thing);
    if (lateReads-- > 0) await new Promise((ok) => setTimeout(ok, 200));
    if (await ctx.store.get(key, { consistent: true }))
      throw new Conflict(`${input.thing} is already claimed`);
    const id = randomUUID();
    await new Promise((ok) => setTimeout(ok, 30));
    await ctx.store.put({ Item: { ...key, id }, ConditionExpression: 'attribute_not_exists(pk)' });
    return { id };
  },
});

function contextOf(tenantId: string, userId = 'u-1', now = T0): Context {
  return {
    now,
    requestId: `idem-${randomUUID()}`,
    log: createLogger(),
    transport: 'internal',
    actor: { kind: 'user', id: userId, role: 'ADMIN' },
    tenant: {
      id: tenantId,
      slug: tenantId,
      name: 'T',
      status: 'ACTIVE',
      trialEndsAt: '',
      timeZone: 'UTC',
    },
    tenantId,
    store: new Store(tenantId),
  };
}

const gifts = async (tenantId: string) =>
  (
    await new Store(tenantId).query({
      partition: new Store(tenantId).keys.entityPk('GIFTS', 'all'),
    })
  ).length;
const call = (
  tenantId: string,
  input: Record<string, unknown>,
  opts: { user?: string; now?: Date } = {},
) => invokeOperation(give, contextOf(tenantId, opts.user, opts.now), input);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (e: AppError) => `${e.code}: ${e.message}`,
  );

beforeAll(() => useTestTable());

describe('Idempotency-Key', () => {
  it('a replayed key answers the first answer and makes nothing more', async () => {
    const t = `idem-${randomUUID()}`;
    const key = randomUUID();
    const first = await call(t, { amount: 5, idempotencyKey: key });
    const again = await call(t, { amount: 5, idempotencyKey: key });
    expect(again).toEqual(first);
    expect(await gifts(t)).toBe(1);
    // Without a key each call makes another.
    await call(t, { amount: 5 });
    await call(t, { amount: 5 });
    expect(await gifts(t)).toBe(3);
  });

  it('a concurrent pair, and five at once, with one key: exactly one effect, one answer', async () => {
    const t = `idem-${randomUUID()}`;
    for (const n of [2, 5]) {
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: n }, () => call(t, { amount: n, idempotencyKey: key })),
      );
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    }
    expect(await gifts(t)).toBe(2);
  });

  it('a concurrent retry refused on the state its first request left answers that first answer', async () => {
    const t = `idem-${randomUUID()}`;
    const key = randomUUID();
    const retry = (() => {
      lateReads = 1; // this one (started first, past its key check) reads the state late
      return invokeOperation(claim, contextOf(t), { thing: 'bed-7', idempotencyKey: key });
    })();
    await new Promise((ok) => setTimeout(ok, 20));
    const first = invokeOperation(claim, contextOf(t), { thing: 'bed-7', idempotencyKey: key });
    const [a, b] = await Promise.all([first, retry]);
    expect(b).toEqual(a);
    // Without the key the second is refused, as the state says.
    expect(await failure(invokeOperation(claim, contextOf(t), { thing: 'bed-7' }))).toBe(
      'conflict: bed-7 is already claimed',
    );
  });

  it('the same key with another body is refused (409), naming what it was used for', async () => {
    const t = `idem-${randomUUID()}`;
    const key = randomUUID();
    await call(t, { amount: 5, idempotencyKey: key });
    expect(await failure(call(t, { amount: 6, idempotencyKey: key }))).toBe(
      'conflict: This Idempotency-Key was already used for a different gift request; use a new key for a new one',
    );
    expect(await gifts(t)).toBe(1);
  });

  it('a first request that failed stores no key: the retry runs', async () => {
    const t = `idem-${randomUUID()}`;
    const key = randomUUID();
    expect(await failure(call(t, { amount: 5, refuse: true, idempotencyKey: key }))).toBe(
      'conflict: refused this time',
    );
    await call(t, { amount: 5, idempotencyKey: key });
    expect(await gifts(t)).toBe(1);
  });

  it("is the caller's own: another person's same key makes their own gift", async () => {
    const t = `idem-${randomUUID()}`;
    const key = randomUUID();
    const mine = await call(t, { amount: 5, idempotencyKey: key });
    const theirs = await call(t, { amount: 5, idempotencyKey: key }, { user: 'u-2' });
    expect(theirs.id).not.toBe(mine.id);
    expect(await gifts(t)).toBe(2);
  });

  it(`expires after ${IDEMPOTENCY_TTL_HOURS} hours: then the key is free again`, async () => {
    const t = `idem-${randomUUID()}`;
    const key = randomUUID();
    const first = await call(t, { amount: 5, idempotencyKey: key });
    const justBefore = new Date(T0.getTime() + IDEMPOTENCY_TTL_HOURS * 3600_000 - 1000);
    expect((await call(t, { amount: 5, idempotencyKey: key }, { now: justBefore })).id).toBe(
      first.id,
    );
    const after = new Date(T0.getTime() + IDEMPOTENCY_TTL_HOURS * 3600_000 + 1000);
    expect((await call(t, { amount: 5, idempotencyKey: key }, { now: after })).id).not.toBe(
      first.id,
    );
    expect(await gifts(t)).toBe(2);
  });

  it('a malformed key is an invalid input naming the key', async () => {
    const t = `idem-${randomUUID()}`;
    expect(await failure(call(t, { amount: 5, idempotencyKey: 'short' }))).toBe(
      'invalid: idempotencyKey: must be 8–128 visible ASCII characters',
    );
    expect(await gifts(t)).toBe(0);
  });
});
