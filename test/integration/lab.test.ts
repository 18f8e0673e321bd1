import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof diagnosticsHospital>>;
beforeAll(async () => {
  h = await diagnosticsHospital(opd.url, TZ);
}, 60_000);

const CBC = '58410-2';
const BMP = '51990-0';

async function placeOrder(
  encounterId: string,
  codes: string[],
  extra: Record<string, unknown> = {},
) {
  return h.doctorUser.api.post('/lab/orders', {
    source: { kind: 'encounter', id: encounterId },
    codes,
    ...extra,
  });
}

const ids = (page: { items: { id: string }[] }) => page.items.map((o) => o.id);

describe('a CBC from order to acknowledged critical', () => {
  it('order → collect → reject → recollect → results (one critical) → same-person verification refused → verified → alert acknowledged', async () => {
    const { patient, encounter } = await h.encounterFor({ sex: 'male', dateOfBirth: '1975-02-10' });
    const placed = await placeOrder(encounter.id, [CBC], {
      priority: 'urgent',
      clinicalNotes: 'Tired for a month; pale',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body;
    expect(order).toMatchObject({
      status: 'active',
      step: 'awaiting-collection',
      priority: 'urgent',
      requesterId: h.doctorUser.user.id,
      patientId: patient.id,
      specimenType: 'whole blood',
      container: 'EDTA tube (lavender top)',
      reportStatus: 'registered',
      items: [
        {
          kind: 'panel',
          code: CBC,
          priceMinor: 35000,
          tests: ['718-7', '4544-3', '6690-2', '777-3'],
        },
      ],
    });

    const toCollect = await must(h.tech.api.get('/lab/worklists/collection'), 200, 'worklist');
    expect(ids(toCollect)).toContain(order.id);

    // A nurse collects on the ward.
    const first = await must(
      h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}),
      201,
      'collect',
    );
    expect(first.step).toBe('awaiting-entry');
    const accession1: string = first.specimens[0].accession;
    expect(accession1).toMatch(/^L\d{8}$/);
    expect(ids(await must(h.tech.api.get('/lab/worklists/collection'), 200, 'wl'))).not.toContain(
      order.id,
    );
    expect(ids(await must(h.tech.api.get('/lab/worklists/entry'), 200, 'wl'))).toContain(order.id);

    // Collecting twice is not a second specimen.
    expectError(
      await h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}),
      409,
      /awaiting-entry/,
    );

    const rejected = await h.tech.api.post(
      `/lab/orders/${order.id}/specimens/${accession1}/reject`,
      {
        reason: 'haemolysed',
        note: 'Pink plasma after spin',
      },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.step).toBe('awaiting-collection');
    expect(rejected.body.specimens[0]).toMatchObject({
      status: 'unsatisfactory',
      rejectionReason: 'haemolysed',
      rejectedBy: h.tech.user.id,
    });
    expect(ids(await must(h.tech.api.get('/lab/worklists/collection'), 200, 'wl'))).toContain(
      order.id,
    );

    const again = await must(
      h.tech.api.post(`/lab/orders/${order.id}/specimens`, {}),
      201,
      'recollect',
    );
    const accession2: string = again.specimens[1].accession;
    // Gap-free: the next number of the hospital.
    expect(Number(accession2.slice(1))).toBe(Number(accession1.slice(1)) + 1);

    // Results: haemoglobin 6.2 is critical (LL) for a man; haematocrit low; WBC normal.
    const partial = await h.tech.api.post(`/lab/orders/${order.id}/results`, {
      results: [
        { code: '718-7', value: 6.2 },
        { code: '4544-3', value: 21.04 },
        { code: '6690-2', value: 7.1 },
      ],
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body).toMatchObject({ step: 'awaiting-entry', reportStatus: 'partial' });
    expect(partial.body.results.map((r: any) => [r.code, r.value, r.flag, r.status])).toEqual([
      ['718-7', 6.2, 'LL', 'preliminary'],
      ['4544-3', 21, 'L', 'preliminary'],
      ['6690-2', 7.1, 'N', 'preliminary'],
    ]);
    expect(partial.body.results[0].range).toMatchObject({ sex: 'male', low: 13.2, high: 16.6 });

    // The critical alert is open at once, before verification, for the ordering doctor.
    const open = await must(h.doctorUser.api.get('/lab/criticals'), 200, 'criticals');
    const alert = open.items.find((a: any) => a.orderId === order.id);
    expect(alert).toMatchObject({
      testCode: '718-7',
      value: 6.2,
      flag: 'LL',
      doctorId: h.doctorUser.user.id,
      raisedBy: h.tech.user.id,
    });

    const complete = await must(
      h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '777-3', value: 210 }],
      }),
      200,
      'last result',
    );
    expect(complete).toMatchObject({ step: 'awaiting-verification', reportStatus: 'preliminary' });
    expect(ids(await must(h.tech.api.get('/lab/worklists/verification'), 200, 'wl'))).toContain(
      order.id,
    );

    expectError(await h.tech.api.post(`/lab/orders/${order.id}/verify`, {}), 403, /second person/);
    const verified = await h.tech2.api.post(`/lab/orders/${order.id}/verify`, {});
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({
      status: 'completed',
      step: 'reported',
      reportStatus: 'final',
      verifiedBy: h.tech2.user.id,
    });
    expect(verified.body.results.every((r: any) => r.status === 'final')).toBe(true);
    // Billing: the verified report charged the order's panel, once, at its price when ordered.
    const charges = await must(
      h.admin.get(`/billing/charges?patientId=${patient.id}`),
      200,
      'charges',
    );
    expect(
      charges.items.map((c: any) => [c.serviceType, c.code, c.quantity, c.unitPrice, c.status]),
    ).toEqual([['laboratory', CBC, 1, 35000, 'billable']]);
    expect(ids(await must(h.tech.api.get('/lab/worklists/verification'), 200, 'wl'))).not.toContain(
      order.id,
    );

    // Results may no longer be entered; amending keeps the previous value and who changed it.
    expectError(
      await h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '777-3', value: 1 }],
      }),
      409,
      /amend/,
    );
    const amended = await h.pathologist.api.patch(`/lab/orders/${order.id}/results/777-3`, {
      value: 120,
      reason: 'Platelet clumps on smear; recounted',
    });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const platelets = amended.body.results.find((r: any) => r.code === '777-3');
    expect(amended.body.reportStatus).toBe('amended');
    expect(platelets).toMatchObject({
      value: 120,
      flag: 'L',
      status: 'amended',
      enteredBy: h.pathologist.user.id,
    });
    expect(platelets.history).toEqual([
      expect.objectContaining({
        value: 210,
        flag: 'N',
        enteredBy: h.tech.user.id,
        replacedBy: h.pathologist.user.id,
        reason: 'Platelet clumps on smear; recounted',
      }),
    ]);

    const ack = await h.doctorUser.api.post(
      `/lab/orders/${order.id}/alerts/${alert.id}/acknowledge`,
      {
        note: 'Patient called back; transfusion arranged',
      },
    );
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(ack.body).toMatchObject({ acknowledgedBy: h.doctorUser.user.id });
    const after = await must(h.doctorUser.api.get('/lab/criticals'), 200, 'criticals');
    expect(after.items.map((a: any) => a.id)).not.toContain(alert.id);
    expectError(
      await h.nurse.api.post(`/lab/orders/${order.id}/alerts/${alert.id}/acknowledge`, {}),
      409,
      /acknowledged/,
    );

    // The cumulative table shows the report.
    const cumulative = await must(
      h.doctorUser.api.get(`/lab/patients/${patient.id}/cumulative`),
      200,
      'cumulative',
    );
    expect(cumulative.columns).toHaveLength(1);
    expect(cumulative.rows.map((r: any) => [r.code, r.cells[0]?.value, r.cells[0]?.flag])).toEqual([
      ['718-7', 6.2, 'LL'],
      ['4544-3', 21, 'L'],
      ['6690-2', 7.1, 'N'],
      ['777-3', 120, 'L'],
    ]);
  });
});

describe('flags follow the patient', () => {
  async function reportedHaemoglobin(patient: Record<string, unknown>, value: number) {
    const { encounter } = await h.encounterFor(patient);
    const order = await must(placeOrder(encounter.id, ['718-7']), 201, 'order');
    await must(h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
    const entered = await must(
      h.tech.api.post(`/lab/orders/${order.id}/results`, { results: [{ code: '718-7', value }] }),
      200,
      'results',
    );
    return entered.results[0];
  }

  it.each([
    ['a male adult', { sex: 'male', dateOfBirth: '1980-05-17' }, 12.5, 'L', 'male'],
    ['a female adult', { sex: 'female', dateOfBirth: '1980-05-17' }, 12.5, 'N', 'female'],
    [
      'a child of 8',
      { sex: 'male', dateOfBirth: `${new Date().getUTCFullYear() - 8}-01-10` },
      12.5,
      'N',
      'any',
    ],
    ['a female adult, high', { sex: 'female', dateOfBirth: '1980-05-17' }, 15.8, 'H', 'female'],
    [
      'a child of 8, critical',
      { sex: 'female', dateOfBirth: `${new Date().getUTCFullYear() - 8}-01-10` },
      21,
      'HH',
      'any',
    ],
  ])('haemoglobin for %s', async (_label, patient, value, flag, band) => {
    const result = await reportedHaemoglobin(patient, value);
    expect(result.flag).toBe(flag);
    expect(result.range.sex).toBe(band);
  });

  it('a coded result is flagged by its answer; an unknown answer is 400', async () => {
    const { encounter } = await h.encounterFor();
    const order = await must(placeOrder(encounter.id, ['32700-7']), 201, 'order');
    await must(h.tech.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
    expectError(
      await h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '32700-7', valueCode: 'XX' }],
      }),
      400,
      /results\.0\.valueCode: must be one of: NEG, PV, PF/,
    );
    expectError(
      await h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '32700-7', value: 3 }],
      }),
      400,
      /valueCode/,
    );
    const r = await must(
      h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '32700-7', valueCode: 'PV' }],
      }),
      200,
      'coded',
    );
    expect(r.results[0]).toMatchObject({
      valueCode: 'PV',
      valueDisplay: 'Plasmodium vivax seen',
      flag: 'A',
    });
  });
});

describe('ordering rules', () => {
  it('a duplicate live order for the same test is 409 unless confirmed', async () => {
    const { encounter } = await h.encounterFor();
    await must(placeOrder(encounter.id, [BMP]), 201, 'first');
    const dup = await placeOrder(encounter.id, ['2823-3']);
    expectError(dup, 409, /already has a live order for 2823-3.*confirmDuplicate/);
    const confirmed = await placeOrder(encounter.id, ['2823-3'], { confirmDuplicate: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.duplicateOf).toHaveLength(1);
  });

  it('a revoked order is no duplicate; tests needing different specimens are refused', async () => {
    const { encounter } = await h.encounterFor();
    const first = await must(placeOrder(encounter.id, ['2345-7']), 201, 'first');
    expectError(
      await h.doctorUser.api.patch(`/lab/orders/${first.id}/status`, { status: 'revoked' }),
      400,
      /reason: is required/,
    );
    await must(
      h.doctorUser.api.patch(`/lab/orders/${first.id}/status`, {
        status: 'revoked',
        reason: 'Ordered on the wrong patient',
      }),
      200,
      'revoke',
    );
    expect((await placeOrder(encounter.id, ['2345-7'])).status).toBe(201);
    expectError(await placeOrder(encounter.id, [CBC, BMP]), 400, /different specimens/);
  });

  it('forbidden transitions answer 409 with the allowed next states', async () => {
    const { encounter } = await h.encounterFor();
    const order = await must(placeOrder(encounter.id, ['2160-0']), 201, 'order');
    // No results before a specimen; no verification before results.
    expectError(
      await h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '2160-0', value: 1 }],
      }),
      409,
      /collect one first/,
    );
    expectError(
      await h.tech2.api.post(`/lab/orders/${order.id}/verify`, {}),
      409,
      /allowed next states: awaiting-entry/,
    );
    await must(
      h.doctorUser.api.patch(`/lab/orders/${order.id}/status`, {
        status: 'revoked',
        reason: 'Not needed',
      }),
      200,
      'revoke',
    );
    expectError(
      await h.doctorUser.api.patch(`/lab/orders/${order.id}/status`, { status: 'active' }),
      409,
      /from 'revoked' to 'active'; allowed next states: none/,
    );
    expectError(await h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}), 409, /'revoked'/);
    expect(ids(await must(h.tech.api.get('/lab/worklists/collection'), 200, 'wl'))).not.toContain(
      order.id,
    );
  });

  it('bad input is 400 naming the field, with nothing written', async () => {
    const { patient, encounter } = await h.encounterFor();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ source: { kind: 'encounter', id: encounter.id }, codes: [] }, /codes: order at least one/],
      [
        { source: { kind: 'encounter', id: encounter.id }, codes: ['NOPE'] },
        /codes: NOPE is not an active test/,
      ],
      [{ source: { kind: 'clinic', id: encounter.id }, codes: [CBC] }, /source\.kind/],
      [
        { source: { kind: 'encounter', id: encounter.id }, codes: [CBC], priority: 'asap' },
        /priority: must be routine, urgent or stat/,
      ],
    ];
    for (const [body, message] of cases)
      expectError(await h.doctorUser.api.post('/lab/orders', body), 400, message);
    const orders = await must(
      h.doctorUser.api.get(`/lab/patients/${patient.id}/orders`),
      200,
      'orders',
    );
    expect(orders.items).toEqual([]);
  });

  it("another hospital's ids are 404", async () => {
    const other = await diagnosticsHospital(opd.url, TZ);
    const { encounter } = await h.encounterFor();
    const order = await must(placeOrder(encounter.id, ['2075-0']), 201, 'order');
    expectError(await other.doctorUser.api.get(`/lab/orders/${order.id}`), 404);
    expectError(await other.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}), 404);
    expectError(
      await other.doctorUser.api.post('/lab/orders', {
        source: { kind: 'encounter', id: encounter.id },
        codes: [CBC],
      }),
      404,
      /Encounter/,
    );
  });

  it('concurrent collections of one order: exactly one wins', async () => {
    const { encounter } = await h.encounterFor();
    const order = await must(placeOrder(encounter.id, ['17861-6']), 201, 'order');
    const replies = await Promise.all([
      h.nurse.api.post(`/lab/orders/${order.id}/specimens`, {}),
      h.tech.api.post(`/lab/orders/${order.id}/specimens`, {}),
      h.tech2.api.post(`/lab/orders/${order.id}/specimens`, {}),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const got = await must(h.tech.api.get(`/lab/orders/${order.id}`), 200, 'order');
    expect(got.specimens).toHaveLength(1);
  });
});

describe('the catalogue', () => {
  it('the starter set is installed only on acceptance, and never overwrites what the hospital edited', async () => {
    expectError(
      await h.pathologist.api.post('/lab/catalogue/starter', {}),
      400,
      /acceptPublishedRanges: must be true/,
    );
    const catalogue = await must(h.tech.api.get('/lab/catalogue'), 200, 'catalogue');
    const potassium = catalogue.tests.find((t: any) => t.code === '2823-3');
    const edited = await h.pathologist.api.put('/lab/catalogue/tests/2823-3', {
      ...potassium,
      code: undefined,
      updatedAt: undefined,
      updatedBy: undefined,
      ranges: [
        {
          sex: 'any',
          low: 3.5,
          high: 5.1,
          criticalLow: 2.8,
          criticalHigh: 6.2,
          source: 'Validated on our analyser, 2026',
        },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await must(
      h.pathologist.api.post('/lab/catalogue/starter', { acceptPublishedRanges: true }),
      200,
      'reinstall',
    );
    expect(again.installedTests).toEqual([]);
    expect(again.kept).toContain('2823-3');
    const after = await must(h.tech.api.get('/lab/catalogue'), 200, 'catalogue');
    expect(after.tests.find((t: any) => t.code === '2823-3').ranges).toEqual([
      {
        sex: 'any',
        low: 3.5,
        high: 5.1,
        criticalLow: 2.8,
        criticalHigh: 6.2,
        source: 'Validated on our analyser, 2026',
      },
    ]);
    expectError(
      await h.pathologist.api.put('/lab/catalogue/tests/X1', {
        ...potassium,
        code: undefined,
        updatedAt: undefined,
        updatedBy: undefined,
        ranges: [{ sex: 'any', low: 5, high: 3 }],
      }),
      400,
      /ranges\.0\.high: must not be below low/,
    );
  });
});
