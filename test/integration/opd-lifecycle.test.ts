import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/kernel/clock';
import { utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

// How appointments, queue entries, encounters and prescriptions end, and what each ending does
// to the others. The happy path is in opd-flow.test.ts.

const TZ = 'Asia/Kolkata';
type Hospital = Awaited<ReturnType<typeof opdHospital>>;
const opd = opdRuntime(TZ);

const PARACETAMOL = {
  drugName: 'Paracetamol',
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'every 6 hours as needed',
  durationDays: 3,
  quantity: 12,
};

async function slotsOf(h: Hospital, date = opd.today): Promise<{ start: string; end: string }[]> {
  const r = await h.reception.api.get(`/doctors/${h.doctor.id}/availability?date=${date}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.slots;
}

/** A booked and checked-in appointment with a running encounter. */
async function inConsultation(h: Hospital, slot: { start: string }) {
  const p = await h.patient();
  const appt = await h.reception.api.post('/appointments', {
    patientId: p.id,
    doctorId: h.doctor.id,
    start: slot.start,
    reason: 'Cough',
  });
  expect(appt.status, JSON.stringify(appt.body)).toBe(201);
  expect(
    (await h.reception.api.patch(`/appointments/${appt.body.id}/status`, { status: 'checked-in' }))
      .status,
  ).toBe(200);
  const enc = await h.doctorUser.api.post('/encounters', { appointmentId: appt.body.id });
  expect(enc.status, JSON.stringify(enc.body)).toBe(201);
  return { patient: p, appointmentId: appt.body.id as string, encounterId: enc.body.id as string };
}

describe('a running consultation owns its appointment', () => {
  let h: Hospital;
  beforeAll(async () => {
    h = await opdHospital(opd.url, TZ);
  });

  it('the status endpoint refuses to end an appointment in consultation, naming the encounter; the encounter still completes', async () => {
    const { appointmentId, encounterId } = await inConsultation(h, (await slotsOf(h))[0]!);
    for (const body of [
      { status: 'cancelled', reason: 'Patient left' },
      { status: 'fulfilled' },
      { status: 'entered-in-error' },
    ]) {
      expectError(
        await h.reception.api.patch(`/appointments/${appointmentId}/status`, body),
        409,
        new RegExp(`in consultation \\(encounter ${encounterId}\\)`),
      );
    }
    expect((await h.reception.api.get(`/appointments/${appointmentId}`)).body).toMatchObject({
      status: 'checked-in',
      queueStatus: 'in-consultation',
      encounterId,
    });
    const done = await h.doctorUser.api.patch(`/encounters/${encounterId}`, {
      status: 'completed',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await h.reception.api.get(`/appointments/${appointmentId}`)).body).toMatchObject({
      status: 'fulfilled',
      queueStatus: 'done',
    });
  });

  it('discontinuing needs a reason; the appointment took place (fulfilled, reason in its history), the patient has left the queue, prescriptions stay', async () => {
    const { appointmentId, encounterId } = await inConsultation(h, (await slotsOf(h))[0]!);
    const rx = await h.doctorUser.api.post(`/encounters/${encounterId}/prescriptions`, PARACETAMOL);
    expect(rx.status).toBe(201);
    expectError(
      await h.doctorUser.api.patch(`/encounters/${encounterId}`, { status: 'discontinued' }),
      400,
      /statusReason: is required when status is 'discontinued'/,
    );
    expect((await h.doctorUser.api.get(`/encounters/${encounterId}`)).body.status).toBe(
      'in-progress',
    );

    const ended = await h.doctorUser.api.patch(`/encounters/${encounterId}`, {
      status: 'discontinued',
      statusReason: 'Patient left for an emergency at home',
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body).toMatchObject({
      status: 'discontinued',
      statusReason: 'Patient left for an emergency at home',
      endedAt: expect.any(String),
    });
    expect(ended.body.prescriptions[0].status).toBe('active');
    const appt = (await h.reception.api.get(`/appointments/${appointmentId}`)).body;
    expect(appt).toMatchObject({ status: 'fulfilled', queueStatus: 'left' });
    expect(appt.history.at(-1).reason).toBe(
      `encounter ${encounterId} discontinued: Patient left for an emergency at home`,
    );
  });

  it('an encounter entered in error returns the patient to the queue, withdraws its live prescriptions, and a new encounter can start', async () => {
    const { appointmentId, encounterId } = await inConsultation(h, (await slotsOf(h))[0]!);
    const rx1 = (
      await h.doctorUser.api.post(`/encounters/${encounterId}/prescriptions`, PARACETAMOL)
    ).body;
    const rx2 = (
      await h.doctorUser.api.post(`/encounters/${encounterId}/prescriptions`, {
        ...PARACETAMOL,
        drugName: 'Cetirizine',
        strength: '10 mg',
      })
    ).body;
    expect(
      (
        await h.doctorUser.api.patch(`/encounters/${encounterId}/prescriptions/${rx2.id}`, {
          status: 'completed',
        })
      ).status,
    ).toBe(200);

    const errored = await h.doctorUser.api.patch(`/encounters/${encounterId}`, {
      status: 'entered-in-error',
      statusReason: 'Opened on the wrong patient',
    });
    expect(errored.status, JSON.stringify(errored.body)).toBe(200);
    const byId = Object.fromEntries(errored.body.prescriptions.map((p: any) => [p.id, p]));
    expect(byId[rx1.id]).toMatchObject({
      status: 'entered-in-error',
      statusReason: 'encounter entered in error: Opened on the wrong patient',
    });
    // Only live prescriptions are withdrawn: a completed one keeps its history.
    expect(byId[rx2.id].status).toBe('completed');

    const appt = (await h.reception.api.get(`/appointments/${appointmentId}`)).body;
    expect(appt).toMatchObject({ status: 'checked-in', queueStatus: 'waiting' });
    expect(appt.encounterId).toBeUndefined();
    const queue = (await h.reception.api.get(`/appointments/queue?doctorId=${h.doctor.id}`)).body;
    const entry = queue.items.find((i: any) => i.appointmentId === appointmentId);
    expect(entry.status).toBe('waiting');
    expect(entry.encounterId).toBeUndefined();

    const again = await h.doctorUser.api.post('/encounters', { appointmentId });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).not.toBe(encounterId);
  });
});

describe('prescription status', () => {
  let h: Hospital;
  beforeAll(async () => {
    h = await opdHospital(opd.url, TZ);
  });

  it('stop needs a reason; forbidden changes are 409 with the allowed states; it works after the encounter ends; only doctors', async () => {
    const p = await h.patient();
    const enc = (await h.doctorUser.api.post('/encounters', { patientId: p.id })).body;
    const rx = (await h.doctorUser.api.post(`/encounters/${enc.id}/prescriptions`, PARACETAMOL))
      .body;
    const path = `/encounters/${enc.id}/prescriptions/${rx.id}`;
    expect(
      (await h.doctorUser.api.patch(`/encounters/${enc.id}`, { status: 'completed' })).status,
    ).toBe(200);

    expectError(
      await h.doctorUser.api.patch(path, { status: 'stopped' }),
      400,
      /reason: is required when status is 'stopped'/,
    );
    expectError(
      await h.doctorUser.api.patch(path, { status: 'paused', reason: 'x' }),
      400,
      /status/,
    );
    expectError(await h.nurse.api.patch(path, { status: 'stopped', reason: 'Rash' }), 403);
    expect((await h.doctorUser.api.get(`/encounters/${enc.id}`)).body.prescriptions[0].status).toBe(
      'active',
    );

    // A change without a reason clears the previous one: a stored reason explains the current status.
    expect(
      (
        await h.doctorUser.api.patch(path, {
          status: 'on-hold',
          reason: 'Awaiting liver function tests',
        })
      ).body.statusReason,
    ).toBe('Awaiting liver function tests');
    const resumed = await h.doctorUser.api.patch(path, { status: 'active' });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.statusReason).toBeUndefined();
    expect((await h.nurse.api.get(`/encounters/${enc.id}`)).body.prescriptions[0]).toMatchObject({
      status: 'active',
      statusChangedBy: h.doctorUser.user.id,
    });
    expect(
      (await h.nurse.api.get(`/encounters/${enc.id}`)).body.prescriptions[0].statusReason,
    ).toBeUndefined();

    const stopped = await h.doctorUser.api.patch(path, {
      status: 'stopped',
      reason: 'Rash after the second dose',
    });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body).toMatchObject({
      id: rx.id,
      status: 'stopped',
      statusReason: 'Rash after the second dose',
      statusChangedBy: h.doctorUser.user.id,
      statusChangedAt: expect.any(String),
      drugName: 'Paracetamol',
    });
    expectError(
      await h.doctorUser.api.patch(path, { status: 'active' }),
      409,
      /from 'stopped' to 'active'; allowed next states: none$/,
    );
    expect((await h.nurse.api.get(`/encounters/${enc.id}`)).body.prescriptions[0]).toMatchObject({
      status: 'stopped',
      statusReason: 'Rash after the second dose',
    });

    expectError(
      await h.doctorUser.api.patch(
        `/encounters/${enc.id}/prescriptions/00000000-0000-0000-0000-000000000000`,
        { status: 'completed' },
      ),
      404,
    );
    const other = await opdHospital(opd.url, TZ);
    expectError(await other.doctorUser.api.patch(path, { status: 'completed' }), 404);
  });
});

describe('encounter edits at the edge', () => {
  it('spo2Scale 2 needs a reason and is recorded with who decided; reasons without their field are 400; only doctors set it', async () => {
    const h = await opdHospital(opd.url, TZ);
    const p = await h.patient();
    const enc = (await h.doctorUser.api.post('/encounters', { patientId: p.id })).body;
    expect(enc.spo2Scale).toBe(1);
    expectError(
      await h.doctorUser.api.patch(`/encounters/${enc.id}`, { spo2Scale: 2 }),
      400,
      /spo2ScaleReason: is required when spo2Scale is 2/,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${enc.id}`, { spo2Scale: 3, spo2ScaleReason: 'x' }),
      400,
      /spo2Scale: must be 1 or 2/,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${enc.id}`, { spo2ScaleReason: 'COPD' }),
      400,
      /spo2ScaleReason: is only accepted with spo2Scale 2/,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${enc.id}`, { statusReason: 'why' }),
      400,
      /statusReason: is only accepted with a status change/,
    );
    expectError(
      await h.nurse.api.patch(`/encounters/${enc.id}`, { spo2Scale: 2, spo2ScaleReason: 'COPD' }),
      403,
    );
    // Not administrators or API keys either: it is a clinical decision.
    expectError(
      await h.admin.patch(`/encounters/${enc.id}`, { spo2Scale: 2, spo2ScaleReason: 'COPD' }),
      403,
      /Only a doctor/,
    );
    const key = await h.key(['encounters:write']);
    expectError(
      await key.api.patch(`/encounters/${enc.id}`, { spo2Scale: 2, spo2ScaleReason: 'COPD' }),
      403,
      /Only a doctor/,
    );
    expect(
      (
        await h.admin.patch(`/encounters/${enc.id}`, {
          notes: 'Administrators may still edit notes',
        })
      ).status,
    ).toBe(200);

    const set = await h.doctorUser.api.patch(`/encounters/${enc.id}`, {
      spo2Scale: 2,
      spo2ScaleReason: 'COPD with confirmed type 2 respiratory failure',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({
      spo2Scale: 2,
      spo2Scale2: {
        reason: 'COPD with confirmed type 2 respiratory failure',
        decidedBy: h.doctorUser.user.id,
        decidedAt: expect.any(String),
      },
    });
    const unset = await h.doctorUser.api.patch(`/encounters/${enc.id}`, { spo2Scale: 1 });
    expect(unset.body.spo2Scale).toBe(1);
    expect(unset.body.spo2Scale2).toBeUndefined();
  });
});

describe('booking after a schedule change', () => {
  it('a slot of the new grid that straddles an older booking is neither offered nor bookable', async () => {
    const h = await opdHospital(opd.url, TZ);
    const tomorrow = utcToZonedParts(new Date(systemClock.now().getTime() + 86_400_000), TZ).date;
    const every = (slotMinutes: number) => ({
      slotMinutes,
      sessions: (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((day) => ({
        day,
        start: '09:00',
        end: '12:00',
      })),
    });
    const localTime = (s: { start: string }) => utcToZonedParts(new Date(s.start), TZ).time;

    expect((await h.admin.put(`/doctors/${h.doctor.id}/schedule`, every(15))).status).toBe(200);
    const quarterPast = (await slotsOf(h, tomorrow)).find((s) => localTime(s) === '09:15')!;
    const p = await h.patient();
    const old = await h.reception.api.post('/appointments', {
      patientId: p.id,
      doctorId: h.doctor.id,
      start: quarterPast.start,
      reason: 'Follow-up',
    });
    expect(old.status, JSON.stringify(old.body)).toBe(201);

    expect((await h.admin.put(`/doctors/${h.doctor.id}/schedule`, every(20))).status).toBe(200);
    const times = (await slotsOf(h, tomorrow)).map(localTime);
    // 09:15–09:30 overlaps 09:00–09:20 and 09:20–09:40 of the 20-minute grid.
    expect(times.slice(0, 3)).toEqual(['09:40', '10:00', '10:20']);

    const slot0920 = new Date(Date.parse(old.body.start) + 5 * 60_000).toISOString();
    expectError(
      await h.reception.api.post('/appointments', {
        patientId: (await h.patient()).id,
        doctorId: h.doctor.id,
        start: slot0920,
        reason: 'New',
      }),
      409,
      /overlaps the appointment/,
    );
    expect(
      (await h.reception.api.get(`/appointments?doctorId=${h.doctor.id}&date=${tomorrow}`)).body
        .items,
    ).toHaveLength(1);
  });
});

describe('queue tokens and waits', () => {
  it('a double-clicked check-in takes one token, and the next patient gets the next number (no gaps)', async () => {
    const h = await opdHospital(opd.url, TZ);
    const slots = await slotsOf(h);
    const ids: string[] = [];
    for (const slot of slots.slice(0, 4)) {
      const p = await h.patient();
      ids.push(
        (
          await h.reception.api.post('/appointments', {
            patientId: p.id,
            doctorId: h.doctor.id,
            start: slot.start,
            reason: 'Check-up',
          })
        ).body.id,
      );
    }
    const clicks = await Promise.all(
      [1, 2, 3].map(() =>
        h.reception.api.patch(`/appointments/${ids[0]}/status`, { status: 'checked-in' }),
      ),
    );
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409, 409]);
    expect(clicks.find((c) => c.status === 200)!.body.token).toBe(1);
    // Three receptionists checking in three patients at once: tokens 2, 3, 4 in some order.
    const rest = await Promise.all(
      ids
        .slice(1)
        .map((id) => h.reception.api.patch(`/appointments/${id}/status`, { status: 'checked-in' })),
    );
    expect(rest.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(rest.map((r) => r.body.token).sort()).toEqual([2, 3, 4]);
  });

  it('patients checked in before the session opens wait at least until it does', async () => {
    const h = await opdHospital(opd.url, TZ);
    // The clock is 09:00 local; today's only session opens at 11:00.
    const late = {
      slotMinutes: 15,
      sessions: (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((day) => ({
        day,
        start: '11:00',
        end: '13:00',
      })),
    };
    expect((await h.admin.put(`/doctors/${h.doctor.id}/schedule`, late)).status).toBe(200);
    const slots = await slotsOf(h);
    for (const slot of slots.slice(0, 2)) {
      const p = await h.patient();
      const a = (
        await h.reception.api.post('/appointments', {
          patientId: p.id,
          doctorId: h.doctor.id,
          start: slot.start,
          reason: 'Early',
        })
      ).body;
      expect(
        (await h.reception.api.patch(`/appointments/${a.id}/status`, { status: 'checked-in' }))
          .status,
      ).toBe(200);
    }
    const q = (await h.reception.api.get(`/appointments/queue?doctorId=${h.doctor.id}`)).body;
    expect(q.sessionOpensAt).toBe(slots[0]!.start);
    const minutesToOpen = Math.ceil(
      (Date.parse(slots[0]!.start) - systemClock.now().getTime()) / 60_000,
    );
    expect(minutesToOpen).toBeGreaterThanOrEqual(119);
    expect(q.items.map((i: any) => i.estimatedWaitMinutes)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    expect(q.items[0].estimatedWaitMinutes).toBeGreaterThanOrEqual(minutesToOpen - 1);
    expect(q.items[1].estimatedWaitMinutes - q.items[0].estimatedWaitMinutes).toBe(15);
  });
});

describe('encounter lists', () => {
  it('a doctor or patient view narrowed by date lists only that local date', async () => {
    const h = await opdHospital(opd.url, TZ);
    const p = await h.patient();
    const enc = (await h.doctorUser.api.post('/encounters', { patientId: p.id })).body;
    const tomorrow = utcToZonedParts(new Date(systemClock.now().getTime() + 86_400_000), TZ).date;
    const ids = async (q: string) =>
      (await h.doctorUser.api.get(`/encounters?${q}`)).body.items.map((e: any) => e.id);
    expect(await ids(`doctorId=${h.doctorUser.user.id}&date=${opd.today}`)).toEqual([enc.id]);
    expect(await ids(`patientId=${p.id}&date=${opd.today}`)).toEqual([enc.id]);
    expect(await ids(`doctorId=${h.doctorUser.user.id}&date=${tomorrow}`)).toEqual([]);
    expect(await ids(`patientId=${p.id}&date=${tomorrow}`)).toEqual([]);
    expectError(
      await h.doctorUser.api.get(`/encounters?date=9999-12-31`),
      400,
      /date: must be between 1900-01-01 and 2999-12-31/,
    );
  });
});
