import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock, systemClock } from '../../shared/kernel/clock';
import { utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { newTenant } from './api';
import { startTestRuntime } from './runtime';

/** Every day 08:00–20:00 in 15-minute slots. */
export const DAY_SCHEDULE = {
  slotMinutes: 15,
  sessions: (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((day) => ({
    day,
    start: '08:00',
    end: '20:00',
  })),
};

/**
 * Moves this process's clock so that it is 09:00 in `timeZone` (today or tomorrow), so tests
 * that book and check in "today" never straddle midnight or run outside the doctor's hours.
 */
export function clockToNineAm(timeZone: string): void {
  const now = new Date();
  const { time } = utcToZonedParts(now, timeZone);
  const [h, m] = time.split(':').map(Number) as [number, number];
  let minutes = 9 * 60 - (h * 60 + m);
  if (minutes < 0) minutes += 24 * 60;
  shiftClock(minutes * 60_000 - now.getSeconds() * 1000);
}

/**
 * The local runtime for one OPD test file, with this process's clock at 09:00 in `timeZone`
 * (see clockToNineAm); both are restored after the file. Read `url` and `today` inside tests.
 */
export function opdRuntime(timeZone: string) {
  let rt: LocalRuntime | undefined;
  let today = '';
  beforeAll(async () => {
    clockToNineAm(timeZone);
    rt = await startTestRuntime();
    today = utcToZonedParts(systemClock.now(), timeZone).date;
  }, 60_000);
  afterAll(async () => {
    resetClock();
    await rt?.close();
  });
  return {
    get url(): string {
      if (!rt)
        throw new Error(
          'opdRuntime: the runtime starts in beforeAll; read url inside a test or hook',
        );
      return rt.url;
    },
    /** The hospital's date at the shifted clock. */
    get today(): string {
      return today;
    },
  };
}

/** A hospital with one department, one doctor on DAY_SCHEDULE and a receptionist and nurse. */
export async function opdHospital(baseUrl: string, timezone = 'Asia/Kolkata') {
  const t = await newTenant(baseUrl, { timezone });
  const doctorUser = await t.staff('DOCTOR');
  const reception = await t.staff('RECEPTIONIST');
  const nurse = await t.staff('NURSE');
  const dept = await t.admin.post('/departments', {
    name: `General Medicine ${randomUUID().slice(0, 4)}`,
  });
  if (dept.status !== 201)
    throw new Error(`department: ${dept.status} ${JSON.stringify(dept.body)}`);
  const doctor = await t.admin.post('/doctors', {
    userId: doctorUser.user.id,
    departmentId: dept.body.id,
    specialty: 'Internal Medicine',
    consultationFee: 500,
    schedule: DAY_SCHEDULE,
  });
  if (doctor.status !== 201)
    throw new Error(`doctor: ${doctor.status} ${JSON.stringify(doctor.body)}`);
  let n = 0;
  const patient = async (overrides: Record<string, unknown> = {}) => {
    n += 1;
    const r = await reception.api.post('/patients/register', {
      name: `Patient ${n} ${randomUUID().slice(0, 6)}`,
      dateOfBirth: '1980-05-17',
      sex: 'female',
      phone: `+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      ...overrides,
    });
    if (r.status !== 201) throw new Error(`patient: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  return {
    ...t,
    timezone,
    doctorUser,
    doctor: doctor.body,
    department: dept.body,
    reception,
    nurse,
    patient,
  };
}
