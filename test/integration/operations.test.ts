/**
 * Operations called directly, as every transport calls them: with each kind of actor (a user, an
 * agent acting with a user's token, the system carrying out a person's approval, the system on
 * its own), and with the number of DynamoDB round trips each common operation makes, which the
 * refactor onto the operations kernel had to keep (the access patterns in docs/data-model.md).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor, UserActor } from '../../shared/kernel/actor';
import type { Context, TenantInfo } from '../../shared/kernel/context';
import type { AppError } from '../../shared/kernel/errors';
import { addDays, todayIn, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import * as appointments from '../../shared/modules/appointments/operations';
import * as auth from '../../shared/modules/auth/operations';
import * as departments from '../../shared/modules/departments/operations';
import * as doctors from '../../shared/modules/doctors/operations';
import * as encounters from '../../shared/modules/encounters/operations';
import * as patients from '../../shared/modules/patients/operations';
import * as tenants from '../../shared/modules/tenants/operations';
import * as users from '../../shared/modules/users/operations';
import { DAY_SCHEDULE } from '../support/opd';
import {
  contextFor,
  invokeCounted,
  invokeOperation,
  publicContext,
  registeredHospital,
  useTestTable,
} from '../support/operations';

let tenant: TenantInfo;
let admin: UserActor;
let doctor: UserActor;
let reception: UserActor;
let doctorCredentials: { email: string; password: string };
/** Tomorrow 09:00 in the hospital: every "today" below is that day, whatever time the suite runs. */
let now: Date;
const as = (actor: Actor): Context => ({ ...contextFor(tenant, actor), now });

beforeAll(async () => {
  useTestTable();
  const h = await registeredHospital({ timezone: 'Asia/Kolkata' });
  tenant = h.tenant;
  admin = h.admin;
  now = zonedDateTimeToUtc(
    addDays(todayIn(tenant.timeZone, new Date()), 1),
    '09:00',
    tenant.timeZone,
  );
  const made = async (role: 'DOCTOR' | 'RECEPTIONIST') => {
    const email = `${role.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.test`;
    const out = await invokeOperation(users.create, as(admin), {
      name: `${role} One`,
      email,
      role,
    });
    return {
      actor: { kind: 'user', id: out.user.id, role } as UserActor,
      credentials: out.credentials,
    };
  };
  const d = await made('DOCTOR');
  doctor = d.actor;
  doctorCredentials = d.credentials;
  reception = (await made('RECEPTIONIST')).actor;
  const dept = await invokeOperation(departments.create, as(admin), { name: 'General Medicine' });
  await invokeOperation(doctors.create, as(admin), {
    userId: doctor.id,
    departmentId: dept.id,
    specialty: 'Internal Medicine',
    consultationFee: 500,
    schedule: DAY_SCHEDULE,
  });
}, 60_000);

let phones = 0;
const registerPatient = (allergies: string[] = []) =>
  invokeOperation(patients.register, as(reception), {
    name: 'Meera Iyer',
    dateOfBirth: '1985-02-11',
    sex: 'female',
    phone: `+91 97${String(Date.now() % 1e6).padStart(6, '0')}${String(++phones).padStart(2, '0')}`,
    allergies,
  });

/** A patient checked in for a 10:00 slot and in consultation with the doctor. */
async function openEncounter(allergies: string[] = []) {
  const patient = await registerPatient(allergies);
  const free = await invokeOperation(appointments.availability, as(reception), {
    id: doctor.id,
    date: todayIn(tenant.timeZone, now),
  });
  const slot = free.slots.find((s) => Date.parse(s.start) > now.getTime() + phones * 15 * 60_000)!;
  const booked = await invokeOperation(appointments.book, as(reception), {
    patientId: patient.id,
    doctorId: doctor.id,
    start: slot.start,
    reason: 'Fever',
  });
  await invokeOperation(appointments.setStatus, as(reception), {
    id: booked.id,
    status: 'checked-in',
  });
  const encounter = await invokeOperation(encounters.create, as(doctor), {
    appointmentId: booked.id,
  });
  return { patient, encounter };
}

const PRESCRIPTION = {
  drugName: 'Paracetamol',
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'TDS',
  durationDays: 3,
  quantity: 9,
};

describe('actors', () => {
  it('a doctor signed in prescribes as themself', async () => {
    const { encounter } = await openEncounter();
    const rx = await invokeOperation(encounters.prescribe, as(doctor), {
      id: encounter.id,
      ...PRESCRIPTION,
    });
    expect(rx.prescriberId).toBe(doctor.id);
  });

  it("an agent with the doctor's token may read the encounter, but may not prescribe or decide the SpO2 scale", async () => {
    const { encounter } = await openEncounter();
    const agent: Actor = { kind: 'agent', agent: 'test-agent', credential: doctor };
    expect((await invokeOperation(encounters.get, as(agent), { id: encounter.id })).id).toBe(
      encounter.id,
    );
    const refused = await invokeOperation(encounters.prescribe, as(agent), {
      id: encounter.id,
      ...PRESCRIPTION,
    }).catch((e: AppError) => e);
    expect(refused).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/may only propose it/),
    });
    const scale = await invokeOperation(encounters.update, as(agent), {
      id: encounter.id,
      spo2Scale: 2,
      spo2ScaleReason: 'COPD',
    }).catch((e: AppError) => e);
    expect((scale as AppError).code).toBe('forbidden');
    expect(
      (await invokeOperation(encounters.get, as(doctor), { id: encounter.id })).prescriptions,
    ).toEqual([]);
  });

  it("the system carrying out a doctor's approval prescribes as that doctor; on its own it may not", async () => {
    const { encounter } = await openEncounter();
    const executor: Actor = { kind: 'system', job: 'agent-actions.executor', onBehalfOf: doctor };
    const rx = await invokeOperation(encounters.prescribe, as(executor), {
      id: encounter.id,
      ...PRESCRIPTION,
    });
    expect(rx.prescriberId).toBe(doctor.id);
    const alone: Actor = { kind: 'system', job: 'agent-actions.expiry' };
    const refused = await invokeOperation(encounters.prescribe, as(alone), {
      id: encounter.id,
      ...PRESCRIPTION,
    }).catch((e: AppError) => e);
    expect(refused).toMatchObject({ code: 'forbidden' });
  });

  it("the system carrying out a nurse's approval may not prescribe: the approver's role decides", async () => {
    const { encounter } = await openEncounter();
    const nurse: UserActor = { kind: 'user', id: 'n-1', role: 'NURSE' };
    const refused = await invokeOperation(
      encounters.prescribe,
      as({ kind: 'system', job: 'x', onBehalfOf: nurse }),
      {
        id: encounter.id,
        ...PRESCRIPTION,
      },
    ).catch((e: AppError) => e);
    expect(refused).toMatchObject({
      code: 'forbidden',
      message: 'Role NURSE may not use encounters.prescribe',
    });
  });

  it("another tenant's context finds nothing: the store is bound to its own tenant", async () => {
    const patient = await registerPatient();
    const other = await registeredHospital();
    const theirs = { ...contextFor(other.tenant, other.admin), now };
    const err = await invokeOperation(patients.get, theirs, { id: patient.id }).catch(
      (e: AppError) => e,
    );
    expect(err).toMatchObject({ code: 'not_found' });
  });
});

describe('DynamoDB round trips per operation (as before the operations kernel)', () => {
  it('match the documented access patterns', async () => {
    const counts: Record<string, number> = {};
    const count = async (
      label: string,
      op: Parameters<typeof invokeCounted>[0],
      ctx: Parameters<typeof invokeCounted>[1],
      input: unknown,
    ) => {
      const { output, roundTrips } = await invokeCounted(op, ctx, input);
      counts[label] = roundTrips;
      return output as Record<string, unknown> & { id: string };
    };
    await count('tenants.current', tenants.current, as(admin), {});
    const patient = await count('patients.register', patients.register, as(reception), {
      name: 'Counted Patient',
      dateOfBirth: '1970-07-07',
      sex: 'male',
      phone: '+91 96000 00001',
    });
    await count('patients.get', patients.get, as(reception), { id: patient.id });
    await count('patients.list', patients.list, as(reception), { limit: 5 });
    await count('patients.list q=MRN', patients.list, as(reception), {
      limit: 5,
      q: patient.mrn as string,
    });
    const free = await invokeOperation(appointments.availability, as(reception), {
      id: doctor.id,
      date: todayIn(tenant.timeZone, now),
    });
    const booked = await count('appointments.book', appointments.book, as(reception), {
      patientId: patient.id,
      doctorId: doctor.id,
      start: free.slots.at(-1)!.start,
      reason: 'Check-up',
    });
    await count('appointments.setStatus checked-in', appointments.setStatus, as(reception), {
      id: booked.id,
      status: 'checked-in',
    });
    const encounter = await count('encounters.create', encounters.create, as(doctor), {
      appointmentId: booked.id,
    });
    await count('encounters.recordVitals', encounters.recordVitals, as(doctor), {
      id: encounter.id,
      pulse: 80,
    });
    await count('encounters.get', encounters.get, as(doctor), { id: encounter.id });
    await count('auth.login', auth.login, { ...publicContext(), now }, doctorCredentials);

    // A call that touches a patient's data ends with one more write: its patient access record
    // (shared/kernel/patient-access.ts), marked "+ access record".
    expect(counts).toEqual({
      'tenants.current': 1, // GetItem tenant
      'patients.register': 4, // GetItem duplicate guard, UpdateItem MRN counter, TransactWriteItems + access record
      'patients.get': 2, // GetItem + access record
      'patients.list': 2, // Query gsi1 + access record (one TransactWriteItems for up to 100 patients)
      'patients.list q=MRN': 3, // GetItem MRN lookup, GetItem patient + access record
      'appointments.book': 5, // GetItem patient, GetItem doctor, Query the doctor's day, TransactWriteItems + access record
      'appointments.setStatus checked-in': 5, // GetItem appointment, GetItem token counter, TransactWriteItems, GetItem answer + access record
      'encounters.create': 3, // GetItem appointment, TransactWriteItems + access record
      'encounters.recordVitals': 4, // GetItem encounter, GetItem patient, TransactWriteItems + access record
      'encounters.get': 2, // Query the encounter's partition + access record
      'auth.login': 6, // GetItem throttle, PutItem throttle, GetItem e-mail, GetItem user, DeleteItem throttle, GetItem tenant
    });
  });
});
