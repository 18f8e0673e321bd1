/**
 * Pharmacy operations called directly: the DynamoDB round trips of each (the access patterns of
 * docs/data-model.md: a stock read, an expiry-scan page and a low-stock page are one Query each),
 * and who may act (an agent never dispenses).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor, UserActor } from '../../shared/kernel/actor';
import type { Context, TenantInfo } from '../../shared/kernel/context';
import type { AppError } from '../../shared/kernel/errors';
import { addDays, todayIn, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import * as departments from '../../shared/modules/departments/operations';
import * as doctors from '../../shared/modules/doctors/operations';
import * as encounters from '../../shared/modules/encounters/operations';
import * as patients from '../../shared/modules/patients/operations';
import * as pharmacy from '../../shared/modules/pharmacy/operations';
import * as users from '../../shared/modules/users/operations';
import { DAY_SCHEDULE } from '../support/opd';
import {
  contextFor,
  invokeCounted,
  invokeOperation,
  registeredHospital,
  useTestTable,
} from '../support/operations';

let tenant: TenantInfo;
let admin: UserActor;
let doctor: UserActor;
let pharmacist: UserActor;
let now: Date;
let today: string;
const as = (actor: Actor): Context => ({ ...contextFor(tenant, actor), now });

beforeAll(async () => {
  useTestTable();
  const h = await registeredHospital({ timezone: 'Asia/Kolkata' });
  tenant = h.tenant;
  admin = h.admin;
  today = addDays(todayIn(tenant.timeZone, new Date()), 1);
  now = zonedDateTimeToUtc(today, '09:00', tenant.timeZone);
  const made = async (role: 'DOCTOR' | 'PHARMACIST') => {
    const out = await invokeOperation(users.create, as(admin), {
      name: `${role} One`,
      email: `${role.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`,
      role,
    });
    return { kind: 'user', id: out.user.id, role } as UserActor;
  };
  doctor = await made('DOCTOR');
  pharmacist = await made('PHARMACIST');
  const dept = await invokeOperation(departments.create, as(admin), { name: 'Medicine' });
  await invokeOperation(doctors.create, as(admin), {
    userId: doctor.id,
    departmentId: dept.id,
    specialty: 'Internal Medicine',
    consultationFee: 500,
    schedule: DAY_SCHEDULE,
  });
}, 60_000);

async function prescription(quantity: number) {
  const patient = await invokeOperation(patients.register, as(admin), {
    name: 'Counted Patient',
    dateOfBirth: '1970-07-07',
    sex: 'male',
    phone: `+91 96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
  const encounter = await invokeOperation(encounters.create, as(doctor), {
    patientId: patient.id,
  });
  const rx = await invokeOperation(encounters.prescribe, as(doctor), {
    id: encounter.id,
    drugName: 'Paracetamol',
    strength: '500 mg',
    dose: '1 tablet',
    route: 'oral',
    frequency: 'four times a day',
    durationDays: 2,
    quantity,
  });
  return { encounterId: encounter.id, prescriptionId: rx.id };
}

describe('pharmacy operations', () => {
  it('make the documented number of DynamoDB round trips', async () => {
    const counts: Record<string, number> = {};
    const count = async (
      label: string,
      op: Parameters<typeof invokeCounted>[0],
      input: unknown,
    ) => {
      const { output, roundTrips } = await invokeCounted(op, as(pharmacist), input);
      counts[label] = roundTrips;
      return output as any;
    };
    const item = await count('pharmacy.createItem', pharmacy.createItem, {
      code: 'PARA500',
      genericName: 'Paracetamol',
      form: 'tablet',
      strength: '500 mg',
      unit: 'tablet',
      packSize: 10,
      pricing: { kind: 'fixed', unitPrice: 200 },
      reorderLevel: 50,
    });
    await count('pharmacy.receive (2 lines, 1 item)', pharmacy.receive, {
      supplier: 'Medline',
      invoiceReference: 'INV-1',
      lines: [
        {
          itemId: item.id,
          batchNumber: 'A',
          expiryDate: addDays(today, 10),
          quantity: 10,
          unitCost: 100,
        },
        {
          itemId: item.id,
          batchNumber: 'B',
          expiryDate: addDays(today, 90),
          quantity: 20,
          unitCost: 110,
        },
      ],
    });
    const rx = await prescription(12);
    await count('pharmacy.dispense (2 batches)', pharmacy.dispense, { ...rx, itemId: item.id });
    const stock = await count('pharmacy.stock', pharmacy.stock, { id: item.id });
    await count('pharmacy.adjust', pharmacy.adjust, {
      id: item.id,
      batchId: stock.batches[1].id,
      quantity: -1,
      reason: 'damage',
    });
    await count('pharmacy.listItems', pharmacy.listItemsOp, { limit: 20 });
    await count('pharmacy.movements', pharmacy.movements, { id: item.id, limit: 20 });
    await count('pharmacy.expiryScan', pharmacy.expiryScan, { withinDays: 90, limit: 20 });
    await count('pharmacy.lowStock', pharmacy.lowStock, { limit: 20 });
    expect(counts).toEqual({
      // The code lookup and the item: one transaction.
      'pharmacy.createItem': 1,
      // A GetItem per distinct item, then one transaction.
      'pharmacy.receive (2 lines, 1 item)': 2,
      // The prescription (Query on its encounter's RX# range) and the item with its batches
      // (Query), the patient and the billing settings for the charge (GetItems), then one transaction,
      // then the patient access record (shared/kernel/patient-access.ts).
      'pharmacy.dispense (2 batches)': 6,
      'pharmacy.stock': 1,
      // The item's batches (Query), the transaction, the counter read back.
      'pharmacy.adjust': 3,
      'pharmacy.listItems': 1,
      // The item exists (GetItem), then its ledger page, then the access record of the patient the
      // dispensing on the page names.
      'pharmacy.movements': 3,
      'pharmacy.expiryScan': 1,
      'pharmacy.lowStock': 1,
    });
    expect(stock).toMatchObject({ available: 18 });
  });

  it('an agent may read stock with a pharmacist’s token but never dispense', async () => {
    const agent: Actor = { kind: 'agent', agent: 'test-agent', credential: pharmacist };
    const items = await invokeOperation(pharmacy.listItemsOp, as(agent), { limit: 5 });
    expect(items.items.length).toBeGreaterThan(0);
    const rx = await prescription(1);
    const err = await invokeOperation(pharmacy.dispense, as(agent), {
      ...rx,
      itemId: items.items[0]!.id,
    }).catch((e: AppError) => e);
    expect(err).toMatchObject({ code: 'forbidden' });
    expect((err as AppError).message).toMatch(/agent may only propose/);
  });
});
