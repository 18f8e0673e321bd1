import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/kernel/clock';
import { utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { client, expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof opdHospital>>;
beforeAll(async () => {
  h = await opdHospital(opd.url, TZ);
}, 60_000);

async function freeSlots(date = opd.today) {
  const r = await h.reception.api.get(`/doctors/${h.doctor.id}/availability?date=${date}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.slots as { start: string; end: string }[];
}

async function book(patientId: string, start: string, priority = 'routine') {
  return h.reception.api.post('/appointments', {
    patientId,
    doctorId: h.doctor.id,
    start,
    reason: 'Fever for three days',
    priority,
  });
}

describe('the full OPD morning', () => {
  it('register → availability → book → check in → queue → encounter → vitals (NEWS2) → prescription → finish → fulfilled', async () => {
    const patient = await h.patient({ allergies: ['Penicillin'] });
    const slots = await freeSlots();
    expect(slots.length).toBeGreaterThan(0);
    const slot = slots[0]!;
    // 09:00 local: the 09:00 slot has started, so the first free slot is 09:15 Asia/Kolkata = 03:45Z.
    expect(utcToZonedParts(new Date(slot.start), TZ).time).toBe('09:15');

    const booked = await book(patient.id, slot.start);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({
      status: 'booked',
      patientId: patient.id,
      doctorId: h.doctor.id,
      start: slot.start,
      date: opd.today,
      mrn: patient.mrn,
    });
    expect((await freeSlots()).map((s) => s.start)).not.toContain(slot.start);

    const checkedIn = await h.reception.api.patch(`/appointments/${booked.body.id}/status`, {
      status: 'checked-in',
    });
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
    expect(checkedIn.body).toMatchObject({
      status: 'checked-in',
      queueStatus: 'waiting',
      token: expect.any(Number),
    });

    const queue = await h.reception.api.get(
      `/appointments/queue?doctorId=${h.doctor.id}&date=${opd.today}`,
    );
    expect(queue.status).toBe(200);
    const entry = queue.body.items.find((i: any) => i.appointmentId === booked.body.id);
    expect(entry).toMatchObject({
      token: checkedIn.body.token,
      status: 'waiting',
      patientName: patient.name,
      mrn: patient.mrn,
      estimatedWaitMinutes: expect.any(Number),
    });

    const encounter = await h.doctorUser.api.post('/encounters', { appointmentId: booked.body.id });
    expect(encounter.status, JSON.stringify(encounter.body)).toBe(201);
    expect(encounter.body).toMatchObject({
      status: 'in-progress',
      kind: 'appointment',
      patientId: patient.id,
      appointmentId: booked.body.id,
    });
    const queue2 = await h.reception.api.get(
      `/appointments/queue?doctorId=${h.doctor.id}&date=${opd.today}`,
    );
    expect(queue2.body.items.find((i: any) => i.appointmentId === booked.body.id).status).toBe(
      'in-consultation',
    );

    // RCP NEWS2: RR 22 (2) + SpO2 95 (1) + air (0) + SBP 105 (1) + pulse 115 (2) + A (0) + 38.5 °C (1) = 7 → high.
    const vitals = await h.nurse.api.patch(`/encounters/${encounter.body.id}/vitals`, {
      respiratoryRate: 22,
      spo2: 95,
      supplementalOxygen: false,
      systolic: 105,
      diastolic: 70,
      pulse: 115,
      consciousness: 'A',
      temperatureC: 38.5,
      weightKg: 70,
      heightCm: 175,
    });
    expect(vitals.status, JSON.stringify(vitals.body)).toBe(200);
    expect(vitals.body.news2).toMatchObject({ score: 7, risk: 'high' });
    expect(vitals.body.bmi).toBe(22.9);
    expect(vitals.body.recordedBy).toBe(h.nurse.user.id);

    const rx = await h.doctorUser.api.post(`/encounters/${encounter.body.id}/prescriptions`, {
      drugName: 'Paracetamol',
      strength: '500 mg',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'every 6 hours as needed',
      durationDays: 3,
      quantity: 12,
    });
    expect(rx.status, JSON.stringify(rx.body)).toBe(201);
    expect(rx.body).toMatchObject({
      status: 'active',
      drugCode: 'N02BE01',
      prescriberId: h.doctorUser.user.id,
    });

    const finished = await h.doctorUser.api.patch(`/encounters/${encounter.body.id}`, {
      diagnosis: [{ text: 'Viral fever', code: 'B34.9', system: 'ICD-10' }],
      notes: 'Fluids and rest',
      status: 'completed',
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({ status: 'completed', endedAt: expect.any(String) });
    expect(finished.body.vitals).toHaveLength(1);
    expect(finished.body.prescriptions).toHaveLength(1);

    const appt = await h.reception.api.get(`/appointments/${booked.body.id}`);
    expect(appt.body).toMatchObject({ status: 'fulfilled', queueStatus: 'done' });
    expect(appt.body.history.map((c: any) => c.status)).toEqual([
      'booked',
      'checked-in',
      'fulfilled',
    ]);

    // A finished encounter takes no more prescriptions or vitals.
    expectError(
      await h.doctorUser.api.post(`/encounters/${encounter.body.id}/prescriptions`, {
        drugName: 'Cetirizine',
        strength: '10 mg',
        dose: '1 tablet',
        route: 'oral',
        frequency: 'once daily',
        durationDays: 5,
        quantity: 5,
      }),
      409,
      /finished/,
    );
    expectError(
      await h.nurse.api.patch(`/encounters/${encounter.body.id}/vitals`, { pulse: 80 }),
      409,
      /finished/,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${encounter.body.id}`, { status: 'in-progress' }),
      409,
      /allowed next states: none/,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${encounter.body.id}`, { notes: 'late addendum' }),
      409,
      /finished/,
    );

    const detail = await h.nurse.api.get(`/encounters/${encounter.body.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.diagnosis[0].text).toBe('Viral fever');
    const listed = await h.doctorUser.api.get(`/encounters?patientId=${patient.id}`);
    expect(listed.body.items.map((e: any) => e.id)).toContain(encounter.body.id);

    // No answer carries the table's key attributes or bookkeeping.
    const INTERNAL = /"(pk|sk|gsi[1-4](pk|sk)|entity|expiresAt|tenantId)"/;
    for (const body of [
      booked.body,
      checkedIn.body,
      queue.body,
      encounter.body,
      vitals.body,
      rx.body,
      finished.body,
      appt.body,
      detail.body,
      listed.body,
      (await h.reception.api.get(`/appointments?date=${opd.today}`)).body,
    ]) {
      expect(JSON.stringify(body)).not.toMatch(INTERNAL);
    }
  });
});

describe('booking rules', () => {
  it('two concurrent requests for the same slot: exactly one 201 and one 409', async () => {
    const [a, b] = [await h.patient(), await h.patient()];
    const slot = (await freeSlots())[3]!;
    const results = await Promise.all([book(a.id, slot.start), book(b.id, slot.start)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/already booked/);
  });

  it('a start off the schedule grid is 400; a cancelled slot can be booked again', async () => {
    const p = await h.patient();
    const slot = (await freeSlots())[5]!;
    const off = new Date(Date.parse(slot.start) + 5 * 60_000).toISOString();
    expectError(await book(p.id, off), 400, /not the start of a slot/);
    const first = await book(p.id, slot.start);
    expect(first.status).toBe(201);
    expectError(
      await h.reception.api.patch(`/appointments/${first.body.id}/status`, { status: 'cancelled' }),
      400,
      /reason: is required when status is 'cancelled'/,
    );
    const cancelled = await h.reception.api.patch(`/appointments/${first.body.id}/status`, {
      status: 'cancelled',
      reason: 'Patient called to cancel',
    });
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Patient called to cancel',
    });
    expect((await book(p.id, slot.start)).status).toBe(201);
  });

  it('unknown patient or doctor is 404; bad bodies are 400 and write nothing', async () => {
    const p = await h.patient();
    const slot = (await freeSlots())[7]!;
    expectError(
      await h.reception.api.post('/appointments', {
        patientId: '00000000-0000-0000-0000-000000000000',
        doctorId: h.doctor.id,
        start: slot.start,
        reason: 'x',
      }),
      404,
    );
    expectError(
      await h.reception.api.post('/appointments', {
        patientId: p.id,
        doctorId: '00000000-0000-0000-0000-000000000000',
        start: slot.start,
        reason: 'x',
      }),
      404,
    );
    expectError(
      await h.reception.api.post('/appointments', {
        patientId: p.id,
        doctorId: h.doctor.id,
        start: 'tomorrow 9am',
        reason: 'x',
      }),
      400,
      /start/,
    );
    expectError(
      await h.reception.api.post('/appointments', {
        patientId: p.id,
        doctorId: h.doctor.id,
        start: slot.start,
        reason: '',
      }),
      400,
      /reason/,
    );
    expectError(
      await h.reception.api.post('/appointments', {
        patientId: p.id,
        doctorId: h.doctor.id,
        start: slot.start,
        reason: 'x',
        priority: 'asap',
      }),
      400,
      /priority/,
    );
    expectError(await h.reception.api.get(`/appointments?date=2026-02-30`), 400, /date/);
    expectError(
      await h.reception.api.get(`/doctors/${h.doctor.id}/availability?date=tomorrow`),
      400,
      /date/,
    );
    const list = await h.reception.api.get(`/appointments?patientId=${p.id}`);
    expect(list.body.items).toHaveLength(0);
    expect((await freeSlots()).map((s) => s.start)).toContain(slot.start);
  });
});

describe('appointment status machine over HTTP', () => {
  // Every transition the table forbids answers 409 listing the allowed next states.
  // Every status an appointment can reach, and from each every status the table forbids: 409
  // listing the allowed next states (generated from the same table the service enforces).
  it('every forbidden transition answers 409 with the allowed next states', async () => {
    const { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_TRANSITIONS: T } = await import(
      '../../shared/modules/appointments/status'
    );
    const paths: Record<string, string[]> = {
      booked: [],
      arrived: ['arrived'],
      'checked-in': ['checked-in'],
      fulfilled: ['checked-in', 'fulfilled'],
      cancelled: ['cancelled'],
      noshow: ['noshow'],
      'entered-in-error': ['entered-in-error'],
    };
    const slots = await freeSlots();
    let n = 15;
    for (const [state, steps] of Object.entries(paths)) {
      const p = await h.patient();
      const appt = (await book(p.id, slots[n++]!.start)).body;
      for (const step of steps)
        expect(
          (
            await h.reception.api.patch(`/appointments/${appt.id}/status`, {
              status: step,
              reason: 'moving there',
            })
          ).status,
        ).toBe(200);
      const allowed = T[state as keyof typeof T];
      const listed = allowed.length ? allowed.join(', ') : 'none';
      for (const to of APPOINTMENT_STATUSES.filter((s) => !allowed.includes(s as never))) {
        const r = await h.reception.api.patch(`/appointments/${appt.id}/status`, {
          status: to,
          reason: 'test',
        });
        expectError(
          r,
          409,
          new RegExp(`from '${state}' to '${to}'; allowed next states: ${listed}$`),
        );
      }
      expect((await h.reception.api.get(`/appointments/${appt.id}`)).body.status).toBe(state);
    }
    expectError(
      await h.reception.api.patch(
        `/appointments/${'0'.repeat(8)}-0000-0000-0000-000000000000/status`,
        { status: 'finished' },
      ),
      400,
      /status/,
    );
  });

  it('check-in is only possible on the day of the appointment', async () => {
    const p = await h.patient();
    const tomorrow = utcToZonedParts(new Date(systemClock.now().getTime() + 86_400_000), TZ).date;
    const slot = (await freeSlots(tomorrow))[0]!;
    const appt = (await book(p.id, slot.start)).body;
    expectError(
      await h.reception.api.patch(`/appointments/${appt.id}/status`, { status: 'checked-in' }),
      409,
      /day of their appointment/,
    );
  });
});

describe('queue order', () => {
  it('urgent patients go ahead of routine ones, otherwise token order', async () => {
    const hosp = await opdHospital(opd.url, TZ);
    const slots = (
      await hosp.reception.api.get(`/doctors/${hosp.doctor.id}/availability?date=${opd.today}`)
    ).body.slots;
    const names: string[] = [];
    const ids: string[] = [];
    for (const [i, priority] of (
      ['routine', 'routine', 'urgent', 'routine', 'urgent'] as const
    ).entries()) {
      const p = await hosp.patient();
      names.push(p.name);
      const a = await hosp.reception.api.post('/appointments', {
        patientId: p.id,
        doctorId: hosp.doctor.id,
        start: slots[i].start,
        reason: 'Check-up',
        priority,
      });
      expect(a.status).toBe(201);
      ids.push(a.body.id);
    }
    const tokens: number[] = [];
    for (const id of ids)
      tokens.push(
        (await hosp.reception.api.patch(`/appointments/${id}/status`, { status: 'checked-in' }))
          .body.token,
      );
    expect(tokens).toEqual([1, 2, 3, 4, 5]);
    const q = await hosp.reception.api.get(`/appointments/queue?doctorId=${hosp.doctor.id}`);
    expect(q.status).toBe(200);
    expect(q.body.items.map((i: any) => i.token)).toEqual([3, 5, 1, 2, 4]);
    expect(q.body.items.map((i: any) => i.estimatedWaitMinutes)).toEqual([0, 15, 30, 45, 60]);
    // The doctor starts with the first in line; the rest move up, their wait includes the rest of that consultation.
    const enc = await hosp.doctorUser.api.post('/encounters', { appointmentId: ids[2] });
    expect(enc.status).toBe(201);
    const q2 = await hosp.reception.api.get(`/appointments/queue?doctorId=${hosp.doctor.id}`);
    expect(q2.body.items.map((i: any) => [i.token, i.status])).toEqual([
      [3, 'in-consultation'],
      [5, 'waiting'],
      [1, 'waiting'],
      [2, 'waiting'],
      [4, 'waiting'],
    ]);
    expect(q2.body.items[1].estimatedWaitMinutes).toBe(15);
    // A cancelled check-in leaves the queue.
    await hosp.reception.api.patch(`/appointments/${ids[0]}/status`, {
      status: 'cancelled',
      reason: 'Left without being seen',
    });
    const q3 = await hosp.reception.api.get(`/appointments/queue?doctorId=${hosp.doctor.id}`);
    expect(q3.body.items.find((i: any) => i.token === 1).status).toBe('left');
    expect(q3.body.waiting).toBe(3);
  });
});

describe('prescriptions and allergies', () => {
  it('a drug matching a recorded allergy is 409 unless an override reason is given, which is stored', async () => {
    const p = await h.patient({ allergies: ['penicillin'] });
    const enc = await h.doctorUser.api.post('/encounters', {
      patientId: p.id,
      chiefComplaint: 'Sore throat',
    });
    expect(enc.status, JSON.stringify(enc.body)).toBe(201);
    expect(enc.body).toMatchObject({ kind: 'walk-in', doctorId: h.doctorUser.user.id });
    const amoxicillin = {
      drugName: 'Amoxicillin',
      strength: '500 mg',
      dose: '1 capsule',
      route: 'oral',
      frequency: 'three times daily',
      durationDays: 5,
      quantity: 15,
    };
    const refused = await h.doctorUser.api.post(
      `/encounters/${enc.body.id}/prescriptions`,
      amoxicillin,
    );
    expectError(refused, 409, /penicillin/i);
    const overridden = await h.doctorUser.api.post(`/encounters/${enc.body.id}/prescriptions`, {
      ...amoxicillin,
      allergyOverrideReason: 'Tolerated amoxicillin in 2024 under observation',
    });
    expect(overridden.status).toBe(201);
    expect(overridden.body).toMatchObject({
      allergyConflicts: ['penicillin'],
      allergyOverrideReason: 'Tolerated amoxicillin in 2024 under observation',
    });
    const detail = await h.doctorUser.api.get(`/encounters/${enc.body.id}`);
    expect(detail.body.prescriptions).toHaveLength(1);
  });

  it('encounters from unchecked appointments are 409; impossible vitals are 400 naming the field', async () => {
    const p = await h.patient();
    const slot = (await freeSlots())[11]!;
    const appt = (await book(p.id, slot.start)).body;
    expectError(
      await h.doctorUser.api.post('/encounters', { appointmentId: appt.id }),
      409,
      /checked-in/,
    );
    const enc = (await h.doctorUser.api.post('/encounters', { patientId: p.id })).body;
    for (const [body, field] of [
      [{ pulse: 400 }, /pulse/],
      [{ temperatureC: 12 }, /temperatureC/],
      [{ spo2: 101 }, /spo2/],
      [{ systolic: 120, diastolic: 130 }, /diastolic/],
      [{ consciousness: 'Z' }, /consciousness/],
      [{}, /at least one vital sign/],
      [{ pulse: 80, colour: 'red' }, /colour|Unrecognized/i],
    ] as const) {
      expectError(await h.nurse.api.patch(`/encounters/${enc.id}/vitals`, body), 400, field);
    }
    expect((await h.nurse.api.get(`/encounters/${enc.id}`)).body.vitals).toHaveLength(0);

    const good = {
      drugName: 'Cetirizine',
      strength: '10 mg',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'once daily',
      durationDays: 5,
      quantity: 5,
    };
    for (const [patch, field] of [
      [{ quantity: 0 }, /quantity/],
      [{ durationDays: 400 }, /durationDays/],
      [{ route: 'mouth' }, /route/],
      [{ drugName: '' }, /drugName/],
      [{ strength: undefined }, /strength/],
      [{ refills: 3 }, /refills|Unrecognized/i],
    ] as const) {
      expectError(
        await h.doctorUser.api.post(`/encounters/${enc.id}/prescriptions`, { ...good, ...patch }),
        400,
        field,
      );
    }
    expectError(
      await h.doctorUser.api.post('/encounters', { appointmentId: appt.id, patientId: p.id }),
      400,
      /appointmentId|patientId/,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${enc.id}`, { status: 'done' }),
      400,
      /status/,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${enc.id}`, { diagnosis: [{ code: 'J18.9' }] }),
      400,
      /diagnosis\.0\.text/,
    );
    const after = (await h.nurse.api.get(`/encounters/${enc.id}`)).body;
    expect(after.prescriptions).toHaveLength(0);
    expect(after.diagnosis).toEqual([]);
    expect(after.status).toBe('in-progress');
  });
});

describe('tenant isolation', () => {
  it("another tenant's ids answer 404", async () => {
    const other = await opdHospital(opd.url, 'Europe/London');
    const p = await h.patient();
    const enc = (await h.doctorUser.api.post('/encounters', { patientId: p.id })).body;
    const slot = (await freeSlots())[13]!;
    const appt = (await book(p.id, slot.start)).body;
    expectError(await other.admin.get(`/encounters/${enc.id}`), 404);
    expectError(await other.admin.get(`/appointments/${appt.id}`), 404);
    expectError(
      await other.admin.patch(`/appointments/${appt.id}/status`, { status: 'checked-in' }),
      404,
    );
    expectError(
      await other.admin.get(`/doctors/${h.doctor.id}/availability?date=${opd.today}`),
      404,
    );
    expectError(
      await other.admin.post('/appointments', {
        patientId: p.id,
        doctorId: other.doctor.id,
        start: slot.start,
        reason: 'x',
      }),
      404,
    );
    expectError(
      await other.doctorUser.api.post(`/encounters/${enc.id}/prescriptions`, {
        drugName: 'Paracetamol',
        strength: '500 mg',
        dose: '1 tablet',
        route: 'oral',
        frequency: 'qds',
        durationDays: 1,
        quantity: 4,
      }),
      404,
    );
    void client;
  });
});

describe('dates are the hospital’s', () => {
  it('a slot just after local midnight belongs to that local date, though it is the previous UTC day', async () => {
    const hosp = await opdHospital(opd.url, TZ);
    const night = {
      slotMinutes: 15,
      sessions: (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((day) => ({
        day,
        start: '00:00',
        end: '02:00',
      })),
    };
    expect((await hosp.admin.put(`/doctors/${hosp.doctor.id}/schedule`, night)).status).toBe(200);
    const tomorrow = utcToZonedParts(new Date(systemClock.now().getTime() + 86_400_000), TZ).date;
    const slots = (
      await hosp.reception.api.get(`/doctors/${hosp.doctor.id}/availability?date=${tomorrow}`)
    ).body.slots;
    // 00:00 in Kolkata (+05:30) is 18:30 UTC of the day before.
    expect(slots[0].start).toMatch(/T18:30:00\.000Z$/);
    expect(slots[0].start.slice(0, 10)).not.toBe(tomorrow);
    const p = await hosp.patient();
    const appt = await hosp.reception.api.post('/appointments', {
      patientId: p.id,
      doctorId: hosp.doctor.id,
      start: slots[1].start,
      reason: 'Night clinic',
    });
    expect(appt.status).toBe(201);
    expect(appt.body.date).toBe(tomorrow);
    const ids = async (query: string) =>
      (await hosp.reception.api.get(`/appointments?${query}`)).body.items.map((a: any) => a.id);
    expect(await ids(`date=${tomorrow}`)).toContain(appt.body.id);
    expect(await ids(`date=${tomorrow}&doctorId=${hosp.doctor.id}`)).toContain(appt.body.id);
    expect(await ids(`date=${tomorrow}&patientId=${p.id}`)).toContain(appt.body.id);
    expect(await ids(`date=${opd.today}&doctorId=${hosp.doctor.id}`)).not.toContain(appt.body.id);
    expect(await ids(`date=${slots[1].start.slice(0, 10)}&patientId=${p.id}`)).not.toContain(
      appt.body.id,
    );
  });
});

describe('the hospital queue (GET /appointments/queue without a doctor)', () => {
  it("answers every doctor's queue of the day, by department, with the day's totals", async () => {
    const hosp = await opdHospital(opd.url, TZ);
    // A second doctor in a department whose name sorts first.
    const ent = await hosp.admin.post('/departments', { name: `A Ear Nose Throat` });
    const entUser = await hosp.staff('DOCTOR');
    const entDoctor = await hosp.admin.post('/doctors', {
      userId: entUser.user.id,
      departmentId: ent.body.id,
      specialty: 'ENT',
      consultationFee: 400,
      schedule: {
        slotMinutes: 20,
        sessions: (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((day) => ({
          day,
          start: '08:00',
          end: '20:00',
        })),
      },
    });
    expect(entDoctor.status, JSON.stringify(entDoctor.body)).toBe(201);

    const empty = await hosp.reception.api.get('/appointments/queue');
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toEqual({
      date: opd.today,
      timezone: TZ,
      waiting: 0,
      longestWaitMinutes: null,
      doctors: [],
    });

    const bookAndCheckIn = async (doctorId: string, n: number, checkIn: number) => {
      const slots = (
        await hosp.reception.api.get(`/doctors/${doctorId}/availability?date=${opd.today}`)
      ).body.slots;
      for (let i = 0; i < n; i++) {
        const p = await hosp.patient();
        const a = await hosp.reception.api.post('/appointments', {
          patientId: p.id,
          doctorId,
          start: slots[i].start,
          reason: 'Check-up',
        });
        expect(a.status, JSON.stringify(a.body)).toBe(201);
        if (i < checkIn)
          expect(
            (
              await hosp.reception.api.patch(`/appointments/${a.body.id}/status`, {
                status: 'checked-in',
              })
            ).status,
          ).toBe(200);
      }
    };
    // General medicine: 3 booked, 2 checked in (15-minute slots). ENT: 3 checked in (20 minutes).
    await bookAndCheckIn(hosp.doctor.id, 3, 2);
    await bookAndCheckIn(entDoctor.body.id, 3, 3);

    const q = await hosp.reception.api.get('/appointments/queue');
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.date).toBe(opd.today);
    expect(q.body.waiting).toBe(5);
    // The third ENT patient waits for two 20-minute consultations.
    expect(q.body.longestWaitMinutes).toBe(40);
    expect(
      q.body.doctors.map((d: any) => [
        d.departmentId,
        d.doctorId,
        d.waiting,
        d.items.map((i: any) => i.estimatedWaitMinutes),
      ]),
    ).toEqual([
      [ent.body.id, entDoctor.body.id, 3, [0, 20, 40]],
      [hosp.department.id, hosp.doctor.id, 2, [0, 15]],
    ]);
    // One doctor's queue still answers in its own form.
    const one = await hosp.reception.api.get(`/appointments/queue?doctorId=${hosp.doctor.id}`);
    expect(one.body).toMatchObject({ doctorId: hosp.doctor.id, waiting: 2 });
    expect(one.body.doctors).toBeUndefined();

    // Another hospital's queue is its own: empty.
    const other = await opdHospital(opd.url, TZ);
    expect((await other.reception.api.get('/appointments/queue')).body.doctors).toEqual([]);
  });
});
