import { beforeAll, describe, expect, it } from 'vitest';
import { shiftClock } from '../../shared/kernel/clock';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { opdRuntime } from '../support/opd';
import { pharmacyHospital } from '../support/pharmacy';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
const DAY_MS = 24 * 3600 * 1000;

type Hospital = Awaited<ReturnType<typeof pharmacyHospital>>;
let h: Hospital;
beforeAll(async () => {
  h = await pharmacyHospital(opd.url, TZ);
}, 60_000);

const stockOf = async (itemId: string) => {
  const r = await h.pharmacist.api.get(`/pharmacy/items/${itemId}/stock`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

const dispense = (body: Record<string, unknown>) =>
  h.pharmacist.api.post('/pharmacy/dispenses', body);

describe('formulary', () => {
  it('links an item to the drug catalogue by ATC code, and refuses a code taken or a drug it cannot identify', async () => {
    const item = await h.item({ genericName: 'acetaminophen' });
    // The catalogue knows acetaminophen as Paracetamol, N02BE01.
    expect(item).toMatchObject({ drugCode: 'N02BE01', genericName: 'Paracetamol', onHand: 0 });
    expectError(
      await h.pharmacist.api.post('/pharmacy/items', {
        code: item.code,
        genericName: 'Ibuprofen',
        form: 'tablet',
        strength: '400 mg',
        unit: 'tablet',
        packSize: 10,
        pricing: { kind: 'fixed', unitPrice: 300 },
        reorderLevel: 10,
      }),
      409,
      /already exists/,
    );
    expectError(
      await h.pharmacist.api.post('/pharmacy/items', {
        code: 'UNKNOWN-1',
        genericName: 'Zzzdrug',
        form: 'tablet',
        strength: '1 mg',
        unit: 'tablet',
        packSize: 10,
        pricing: { kind: 'markup', percent: 12.5 },
        reorderLevel: 0,
      }),
      400,
      /drugCode.*not in the drug catalogue/,
    );
    const byDrug = await h.pharmacist.api.get('/pharmacy/items?drugCode=N02BE01');
    expect(byDrug.body.items.map((i: any) => i.id)).toContain(item.id);
    // By a brand as prescribed: Calpol is paracetamol in the catalogue.
    const byBrand = await h.pharmacist.api.get('/pharmacy/items?drug=Calpol');
    expect(byBrand.body.items.map((i: any) => i.id)).toContain(item.id);
    expect(byBrand.body.items.every((i: any) => i.drugCode === 'N02BE01')).toBe(true);
    expectError(await h.pharmacist.api.get('/pharmacy/items?drug=Zzzdrug'), 400, /^Invalid.*drug:/);
  });
});

describe('receive → FEFO dispense → expiry scan → write-off', () => {
  it('receives three batches, dispenses across the first two in expiry order, scans and writes off', async () => {
    const item = await h.item();
    // Sent out of expiry order, so FEFO cannot be the order of receipt.
    const receipt = await h.receive(opd.today, [
      { itemId: item.id, batchNumber: 'C-300', days: 200, quantity: 50, unitCost: 90 },
      { itemId: item.id, batchNumber: 'A-100', days: 20, quantity: 10, unitCost: 100 },
      { itemId: item.id, batchNumber: 'B-200', days: 60, quantity: 30, unitCost: 120 },
    ]);
    // 50 × 90 + 10 × 100 + 30 × 120 = 4500 + 1000 + 3600
    expect(receipt.totalCost).toBe(9100);
    const receipts = await h.pharmacist.api.get('/pharmacy/receipts?limit=100');
    expect(receipts.body.items.find((r: any) => r.id === receipt.id)).toEqual(receipt);
    let stock = await stockOf(item.id);
    expect(stock).toMatchObject({
      available: 90,
      expiredAwaitingWriteOff: 0,
      valueAtCost: 9100,
      belowReorderLevel: false,
    });
    expect(stock.item.onHand).toBe(90);
    expect(stock.batches.map((b: any) => [b.batchNumber, b.quantity])).toEqual([
      ['A-100', 10],
      ['B-200', 30],
      ['C-300', 50],
    ]);

    // 15 owed: all 10 of A (first to expire), then 5 of B.
    const { encounter, rx } = await h.prescription(15);
    const d = await dispense({ encounterId: encounter.id, prescriptionId: rx.id, itemId: item.id });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body).toMatchObject({
      status: 'completed',
      type: 'FFC',
      quantity: 15,
      prescribedQuantity: 15,
      remainingOwed: 0,
      prescriptionStatus: 'completed',
      patientId: rx.patientId,
    });
    expect(d.body.lines.map((l: any) => [l.batchNumber, l.quantity, l.unitCost])).toEqual([
      ['A-100', 10, 100],
      ['B-200', 5, 120],
    ]);
    // The dispense charged the patient in the same transaction: 15 × 2.00 from the formulary.
    const charges = await h.admin.get(`/billing/charges?patientId=${rx.patientId}`);
    expect(charges.status, JSON.stringify(charges.body)).toBe(200);
    expect(charges.body.items).toEqual([
      expect.objectContaining({
        source: { type: 'dispense', id: d.body.id },
        serviceType: 'pharmacy',
        code: item.code,
        description: 'Paracetamol 500 mg tablet (Crocin)',
        quantity: 15,
        unitPrice: 200,
        status: 'billable',
      }),
    ]);
    const enc = await h.pharmacist.api.get(`/encounters/${encounter.id}`);
    expect(enc.body.prescriptions[0]).toMatchObject({
      status: 'completed',
      dispensedQuantity: 15,
      statusChangedBy: h.pharmacist.user.id,
    });
    // A completed prescription is not dispensed twice.
    expectError(
      await dispense({ encounterId: encounter.id, prescriptionId: rx.id, itemId: item.id }),
      409,
      /is completed/,
    );

    // Partial dispense: 4 of 12 now (B), 8 owed; then the remainder (B again).
    const second = await h.prescription(12);
    const ids = { encounterId: second.encounter.id, prescriptionId: second.rx.id, itemId: item.id };
    const part = await dispense({ ...ids, quantity: 4 });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body).toMatchObject({
      type: 'FFP',
      quantity: 4,
      remainingOwed: 8,
      prescriptionStatus: 'active',
    });
    expectError(await dispense({ ...ids, quantity: 9 }), 400, /quantity.*more than the 8/);
    const rest = await dispense(ids);
    expect(rest.body).toMatchObject({
      type: 'RFC',
      quantity: 8,
      remainingOwed: 0,
      prescriptionStatus: 'completed',
    });
    const history = await h.pharmacist.api.get(
      `/pharmacy/dispenses?prescriptionId=${second.rx.id}`,
    );
    expect(history.body.items.map((x: any) => [x.type, x.quantity])).toEqual([
      ['FFP', 4],
      ['RFC', 8],
    ]);

    stock = await stockOf(item.id);
    expect(stock.item.onHand).toBe(90 - 15 - 12);
    expect(stock.batches.map((b: any) => [b.batchNumber, b.quantity])).toEqual([
      ['A-100', 0],
      ['B-200', 13],
      ['C-300', 50],
    ]);

    // A short-dated delivery: expires in 3 days.
    await h.receive(opd.today, [
      { itemId: item.id, batchNumber: 'D-400', days: 3, quantity: 8, unitCost: 150 },
    ]);

    // Within 30 days: only D. Within 90: D then B (A is empty, C is beyond).
    const scan30 = await h.pharmacist.api.get('/pharmacy/expiry-scan?withinDays=30&limit=100');
    expect(scan30.status, JSON.stringify(scan30.body)).toBe(200);
    const mine = (rows: any[]) => rows.filter((r) => r.itemId === item.id);
    expect(mine(scan30.body.items)).toEqual([
      expect.objectContaining({
        batchNumber: 'D-400',
        state: 'expiring',
        daysToExpiry: 3,
        quantity: 8,
        unitCost: 150,
        valueAtCost: 1200,
        expiryDate: addDays(opd.today, 3),
        suggestedAction: expect.stringMatching(/^Dispense first/),
      }),
    ]);
    expect(scan30.body).toMatchObject({ asOf: opd.today, cutoff: addDays(opd.today, 30) });
    const scan90 = await h.pharmacist.api.get('/pharmacy/expiry-scan?withinDays=90&limit=100');
    expect(
      mine(scan90.body.items).map((r: any) => [r.batchNumber, r.quantity, r.valueAtCost]),
    ).toEqual([
      ['D-400', 8, 1200],
      ['B-200', 13, 1560],
    ]);

    // The ledger: every movement with who and when, newest first.
    const ledger = await h.pharmacist.api.get(`/pharmacy/items/${item.id}/movements?limit=100`);
    expect(
      ledger.body.items.map((m: any) => [m.type, m.batchNumber, m.quantity, m.batchQuantityAfter]),
    ).toEqual(
      expect.arrayContaining([
        ['receipt', 'A-100', 10, 10],
        ['dispense', 'A-100', -10, 0],
        ['dispense', 'B-200', -5, 25],
        ['receipt', 'D-400', 8, 8],
      ]),
    );
    expect(ledger.body.items).toHaveLength(3 + 2 + 1 + 1 + 1);
    expect(ledger.body.items.every((m: any) => m.by === h.pharmacist.user.id)).toBe(true);

    // Four days later D has expired: the scan says so, dispensing skips it, and it is written off.
    // Tokens expire with the clock moved: a pharmacy key carries on.
    const key = (await h.key(['pharmacy:read', 'pharmacy:write'], 'pharmacy desk')).api;
    const third = await h.prescription(5);
    shiftClock(4 * DAY_MS);
    try {
      const scan = await key.get('/pharmacy/expiry-scan?withinDays=0');
      expect(mine(scan.body.items)).toEqual([
        expect.objectContaining({
          batchNumber: 'D-400',
          state: 'expired',
          daysToExpiry: -1,
          quantity: 8,
          valueAtCost: 1200,
          suggestedAction: expect.stringMatching(/write off/),
        }),
      ]);
      stock = (await key.get(`/pharmacy/items/${item.id}/stock`)).body;
      expect(stock).toMatchObject({ available: 13 + 50, expiredAwaitingWriteOff: 8 });
      expect(stock.item.onHand).toBe(13 + 50 + 8);

      const fromB = await key.post('/pharmacy/dispenses', {
        encounterId: third.encounter.id,
        prescriptionId: third.rx.id,
        itemId: item.id,
      });
      expect(fromB.status, JSON.stringify(fromB.body)).toBe(201);
      expect(fromB.body.lines.map((l: any) => [l.batchNumber, l.quantity])).toEqual([['B-200', 5]]);

      const dBatch = stock.batches.find((b: any) => b.batchNumber === 'D-400');
      const off = await key.post(`/pharmacy/items/${item.id}/batches/${dBatch.id}/write-off`, {
        note: 'Found expired at the weekly check',
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(off.body).toMatchObject({
        batch: { status: 'written-off', quantity: 0 },
        movement: {
          type: 'expiry-write-off',
          quantity: -8,
          batchQuantityAfter: 0,
          reason: 'expiry',
        },
        onHand: 8 + 50,
      });
      expectError(
        await key.post(`/pharmacy/items/${item.id}/batches/${dBatch.id}/write-off`, {}),
        409,
        /from 'written-off' to 'written-off'/,
      );
      const after = await key.get('/pharmacy/expiry-scan?withinDays=0');
      expect(mine(after.body.items)).toEqual([]);
      // B (now 8 left, 56 days to go) cannot be written off yet.
      const bBatch = stock.batches.find((b: any) => b.batchNumber === 'B-200');
      expectError(
        await key.post(`/pharmacy/items/${item.id}/batches/${bBatch.id}/write-off`, {}),
        409,
        /still usable/,
      );
    } finally {
      shiftClock(-4 * DAY_MS);
    }
  });
});

describe('the last units', () => {
  it('two concurrent dispenses of the last 10 units: exactly one succeeds, the other is 409', async () => {
    const item = await h.item();
    await h.receive(opd.today, [
      { itemId: item.id, batchNumber: 'LAST-1', days: 100, quantity: 10, unitCost: 80 },
    ]);
    const [a, b] = await Promise.all([h.prescription(10), h.prescription(10)]);
    const replies = await Promise.all(
      [a, b].map((p) =>
        dispense({ encounterId: p.encounter.id, prescriptionId: p.rx.id, itemId: item.id }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = replies.find((r) => r.status === 409)!;
    expectError(lost, 409, /Not enough stock: 10 wanted, 0 available/);
    const stock = await stockOf(item.id);
    expect(stock.item.onHand).toBe(0);
    expect(stock.batches[0].quantity).toBe(0);
    // The loser's prescription is untouched: still active, nothing dispensed.
    const loser = [a, b][replies.indexOf(lost)]!;
    const enc = await h.pharmacist.api.get(`/encounters/${loser.encounter.id}`);
    expect(enc.body.prescriptions[0].status).toBe('active');
    expect(enc.body.prescriptions[0].dispensedQuantity).toBeUndefined();
    const ledger = await h.pharmacist.api.get(`/pharmacy/items/${item.id}/movements`);
    expect(ledger.body.items.map((m: any) => m.type).sort()).toEqual(['dispense', 'receipt']);
    // Only the winner's patient was charged.
    const charged = await Promise.all(
      [a, b].map((p) => h.admin.get(`/billing/charges?patientId=${p.rx.patientId}`)),
    );
    expect(charged.map((c) => c.body.items.length)).toEqual(
      replies.map((r) => (r.status === 201 ? 1 : 0)),
    );
  });

  it('concurrent dispenses that all fit: each succeeds, none is lost (the losers re-plan)', async () => {
    const item = await h.item();
    await h.receive(opd.today, [
      { itemId: item.id, batchNumber: 'BIG-1', days: 100, quantity: 100, unitCost: 80 },
    ]);
    const rxs = await Promise.all([h.prescription(2), h.prescription(3), h.prescription(4)]);
    const replies = await Promise.all(
      rxs.map((p) =>
        dispense({ encounterId: p.encounter.id, prescriptionId: p.rx.id, itemId: item.id }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201]);
    const stock = await stockOf(item.id);
    expect(stock.item.onHand).toBe(100 - 9);
    expect(stock.batches[0].quantity).toBe(91);
    const ledger = await h.pharmacist.api.get(`/pharmacy/items/${item.id}/movements`);
    const after = ledger.body.items
      .filter((m: any) => m.type === 'dispense')
      .map((m: any) => m.batchQuantityAfter)
      .sort((a: number, b: number) => a - b);
    // Each dispense saw the quantity the one before it left.
    expect(after[0]).toBe(91);
    expect(after).toHaveLength(3);
    expect(new Set(after).size).toBe(3);
  });
});

describe('adjustments, recalls and low stock', () => {
  it('adjusts with a reason, never below zero; a recalled batch is never dispensed; low stock suggests whole packs', async () => {
    const item = await h.item({ reorderLevel: 25, packSize: 10 });
    await h.receive(opd.today, [
      { itemId: item.id, batchNumber: 'R-1', days: 30, quantity: 20, unitCost: 50 },
      { itemId: item.id, batchNumber: 'R-2', days: 90, quantity: 12, unitCost: 55 },
    ]);
    const stock = await stockOf(item.id);
    const [r1, r2] = stock.batches;
    const path = (b: any, what: string) => `/pharmacy/items/${item.id}/batches/${b.id}/${what}`;

    const damaged = await h.pharmacist.api.post(path(r2, 'adjustments'), {
      quantity: -2,
      reason: 'damage',
      note: 'Strip crushed in transit',
    });
    expect(damaged.status, JSON.stringify(damaged.body)).toBe(201);
    expect(damaged.body).toMatchObject({
      batch: { quantity: 10 },
      movement: { type: 'adjustment', quantity: -2, reason: 'damage' },
      onHand: 30,
    });
    expectError(
      await h.pharmacist.api.post(path(r2, 'adjustments'), {
        quantity: -11,
        reason: 'theft-or-loss',
      }),
      409,
      /holds 10; it cannot lose 11/,
    );
    expectError(
      await h.pharmacist.api.post(path(r2, 'adjustments'), { quantity: 3, reason: 'damage' }),
      400,
      /quantity may only be positive for a count-correction/,
    );
    const counted = await h.pharmacist.api.post(path(r2, 'adjustments'), {
      quantity: 1,
      reason: 'count-correction',
    });
    expect(counted.body.onHand).toBe(31);

    // R-1 went to a patient before the recall: its ledger traces the lot to them.
    const early = await h.prescription(3);
    const before = await dispense({
      encounterId: early.encounter.id,
      prescriptionId: early.rx.id,
      itemId: item.id,
    });
    expect(before.body.lines.map((l: any) => [l.batchNumber, l.quantity])).toEqual([['R-1', 3]]);
    const recalled = await h.pharmacist.api.post(path(r1, 'recall'), {
      reason: 'Manufacturer recall notice MR-2026-17',
    });
    expect(recalled.status, JSON.stringify(recalled.body)).toBe(200);
    expect(recalled.body).toMatchObject({
      batch: { status: 'recalled', quantity: 0 },
      movement: { type: 'recall', quantity: -17 },
      onHand: 11,
    });
    const trace = await h.pharmacist.api.get(path(r1, 'movements'));
    expect(trace.status, JSON.stringify(trace.body)).toBe(200);
    expect(
      trace.body.items.map((m: any) => [m.type, m.quantity, m.patientId ?? null, m.reference]),
    ).toEqual([
      ['receipt', 20, null, expect.any(String)],
      ['dispense', -3, early.rx.patientId, before.body.id],
      ['recall', -17, null, undefined],
    ]);
    expectError(
      await h.pharmacist.api.post(path(r1, 'adjustments'), {
        quantity: 1,
        reason: 'count-correction',
      }),
      409,
      /is recalled/,
    );

    // 11 left, all in R-2: a prescription of 12 is short.
    const p = await h.prescription(12);
    expectError(
      await dispense({ encounterId: p.encounter.id, prescriptionId: p.rx.id, itemId: item.id }),
      409,
      /12 wanted, 11 available/,
    );
    const d = await dispense({
      encounterId: p.encounter.id,
      prescriptionId: p.rx.id,
      itemId: item.id,
      quantity: 11,
    });
    expect(d.body.lines.map((l: any) => l.batchNumber)).toEqual(['R-2']);
    expect(d.body).toMatchObject({ type: 'FFP', remainingOwed: 1, returnedQuantity: 0 });

    // The patient brings 3 back unused: restocked into R-2; the prescription still owes 1.
    const back = await h.pharmacist.api.post(`/pharmacy/dispenses/${d.body.id}/returns`, {
      quantity: 3,
      reason: 'Therapy changed; strips unopened',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({
      dispense: { returnedQuantity: 3, lines: [{ batchNumber: 'R-2', returnedQuantity: 3 }] },
      movement: { type: 'return', quantity: 3, batchQuantityAfter: 3, reference: d.body.id },
      onHand: 3,
    });
    expectError(
      await h.pharmacist.api.post(`/pharmacy/dispenses/${d.body.id}/returns`, {
        quantity: 9,
        reason: 'More',
      }),
      400,
      /quantity: is 9, more than the 8 of batch R-2 not yet returned/,
    );
    const rxAfter = await h.pharmacist.api.get(`/encounters/${p.encounter.id}`);
    expect(rxAfter.body.prescriptions[0]).toMatchObject({
      status: 'active',
      dispensedQuantity: 11,
    });
    await h.pharmacist.api.post(path(r2, 'adjustments'), { quantity: -3, reason: 'damage' });

    // 0 on hand, reorder level 25: order up to 50, in packs of 10.
    const low = await h.pharmacist.api.get('/pharmacy/low-stock?limit=100');
    expect(low.status).toBe(200);
    expect(low.body.items.find((r: any) => r.itemId === item.id)).toEqual({
      itemId: item.id,
      code: item.code,
      name: 'Paracetamol 500 mg tablet',
      onHand: 0,
      reorderLevel: 25,
      packSize: 10,
      suggestedOrderQuantity: 50,
    });
  });
});

describe('isolation and bad input', () => {
  it("another hospital's items, batches and prescriptions answer 404", async () => {
    const item = await h.item();
    await h.receive(opd.today, [
      { itemId: item.id, batchNumber: 'ISO-1', days: 100, quantity: 10, unitCost: 80 },
    ]);
    const batch = (await stockOf(item.id)).batches[0];
    const { encounter, rx } = await h.prescription(5);

    const other = await pharmacyHospital(opd.url, TZ);
    const theirs = other.pharmacist.api;
    expectError(await theirs.get(`/pharmacy/items/${item.id}/stock`), 404);
    expectError(await theirs.get(`/pharmacy/items/${item.id}/movements`), 404);
    expectError(
      await theirs.post(`/pharmacy/items/${item.id}/batches/${batch.id}/adjustments`, {
        quantity: -1,
        reason: 'damage',
      }),
      404,
    );
    expectError(await theirs.patch(`/pharmacy/items/${item.id}`, { reorderLevel: 1 }), 404);
    const ownItem = await other.item();
    await other.receive(opd.today, [
      { itemId: ownItem.id, batchNumber: 'X-1', days: 100, quantity: 10, unitCost: 80 },
    ]);
    // Our prescription from their pharmacy, and their stock for our prescription: both 404.
    expectError(
      await theirs.post('/pharmacy/dispenses', {
        encounterId: encounter.id,
        prescriptionId: rx.id,
        itemId: ownItem.id,
      }),
      404,
      /Prescription/,
    );
    expectError(
      await dispense({ encounterId: encounter.id, prescriptionId: rx.id, itemId: ownItem.id }),
      404,
      /Formulary item/,
    );
    expectError(
      await theirs.post('/pharmacy/receipts', {
        supplier: 'Medline',
        invoiceReference: 'X-2',
        lines: [
          {
            itemId: item.id,
            batchNumber: 'Z',
            expiryDate: addDays(opd.today, 9),
            quantity: 1,
            unitCost: 1,
          },
        ],
      }),
      404,
    );
    const scan = await theirs.get('/pharmacy/expiry-scan?withinDays=730&limit=100');
    expect(scan.body.items.map((r: any) => r.itemId)).toEqual([ownItem.id]);
    const list = await theirs.get('/pharmacy/items?limit=100');
    expect(list.body.items.map((i: any) => i.id)).toEqual([ownItem.id]);
    // Nothing of ours changed.
    expect((await stockOf(item.id)).item.onHand).toBe(10);
  });

  it('bad input is 400 naming the field, with nothing written', async () => {
    const item = await h.item();
    const good = {
      itemId: item.id,
      batchNumber: 'G-1',
      expiryDate: addDays(opd.today, 100),
      quantity: 10,
      unitCost: 80,
    };
    const base = { supplier: 'Medline', invoiceReference: 'INV-BAD-1' };
    expectError(
      await h.pharmacist.api.post('/pharmacy/receipts', {
        ...base,
        lines: [good, { ...good, batchNumber: 'G-2', expiryDate: addDays(opd.today, -1) }],
      }),
      400,
      /lines\.1\.expiryDate: is .*, not after today/,
    );
    expectError(
      await h.pharmacist.api.post('/pharmacy/receipts', { ...base, lines: [good, good] }),
      400,
      /lines\.1\.batchNumber: repeats line 0/,
    );
    expectError(
      await h.pharmacist.api.post('/pharmacy/receipts', {
        ...base,
        lines: [{ ...good, quantity: 0 }],
      }),
      400,
      /lines\.0\.quantity/,
    );
    expectError(
      await h.pharmacist.api.post('/pharmacy/receipts', {
        ...base,
        lines: [{ ...good, lot: 'x' }],
      }),
      400,
      /lines\.0\.lot: is not a known field/,
    );
    expectError(
      await h.pharmacist.api.post('/pharmacy/items', { code: 'X', genericName: 'Paracetamol' }),
      400,
      /code/,
    );
    let stock = await stockOf(item.id);
    expect(stock.item.onHand).toBe(0);
    expect(stock.batches).toEqual([]);
    expect((await h.pharmacist.api.get(`/pharmacy/items/${item.id}/movements`)).body.items).toEqual(
      [],
    );

    // The same invoice twice: the second is 409 and adds nothing.
    expect(
      (await h.pharmacist.api.post('/pharmacy/receipts', { ...base, lines: [good] })).status,
    ).toBe(201);
    expectError(
      await h.pharmacist.api.post('/pharmacy/receipts', {
        supplier: ' medline ',
        invoiceReference: 'inv-bad-1',
        lines: [{ ...good, batchNumber: 'G-9' }],
      }),
      409,
      /already been received/,
    );
    stock = await stockOf(item.id);
    expect(stock.item.onHand).toBe(10);

    // Dispensing another drug for the prescription: 400 on itemId, nothing moves.
    const ibuprofen = await h.item({
      genericName: 'Ibuprofen',
      brandName: 'Brufen',
      strength: '400 mg',
    });
    const { encounter, rx } = await h.prescription(5);
    expectError(
      await dispense({ encounterId: encounter.id, prescriptionId: rx.id, itemId: ibuprofen.id }),
      400,
      /itemId: is Ibuprofen \(M01AE01\); the prescription is for Paracetamol \(N02BE01\)/,
    );
    expectError(
      await dispense({
        encounterId: encounter.id,
        prescriptionId: rx.id,
        itemId: item.id,
        quantity: 0,
      }),
      400,
      /quantity/,
    );
    stock = await stockOf(item.id);
    expect(stock.item.onHand).toBe(10);
    const enc = await h.pharmacist.api.get(`/encounters/${encounter.id}`);
    expect(enc.body.prescriptions[0].dispensedQuantity).toBeUndefined();
    expectError(
      await h.pharmacist.api.get('/pharmacy/expiry-scan?withinDays=9999'),
      400,
      /withinDays/,
    );
  });
});
