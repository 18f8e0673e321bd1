/**
 * Clinical safety rules over HTTP: who decides the NEWS2 SpO2 scale, NEWS2 and BMI categories by
 * age, drug–allergy screening (class members, brands, beta-lactam cross-sensitivity), drug codes
 * that contradict the drug's name, and vitals plausibility bounds. Each test has its own hospital.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { yearsBefore } from '../../shared/modules/patients/rules';
import { expectError } from '../support/api';
import { opdHospital, opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

/** A fresh hospital, one patient and a walk-in encounter with its doctor. */
async function encounterFor(patient: Record<string, unknown> = {}) {
  const h = await opdHospital(opd.url, TZ);
  const p = await h.patient(patient);
  const enc = await h.doctorUser.api.post('/encounters', { patientId: p.id });
  expect(enc.status, JSON.stringify(enc.body)).toBe(201);
  return { h, patient: p, id: enc.body.id as string };
}

/** Every NEWS2 parameter scores 0 except SpO2 88% on air (3 on Scale 1, 0 on Scale 2). */
const HYPOXAEMIC_ON_AIR = {
  respiratoryRate: 16,
  spo2: 88,
  supplementalOxygen: false,
  systolic: 124,
  diastolic: 78,
  pulse: 78,
  consciousness: 'A',
  temperatureC: 36.8,
};

describe('NEWS2 SpO2 scale is the encounter’s, set by a doctor', () => {
  it('a reading cannot choose Scale 2; a doctor records it with a reason and later readings use it', async () => {
    const { h, id } = await encounterFor();
    const vitals = (body: unknown) => h.nurse.api.patch(`/encounters/${id}/vitals`, body);

    // A reading that asks for Scale 2 is refused and points to where the decision is made.
    for (const spo2Scale of [2, 1]) {
      expectError(
        await vitals({ ...HYPOXAEMIC_ON_AIR, spo2Scale }),
        400,
        /spo2Scale.*encounters\.update/,
      );
    }
    expect((await h.nurse.api.get(`/encounters/${id}`)).body.vitals).toHaveLength(0);

    // Without a recorded decision: Scale 1, SpO2 88% on air scores 3.
    const onScale1 = await vitals(HYPOXAEMIC_ON_AIR);
    expect(onScale1.status, JSON.stringify(onScale1.body)).toBe(200);
    expect(onScale1.body.news2).toMatchObject({
      score: 3,
      spo2Scale: 1,
      risk: 'low-medium',
      parameters: { spo2: 3 },
    });

    // Only a doctor may record the decision, and only with a reason.
    const reason = 'COPD with confirmed type 2 respiratory failure';
    expectError(
      await h.nurse.api.patch(`/encounters/${id}`, { spo2Scale: 2, spo2ScaleReason: reason }),
      403,
    );
    expectError(
      await h.doctorUser.api.patch(`/encounters/${id}`, { spo2Scale: 2 }),
      400,
      /spo2ScaleReason/,
    );
    const decided = await h.doctorUser.api.patch(`/encounters/${id}`, {
      spo2Scale: 2,
      spo2ScaleReason: reason,
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.spo2Scale2).toMatchObject({
      reason,
      decidedBy: h.doctorUser.user.id,
      decidedAt: expect.any(String),
    });

    // The same reading now scores 0 for SpO2, and the reading says it used Scale 2.
    const onScale2 = await vitals(HYPOXAEMIC_ON_AIR);
    expect(onScale2.status, JSON.stringify(onScale2.body)).toBe(200);
    expect(onScale2.body.news2).toMatchObject({ score: 0, spo2Scale: 2, parameters: { spo2: 0 } });

    const detail = (await h.nurse.api.get(`/encounters/${id}`)).body;
    expect(detail.vitals.map((v: any) => [v.news2.spo2Scale, v.news2.score])).toEqual([
      [1, 3],
      [2, 0],
    ]);
    expect(detail.latestNews2).toMatchObject({ score: 0, risk: 'low' });

    // Going back to Scale 1 removes the decision; readings score on Scale 1 again.
    expect((await h.doctorUser.api.patch(`/encounters/${id}`, { spo2Scale: 1 })).status).toBe(200);
    expect((await vitals(HYPOXAEMIC_ON_AIR)).body.news2).toMatchObject({ score: 3, spo2Scale: 1 });
  });
});

describe('NEWS2 and BMI categories by age', () => {
  const reading = {
    ...HYPOXAEMIC_ON_AIR,
    spo2: 97,
    pulse: 100,
    respiratoryRate: 22,
    weightKg: 21,
    heightCm: 116,
  };

  it('a 6-year-old gets a BMI but no NEWS2 and no adult BMI category, each with the reason', async () => {
    const { h, id } = await encounterFor({ dateOfBirth: addDays(yearsBefore(opd.today, 6), -40) });
    const r = await h.nurse.api.patch(`/encounters/${id}/vitals`, reading);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.news2).toBeNull();
    expect(r.body.news2NotApplicable).toMatch(
      /NEWS2 is validated for patients aged 16 and over.*paediatric early warning score/,
    );
    expect(r.body.bmi).toBe(15.6);
    expect(r.body.bmiCategory).toBeNull();
    expect(r.body.bmiCategoryNotApplicable).toMatch(/BMI-for-age/);
    const detail = (await h.nurse.api.get(`/encounters/${id}`)).body;
    expect(detail.latestNews2).toMatchObject({ score: null, risk: null });
    expect(detail.vitals[0]).toMatchObject({ news2: null, bmi: 15.6, bmiCategory: null });
  });

  it('a 40-year-old gets NEWS2 and the WHO adult category', async () => {
    const { h, id } = await encounterFor({
      dateOfBirth: addDays(yearsBefore(opd.today, 40), -100),
    });
    const r = await h.nurse.api.patch(`/encounters/${id}/vitals`, {
      ...reading,
      weightKg: 70,
      heightCm: 175,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // RR 22 (2) + pulse 100 (1) = 3.
    expect(r.body.news2).toMatchObject({ score: 3, risk: 'low', spo2Scale: 1 });
    expect(r.body.news2NotApplicable).toBeNull();
    expect(r.body).toMatchObject({
      bmi: 22.9,
      bmiCategory: 'normal-weight',
      bmiCategoryNotApplicable: null,
    });
  });

  it('NEWS2 starts on the 16th birthday in the hospital’s calendar', async () => {
    const sixteenToday = await encounterFor({ dateOfBirth: yearsBefore(opd.today, 16) });
    const r16 = await sixteenToday.h.nurse.api.patch(
      `/encounters/${sixteenToday.id}/vitals`,
      reading,
    );
    expect(r16.body.news2).toMatchObject({ score: 3 });
    const sixteenTomorrow = await encounterFor({
      dateOfBirth: addDays(yearsBefore(opd.today, 16), 1),
    });
    const r15 = await sixteenTomorrow.h.nurse.api.patch(
      `/encounters/${sixteenTomorrow.id}/vitals`,
      reading,
    );
    expect(r15.body.news2).toBeNull();
    expect(r15.body.news2NotApplicable).toMatch(/patient is 15/);
  });
});

const RX = {
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'three times daily',
  durationDays: 5,
  quantity: 15,
};

describe('allergy screening', () => {
  it('"Penicillin - anaphylaxis" blocks every penicillin, brands included, and flags beta-lactam cross-sensitivity', async () => {
    const allergy = 'Penicillin - anaphylaxis';
    const { h, id } = await encounterFor({ allergies: [allergy] });
    const prescribe = (body: Record<string, unknown>) =>
      h.doctorUser.api.post(`/encounters/${id}/prescriptions`, { ...RX, ...body });

    for (const drugName of [
      'Augmentin',
      'Co-amoxiclav',
      'Cloxacillin',
      'Dicloxacillin',
      'Piperacillin-tazobactam',
      'Amoxicillin',
    ]) {
      const r = await prescribe({ drugName });
      expectError(
        r,
        409,
        new RegExp(`^${drugName} conflicts with recorded allergies: ${allergy};`),
      );
      expect(r.body.conflicts).toEqual([{ allergy, kind: 'direct' }]);
    }

    for (const [drugName, drugClass] of [
      ['Ceftriaxone', 'cephalosporin'],
      ['Meropenem', 'carbapenem'],
    ] as const) {
      const r = await prescribe({ drugName });
      expectError(
        r,
        409,
        new RegExp(
          `^${drugName} conflicts with recorded allergies: ${allergy} \\(cross-sensitivity: ${drugClass}\\)`,
        ),
      );
      expect(r.body.conflicts).toEqual([{ allergy, kind: 'cross-sensitivity', drugClass }]);
    }
    expect((await h.doctorUser.api.get(`/encounters/${id}`)).body.prescriptions).toHaveLength(0);

    // A cross-sensitivity can be overridden with a reason; the conflict is stored as such.
    const overridden = await prescribe({
      drugName: 'Ceftriaxone',
      strength: '1 g',
      route: 'iv',
      allergyOverrideReason: 'Microbiology advice; no alternative; monitored',
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    expect(overridden.body).toMatchObject({
      drugCode: 'J01DD04',
      allergyConflicts: [`${allergy} (cross-sensitivity: cephalosporin)`],
      allergyOverrideReason: 'Microbiology advice; no alternative; monitored',
    });

    // Unrelated drugs, and aztreonam (BNF: may be used with caution), are not blocked.
    for (const drugName of ['Paracetamol', 'Azithromycin', 'Aztreonam']) {
      const r = await prescribe({ drugName });
      expect(r.status, `${drugName}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(r.body.allergyConflicts).toEqual([]);
    }
  });

  it('a cephalosporin allergy flags penicillins as cross-sensitivity', async () => {
    const { h, id } = await encounterFor({ allergies: ['Cephalosporins (urticaria)'] });
    const r = await h.doctorUser.api.post(`/encounters/${id}/prescriptions`, {
      ...RX,
      drugName: 'Amoxicillin',
    });
    expectError(
      r,
      409,
      /^Amoxicillin conflicts with recorded allergies: Cephalosporins \(urticaria\) \(cross-sensitivity: penicillin\)/,
    );
  });
});

describe('drug codes must agree with drug names', () => {
  it('a known code with another drug’s name is 400; brands with their code and unknown ATC codes are accepted', async () => {
    const { h, id } = await encounterFor();
    const prescribe = (body: Record<string, unknown>) =>
      h.doctorUser.api.post(`/encounters/${id}/prescriptions`, { ...RX, ...body });

    expectError(
      await prescribe({ drugName: 'Paracetamol', drugCode: 'J01CA04' }),
      400,
      /drugCode: J01CA04 is Amoxicillin.*not 'Paracetamol'/,
    );
    expectError(
      await prescribe({ drugName: 'Meropenem', drugCode: 'MEROPENEM' }),
      400,
      /drugCode: 'MEROPENEM' is not a WHO ATC code/,
    );
    expect((await h.doctorUser.api.get(`/encounters/${id}`)).body.prescriptions).toHaveLength(0);

    const brand = await prescribe({ drugName: 'Augmentin', drugCode: 'j01cr02' });
    expect(brand.status, JSON.stringify(brand.body)).toBe(201);
    expect(brand.body).toMatchObject({ drugName: 'Augmentin', drugCode: 'J01CR02' });
    const unknown = await prescribe({ drugName: 'Meropenem', drugCode: 'J01DH02', route: 'iv' });
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(201);
    expect(unknown.body.drugCode).toBe('J01DH02');
  });

  it('a brand given with its code is screened as its generic', async () => {
    const { h, id } = await encounterFor({ allergies: ['amoxicillin'] });
    const r = await h.doctorUser.api.post(`/encounters/${id}/prescriptions`, {
      ...RX,
      drugName: 'Augmentin',
      drugCode: 'J01CR02',
    });
    expectError(r, 409, /^Augmentin conflicts with recorded allergies: amoxicillin;/);
  });
});

describe('vitals plausibility bounds', () => {
  it('accepts severe but real readings and names the field of an impossible one', async () => {
    const { h, id } = await encounterFor();
    const vitals = (body: unknown) => h.nurse.api.patch(`/encounters/${id}/vitals`, body);
    for (const body of [
      { spo2: 20, supplementalOxygen: true },
      { spo2: 35 },
      { weightKg: 650, heightCm: 185 },
      { respiratoryRate: 3 },
      { systolic: 60, diastolic: 10 },
      { heightCm: 272 },
    ]) {
      const r = await vitals(body);
      expect(r.status, `${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    for (const [body, field] of [
      [{ spo2: 19 }, /spo2 must be between 20 and 100/],
      [{ weightKg: 701 }, /weightKg must be between 0.3 and 700/],
      // The lower bounds were widened to what a live patient can have (issue 16).
      [{ respiratoryRate: 0 }, /respiratoryRate must be between 1 and 80/],
      [{ diastolic: 4 }, /diastolic must be between 5 and 200/],
      [{ heightCm: 273 }, /heightCm must be between 30 and 272/],
      [{ temperatureC: 45.5 }, /temperatureC must be between 13 and 45/],
      [{ systolic: 90, diastolic: 95 }, /diastolic \(95\) must be lower than systolic \(90\)/],
    ] as const) {
      expectError(await vitals(body), 400, field);
    }
    expect((await h.nurse.api.get(`/encounters/${id}`)).body.vitals).toHaveLength(6);
  });
});
