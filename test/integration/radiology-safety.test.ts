/**
 * Radiology safety (issue 16): a room's time is booked as an interval (item 8: no booking inside
 * another after the slot length changes; concurrent overlapping bookings give one success), the
 * MR safety and pregnancy questions are answerable on the day and a positive answer at the scanner
 * blocks the start until a radiologist overrides it with a reason (item 8), and the screen asks
 * everyone of child-bearing potential about pregnancy, gadolinium MRI too, and contrast about
 * acute kidney injury (item 10: IR(ME)R 2017, ACR Manual on Contrast Media).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof diagnosticsHospital>>;

const tomorrowAt = (time: string) =>
  zonedDateTimeToUtc(addDays(rt.today, 1), time, TZ).toISOString();

beforeAll(async () => {
  h = await diagnosticsHospital(rt.url, TZ);
  const r = h.radiologist.api;
  for (const [code, body] of [
    ['XR-CHEST', { name: 'Chest X-ray PA', modality: 'DX', bodyPart: 'Chest', contrast: false }],
    ['MR-BRAIN', { name: 'MRI brain', modality: 'MR', bodyPart: 'Head', contrast: false }],
    [
      'MR-BRAIN-C',
      { name: 'MRI brain with gadolinium', modality: 'MR', bodyPart: 'Head', contrast: true },
    ],
    [
      'CT-ABD-C',
      { name: 'CT abdomen with contrast', modality: 'CT', bodyPart: 'Abdomen', contrast: true },
    ],
  ] as const)
    await must(r.put(`/radiology/procedures/${code}`, { ...body, priceMinor: 100000 }), 200, code);
  for (const [code, modality] of [
    ['XR9', 'DX'],
    ['MR1', 'MR'],
  ] as const)
    await must(
      r.put(`/radiology/rooms/${code}`, { name: `Room ${code}`, modality, slotMinutes: 30 }),
      200,
      code,
    );
}, 60_000);

/** An order for a new patient; `safety` answered at ordering. */
async function ordered(
  procedureCode: string,
  patient: Record<string, unknown> = { sex: 'male', dateOfBirth: '1960-01-01' },
  safety: Record<string, unknown> = {},
) {
  const { encounter } = await h.encounterFor(patient);
  return must(
    h.doctorUser.api.post('/radiology/orders', {
      source: { kind: 'encounter', id: encounter.id },
      procedureCode,
      clinicalQuestion: 'Headache with focal signs: mass?',
      safety,
    }),
    201,
    'order',
  );
}
const schedule = (id: string, room: string, time: string) =>
  h.radiographer.api.post(`/radiology/orders/${id}/schedule`, { room, start: tomorrowAt(time) });

describe('a room is booked by interval (item 8)', () => {
  it('a 15-minute booking cannot start inside a 30-minute one after the slot length changes', async () => {
    const first = await ordered('XR-CHEST');
    const booked = await schedule(first.id, 'XR9', '14:00');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(Date.parse(booked.body.schedule.end) - Date.parse(booked.body.schedule.start)).toBe(
      30 * 60_000,
    );
    await must(
      h.radiologist.api.put('/radiology/rooms/XR9', {
        name: 'Room XR9',
        modality: 'DX',
        slotMinutes: 15,
      }),
      200,
      'room',
    );
    const second = await ordered('XR-CHEST');
    expectError(await schedule(second.id, 'XR9', '14:15'), 409, /XR9 is already booked from/);
    expect((await schedule(second.id, 'XR9', '14:30')).status).toBe(200);
    // Revoking the first gives its 30 minutes back.
    await must(
      h.doctorUser.api.patch(`/radiology/orders/${first.id}/status`, {
        status: 'revoked',
        reason: 'Clinical question answered by ultrasound',
      }),
      200,
      'revoke',
    );
    const third = await ordered('XR-CHEST');
    expect((await schedule(third.id, 'XR9', '14:15')).status).toBe(200);
  });

  it('concurrent bookings of one time: exactly one succeeds', async () => {
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => ordered('XR-CHEST')));
    const replies = await Promise.all(orders.map((o) => schedule(o.id, 'XR9', '16:00')));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});

describe('safety on the day of the exam (item 8)', () => {
  it('an implant reported at the scanner blocks the start until a radiologist overrides it with a reason', async () => {
    const order = await ordered('MR-BRAIN', undefined, { implant: 'no' });
    expect(order).toMatchObject({ safetyBlocked: false });
    await must(schedule(order.id, 'MR1', '10:00'), 200, 'schedule');
    // At the scanner the patient mentions a pacemaker.
    const answered = await h.radiographer.api.patch(`/radiology/orders/${order.id}/safety`, {
      implant: 'yes',
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({ step: 'scheduled', safetyBlocked: true });
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/start`),
      409,
      /blocked by its safety screen \(implant: positive\).*radiologist/,
    );
    // At the scanner the override is the radiologist's, with a reason.
    expectError(
      await h.doctorUser.api.post(`/radiology/orders/${order.id}/safety-override`, {
        reason: 'Seen the card',
      }),
      403,
      /at the scanner only a radiologist/,
    );
    const overridden = await h.radiologist.api.post(
      `/radiology/orders/${order.id}/safety-override`,
      { reason: 'MR-conditional pacemaker (card seen), programmed to MRI mode by cardiology' },
    );
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body).toMatchObject({
      safetyBlocked: false,
      safetyOverride: {
        by: h.radiologist.user.id,
        covers: [{ question: 'implant', state: 'positive' }],
      },
    });
    expect((await h.radiographer.api.post(`/radiology/orders/${order.id}/start`)).status).toBe(200);
  });

  it('an override covers only the answers it saw: a new positive answer blocks again', async () => {
    const order = await ordered(
      'XR-CHEST',
      { sex: 'female', dateOfBirth: '1994-04-01' },
      { pregnant: 'unknown' },
    );
    await must(
      h.doctorUser.api.post(`/radiology/orders/${order.id}/safety-override`, {
        reason: 'Last period 10 days ago; shielded PA film',
      }),
      200,
      'override',
    );
    await must(schedule(order.id, 'XR9', '11:00'), 200, 'schedule');
    const positive = await must(
      h.radiographer.api.patch(`/radiology/orders/${order.id}/safety`, { pregnant: 'yes' }),
      200,
      'answer',
    );
    expect(positive.safetyBlocked).toBe(true);
    expectError(await h.radiographer.api.post(`/radiology/orders/${order.id}/start`), 409);
  });
});

describe('the questions the screen asks (item 10)', () => {
  const questions = (order: { safetyChecks: { question: string }[] }) =>
    order.safetyChecks.map((c) => c.question);

  it('pregnancy is asked of everyone of child-bearing age, whatever the recorded sex', async () => {
    const man = await ordered('XR-CHEST', { sex: 'male', dateOfBirth: '1995-01-01' });
    expect(questions(man)).toEqual(['pregnant']);
    expect(man.safetyBlocked).toBe(true);
    const older = await ordered('XR-CHEST', { sex: 'male', dateOfBirth: '1950-01-01' });
    expect(questions(older)).toEqual([]);
  });

  it('gadolinium MRI asks pregnancy; contrast asks acute kidney injury', async () => {
    const mri = await ordered('MR-BRAIN-C', { sex: 'female', dateOfBirth: '1990-01-01' });
    expect(questions(mri)).toEqual(['pregnant', 'contrastAllergy', 'egfr', 'aki', 'implant']);
    const ct = await ordered('CT-ABD-C', undefined, {
      contrastAllergy: 'no',
      egfr: 75,
      aki: 'yes',
    });
    expect(ct.safetyChecks).toContainEqual(
      expect.objectContaining({ question: 'aki', state: 'positive' }),
    );
    expect(ct.safetyBlocked).toBe(true);
  });
});
