import { describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { inpatientHospital, must } from '../support/inpatient';
import { opdHospital, opdRuntime } from '../support/opd';

// Decision-support cards where a prescription is written (encounters.prescribe) and proposed
// (propose-prescription): the answer carries the cards; a critical card (a maximum dose exceeded,
// a contraindicated combination) stops the order unless cdsOverrideReason is given, and the
// reason is stored with the prescription; a switched-off rule stays off.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

async function encounterFor(patient: Record<string, unknown> = {}) {
  const h = await opdHospital(opd.url, TZ);
  const p = await h.patient(patient);
  const enc = await h.doctorUser.api.post('/encounters', { patientId: p.id });
  expect(enc.status, JSON.stringify(enc.body)).toBe(201);
  return { h, patient: p, id: enc.body.id as string };
}

const PARACETAMOL = {
  drugName: 'Paracetamol',
  strength: '500 mg',
  dose: '2 tablets',
  route: 'oral',
  frequency: 'four times daily',
  durationDays: 3,
  quantity: 24,
};
const topics = (cards: any[]) => cards.map((c) => `${c.source.topic.code}:${c.indicator}`);

describe('the prescribe answer carries the cards; a critical card is a hard stop', () => {
  it('at the maximum daily dose: no card; above it: 409 with the card, then prescribed with a stored reason', async () => {
    const { h, id } = await encounterFor({ dateOfBirth: '1980-01-01' });
    const prescribe = (body: Record<string, unknown>) =>
      h.doctorUser.api.post(`/encounters/${id}/prescriptions`, { ...PARACETAMOL, ...body });
    const atLimit = await prescribe({});
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);
    expect(atLimit.body.cards).toEqual([]);
    expect(atLimit.body.cdsOverrideReason).toBeUndefined();

    const over = await prescribe({ drugName: 'Calpol', frequency: 'every 4 hours', quantity: 36 });
    expectError(
      over,
      409,
      /^Calpol: decision support stops this order \(Calpol: 6000 mg a day is above the maximum 4000 mg a day\); give cdsOverrideReason/,
    );
    expect(topics(over.body.cards)).toEqual(['dose-range:critical']);
    expect(over.body.cards[0].links[0].url).toBe('https://bnf.nice.org.uk/drugs/paracetamol/');

    const overridden = await prescribe({
      drugName: 'Calpol',
      frequency: 'every 4 hours',
      quantity: 36,
      cdsOverrideReason: 'Palliative care team advice',
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    expect(topics(overridden.body.cards)).toEqual([
      'dose-range:critical',
      'duplicate-therapy:warning',
    ]);
    expect(overridden.body).toMatchObject({
      cdsOverrideReason: 'Palliative care team advice',
      cdsOverriddenCards: ['Calpol: 6000 mg a day is above the maximum 4000 mg a day'],
    });
    // Stored: the encounter's prescriptions show the reason and the card.
    const enc = await h.doctorUser.api.get(`/encounters/${id}`);
    const saved = enc.body.prescriptions.find((p: any) => p.id === overridden.body.id);
    expect(saved).toMatchObject({
      cdsOverrideReason: 'Palliative care team advice',
      cdsOverriddenCards: ['Calpol: 6000 mg a day is above the maximum 4000 mg a day'],
    });
    expect(saved.cards).toBeUndefined();
    // A reason with nothing to override is not stored; a blank one is refused.
    const plain = await prescribe({
      drugName: 'Ibuprofen',
      strength: '400 mg',
      dose: '1 tablet',
      frequency: 'three times daily',
      quantity: 9,
      cdsOverrideReason: 'just in case',
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.cdsOverrideReason).toBeUndefined();
    expectError(await prescribe({ cdsOverrideReason: '' }), 400, /cdsOverrideReason/);
  });

  it("a child's mg/kg limit uses the weight recorded on the encounter; without one, a warning asks for it", async () => {
    const { h, id } = await encounterFor({ dateOfBirth: '2020-06-01' });
    const syrup = {
      ...PARACETAMOL,
      drugName: 'Paracetamol',
      strength: '120 mg/5 mL',
      dose: '12.5 mL',
      frequency: 'four times daily',
      quantity: 1,
    };
    const first = await h.doctorUser.api.post(`/encounters/${id}/prescriptions`, syrup);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(topics(first.body.cards)).toEqual(['dose-range:warning']);
    const vitals = await h.nurse.api.patch(`/encounters/${id}/vitals`, { weightKg: 20 });
    expect(vitals.status, JSON.stringify(vitals.body)).toBe(200);
    // 20 kg: 300 mg (12.5 mL) per dose is at the limit; 13 mL is over it.
    const over = await h.doctorUser.api.post(`/encounters/${id}/prescriptions`, {
      ...syrup,
      dose: '13 mL',
    });
    expectError(over, 409, /above the maximum 300 mg/);
  });

  it('a switched-off rule does not stop the order', async () => {
    const { h, id } = await encounterFor({ dateOfBirth: '1980-01-01' });
    await h.admin.put('/decision-support/rules/dose-range', {
      enabled: false,
      reason: 'Local policy review',
    });
    const r = await h.doctorUser.api.post(`/encounters/${id}/prescriptions`, {
      ...PARACETAMOL,
      frequency: 'every 4 hours',
      quantity: 36,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.cards).toEqual([]);
  });
});

describe('propose-prescription carries the cards for the approving doctor', () => {
  it('a proposal above the maximum dose is refused without a reason; with one it is CRITICAL and shows the card', async () => {
    const { h, id } = await encounterFor({ dateOfBirth: '1980-01-01' });
    const propose = (body: Record<string, unknown>) =>
      h.doctorUser.api.post('/agent-actions/proposals/prescription', {
        encounterId: id,
        ...PARACETAMOL,
        rationale: 'Pain after fracture',
        ...body,
      });
    const fine = await propose({});
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    expect(fine.body.cards).toEqual([]);
    const over = { frequency: 'every 4 hours', quantity: 36 };
    expectError(await propose(over), 409, /decision support stops this order/);
    const proposed = await propose({ ...over, cdsOverrideReason: 'Oncology advice' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body.risk).toBe('CRITICAL');
    expect(proposed.body.riskReasons[0]).toMatch(
      /overrides a critical decision-support card: Paracetamol: 6000 mg a day/,
    );
    expect(topics(proposed.body.cards)).toEqual(['dose-range:critical']);
    expect(proposed.body.summary).toContain('decision-support override: Oncology advice');
    const read = await h.doctorUser.api.get(`/agent-actions/${proposed.body.id}`);
    expect(topics(read.body.cards)).toEqual(['dose-range:critical']);
  });
});

describe('quantity against dose × frequency × duration', () => {
  it('a short supply is a warning; more than twice the course is a stop until a reason is given, and the reason is stored', async () => {
    const { h, id } = await encounterFor({ dateOfBirth: '1980-01-01' });
    const CETIRIZINE = {
      drugName: 'Cetirizine',
      strength: '10 mg',
      dose: '1 tablet',
      route: 'oral',
      frequency: 'once daily',
      durationDays: 5,
    };
    const prescribe = (body: Record<string, unknown>) =>
      h.doctorUser.api.post(`/encounters/${id}/prescriptions`, { ...CETIRIZINE, ...body });
    const short = await prescribe({ quantity: 3 });
    expect(short.status, JSON.stringify(short.body)).toBe(201);
    expect(topics(short.body.cards)).toEqual(['supply-quantity:warning']);
    expect(short.body.cards[0].summary).toBe('Cetirizine: quantity 3 lasts 3 of 5 days');

    const tenfold = await prescribe({ quantity: 50, drugName: 'Loratadine' });
    expectError(
      tenfold,
      409,
      /^Loratadine: decision support stops this order \(Loratadine: quantity 50 is more than twice the 5 the course needs\); give cdsOverrideReason/,
    );
    const overridden = await prescribe({
      quantity: 50,
      drugName: 'Loratadine',
      cdsOverrideReason: 'Travelling abroad for seven weeks',
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    expect(overridden.body).toMatchObject({
      cdsOverrideReason: 'Travelling abroad for seven weeks',
      cdsOverriddenCards: ['Loratadine: quantity 50 is more than twice the 5 the course needs'],
    });
  });
});

describe('inpatient prescribing goes through the same screen', () => {
  it('a discharge medicine answers its cards; pregnancy on the admission stops warfarin until a reason is given, stored with it', async () => {
    const h = await inpatientHospital(opd.url, TZ);
    const ward = await h.ward({ type: 'maternity' });
    const patient = await h.patient({ dateOfBirth: '1992-03-01' });
    const adm = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
    const prescribe = (body: Record<string, unknown>) =>
      h.doctorUser.api.post(`/admissions/${adm.id}/prescriptions`, {
        drugName: 'Amoxicillin',
        strength: '500 mg',
        dose: '1 capsule',
        route: 'oral',
        frequency: 'three times a day',
        durationDays: 5,
        quantity: 15,
        ...body,
      });
    const plain = await prescribe({});
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.cards).toEqual([]);

    await must(
      h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, { status: 'pregnant' }),
      200,
      'pregnant',
    );
    const warfarin = {
      drugName: 'Warfarin',
      strength: '1 mg',
      dose: '3 tablets',
      frequency: 'once daily',
      durationDays: 7,
      quantity: 21,
    };
    const stopped = await prescribe(warfarin);
    expectError(
      stopped,
      409,
      /^Warfarin: decision support stops this order \(Warfarin in pregnancy: contraindicated\)/,
    );
    expect(topics(stopped.body.cards)).toEqual(['pregnancy-caution:critical']);
    const overridden = await prescribe({
      ...warfarin,
      cdsOverrideReason: 'Mechanical valve, haematology advice',
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(201);
    expect(overridden.body).toMatchObject({
      cdsOverrideReason: 'Mechanical valve, haematology advice',
      cdsOverriddenCards: ['Warfarin in pregnancy: contraindicated'],
    });
    const stay = await must(h.doctorUser.api.get(`/admissions/${adm.id}`), 200, 'admission');
    expect(stay.prescriptions.find((p: any) => p.id === overridden.body.id)).toMatchObject({
      cdsOverrideReason: 'Mechanical valve, haematology advice',
    });

    // The supply check too: ten times the course is a stop.
    expectError(
      await prescribe({ quantity: 150, drugName: 'Cefalexin' }),
      409,
      /Cefalexin: quantity 150 is more than twice the 15 the course needs/,
    );
  });
});

describe('discharge medicines (TTOs) go through the same order-sign rules', () => {
  const SUMMARY = {
    finalDiagnoses: [{ text: 'Community-acquired pneumonia' }],
    conditionAtDischarge: 'Improved',
    disposition: 'home',
  };
  const AMOXICILLIN = {
    drugName: 'Amoxicillin',
    strength: '500 mg',
    dose: '1 capsule',
    route: 'oral',
    frequency: 'three times a day',
    durationDays: 5,
    quantity: 15,
  };
  const WARFARIN = {
    ...AMOXICILLIN,
    drugName: 'Warfarin',
    strength: '1 mg',
    dose: '3 tablets',
    frequency: 'once daily',
    durationDays: 7,
    quantity: 21,
  };

  async function pregnantAdmission() {
    const h = await inpatientHospital(opd.url, TZ);
    const ward = await h.ward({ type: 'maternity' });
    const patient = await h.patient({ dateOfBirth: '1992-03-01' });
    const adm = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
    await must(
      h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, { status: 'pregnant' }),
      200,
      'pregnant',
    );
    const discharge = (medications: Record<string, unknown>[]) =>
      h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, { ...SUMMARY, medications });
    return { h, adm, discharge };
  }

  it('a warfarin TTO for a pregnant patient is a 409 naming the card; nothing is written, the patient stays admitted', async () => {
    const { h, adm, discharge } = await pregnantAdmission();
    const stopped = await discharge([AMOXICILLIN, WARFARIN]);
    expectError(
      stopped,
      409,
      /^Warfarin: decision support stops this order \(Warfarin in pregnancy: contraindicated\)/,
    );
    expect(topics(stopped.body.cards)).toEqual(['pregnancy-caution:critical']);
    const stay = await must(h.doctorUser.api.get(`/admissions/${adm.id}`), 200, 'admission');
    expect(stay.status).toBe('in-progress');
    expect(stay.endedAt).toBeUndefined();
    expect(stay.discharge).toBeUndefined();
    expect(stay.prescriptions).toEqual([]);
    const bed = await must(h.bedManager.api.get(`/beds/${adm.bedId}`), 200, 'bed');
    expect(bed.state).toBe('occupied');
  });

  it('with cdsOverrideReason on the warfarin it discharges, answers the card and stores the reason', async () => {
    const { h, adm, discharge } = await pregnantAdmission();
    const done = await discharge([
      AMOXICILLIN,
      { ...WARFARIN, cdsOverrideReason: 'Mechanical valve, haematology advice' },
    ]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('discharged');
    expect(topics(done.body.cards)).toEqual(['pregnancy-caution:critical']);
    const byDrug = Object.fromEntries(done.body.prescriptions.map((p: any) => [p.drugName, p]));
    expect(byDrug.Warfarin).toMatchObject({
      status: 'active',
      cdsOverrideReason: 'Mechanical valve, haematology advice',
      cdsOverriddenCards: ['Warfarin in pregnancy: contraindicated'],
    });
    expect(byDrug.Amoxicillin.cdsOverrideReason).toBeUndefined();
    const stay = await must(h.doctorUser.api.get(`/admissions/${adm.id}`), 200, 'admission');
    expect(stay.prescriptions.find((p: any) => p.drugName === 'Warfarin')).toMatchObject({
      cdsOverrideReason: 'Mechanical valve, haematology advice',
    });
  });

  it('a supply ten times the course stops the discharge; a clean discharge answers no cards, with medicines or without', async () => {
    const h = await inpatientHospital(opd.url, TZ);
    const ward = await h.ward();
    const patient = await h.patient({ dateOfBirth: '1960-05-01' });
    const clean = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
    // The supply check too: ten times the course stops the discharge.
    expectError(
      await h.doctorUser.api.post(`/admissions/${clean.id}/discharge`, {
        ...SUMMARY,
        medications: [{ ...AMOXICILLIN, quantity: 150 }],
      }),
      409,
      /Amoxicillin: quantity 150 is more than twice the 15 the course needs/,
    );
    const plain = await h.doctorUser.api.post(`/admissions/${clean.id}/discharge`, {
      ...SUMMARY,
      medications: [AMOXICILLIN],
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.cards).toEqual([]);
    const none = await must(
      h.admit((await h.patient({ dateOfBirth: '1970-01-01' })).id, { wardId: ward.id }),
      201,
      'admission',
    );
    const noMedicines = await h.doctorUser.api.post(`/admissions/${none.id}/discharge`, SUMMARY);
    expect(noMedicines.status, JSON.stringify(noMedicines.body)).toBe(200);
    expect(noMedicines.body.cards).toEqual([]);
  });

  it('two TTOs that interact are carded once, on the later one: only its reason is needed and stored', async () => {
    const h = await inpatientHospital(opd.url, TZ);
    const ward = await h.ward();
    const patient = await h.patient({ dateOfBirth: '1958-02-01' });
    const adm = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
    const simvastatin = {
      ...AMOXICILLIN,
      drugName: 'Simvastatin',
      strength: '40 mg',
      dose: '1 tablet',
      frequency: 'once daily',
      durationDays: 7,
      quantity: 7,
    };
    const clarithromycin = {
      ...AMOXICILLIN,
      drugName: 'Clarithromycin',
      strength: '500 mg',
      dose: '1 tablet',
      frequency: 'twice daily',
      durationDays: 7,
      quantity: 14,
    };
    const discharge = (medications: Record<string, unknown>[]) =>
      h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, { ...SUMMARY, medications });
    const stopped = await discharge([simvastatin, clarithromycin]);
    expectError(
      stopped,
      409,
      /^Clarithromycin: decision support stops this order \(Clarithromycin \+ Simvastatin: contraindicated combination\)/,
    );
    const done = await discharge([
      simvastatin,
      { ...clarithromycin, cdsOverrideReason: 'Statin paused by the patient for the course' },
    ]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(topics(done.body.cards)).toEqual(['drug-interaction:critical']);
    const byDrug = Object.fromEntries(done.body.prescriptions.map((p: any) => [p.drugName, p]));
    expect(byDrug.Clarithromycin).toMatchObject({
      cdsOverrideReason: 'Statin paused by the patient for the course',
      cdsOverriddenCards: ['Clarithromycin + Simvastatin: contraindicated combination'],
    });
    expect(byDrug.Simvastatin.cdsOverrideReason).toBeUndefined();
  });
});
