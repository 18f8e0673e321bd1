import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof diagnosticsHospital>>;
let slotN = 0;
/** A distinct 15-minute slot tomorrow in the hospital's time zone. */
const nextSlot = () => {
  slotN += 1;
  const minutes = 8 * 60 + slotN * 15;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return zonedDateTimeToUtc(addDays(opd.today, 1), time, TZ).toISOString();
};

beforeAll(async () => {
  h = await diagnosticsHospital(opd.url, TZ);
  const r = h.radiologist.api;
  await must(
    r.put('/radiology/procedures/XR-CHEST', {
      name: 'Chest X-ray PA',
      modality: 'DX',
      bodyPart: 'Chest',
      contrast: false,
      priceMinor: 45000,
    }),
    200,
    'procedure',
  );
  await must(
    r.put('/radiology/procedures/CT-ABD-C', {
      name: 'CT abdomen with contrast',
      modality: 'CT',
      bodyPart: 'Abdomen',
      contrast: true,
      priceMinor: 450000,
    }),
    200,
    'procedure',
  );
  await must(
    r.put('/radiology/rooms/XR1', { name: 'X-ray room 1', modality: 'DX', slotMinutes: 15 }),
    200,
    'room',
  );
  await must(
    r.put('/radiology/rooms/CT1', { name: 'CT scanner 1', modality: 'CT', slotMinutes: 30 }),
    200,
    'room',
  );
}, 60_000);

async function chestXray(
  patient: Record<string, unknown> = { sex: 'female', dateOfBirth: '1994-04-01' },
  safety = {},
) {
  const { encounter } = await h.encounterFor(patient);
  return h.doctorUser.api.post('/radiology/orders', {
    source: { kind: 'encounter', id: encounter.id },
    procedureCode: 'XR-CHEST',
    priority: 'urgent',
    clinicalQuestion: 'Cough and fever for a week: consolidation?',
    safety,
  });
}

const ids = (page: { items: { id: string }[] }) => page.items.map((o) => o.id);

describe('a chest X-ray for a woman who may be pregnant', () => {
  it('blocked by a positive pregnancy answer → overridden by a doctor → scheduled → performed → reported → addendum', async () => {
    const placed = await chestXray(undefined, { pregnant: 'yes' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body;
    expect(order.accession).toMatch(/^R\d{8}$/);
    expect(order).toMatchObject({
      status: 'active',
      step: 'requested',
      safetyBlocked: true,
      safetyChecks: [{ question: 'pregnant', state: 'positive' }],
      procedure: { code: 'XR-CHEST', modality: 'DX' },
    });
    expect(
      ids(await must(h.radiographer.api.get('/radiology/worklists/requested'), 200, 'wl')),
    ).toContain(order.id);

    const start = nextSlot();
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/schedule`, {
        room: 'XR1',
        start,
      }),
      409,
      /blocked by its safety screen \(pregnant: positive\)/,
    );
    // A radiographer may not override; a doctor may, with a reason.
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/safety-override`, {
        reason: 'x',
      }),
      403,
    );
    expectError(
      await h.doctorUser.api.post(`/radiology/orders/${order.id}/safety-override`, {}),
      400,
      /reason/,
    );
    const overridden = await h.doctorUser.api.post(
      `/radiology/orders/${order.id}/safety-override`,
      {
        reason:
          'Suspected pneumonia outweighs the fetal dose of a shielded PA film (about 0.001 mGy)',
      },
    );
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    expect(overridden.body).toMatchObject({
      safetyBlocked: false,
      safetyOverride: { by: h.doctorUser.user.id },
    });

    const scheduled = await h.radiographer.api.post(`/radiology/orders/${order.id}/schedule`, {
      room: 'XR1',
      start,
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toMatchObject({ step: 'scheduled', schedule: { room: 'XR1', start } });
    expect(
      ids(await must(h.radiographer.api.get('/radiology/worklists/scheduled'), 200, 'wl')),
    ).toContain(order.id);

    // Reporting before the study is done, or performing out of order, is refused.
    expectError(
      await h.radiologist.api.put(`/radiology/orders/${order.id}/report`, {
        findings: 'x',
        impression: 'y',
        status: 'final',
      }),
      409,
      /reported once completed/,
    );
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/complete`, {}),
      409,
      /from 'scheduled' to 'completed'/,
    );
    await must(h.radiographer.api.post(`/radiology/orders/${order.id}/start`, {}), 200, 'start');
    const done = await must(
      h.radiographer.api.post(`/radiology/orders/${order.id}/complete`, {}),
      200,
      'complete',
    );
    expect(done).toMatchObject({ step: 'completed', performedBy: h.radiographer.user.id });
    // Billing: the performed procedure was charged in the same transaction, at its price.
    const charges = await must(
      h.admin.get(`/billing/charges?patientId=${order.patientId}`),
      200,
      'charges',
    );
    expect(
      charges.items.map((c: any) => [c.serviceType, c.code, c.quantity, c.unitPrice, c.status]),
    ).toEqual([['radiology', 'XR-CHEST', 1, 45000, 'billable']]);
    expect(
      ids(await must(h.radiologist.api.get('/radiology/worklists/completed'), 200, 'wl')),
    ).toContain(order.id);

    const prelim = await must(
      h.radiologist.api.put(`/radiology/orders/${order.id}/report`, {
        findings: 'Patchy opacity in the right lower zone.',
        impression: 'Right lower lobe pneumonia.',
        status: 'preliminary',
      }),
      200,
      'preliminary',
    );
    expect(prelim).toMatchObject({ step: 'completed', report: { status: 'preliminary' } });
    expectError(
      await h.radiologist.api.post(`/radiology/orders/${order.id}/addenda`, { text: 'x' }),
      409,
      /no final report/,
    );
    const final = await must(
      h.radiologist.api.put(`/radiology/orders/${order.id}/report`, {
        findings:
          'Patchy consolidation in the right lower zone with air bronchograms. No effusion.',
        impression: 'Right lower lobe pneumonia.',
        status: 'final',
      }),
      200,
      'final',
    );
    expect(final).toMatchObject({
      step: 'reported',
      status: 'completed',
      report: { status: 'final', reportedBy: h.radiologist.user.id },
    });
    expectError(
      await h.radiologist.api.put(`/radiology/orders/${order.id}/report`, {
        findings: 'x',
        impression: 'y',
        status: 'final',
      }),
      409,
      /addendum/,
    );
    const added = await h.radiologist.api.post(`/radiology/orders/${order.id}/addenda`, {
      text: 'Compared with the outside film of last month: new finding.',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.report.addenda).toEqual([
      expect.objectContaining({
        text: 'Compared with the outside film of last month: new finding.',
        by: h.radiologist.user.id,
      }),
    ]);
    expect(added.body.report.findings).toMatch(/air bronchograms/);
  });

  it('answering "no" clears the screen without an override', async () => {
    const order = await must(chestXray(), 201, 'order');
    expect(order.safetyChecks).toEqual([
      expect.objectContaining({ question: 'pregnant', state: 'unanswered' }),
    ]);
    const answered = await must(
      h.nurse.api.patch(`/radiology/orders/${order.id}/safety`, { pregnant: 'no' }),
      200,
      'answer',
    );
    expect(answered.safetyBlocked).toBe(false);
    await must(
      h.reception.api.post(`/radiology/orders/${order.id}/schedule`, {
        room: 'XR1',
        start: nextSlot(),
      }),
      200,
      'schedule',
    );
  });

  it('a contrast CT with eGFR below 30 is blocked; a CT room only', async () => {
    const { encounter } = await h.encounterFor({ sex: 'male', dateOfBirth: '1950-01-01' });
    const order = await must(
      h.doctorUser.api.post('/radiology/orders', {
        source: { kind: 'encounter', id: encounter.id },
        procedureCode: 'CT-ABD-C',
        clinicalQuestion: 'Right iliac fossa pain: appendicitis?',
        // The contrast screen also asks about acute kidney injury (issue 16).
        safety: { contrastAllergy: 'no', egfr: 24, aki: 'no' },
      }),
      201,
      'order',
    );
    expect(order.safetyChecks.map((c: any) => [c.question, c.state])).toEqual([
      ['contrastAllergy', 'clear'],
      ['egfr', 'positive'],
      ['aki', 'clear'],
    ]);
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/schedule`, {
        room: 'XR1',
        start: nextSlot(),
      }),
      400,
      /room: XR1 is DX; the procedure needs CT/,
    );
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/schedule`, {
        room: 'CT1',
        start: nextSlot(),
      }),
      409,
      /egfr: positive/,
    );
  });
});

describe('modality slots', () => {
  it('concurrent bookings of one slot by different orders: exactly one wins', async () => {
    const orders = await Promise.all(
      [1, 2, 3].map(async () =>
        must(chestXray({ sex: 'male', dateOfBirth: '1970-01-01' }), 201, 'order'),
      ),
    );
    const start = nextSlot();
    const replies = await Promise.all(
      orders.map((o) =>
        h.radiographer.api.post(`/radiology/orders/${o.id}/schedule`, { room: 'XR1', start }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refused = replies.find((r) => r.status === 409)!;
    expect(refused.body.message).toMatch(/already booked/);
    // The losers are still requested and can take another slot.
    const loser = orders[replies.findIndex((r) => r.status === 409)]!;
    expect(
      (await must(h.radiographer.api.get(`/radiology/orders/${loser.id}`), 200, 'get')).step,
    ).toBe('requested');
  });

  it('revoking a booked order gives its slot back', async () => {
    const [first, second] = await Promise.all(
      [1, 2].map(() => must(chestXray({ sex: 'male', dateOfBirth: '1970-01-01' }), 201, 'order')),
    );
    const start = nextSlot();
    await must(
      h.radiographer.api.post(`/radiology/orders/${first.id}/schedule`, { room: 'XR1', start }),
      200,
      'book',
    );
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${second.id}/schedule`, {
        room: 'XR1',
        start,
      }),
      409,
      /already booked/,
    );
    await must(
      h.doctorUser.api.patch(`/radiology/orders/${first.id}/status`, {
        status: 'revoked',
        reason: 'Symptoms resolved',
      }),
      200,
      'revoke',
    );
    const rebooked = await h.radiographer.api.post(`/radiology/orders/${second.id}/schedule`, {
      room: 'XR1',
      start,
    });
    expect(rebooked.status, JSON.stringify(rebooked.body)).toBe(200);
    expect(
      ids(await must(h.radiographer.api.get('/radiology/worklists/scheduled'), 200, 'wl')),
    ).not.toContain(first.id);
  });

  it('a start off the slot grid or in the past is 400, with nothing written', async () => {
    const order = await must(chestXray({ sex: 'male', dateOfBirth: '1970-01-01' }), 201, 'order');
    const offGrid = new Date(Date.parse(nextSlot()) + 7 * 60_000).toISOString();
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/schedule`, {
        room: 'XR1',
        start: offGrid,
      }),
      400,
      /start: must start a 15-minute slot of XR1/,
    );
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/schedule`, {
        room: 'XR1',
        start: '2020-01-01T03:30:00Z',
      }),
      400,
      /start: must not be in the past/,
    );
    expectError(
      await h.radiographer.api.post(`/radiology/orders/${order.id}/schedule`, { room: 'XR1' }),
      400,
      /start/,
    );
    const got = await must(h.radiographer.api.get(`/radiology/orders/${order.id}`), 200, 'get');
    expect(got).toMatchObject({ step: 'requested', version: 1 });
  });

  it("bad orders are 400 naming the field; another hospital's ids are 404", async () => {
    const { encounter } = await h.encounterFor();
    expectError(
      await h.doctorUser.api.post('/radiology/orders', {
        source: { kind: 'encounter', id: encounter.id },
        procedureCode: 'XR-CHEST',
      }),
      400,
      /clinicalQuestion/,
    );
    expectError(
      await h.doctorUser.api.post('/radiology/orders', {
        source: { kind: 'encounter', id: encounter.id },
        procedureCode: 'XR-CHEST',
        clinicalQuestion: 'Cough',
        safety: { pregnant: 'maybe' },
      }),
      400,
      /safety\.pregnant: must be yes, no or unknown/,
    );
    const order = await must(chestXray(), 201, 'order');
    const other = await diagnosticsHospital(opd.url, TZ);
    expectError(await other.doctorUser.api.get(`/radiology/orders/${order.id}`), 404);
    expectError(
      await other.doctorUser.api.post(`/radiology/orders/${order.id}/safety-override`, {
        reason: 'ok',
      }),
      404,
    );
  });
});
