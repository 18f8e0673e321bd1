import { describe, expect, it } from 'vitest';
import { Conflict } from '../../../shared/kernel/errors';
import {
  availableQuantity,
  type BatchStock,
  daysBetween,
  dispenseChargeLines,
  expiryAdvice,
  fillType,
  isExpired,
  pickFefo,
  suggestedOrderQuantity,
  unitSellingPrice,
} from '../../../shared/modules/pharmacy/rules';
import { thrownBy as thrown } from '../../support/thrown';

const TODAY = '2026-11-23';
const batch = (
  id: string,
  expiryDate: string,
  quantity: number,
  extra: Partial<BatchStock> = {},
): BatchStock => ({
  id,
  batchNumber: id.toUpperCase(),
  expiryDate,
  quantity,
  unitCost: 100,
  status: 'active',
  ...extra,
});

describe('expiry', () => {
  it.each([
    ['2026-11-22', true],
    ['2026-11-23', false], // usable on the date on its label
    ['2026-11-24', false],
  ])('a batch expiring %s is expired on 2026-11-23: %s', (expiry, expired) => {
    expect(isExpired(expiry, TODAY)).toBe(expired);
  });

  it.each([
    ['2026-11-23', '2026-11-23', 0],
    ['2026-11-23', '2026-12-23', 30],
    ['2026-11-23', '2026-11-20', -3],
    ['2024-02-28', '2024-03-01', 2], // leap year
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    ['2026-11-20', 'expired', -3, /^Quarantine and write off/],
    ['2026-11-23', 'expiring', 0, /^Dispense first/],
    ['2026-12-23', 'expiring', 30, /^Dispense first/],
    ['2026-12-24', 'expiring', 31, /^Check expected use/],
  ] as const)('a batch expiring %s is %s, %i days, action %s', (expiry, state, days, action) => {
    const advice = expiryAdvice(expiry, TODAY);
    expect(advice).toMatchObject({ state, daysToExpiry: days });
    expect(advice.suggestedAction).toMatch(action);
  });
});

describe('first expiry, first out', () => {
  const batches = [
    batch('c', '2027-06-30', 50),
    batch('expired', '2026-11-22', 99),
    batch('a', '2026-12-10', 10),
    batch('recalled', '2026-11-30', 99, { status: 'recalled' }),
    batch('empty', '2026-11-25', 0),
    batch('b', '2027-01-31', 30, { unitCost: 120 }),
  ];

  it('counts only active, unexpired batches as available', () => {
    expect(availableQuantity(batches, TODAY)).toBe(90);
  });

  it.each([
    [5, [['a', 5]]],
    [10, [['a', 10]]],
    [
      15,
      [
        ['a', 10],
        ['b', 5],
      ],
    ],
    [
      90,
      [
        ['a', 10],
        ['b', 30],
        ['c', 50],
      ],
    ],
  ])('%i units come from %j', (quantity, expected) => {
    const plan = pickFefo(batches, quantity, TODAY);
    expect(plan.map((l) => [l.batchId, l.quantity])).toEqual(expected);
  });

  it('records the quantity each batch was planned from, and its cost', () => {
    expect(pickFefo(batches, 15, TODAY)).toEqual([
      {
        batchId: 'a',
        batchNumber: 'A',
        expiryDate: '2026-12-10',
        quantity: 10,
        unitCost: 100,
        batchQuantityBefore: 10,
      },
      {
        batchId: 'b',
        batchNumber: 'B',
        expiryDate: '2027-01-31',
        quantity: 5,
        unitCost: 120,
        batchQuantityBefore: 30,
      },
    ]);
  });

  it('breaks an expiry tie by batch number', () => {
    const tie = [batch('y', '2027-01-01', 5), batch('x', '2027-01-01', 5)];
    expect(pickFefo(tie, 7, TODAY).map((l) => [l.batchId, l.quantity])).toEqual([
      ['x', 5],
      ['y', 2],
    ]);
  });

  it('refuses short stock with 409, naming what is available', () => {
    const err = thrown(() => pickFefo(batches, 91, TODAY));
    expect(err).toBeInstanceOf(Conflict);
    expect((err as Conflict).message).toBe(
      'Not enough stock: 91 wanted, 90 available in unexpired, unrecalled batches',
    );
    expect((err as Conflict).details).toEqual({ wanted: 91, available: 90 });
  });
});

describe('prices and charge lines (minor units)', () => {
  it.each([
    [{ kind: 'fixed', unitPrice: 250 }, 100, 250],
    [{ kind: 'markup', percent: 0 }, 100, 100],
    [{ kind: 'markup', percent: 20 }, 100, 120],
    [{ kind: 'markup', percent: 12.5 }, 333, 375], // 374.625 → 375
    [{ kind: 'markup', percent: 12.5 }, 332, 374], // 373.5 → 374 (half up)
    [{ kind: 'markup', percent: 10 }, 5, 6], // 5.5 → 6
    [{ kind: 'markup', percent: 33.33 }, 999, 1332], // 1331.9667 → 1332
  ] as const)('%j on a unit cost of %i sells at %i', (pricing, cost, price) => {
    expect(unitSellingPrice(pricing, cost)).toBe(price);
  });

  const dispense = {
    itemId: 'item-1',
    lines: [
      { quantity: 10, unitCost: 100 },
      { quantity: 5, unitCost: 120 },
      { quantity: 2, unitCost: 100 },
    ],
  };
  const item = {
    id: 'item-1',
    code: 'PARA500',
    genericName: 'Paracetamol',
    strength: '500 mg',
    form: 'tablet',
  };

  it('one line at a fixed price', () => {
    expect(
      dispenseChargeLines(dispense, { ...item, pricing: { kind: 'fixed', unitPrice: 200 } }),
    ).toEqual([
      {
        itemId: 'item-1',
        itemCode: 'PARA500',
        description: 'Paracetamol 500 mg tablet',
        quantity: 17,
        unitPrice: 200,
      },
    ]);
  });

  it('a line per distinct price under a markup', () => {
    expect(
      dispenseChargeLines(dispense, { ...item, pricing: { kind: 'markup', percent: 25 } }),
    ).toEqual([
      {
        itemId: 'item-1',
        itemCode: 'PARA500',
        description: 'Paracetamol 500 mg tablet',
        quantity: 12,
        unitPrice: 125,
      },
      {
        itemId: 'item-1',
        itemCode: 'PARA500',
        description: 'Paracetamol 500 mg tablet',
        quantity: 5,
        unitPrice: 150,
      },
    ]);
  });

  it('describes the item as a bill line reads, with its brand', () => {
    const [line] = dispenseChargeLines(dispense, {
      ...item,
      brandName: 'Crocin',
      pricing: { kind: 'fixed', unitPrice: 200 },
    });
    expect(line!.description).toBe('Paracetamol 500 mg tablet (Crocin)');
  });

  it('refuses to price a dispense with another item', () => {
    expect(() =>
      dispenseChargeLines(dispense, {
        ...item,
        id: 'item-2',
        pricing: { kind: 'fixed', unitPrice: 1 },
      }),
    ).toThrow(/item-1 priced with item-2/);
  });
});

describe('reorder and fill type', () => {
  it.each([
    [{ onHand: 0, reorderLevel: 25, packSize: 10 }, 50],
    [{ onHand: 20, reorderLevel: 25, packSize: 10 }, 30],
    [{ onHand: 21, reorderLevel: 25, packSize: 10 }, 30], // 29 → 3 packs
    [{ onHand: 25, reorderLevel: 25, packSize: 100 }, 100],
    [{ onHand: 60, reorderLevel: 25, packSize: 10 }, 0],
  ])('%j orders %i', (item, order) => {
    expect(suggestedOrderQuantity(item)).toBe(order);
  });

  it.each([
    [0, 15, 15, 'FFC'],
    [0, 4, 12, 'FFP'],
    [4, 4, 12, 'RFP'],
    [8, 4, 12, 'RFC'],
  ] as const)('dispensed %i, now %i of %i: %s', (before, quantity, prescribed, type) => {
    expect(fillType(before, quantity, prescribed)).toBe(type);
  });
});
