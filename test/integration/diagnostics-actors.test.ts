/**
 * The diagnostic order operations called directly, as the HITL executor and the agent platform
 * will call them: an agent with a doctor's token places only a draft, which a doctor activates;
 * the system carrying out a doctor's approval places an active order for that doctor; the system
 * on its own, or acting for someone who may not order, is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor, UserActor } from '../../shared/kernel/actor';
import type { Context, TenantInfo } from '../../shared/kernel/context';
import type { AppError } from '../../shared/kernel/errors';
import * as departments from '../../shared/modules/departments/operations';
import * as doctors from '../../shared/modules/doctors/operations';
import * as encounters from '../../shared/modules/encounters/operations';
import { labOrderChargeLines } from '../../shared/modules/lab';
import * as lab from '../../shared/modules/lab/operations';
import * as patients from '../../shared/modules/patients/operations';
import { radiologyOrderChargeLines } from '../../shared/modules/radiology';
import * as radiology from '../../shared/modules/radiology/operations';
import * as users from '../../shared/modules/users/operations';
import { DAY_SCHEDULE } from '../support/opd';
import {
  contextFor,
  invokeOperation,
  registeredHospital,
  useTestTable,
} from '../support/operations';

let tenant: TenantInfo;
let admin: UserActor;
let doctor: UserActor;
let nurse: UserActor;
const as = (actor: Actor): Context => contextFor(tenant, actor);

beforeAll(async () => {
  useTestTable();
  const h = await registeredHospital({ timezone: 'Asia/Kolkata' });
  tenant = h.tenant;
  admin = h.admin;
  const made = async (role: 'DOCTOR' | 'NURSE' | 'PATHOLOGIST' | 'RADIOLOGIST') => {
    const out = await invokeOperation(users.create, as(admin), {
      name: `${role} One`,
      email: `${role.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`,
      role,
    });
    return { kind: 'user', id: out.user.id, role } as UserActor;
  };
  doctor = await made('DOCTOR');
  nurse = await made('NURSE');
  const pathologist = await made('PATHOLOGIST');
  const dept = await invokeOperation(departments.create, as(admin), { name: 'Medicine' });
  await invokeOperation(doctors.create, as(admin), {
    userId: doctor.id,
    departmentId: dept.id,
    specialty: 'Internal Medicine',
    consultationFee: 500,
    schedule: DAY_SCHEDULE,
  });
  await invokeOperation(lab.installStarter, as(pathologist), { acceptPublishedRanges: true });
  await invokeOperation(radiology.putProcedureOp, as(await made('RADIOLOGIST')), {
    code: 'US-ABD',
    name: 'Ultrasound abdomen',
    modality: 'US',
    bodyPart: 'Abdomen',
    contrast: false,
    priceMinor: 120000,
  });
}, 60_000);

let n = 0;
async function openEncounter() {
  n += 1;
  const patient = await invokeOperation(patients.register, as(nurse), {
    name: `Kiran ${n}`,
    dateOfBirth: '1970-03-03',
    sex: 'male',
    phone: `+91 96${String(Date.now() % 1e6).padStart(6, '0')}${String(n).padStart(2, '0')}`,
  });
  return invokeOperation(encounters.create, as(doctor), { patientId: patient.id });
}

const labOrder = (encounterId: string) => ({
  source: { kind: 'encounter', id: encounterId },
  codes: ['58410-2', '718-7'],
  confirmDuplicate: true,
});

describe('lab orders by agents and the system', () => {
  it("an agent with the doctor's token places a draft; only a doctor activates it", async () => {
    const encounter = await openEncounter();
    const agent: Actor = { kind: 'agent', agent: 'ward-assistant', credential: doctor };
    const draft = await invokeOperation(lab.order, as(agent), labOrder(encounter.id));
    expect(draft).toMatchObject({ status: 'draft', requesterId: doctor.id, orderedBy: doctor.id });
    // A draft is on no worklist and cannot be collected.
    const refused = await invokeOperation(lab.collect, as(nurse), { id: draft.id }).catch(
      (e: AppError) => e,
    );
    expect(refused).toMatchObject({ code: 'conflict' });
    const byAgent = await invokeOperation(lab.setStatus, as(agent), {
      id: draft.id,
      status: 'active',
    }).catch((e: AppError) => e);
    expect(byAgent).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/may only propose/),
    });
    const active = await invokeOperation(lab.setStatus, as(doctor), {
      id: draft.id,
      status: 'active',
    });
    expect(active.status).toBe('active');
  });

  it("the system carrying out a doctor's approval orders for that doctor; alone, or for a nurse, it may not", async () => {
    const encounter = await openEncounter();
    const executor: Actor = { kind: 'system', job: 'agent-actions.executor', onBehalfOf: doctor };
    const order = await invokeOperation(lab.order, as(executor), labOrder(encounter.id));
    expect(order).toMatchObject({ status: 'active', requesterId: doctor.id, orderedBy: doctor.id });

    const alone = await invokeOperation(
      lab.order,
      as({ kind: 'system', job: 'agent-actions.expiry' }),
      labOrder(encounter.id),
    ).catch((e: AppError) => e);
    expect(alone).toMatchObject({ code: 'forbidden' });
    const forNurse = await invokeOperation(
      lab.order,
      as({ kind: 'system', job: 'x', onBehalfOf: nurse }),
      labOrder(encounter.id),
    ).catch((e: AppError) => e);
    expect(forNurse).toMatchObject({
      code: 'forbidden',
      message: 'Role NURSE may not use lab.order',
    });
  });

  it('an order gives billing one charge line per test or panel, none once revoked', async () => {
    const encounter = await openEncounter();
    const order = await invokeOperation(lab.order, as(doctor), labOrder(encounter.id));
    expect(labOrderChargeLines(order)).toEqual([
      {
        source: 'lab',
        orderId: order.id,
        patientId: order.patientId,
        code: '58410-2',
        codeSystem: 'LOINC',
        description: 'Complete blood count (CBC) (panel)',
        quantity: 1,
        unitPriceMinor: 35000,
      },
      {
        source: 'lab',
        orderId: order.id,
        patientId: order.patientId,
        code: '718-7',
        codeSystem: 'LOINC',
        description: 'Haemoglobin',
        quantity: 1,
        unitPriceMinor: 12000,
      },
    ]);
    const revoked = await invokeOperation(lab.setStatus, as(doctor), {
      id: order.id,
      status: 'revoked',
      reason: 'Duplicate',
    });
    expect(labOrderChargeLines(revoked)).toEqual([]);
  });
});

describe('radiology orders by agents and the system', () => {
  const radOrder = (encounterId: string) => ({
    source: { kind: 'encounter', id: encounterId },
    procedureCode: 'US-ABD',
    clinicalQuestion: 'Right upper quadrant pain: gallstones?',
  });

  it('an agent places a draft a doctor activates; the system acting for the doctor places an active order; alone it may not', async () => {
    const encounter = await openEncounter();
    const agent: Actor = { kind: 'agent', agent: 'ward-assistant', credential: doctor };
    const draft = await invokeOperation(radiology.order, as(agent), radOrder(encounter.id));
    expect(draft).toMatchObject({ status: 'draft', requesterId: doctor.id });
    expect(draft.accession).toMatch(/^R\d{8}$/);
    const active = await invokeOperation(radiology.setStatus, as(doctor), {
      id: draft.id,
      status: 'active',
    });
    expect(active.status).toBe('active');

    const executor: Actor = { kind: 'system', job: 'agent-actions.executor', onBehalfOf: doctor };
    const placed = await invokeOperation(radiology.order, as(executor), radOrder(encounter.id));
    expect(placed).toMatchObject({
      status: 'active',
      requesterId: doctor.id,
      orderedBy: doctor.id,
    });
    expect(Number(placed.accession.slice(1))).toBe(Number(draft.accession.slice(1)) + 1);
    expect(radiologyOrderChargeLines(placed)).toEqual([
      {
        source: 'radiology',
        orderId: placed.id,
        patientId: placed.patientId,
        code: 'US-ABD',
        codeSystem: 'local',
        description: `Ultrasound abdomen (${placed.accession})`,
        quantity: 1,
        unitPriceMinor: 120000,
      },
    ]);

    const alone = await invokeOperation(
      radiology.order,
      as({ kind: 'system', job: 'x' }),
      radOrder(encounter.id),
    ).catch((e: AppError) => e);
    expect(alone).toMatchObject({ code: 'forbidden' });
  });
});
