/**
 * Admission and discharge operations called directly, as the HITL executors will call them: the
 * system carrying out a person's approval acts as that person; an agent and the system on its own
 * may not. And a stay across the spring clock change in London: its length of stay and its
 * bed-day charge lines in the hospital's time zone. And a discharge hold another module places.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor, UserActor } from '../../shared/kernel/actor';
import type { Context, TenantInfo } from '../../shared/kernel/context';
import type { AppError } from '../../shared/kernel/errors';
import { zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import {
  admissionBedDayCharges,
  placeDischargeHold,
  releaseDischargeHold,
} from '../../shared/modules/admissions';
import * as admissions from '../../shared/modules/admissions/operations';
import * as beds from '../../shared/modules/beds/operations';
import * as departments from '../../shared/modules/departments/operations';
import * as doctors from '../../shared/modules/doctors/operations';
import * as patients from '../../shared/modules/patients/operations';
import * as users from '../../shared/modules/users/operations';
import { DAY_SCHEDULE } from '../support/opd';
import {
  contextFor,
  invokeOperation,
  registeredHospital,
  useTestTable,
} from '../support/operations';

const TZ = 'Europe/London';
let tenant: TenantInfo;
let admin: UserActor;
let doctor: UserActor;
let nurse: UserActor;
let reception: UserActor;
const wards: { id: string; beds: { id: string }[] }[] = [];
const as = (actor: Actor, now = new Date()): Context => ({ ...contextFor(tenant, actor), now });
const london = (date: string, time: string) => zonedDateTimeToUtc(date, time, TZ);

async function refused(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected the call to be refused');
}

beforeAll(async () => {
  useTestTable();
  const h = await registeredHospital({ timezone: TZ, country: 'GB' });
  tenant = h.tenant;
  admin = h.admin;
  const made = async (role: 'DOCTOR' | 'NURSE' | 'RECEPTIONIST') => {
    const out = await invokeOperation(users.create, as(admin), {
      name: `${role} One`,
      email: `${role.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`,
      role,
    });
    return { kind: 'user', id: out.user.id, role } as UserActor;
  };
  [doctor, nurse, reception] = await Promise.all([
    made('DOCTOR'),
    made('NURSE'),
    made('RECEPTIONIST'),
  ]);
  const dept = await invokeOperation(departments.create, as(admin), { name: 'Medicine' });
  await invokeOperation(doctors.create, as(admin), {
    userId: doctor.id,
    departmentId: dept.id,
    specialty: 'Internal Medicine',
    consultationFee: 5000,
    schedule: DAY_SCHEDULE,
  });
  for (const [name, dailyCharge] of [
    ['Elm Ward', 25_000],
    ['Oak HDU', 90_000],
  ] as const) {
    const ward = await invokeOperation(beds.createWard, as(admin), {
      name,
      type: 'general',
      sexPolicy: 'mixed',
      dailyCharge,
    });
    const made = await invokeOperation(beds.createBeds, as(admin), {
      id: ward.id,
      series: { prefix: 'E', count: 3 },
    });
    wards.push({ id: ward.id, beds: made.items });
  }
}, 60_000);

let phones = 0;
const newPatient = () =>
  invokeOperation(patients.register, as(reception), {
    name: 'Edith Clarke',
    dateOfBirth: '1950-04-02',
    sex: 'female',
    phone: `+44 7700 9${String(Date.now() % 1e3).padStart(3, '0')}${String(++phones).padStart(2, '0')}`,
    allergies: ['Penicillin'],
  });

const admitInput = (patientId: string, bedId: string) => ({
  patientId,
  source: 'emergency',
  doctorId: doctor.id,
  reason: 'Fall with hip pain',
  bedId,
});

const SUMMARY = {
  finalDiagnoses: [{ text: 'Fractured neck of femur', code: 'S72.0', system: 'ICD-10' }],
  procedures: ['Hemiarthroplasty'],
  conditionAtDischarge: 'Mobilising with a frame',
  disposition: 'home-with-support',
  medications: [
    {
      drugName: 'Paracetamol',
      strength: '500 mg',
      dose: '2 tablets',
      route: 'oral',
      frequency: 'four times a day',
      durationDays: 7,
      quantity: 56,
    },
  ],
};

describe('actors', () => {
  it('the system carrying out approvals admits as the receptionist and discharges as the doctor; agents and the system alone may not', async () => {
    const patient = await newPatient();
    const agent: Actor = { kind: 'agent', agent: 'test-agent', credential: doctor };
    expect(
      (
        await refused(
          invokeOperation(
            admissions.admit,
            as(agent),
            admitInput(patient.id, wards[0]!.beds[0]!.id),
          ),
        )
      ).code,
    ).toBe('forbidden');
    const alone: Actor = { kind: 'system', job: 'agent-actions.expiry' };
    expect(
      (
        await refused(
          invokeOperation(
            admissions.admit,
            as(alone),
            admitInput(patient.id, wards[0]!.beds[0]!.id),
          ),
        )
      ).code,
    ).toBe('forbidden');

    const forReception: Actor = {
      kind: 'system',
      job: 'agent-actions.executor',
      onBehalfOf: reception,
    };
    const admitted = await invokeOperation(
      admissions.admit,
      as(forReception),
      admitInput(patient.id, wards[0]!.beds[0]!.id),
    );
    expect(admitted).toMatchObject({ status: 'in-progress', admittedBy: reception.id });
    expect(admitted.bedHistory[0]!.by).toBe(reception.id);

    // A nurse's approval cannot discharge: the approver's role decides.
    const forNurse: Actor = { kind: 'system', job: 'agent-actions.executor', onBehalfOf: nurse };
    expect(
      (
        await refused(
          invokeOperation(admissions.discharge, as(forNurse), { id: admitted.id, ...SUMMARY }),
        )
      ).code,
    ).toBe('forbidden');
    expect(
      (
        await refused(
          invokeOperation(admissions.discharge, as(agent), { id: admitted.id, ...SUMMARY }),
        )
      ).code,
    ).toBe('forbidden');
    // An agent with a token may read.
    expect((await invokeOperation(admissions.get, as(agent), { id: admitted.id })).id).toBe(
      admitted.id,
    );

    const forDoctor: Actor = { kind: 'system', job: 'agent-actions.executor', onBehalfOf: doctor };
    const done = await invokeOperation(admissions.discharge, as(forDoctor), {
      id: admitted.id,
      ...SUMMARY,
    });
    expect(done.status).toBe('discharged');
    expect(done.discharge?.dischargedBy).toBe(doctor.id);
    expect(done.prescriptions.map((p) => [p.drugName, p.prescriberId, p.status])).toEqual([
      ['Paracetamol', doctor.id, 'active'],
    ]);
  });
});

describe('a stay across the clock change', () => {
  it('counts midnights in London: 28 to 30 March 2026 is two days, 47 hours, charged one day per ward', async () => {
    const patient = await newPatient();
    const [elm, oak] = wards;
    // Saturday 28 March 2026 10:00 GMT; clocks go forward at 01:00 on Sunday 29 March.
    const admitted = await invokeOperation(
      admissions.admit,
      as(reception, london('2026-03-28', '10:00')),
      admitInput(patient.id, elm!.beds[1]!.id),
    );
    expect(admitted.admittedDate).toBe('2026-03-28');
    const moved = await invokeOperation(
      admissions.transfer,
      as(doctor, london('2026-03-29', '15:00')),
      {
        id: admitted.id,
        bedId: oak!.beds[1]!.id,
        reason: 'Post-operative monitoring',
      },
    );
    expect(moved.bedHistory).toHaveLength(2);
    const done = await invokeOperation(
      admissions.discharge,
      as(doctor, london('2026-03-30', '10:00')),
      {
        id: admitted.id,
        ...SUMMARY,
      },
    );
    expect(done.lengthOfStay).toEqual({ days: 2, hours: 47 });
    expect(done.endedAt).toBe('2026-03-30T09:00:00.000Z');
    expect(admissionBedDayCharges(done, TZ)).toEqual([
      { wardId: elm!.id, wardName: 'Elm Ward', days: 1, dailyCharge: 25_000, amount: 25_000 },
      { wardId: oak!.id, wardName: 'Oak HDU', days: 1, dailyCharge: 90_000, amount: 90_000 },
    ]);
  });
});

describe('discharge holds', () => {
  it('another module’s open hold blocks discharge (409 naming it) until it is released', async () => {
    const patient = await newPatient();
    const admitted = await invokeOperation(
      admissions.admit,
      as(doctor),
      admitInput(patient.id, wards[0]!.beds[2]!.id),
    );
    const ctx = as(doctor);
    await ctx.store.transact([
      placeDischargeHold(ctx.store, admitted.id, 'lab-order-1', {
        kind: 'lab order',
        description: 'Blood culture pending',
        placedAt: new Date().toISOString(),
      }),
    ]);
    const err = await refused(
      invokeOperation(admissions.discharge, as(doctor), { id: admitted.id, ...SUMMARY }),
    );
    expect(err.code).toBe('conflict');
    expect(err.message).toMatch(/open lab order lab-order-1: Blood culture pending/);
    expect((await invokeOperation(admissions.get, as(doctor), { id: admitted.id })).status).toBe(
      'in-progress',
    );
    await ctx.store.transact([releaseDischargeHold(ctx.store, admitted.id, 'lab-order-1')]);
    const done = await invokeOperation(admissions.discharge, as(doctor), {
      id: admitted.id,
      ...SUMMARY,
    });
    expect(done.status).toBe('discharged');
  });
});
