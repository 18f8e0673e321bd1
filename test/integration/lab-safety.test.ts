/**
 * Laboratory safety (issue 16): plausibility limits per test (item 6), the requester is an active
 * doctor (item 7), patient-scoped lists of an unknown patient are 404 (item 9), and critical limits
 * and units against their published sources (item 10: RCPath, Mayo Clinic Laboratories). The
 * expected flags are the sources' values, written out by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { yearsBefore } from '../../shared/modules/patients/rules';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof diagnosticsHospital>>;
beforeAll(async () => {
  h = await diagnosticsHospital(rt.url, TZ);
}, 60_000);

const BMP = '51990-0';
const CBC = '58410-2';
const ADULT = { sex: 'male', dateOfBirth: '1970-03-01' };

/** An order of `codes` for a new patient, collected, ready for results. */
async function collected(codes: string[], patient: Record<string, unknown> = ADULT) {
  const { encounter, patient: p } = await h.encounterFor(patient);
  const order = await must(
    h.doctorUser.api.post('/lab/orders', {
      source: { kind: 'encounter', id: encounter.id },
      codes,
    }),
    201,
    'order',
  );
  await must(h.tech.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
  return { order, patient: p };
}

/** Enters one result and answers it with the order's open critical alerts. */
async function result(
  codes: string[],
  entry: Record<string, unknown>,
  patient: Record<string, unknown> = ADULT,
) {
  const { order } = await collected(codes, patient);
  const entered = await must(
    h.tech.api.post(`/lab/orders/${order.id}/results`, { results: [entry] }),
    200,
    'results',
  );
  const criticals = await must(h.doctorUser.api.get('/lab/criticals?limit=100'), 200, 'alerts');
  return {
    result: entered.results[0],
    alerts: criticals.items.filter((a: { orderId: string }) => a.orderId === order.id),
  };
}

describe('plausibility limits (item 6)', () => {
  it('a value no live patient can have is 400 naming the field, unless confirmed with a reason', async () => {
    const { order } = await collected([BMP]);
    for (const [code, value] of [
      ['2951-2', -140],
      ['2823-3', -4.1],
      ['2951-2', 14000],
    ] as const) {
      expectError(
        await h.tech.api.post(`/lab/orders/${order.id}/results`, { results: [{ code, value }] }),
        400,
        /results\.0\.value: .*outside the plausible limits/,
      );
    }
    const detail = await must(h.tech.api.get(`/lab/orders/${order.id}`), 200, 'order');
    expect(detail.results).toEqual([]);
    expect((await h.doctorUser.api.get('/lab/criticals?limit=100')).body.items).not.toContainEqual(
      expect.objectContaining({ orderId: order.id }),
    );

    // Confirmed (a real sample, rechecked): recorded with who confirmed it and why.
    const confirmed = await must(
      h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [
          {
            code: '2823-3',
            value: 16.2,
            confirmImplausible: 'Haemolysed sample rechecked; value stands, recollection requested',
          },
        ],
      }),
      200,
      'confirmed',
    );
    expect(confirmed.results[0]).toMatchObject({
      value: 16.2,
      flag: 'HH',
      implausibleConfirmed: {
        reason: 'Haemolysed sample rechecked; value stands, recollection requested',
        by: h.tech.user.id,
      },
    });
  });

  it('the limits are in the catalogue, and a pathologist edits them', async () => {
    const catalogue = await must(h.pathologist.api.get('/lab/catalogue'), 200, 'catalogue');
    const sodium = catalogue.tests.find((t: { code: string }) => t.code === '2951-2');
    expect(sodium.plausible).toEqual({ low: 80, high: 250 });
    const edited = await h.pathologist.api.put('/lab/catalogue/tests/2951-2', {
      ...sodium,
      code: undefined,
      updatedAt: undefined,
      updatedBy: undefined,
      plausible: { low: 90, high: 200 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.plausible).toEqual({ low: 90, high: 200 });
    expectError(
      await h.pathologist.api.put('/lab/catalogue/tests/2951-2', {
        ...sodium,
        code: undefined,
        updatedAt: undefined,
        updatedBy: undefined,
        plausible: { low: 200, high: 90 },
      }),
      400,
      /plausible/,
    );
    await must(
      h.pathologist.api.put('/lab/catalogue/tests/2951-2', {
        ...sodium,
        code: undefined,
        updatedAt: undefined,
        updatedBy: undefined,
      }),
      200,
      'restore',
    );
  });

  it('LOINC 2345-7 is glucose in serum or plasma, fasting or not: a random 120 mg/dL is normal', async () => {
    const glucose = await result([BMP], { code: '2345-7', value: 120 });
    expect(glucose.result).toMatchObject({ name: 'Glucose, serum or plasma', flag: 'N' });
    const catalogue = await must(h.pathologist.api.get('/lab/catalogue'), 200, 'catalogue');
    const fasting = catalogue.tests.find((t: { code: string }) => t.code === '1558-6');
    expect(fasting).toMatchObject({ name: 'Glucose, fasting, serum or plasma' });
    expect(fasting.ranges[0]).toMatchObject({ low: 70, high: 99 });
  });
});

describe('critical limits at their sources, inclusive (item 10)', () => {
  const adultFemale = { sex: 'female', dateOfBirth: '1970-03-01' };
  it.each([
    // [test, code, value, patient, flag] — RCPath (2017) and Mayo Clinic Laboratories' lists
    ['potassium at the limit', '2823-3', 6.5, ADULT, 'HH'],
    ['potassium just below', '2823-3', 6.4, ADULT, 'H'],
    ['potassium low at the limit', '2823-3', 2.5, ADULT, 'LL'],
    ['sodium low at the limit', '2951-2', 120, ADULT, 'LL'],
    ['sodium high at the limit', '2951-2', 160, ADULT, 'HH'],
    ['glucose 45 mg/dL (2.5 mmol/L)', '2345-7', 45, ADULT, 'LL'],
    ['glucose 46 mg/dL', '2345-7', 46, ADULT, 'L'],
    ['creatinine 4.00 mg/dL (354 µmol/L) in an adult', '2160-0', 4.0, ADULT, 'HH'],
    ['creatinine 3.99 mg/dL in an adult', '2160-0', 3.99, ADULT, 'H'],
    ['calcium above 12.0', '17861-6', 12.1, ADULT, 'HH'],
    ['calcium 12.0', '17861-6', 12.0, ADULT, 'H'],
    ['urea nitrogen 22 in a man (Mayo 8–24)', '3094-0', 22, ADULT, 'N'],
    ['urea nitrogen 7 in a man', '3094-0', 7, ADULT, 'L'],
    ['urea nitrogen 22 in a woman (Mayo 6–21)', '3094-0', 22, adultFemale, 'H'],
  ] as const)('%s: %s = %s → %s', async (_label, code, value, patient, flag) => {
    const { result: r, alerts } = await result([BMP], { code, value }, patient);
    expect(r.flag).toBe(flag);
    expect(alerts.length).toBe(flag === 'LL' || flag === 'HH' ? 1 : 0);
  });

  it.each([
    ['platelets 40', '777-3', 40, 'LL'],
    ['platelets 1000', '777-3', 1000, 'HH'],
    ['haemoglobin 20.0', '718-7', 20.0, 'HH'],
  ] as const)('%s → %s', async (_label, code, value, flag) => {
    expect((await result([CBC], { code, value })).result.flag).toBe(flag);
  });

  it('a child’s creatinine is critical from 200 µmol/L (2.26 mg/dL)', async () => {
    const child = { sex: 'female', dateOfBirth: addDays(yearsBefore(rt.today, 10), -30) };
    expect((await result([BMP], { code: '2160-0', value: 2.26 }, child)).result.flag).toBe('HH');
    expect((await result([BMP], { code: '2160-0', value: 2.25 }, child)).result.flag).not.toBe(
      'HH',
    );
  });

  it('alerts where no reference range fits: potassium 7.5 at 15, haemoglobin 5.0 of unknown sex', async () => {
    const fifteen = { sex: 'male', dateOfBirth: addDays(yearsBefore(rt.today, 15), -30) };
    const k = await result([BMP], { code: '2823-3', value: 7.5 }, fifteen);
    expect(k.result.range).toBeUndefined();
    expect(k.result).toMatchObject({ flag: 'HH', criticalLimits: { low: 2.5, high: 6.5 } });
    expect(k.alerts).toHaveLength(1);

    const unknownSex = { sex: 'unknown', dateOfBirth: '1970-03-01' };
    const hb = await result([CBC], { code: '718-7', value: 5.0 }, unknownSex);
    expect(hb.result.range).toBeUndefined();
    expect(hb.result.flag).toBe('LL');
    expect(hb.alerts).toMatchObject([{ testCode: '718-7', flag: 'LL' }]);
  });
});

describe('a result carries its unit, converted or refused (item 10)', () => {
  it('creatinine in µmol/L and haemoglobin in g/L are converted; a unit the test has not is 400', async () => {
    const creatinine = await result([BMP], { code: '2160-0', value: 88.4, unit: 'umol/L' });
    expect(creatinine.result).toMatchObject({
      value: 1,
      unit: 'mg/dL',
      flag: 'N',
      reported: { value: 88.4, unit: 'umol/L' },
    });
    const hb = await result([CBC], { code: '718-7', value: 95, unit: 'g/L' });
    expect(hb.result).toMatchObject({ value: 9.5, unit: 'g/dL', flag: 'L' });
    // Without conversion, 88.4 "mg/dL" would be implausible: refused rather than flagged.
    const { order } = await collected([BMP]);
    expectError(
      await h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '2160-0', value: 88.4 }],
      }),
      400,
      /results\.0\.value/,
    );
    expectError(
      await h.tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '2951-2', value: 140, unit: 'mg/dL' }],
      }),
      400,
      /results\.0\.unit: mg\/dL is not a unit of Sodium/,
    );
  });
});

describe('the requester is an active doctor of the hospital (item 7)', () => {
  it('an administrator may not name a receptionist, an unknown id or a deactivated doctor', async () => {
    const { encounter } = await h.encounterFor();
    const order = (requesterId: string) =>
      h.admin.post('/lab/orders', {
        source: { kind: 'encounter', id: encounter.id },
        codes: [CBC],
        requesterId,
        confirmDuplicate: true,
      });
    const gone = await h.staff('DOCTOR');
    await must(h.admin.patch(`/users/${gone.user.id}`, { active: false }), 200, 'deactivate');
    for (const requesterId of [h.reception.user.id, 'no-such-user', gone.user.id])
      expectError(
        await order(requesterId),
        400,
        /requesterId: must be an active doctor of the hospital/,
      );
    const ok = await order(h.doctorUser.user.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.requesterId).toBe(h.doctorUser.user.id);

    // Radiology orders: the same rule.
    await must(
      h.radiologist.api.put('/radiology/procedures/XR-CHEST', {
        name: 'Chest X-ray PA',
        modality: 'DX',
        bodyPart: 'Chest',
        contrast: false,
        priceMinor: 45000,
      }),
      200,
      'procedure',
    );
    expectError(
      await h.admin.post('/radiology/orders', {
        source: { kind: 'encounter', id: encounter.id },
        procedureCode: 'XR-CHEST',
        clinicalQuestion: 'Consolidation?',
        requesterId: h.reception.user.id,
      }),
      400,
      /requesterId: must be an active doctor of the hospital/,
    );
  });
});

describe('patient-scoped lists of an unknown patient are 404 (item 9)', () => {
  it('orders and cumulative results', async () => {
    for (const path of [
      '/lab/patients/no-such-patient/orders',
      '/lab/patients/no-such-patient/cumulative',
    ])
      expectError(await h.doctorUser.api.get(path), 404, /Patient no-such-patient not found/);
  });
});
