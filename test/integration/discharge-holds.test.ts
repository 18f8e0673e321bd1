/**
 * What holds a discharge (issue 16, item 4) and the pharmacy's part in it (item 5): an active lab
 * order from the admission, and discharge medicines prescribed while the patient is in and not
 * yet dispensed, each hold the discharge and release themselves when their cause ends; the
 * pharmacy dispenses an admission's prescriptions like outpatient ones (FEFO, stock never
 * negative, charges), matching strength, form and unit and re-checking allergies (item 10).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { inpatientHospital, must } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);

const SUMMARY = {
  finalDiagnoses: [{ text: 'Community-acquired pneumonia' }],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};

async function ward() {
  const h = await inpatientHospital(rt.url, TZ);
  const [tech, tech2, pathologist, pharmacist] = await Promise.all([
    h.staff('LAB_TECHNICIAN'),
    h.staff('LAB_TECHNICIAN'),
    h.staff('PATHOLOGIST'),
    h.staff('PHARMACIST'),
  ]);
  await must(
    pathologist.api.post('/lab/catalogue/starter', { acceptPublishedRanges: true }),
    200,
    'starter catalogue',
  );
  const w = await h.ward();
  const admitted = async (patient: Record<string, unknown> = {}) => {
    const p = await h.patient(patient);
    return must(h.admit(p.id, { wardId: w.id }), 201, 'admission');
  };
  const discharge = (id: string, body: Record<string, unknown> = {}) =>
    h.doctorUser.api.post(`/admissions/${id}/discharge`, { ...SUMMARY, ...body });
  return { ...h, tech, tech2, pathologist, pharmacist, admitted, discharge };
}

describe('a lab order from the admission holds the discharge (item 4)', () => {
  it('until its report is verified, or it is revoked; a draft holds nothing until activated', async () => {
    const h = await ward();
    const adm = await h.admitted();
    const order = (codes: string[]) =>
      must(
        h.doctorUser.api.post('/lab/orders', {
          source: { kind: 'admission', id: adm.id },
          codes,
          confirmDuplicate: true,
        }),
        201,
        'order',
      );
    const cbc = await order(['58410-2']);
    const bmp = await order(['51990-0']);
    const blocked = await h.discharge(adm.id);
    expectError(blocked, 409, /open lab order lab-order-.*not yet reported/);
    expect(blocked.body.blockers).toHaveLength(2);

    // The BMP is revoked: its hold goes; the CBC still holds.
    await must(
      h.doctorUser.api.patch(`/lab/orders/${bmp.id}/status`, {
        status: 'revoked',
        reason: 'Not needed after review',
      }),
      200,
      'revoke',
    );
    const stillBlocked = await h.discharge(adm.id);
    expectError(stillBlocked, 409, new RegExp(`lab-order-${cbc.id}`));
    expect(stillBlocked.body.blockers).toHaveLength(1);

    // The CBC is collected, resulted and verified: the last hold goes.
    await must(h.tech.api.post(`/lab/orders/${cbc.id}/specimens`, {}), 201, 'collect');
    await must(
      h.tech.api.post(`/lab/orders/${cbc.id}/results`, {
        results: [
          { code: '718-7', value: 13.5 },
          { code: '4544-3', value: 41 },
          { code: '6690-2', value: 7.2 },
          { code: '777-3', value: 250 },
        ],
      }),
      200,
      'results',
    );
    await must(h.tech2.api.post(`/lab/orders/${cbc.id}/verify`, {}), 200, 'verify');
    const done = await h.discharge(adm.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });
});

/** A formulary item and stock for it, received by the pharmacist. */
async function stocked(
  h: Awaited<ReturnType<typeof ward>>,
  item: Record<string, unknown>,
  batches: { days: number; quantity: number; unitCost: number }[],
) {
  const created = await must(
    h.pharmacist.api.post('/pharmacy/items', {
      code: `ITEM-${randomUUID().slice(0, 6)}`,
      unit: 'tablet',
      packSize: 10,
      pricing: { kind: 'fixed', unitPrice: 300 },
      reorderLevel: 10,
      ...item,
    }),
    201,
    'item',
  );
  await must(
    h.pharmacist.api.post('/pharmacy/receipts', {
      supplier: 'Medline Distributors',
      invoiceReference: `INV-${randomUUID().slice(0, 8)}`,
      lines: batches.map((b, i) => ({
        itemId: created.id,
        batchNumber: `B${i + 1}-${randomUUID().slice(0, 4)}`,
        expiryDate: addDays(rt.today, b.days),
        quantity: b.quantity,
        unitCost: b.unitCost,
      })),
    }),
    201,
    'receipt',
  );
  return created;
}

const AMOXICILLIN_TTO = {
  drugName: 'Amoxicillin',
  strength: '500 mg',
  dose: '1 capsule',
  route: 'oral',
  frequency: 'three times a day',
  durationDays: 5,
  quantity: 15,
};

describe('discharge medicines hold the discharge until dispensed (items 4 and 5)', () => {
  it('a TTO prescribed during the stay holds it; the pharmacy dispenses it (FEFO, charged) and the hold goes', async () => {
    const h = await ward();
    const adm = await h.admitted();
    const amoxicillin = await stocked(
      h,
      { genericName: 'Amoxicillin', form: 'capsule', strength: '500 mg', unit: 'capsule' },
      [
        { days: 200, quantity: 50, unitCost: 150 },
        { days: 40, quantity: 10, unitCost: 120 },
      ],
    );
    const tto = await must(
      h.doctorUser.api.post(`/admissions/${adm.id}/prescriptions`, AMOXICILLIN_TTO),
      201,
      'tto',
    );
    expect(tto).toMatchObject({
      encounterId: adm.id,
      status: 'active',
      drugCode: 'J01CA04',
      prescriberId: h.doctorUser.user.id,
    });
    // Only a doctor prescribes, and only while the patient is in.
    expectError(
      await h.nurse.api.post(`/admissions/${adm.id}/prescriptions`, AMOXICILLIN_TTO),
      403,
    );
    expectError(
      await h.admin.post(`/admissions/${adm.id}/prescriptions`, AMOXICILLIN_TTO),
      403,
      /clinical decision/,
    );
    const stopped = await must(
      h.doctorUser.api.post(`/admissions/${adm.id}/prescriptions`, {
        ...AMOXICILLIN_TTO,
        drugName: 'Paracetamol',
        dose: '1 tablet',
        frequency: 'every 6 hours when required',
      }),
      201,
      'second tto',
    );
    const blocked = await h.discharge(adm.id);
    expectError(blocked, 409, /open discharge medicine rx-.*Amoxicillin 500 mg not yet dispensed/);
    expect(blocked.body.blockers).toHaveLength(2);

    // The doctor stops the paracetamol: its hold goes with it.
    await must(
      h.doctorUser.api.patch(`/admissions/${adm.id}/prescriptions/${stopped.id}`, {
        status: 'cancelled',
        reason: 'Not needed at home',
      }),
      200,
      'cancel',
    );
    expect((await h.discharge(adm.id)).body.blockers).toHaveLength(1);

    // The pharmacy dispenses the amoxicillin: the batch that expires first goes first.
    const dispensed = await h.pharmacist.api.post('/pharmacy/dispenses', {
      encounterId: adm.id,
      prescriptionId: tto.id,
      itemId: amoxicillin.id,
    });
    expect(dispensed.status, JSON.stringify(dispensed.body)).toBe(201);
    expect(dispensed.body).toMatchObject({
      quantity: 15,
      remainingOwed: 0,
      prescriptionStatus: 'completed',
    });
    expect(
      dispensed.body.lines.map((l: { quantity: number; expiryDate: string }) => l.quantity),
    ).toEqual([10, 5]);
    const charges = await must(
      h.admin.get(`/billing/charges?patientId=${adm.patientId}`),
      200,
      'charges',
    );
    expect(
      charges.items
        .filter((c: { serviceType: string }) => c.serviceType === 'pharmacy')
        .map((c: { quantity: number; unitPrice: number }) => [c.quantity, c.unitPrice]),
    ).toEqual([[15, 300]]);
    const stock = await must(
      h.pharmacist.api.get(`/pharmacy/items/${amoxicillin.id}/stock`),
      200,
      'stock',
    );
    expect(stock.item.onHand).toBe(45);

    const done = await h.discharge(adm.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.prescriptions.find((p: { id: string }) => p.id === tto.id)).toMatchObject({
      status: 'completed',
      dispensedQuantity: 15,
    });
  });

  it('medicines written with the discharge are dispensed afterwards like outpatient ones, never below zero', async () => {
    const h = await ward();
    const adm = await h.admitted();
    const paracetamol = await stocked(
      h,
      { genericName: 'Paracetamol', form: 'tablet', strength: '500 mg' },
      [{ days: 100, quantity: 8, unitCost: 50 }],
    );
    const done = await must(
      h.discharge(adm.id, {
        medications: [
          {
            ...AMOXICILLIN_TTO,
            drugName: 'Paracetamol',
            dose: '1 tablet',
            frequency: 'every 6 hours when required',
            quantity: 12,
          },
        ],
      }),
      200,
      'discharge',
    );
    const rx = done.prescriptions[0];
    // Not enough stock: refused, nothing taken.
    expectError(
      await h.pharmacist.api.post('/pharmacy/dispenses', {
        encounterId: adm.id,
        prescriptionId: rx.id,
        itemId: paracetamol.id,
      }),
      409,
      /Not enough stock: 12 wanted, 8 available/,
    );
    const part = await h.pharmacist.api.post('/pharmacy/dispenses', {
      encounterId: adm.id,
      prescriptionId: rx.id,
      itemId: paracetamol.id,
      quantity: 8,
    });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body).toMatchObject({ quantity: 8, remainingOwed: 4, type: 'FFP' });
    const stock = await must(
      h.pharmacist.api.get(`/pharmacy/items/${paracetamol.id}/stock`),
      200,
      's',
    );
    expect(stock.item.onHand).toBe(0);
  });
});

describe('dispensing matches strength, form and unit, and re-checks allergies (item 10)', () => {
  it('a 500 mg tablet is not filled from a 120 mg/5 mL suspension or a capsule', async () => {
    const h = await ward();
    const p = await h.patient();
    const enc = await must(h.doctorUser.api.post('/encounters', { patientId: p.id }), 201, 'enc');
    const rx = await must(
      h.doctorUser.api.post(`/encounters/${enc.id}/prescriptions`, {
        ...AMOXICILLIN_TTO,
        drugName: 'Paracetamol',
        dose: '1 tablet',
        quantity: 10,
      }),
      201,
      'rx',
    );
    const dispense = (itemId: string) =>
      h.pharmacist.api.post('/pharmacy/dispenses', {
        encounterId: enc.id,
        prescriptionId: rx.id,
        itemId,
      });
    const suspension = await stocked(
      h,
      {
        genericName: 'Paracetamol',
        form: 'oral suspension',
        strength: '120 mg/5 mL',
        unit: 'bottle',
      },
      [{ days: 100, quantity: 20, unitCost: 900 }],
    );
    expectError(await dispense(suspension.id), 400, /itemId: .*120 mg\/5 mL.*500 mg/);
    const capsule = await stocked(
      h,
      { genericName: 'Paracetamol', form: 'capsule', strength: '500 mg', unit: 'capsule' },
      [{ days: 100, quantity: 20, unitCost: 40 }],
    );
    expectError(await dispense(capsule.id), 400, /itemId: .*capsule.*tablet/);
    const strip = await stocked(
      h,
      { genericName: 'Paracetamol', form: 'tablet', strength: '500 mg', unit: 'strip' },
      [{ days: 100, quantity: 20, unitCost: 400 }],
    );
    expectError(await dispense(strip.id), 400, /itemId: .*strip.*tablet/);
    // The same strength written another way is the same strength.
    const gram = await stocked(
      h,
      { genericName: 'Paracetamol', form: 'tablet', strength: '0.5 g' },
      [{ days: 100, quantity: 20, unitCost: 40 }],
    );
    expect((await dispense(gram.id)).status).toBe(201);
  });

  it('an allergy recorded after prescribing stops the dispense until the prescriber decides', async () => {
    const h = await ward();
    const p = await h.patient();
    const enc = await must(h.doctorUser.api.post('/encounters', { patientId: p.id }), 201, 'enc');
    const rx = await must(
      h.doctorUser.api.post(`/encounters/${enc.id}/prescriptions`, AMOXICILLIN_TTO),
      201,
      'rx',
    );
    const item = await stocked(
      h,
      { genericName: 'Amoxicillin', form: 'capsule', strength: '500 mg', unit: 'capsule' },
      [{ days: 100, quantity: 30, unitCost: 100 }],
    );
    await must(
      h.reception.api.patch(`/patients/${p.id}`, { allergies: ['Penicillin - rash'] }),
      200,
      'allergy',
    );
    expectError(
      await h.pharmacist.api.post('/pharmacy/dispenses', {
        encounterId: enc.id,
        prescriptionId: rx.id,
        itemId: item.id,
      }),
      409,
      /Amoxicillin conflicts with recorded allergies not reviewed when it was prescribed: Penicillin - rash/,
    );
  });
});
