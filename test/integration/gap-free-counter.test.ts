/**
 * The gap-free counter (Store.withNextCounterValue) against DynamoDB Local: many writers in the
 * same instant each get a number, the numbers are 1..N with none skipped or repeated, and a writer
 * whose own item's condition fails takes no number.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../shared/kernel/store/store';
import { useTestTable } from '../support/operations';

beforeAll(() => useTestTable());

/** One numbered record per call, in the same transaction as the counter. */
function numberedWrite(store: Store, counter: string, id: string) {
  return store.withNextCounterValue(store.keys.child('GAPFREE', counter, 'counter'), (n) => [
    {
      name: 'record',
      Put: {
        Item: { ...store.keys.child('GAPFREE', counter, 'record', id), entity: 'Numbered', n },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

describe('gap-free counter', () => {
  it('thirty writers at once all get a number, 1 to 30, none skipped or repeated', async () => {
    const store = new Store(`t-${randomUUID()}`);
    const counter = randomUUID();
    const numbers = await Promise.all(
      Array.from({ length: 30 }, () => numberedWrite(store, counter, randomUUID())),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  }, 30_000);

  it('a write whose own condition fails takes no number: the next writer gets it', async () => {
    const store = new Store(`t-${randomUUID()}`);
    const counter = randomUUID();
    expect(await numberedWrite(store, counter, 'a')).toBe(1);
    await expect(numberedWrite(store, counter, 'a')).rejects.toThrow();
    expect(await numberedWrite(store, counter, 'b')).toBe(2);
  });
});
