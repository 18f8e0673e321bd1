import { beforeAll, describe, expect, it } from 'vitest';
import { opdRuntime } from '../support/opd';
import { pharmacyHospital } from '../support/pharmacy';

// The pharmacy report from real dispenses against DynamoDB Local: the day's counters move in the
// dispense's own transaction; the stock figures are the stock as it stands. Expected figures are
// worked out by hand from the batches the test receives.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof pharmacyHospital>>;

beforeAll(async () => {
  h = await pharmacyHospital(opd.url, TZ);
}, 60_000);

describe('the pharmacy report', () => {
  it('counts dispensing, the stock-out and the short-dated stock of this hospital', async () => {
    const para = await h.item({ reorderLevel: 5 });
    const other = await h.item({ genericName: 'Cetirizine', strength: '10 mg' });
    await h.receive(opd.today, [
      { itemId: para.id, batchNumber: 'P-OLD', days: 100, quantity: 6, unitCost: 150 },
      { itemId: para.id, batchNumber: 'P-NEW', days: 200, quantity: 12, unitCost: 175 },
      { itemId: other.id, batchNumber: 'C-SHORT', days: 20, quantity: 5, unitCost: 400 },
    ]);
    for (const quantity of [8, 10]) {
      const { encounter, rx } = await h.prescription(quantity);
      h.must(
        await h.pharmacist.api.post('/pharmacy/dispenses', {
          encounterId: encounter.id,
          prescriptionId: rx.id,
          itemId: para.id,
        }),
        201,
        'dispense',
      );
    }
    // A dispense refused for want of stock counts nothing.
    const { encounter, rx } = await h.prescription(1);
    const refused = await h.pharmacist.api.post('/pharmacy/dispenses', {
      encounterId: encounter.id,
      prescriptionId: rx.id,
      itemId: para.id,
    });
    expect(refused.status).toBe(409);

    const manager = await h.staff('MANAGER');
    const r = await manager.api.get(`/reports/pharmacy?from=${opd.today}&to=${opd.today}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // First expiry first out: 8 = 6 × 150 + 2 × 175 = 1250; then 10 × 175 = 1750. The second
    // takes the last 10 of 18: a stock-out.
    expect(r.body.days).toEqual([
      {
        date: opd.today,
        values: { dispenses: 2, units: 18, costOfDispensed: 3000, stockOuts: 1 },
      },
    ]);
    expect(r.body.totals).toEqual({
      dispenses: 2,
      units: 18,
      costOfDispensed: 3000,
      stockOuts: 1,
      // Only cetirizine is left: 5 × 400, expiring within 30 days.
      stockValueAtCost: 2000,
      shortDatedBatches: 1,
      shortDatedValueAtCost: 2000,
      expiredBatches: 0,
      expiredValueAtCost: 0,
    });
    expect(r.body.breakdowns).toEqual([
      {
        dimension: 'item',
        rows: [
          {
            key: para.id,
            label: 'Paracetamol 500 mg tablet',
            values: { dispenses: 2, units: 18, costOfDispensed: 3000, stockOuts: 1 },
          },
        ],
      },
    ]);

    const csv = await manager.api.get(
      `/reports/pharmacy?from=${opd.today}&to=${opd.today}&format=csv`,
    );
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain('Paracetamol 500 mg tablet');
  });
});
