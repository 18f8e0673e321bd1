/**
 * The outbox against DynamoDB Local: an event is an item written in the change's own transaction
 * (never without it), the committing request publishes it at once, and the relay publishes what
 * is left, retrying with backoff, paging past items that keep failing, and setting aside an item
 * that failed too often. PutEvents is captured or made to fail with aws-sdk-client-mock (an AWS
 * error path); the relay runs with a clock in 2001, so it handles this file's items only.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useEventBusClient } from '../../shared/events/bus';
import {
  backoffMs,
  DEAD_EVENT_MESSAGE,
  MAX_PUBLISH_ATTEMPTS,
  relayOutbox,
} from '../../shared/events/relay';
import type { Context } from '../../shared/kernel/context';
import { emit } from '../../shared/kernel/effects';
import { invokeOperation } from '../../shared/kernel/invoke';
import { createLogger, type Logger } from '../../shared/kernel/log';
import { defineOperation } from '../../shared/kernel/operation';
import {
  DUE_SHARDS,
  dueShard,
  FAST_PATH_GRACE_MS,
  outboxKey,
  outboxPartition,
} from '../../shared/kernel/store/outbox';
import { Store, Stores } from '../../shared/kernel/store/store';
import * as z from '../../shared/kernel/zod';
import { useTestTable } from '../support/operations';

const eventBridge = mockClient(EventBridgeClient);
const T0 = new Date('2001-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const tenant = () => `outbox-${Math.random().toString(36).slice(2, 10)}`;

/** A logger that keeps what it was told, for the relay's error line. */
function recordingLogger() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const make = (): Logger => ({
    debug: (msg, fields) => lines.push({ level: 'debug', msg, fields }),
    info: (msg, fields) => lines.push({ level: 'info', msg, fields }),
    warn: (msg, fields) => lines.push({ level: 'warn', msg, fields }),
    error: (msg, fields) => lines.push({ level: 'error', msg, fields }),
    child: () => make(),
  });
  return { log: make(), lines };
}

const published = () =>
  eventBridge
    .commandCalls(PutEventsCommand)
    .flatMap((c) => c.args[0].input.Entries ?? [])
    .map((e) => JSON.parse(e.Detail ?? '{}') as Record<string, unknown>);

const NoteInput = z.strictObject({ id: z.string(), fail: z.optional(z.boolean()) });
const note = defineOperation({
  name: 'outboxtest.note',
  summary: 'Writes a note and emits NoteWritten with it',
  input: NoteInput,
  output: z.strictObject({ id: z.string() }),
  access: { roles: 'any' },
  kind: 'write',
  idempotent: false,
  async handler(ctx, input) {
    emit(ctx, { source: 'hms.test', detailType: 'NoteWritten', detail: { id: input.id } });
    await ctx.store.put({
      Item: { ...ctx.store.keys.entity('NOTE', input.id), entity: 'Note' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    if (input.fail) throw new Error('failed after its write');
    return { id: input.id };
  },
});

function contextOf(tenantId: string, now = T0): Context {
  return {
    now,
    requestId: 'outbox-test',
    log: createLogger(),
    transport: 'internal',
    actor: { kind: 'user', id: 'u-1', role: 'ADMIN' },
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

/** The tenant's pending outbox items, as the relay finds them (its shard of the due index). */
async function outboxItemsOf(tenantId: string) {
  const items = await new Stores().global.query({
    index: 'gsi5',
    partition: outboxPartition(dueShard(tenantId)),
    range: { between: ['0', '2002'] },
  });
  return items.filter((i) => i.tenantId === tenantId);
}

/** Emits events straight on a store, with the bus down so they stay in the outbox. */
async function pendingEvents(tenantId: string, events: [string, Record<string, unknown>, Date][]) {
  eventBridge.reset();
  eventBridge.on(PutEventsCommand).rejects(new Error('bus down'));
  const store = new Store(tenantId);
  for (const [detailType, detail, now] of events)
    store.emit({ source: 'hms.test', detailType, detail }, now);
  await store.settle('ok');
  return store;
}

beforeAll(() => {
  useTestTable();
  process.env.EVENT_BUS_NAME = 'outbox-test-bus';
  useEventBusClient(
    { region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } },
    () => {},
  );
});
afterAll(() => eventBridge.restore());
beforeEach(() => {
  eventBridge.reset();
  eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
});

describe('emit: the event commits with the change', () => {
  it('the committing request publishes it at once and deletes its outbox item', async () => {
    const t = tenant();
    const ctx = contextOf(t);
    await invokeOperation(note, ctx, { id: 'n-1' });
    expect(published()).toEqual([{ id: 'n-1' }]);
    expect(await ctx.store.get(ctx.store.keys.entity('NOTE', 'n-1'))).toBeDefined();
    expect(
      await relayOutbox({ now: () => at(FAST_PATH_GRACE_MS + 1), log: createLogger() }),
    ).toMatchObject({ published: 0 });
  });

  it('no change, no event: a write refused by its condition leaves no outbox item and publishes nothing', async () => {
    const t = tenant();
    await invokeOperation(note, contextOf(t), { id: 'n-1' });
    eventBridge.reset();
    const err = await invokeOperation(note, contextOf(t), { id: 'n-1' }).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/.+/);
    expect(published()).toEqual([]);
    expect(await outboxItemsOf(t)).toEqual([]);
  });

  it('an operation that fails after its write still publishes the event its write committed', async () => {
    const t = tenant();
    await expect(invokeOperation(note, contextOf(t), { id: 'n-2', fail: true })).rejects.toThrow();
    expect(published()).toEqual([{ id: 'n-2' }]);
  });

  it('when the bus refuses, the item stays for the relay, which publishes it once due', async () => {
    const t = tenant();
    eventBridge.on(PutEventsCommand).rejects(new Error('bus down'));
    await invokeOperation(note, contextOf(t), { id: 'n-3' });
    const [item] = await outboxItemsOf(t);
    expect(item).toMatchObject({
      detailType: 'NoteWritten',
      detail: { id: 'n-3' },
      attempts: 0,
      dueAt: at(FAST_PATH_GRACE_MS).toISOString(),
      gsi5pk: `DUE#OUTBOX#${dueShard(t)}`,
    });
    eventBridge.reset();
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{}] });
    // Not yet due: the fast path had its chance.
    expect(
      (await relayOutbox({ now: () => at(FAST_PATH_GRACE_MS - 1), log: createLogger() })).published,
    ).toBe(0);
    const report = await relayOutbox({ now: () => at(FAST_PATH_GRACE_MS), log: createLogger() });
    expect(report.published).toBeGreaterThanOrEqual(1);
    expect(published()).toContainEqual({ id: 'n-3' });
    expect(
      await new Store(t).get(outboxKey(t, String(item!.id)), { consistent: true }),
    ).toBeUndefined();
  });
});

describe('the relay', () => {
  it('retries with backoff, and 120 items failing at the head do not stall the one behind them', async () => {
    const t = tenant();
    await pendingEvents(t, [
      ...Array.from({ length: 120 }, (_, i): [string, Record<string, unknown>, Date] => [
        'Poison',
        { i },
        at(-10 * 60_000 + i),
      ]),
      ['Good', { ok: true }, at(-60_000)],
    ]);
    eventBridge.reset();
    eventBridge
      .on(PutEventsCommand)
      .callsFake((input: { Entries: { DetailType: string }[] }) =>
        input.Entries[0]!.DetailType === 'Poison'
          ? Promise.reject(new Error('poison'))
          : Promise.resolve({ FailedEntryCount: 0, Entries: [{}] }),
      );
    const { log, lines } = recordingLogger();
    const report = await relayOutbox({ now: () => T0, log });
    expect(report.published).toBe(1);
    expect(report.retried).toBe(120);
    expect(lines.filter((l) => l.msg === 'outbox publish failed')).toHaveLength(120);
    const items = await outboxItemsOf(t);
    expect(items).toHaveLength(120);
    for (const item of items)
      expect(item).toMatchObject({
        attempts: 1,
        dueAt: at(backoffMs(1)).toISOString(),
        lastError: 'poison',
      });
    // The next run before the backoff has passed leaves them alone.
    expect((await relayOutbox({ now: () => at(backoffMs(1) - 1), log })).retried).toBe(0);
  });

  it('sets an item aside as DEAD after the last attempt and logs the alarm line', async () => {
    const t = tenant();
    const store = await pendingEvents(t, [['Doomed', {}, at(-2 * FAST_PATH_GRACE_MS)]]);
    const [item] = await outboxItemsOf(t);
    await store.update({
      Key: outboxKey(t, String(item!.id)),
      UpdateExpression: 'SET attempts = :n',
      ExpressionAttributeValues: { ':n': MAX_PUBLISH_ATTEMPTS - 1 },
    });
    eventBridge.reset();
    eventBridge.on(PutEventsCommand).rejects(new Error('still down'));
    const { log, lines } = recordingLogger();
    expect((await relayOutbox({ now: () => T0, log })).dead).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: DEAD_EVENT_MESSAGE }),
    );
    const stored = await store.get(outboxKey(t, String(item!.id)), { consistent: true });
    expect(stored).toMatchObject({ status: 'DEAD', attempts: MAX_PUBLISH_ATTEMPTS });
    expect(stored?.gsi5pk).toBeUndefined();
  });

  it('spreads tenants over the due shards', () => {
    const shards = new Set(Array.from({ length: 64 }, (_, i) => dueShard(`tenant-${i}`)));
    expect(shards.size).toBe(DUE_SHARDS);
    expect(dueShard('tenant-1')).toBe(dueShard('tenant-1'));
  });
});
