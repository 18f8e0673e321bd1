import { beforeAll, describe, expect, it } from 'vitest';
import { failedConditionNames } from '../../shared/kernel/store/conditions';
import { chargeWrite } from '../../shared/modules/billing';
import * as billing from '../../shared/modules/billing/operations';
import * as patients from '../../shared/modules/patients/operations';
import { contextFor, invokeCounted, registeredHospital, useTestTable } from '../support/operations';

// The billing operations called directly: the dashboard's cost does not grow with the number of
// invoices, and a charge source charges once.

beforeAll(() => {
  useTestTable();
});

async function hospitalWithPatient() {
  const h = await registeredHospital();
  const ctx = () => contextFor(h.tenant, h.admin);
  const { output: patient } = await invokeCounted(patients.register, ctx(), {
    name: 'Sunita Rao',
    dateOfBirth: '1975-09-30',
    sex: 'female',
    phone: `+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
  return { ...h, ctx, patient: patient as { id: string; name: string; mrn: string } };
}

describe('billing operations', () => {
  it('the dashboard reads a fixed handful of items, however many invoices there are', async () => {
    const h = await hospitalWithPatient();
    const empty = await invokeCounted(billing.dashboard, h.ctx(), {});
    // Today, this month, the two months before, all time, and the settings.
    expect(empty.roundTrips).toBe(6);
    for (let i = 0; i < 4; i++) {
      await invokeCounted(billing.addCharge, h.ctx(), {
        patientId: h.patient.id,
        serviceType: 'procedure',
        description: `Dressing ${i}`,
        unitPrice: 10_000,
      });
      const { output: draft } = await invokeCounted(billing.create, h.ctx(), {
        patientId: h.patient.id,
      });
      const id = (draft as { id: string }).id;
      await invokeCounted(billing.setStatus, h.ctx(), { id, status: 'issued' });
      await invokeCounted(billing.pay, h.ctx(), { id, method: 'cash', amount: 4000 });
    }
    const busy = await invokeCounted(billing.dashboard, h.ctx(), {});
    expect(busy.roundTrips).toBe(6);
    expect(busy.output).toMatchObject({
      today: { billed: 40_000, invoicesIssued: 4, collectedTotal: 16_000 },
      outstanding: { total: 24_000 },
    });
  });

  it('a charge source charges once: a second charge for the same source fails its transaction', async () => {
    const h = await hospitalWithPatient();
    const ctx = h.ctx();
    const charge = {
      source: { type: 'dispense', id: 'd-0001' },
      patientId: h.patient.id,
      patientName: h.patient.name,
      mrn: h.patient.mrn,
      serviceType: 'pharmacy' as const,
      description: 'Amoxicillin 500 mg capsule',
      quantity: 15,
      unitPrice: 800,
      taxRateBp: 1200,
      occurredAt: ctx.now.toISOString(),
      by: h.admin.id,
    };
    await ctx.store.transact([await chargeWrite(ctx.store, charge)]);
    const again = await ctx.store.transact([await chargeWrite(ctx.store, charge)]).catch((e) => e);
    expect(failedConditionNames(again)).toEqual(['#0']);
    const { output } = await invokeCounted(billing.listChargesOp, h.ctx(), {
      patientId: h.patient.id,
    });
    expect((output as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        source: { type: 'dispense', id: 'd-0001' },
        quantity: 15,
        unitPrice: 800,
        currency: 'USD',
        taxRateBp: 1200,
        taxInclusive: false,
        status: 'billable',
      }),
    ]);
  });
});
