/**
 * Inpatient care through the local runtime, a fresh hospital per test: the full stay, the races
 * on beds and patients, the forbidden bed and admission transitions, and the escalation flag.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { HIGH_NEWS2_VITALS, inpatientHospital, must, NORMAL_VITALS } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);

const AMOXICILLIN = {
  drugName: 'Amoxicillin',
  strength: '500 mg',
  dose: '1 capsule',
  route: 'oral',
  frequency: 'three times a day',
  durationDays: 5,
  quantity: 15,
};

const SUMMARY = {
  finalDiagnoses: [{ text: 'Community-acquired pneumonia', code: 'J18.9', system: 'ICD-10' }],
  procedures: ['Chest X-ray'],
  conditionAtDischarge: 'Improved; afebrile for 48 hours, walking unaided',
  disposition: 'home',
  followUpInstructions: 'Review in the medical OPD with a repeat chest X-ray',
};

describe('a full stay', () => {
  it('admits from an OPD encounter, observes, transfers, discharges with medications, and the bed is cleaned', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const medical = await h.ward({ name: 'Medical Ward 1' }, 3);
    const hdu = await h.ward({ name: 'HDU', type: 'hdu', dailyCharge: 600_000 }, 2, [
      'oxygen',
      'monitor',
    ]);
    const patient = await h.patient({ allergies: ['Penicillin'] });
    const encounter = await must(
      h.doctorUser.api.post('/encounters', {
        patientId: patient.id,
        chiefComplaint: 'Fever, cough',
      }),
      201,
      'encounter',
    );

    // Admit from the OPD encounter to a specific bed.
    const bed = medical.beds[1];
    const admitted = await h.reception.api.post('/admissions', {
      patientId: patient.id,
      source: 'opd',
      encounterId: encounter.id,
      doctorId: h.doctor.id,
      reason: 'Pneumonia with hypoxia',
      provisionalDiagnosis: { text: 'Pneumonia', code: 'J18.9', system: 'ICD-10' },
      expectedLengthOfStayDays: 5,
      bedId: bed.id,
    });
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(201);
    const adm = admitted.body;
    expect(adm).toMatchObject({
      class: 'IMP',
      status: 'in-progress',
      source: 'opd',
      encounterId: encounter.id,
      wardId: medical.id,
      bedId: bed.id,
      bedCode: 'A02',
      admittedDate: rt.today,
      admittedBy: h.reception.user.id,
    });
    expect(adm.bedHistory).toHaveLength(1);
    expect((await h.nurse.api.get(`/beds/${bed.id}`)).body).toMatchObject({
      state: 'occupied',
      admissionId: adm.id,
      patientId: patient.id,
      mrn: patient.mrn,
    });
    let avail = (await h.nurse.api.get('/beds/availability')).body;
    expect(avail.total).toMatchObject({ total: 5, free: 4 });
    expect(avail.total.counts).toEqual({
      unoccupied: 4,
      occupied: 1,
      housekeeping: 0,
      closed: 0,
      isolated: 0,
      contaminated: 0,
    });

    // Observations: NEWS2 with its trend; a high score flags the ward's board.
    const first = await must(
      h.nurse.api.post(`/admissions/${adm.id}/observations`, NORMAL_VITALS),
      201,
      'observation',
    );
    expect(first.news2).toMatchObject({ score: 0, risk: 'low' });
    expect(first.needsEscalation).toBe(false);
    const high = await must(
      h.nurse.api.post(`/admissions/${adm.id}/observations`, HIGH_NEWS2_VITALS),
      201,
      'observation',
    );
    expect(high.news2).toMatchObject({ score: 8, risk: 'high', anyParameterScoredThree: true });
    expect(high.needsEscalation).toBe(true);
    let detail = (await h.doctorUser.api.get(`/admissions/${adm.id}`)).body;
    expect(detail.latestNews2).toMatchObject({
      score: 8,
      risk: 'high',
      needsEscalation: true,
      trend: 'rising',
      previousScore: 0,
    });
    const board = (await h.nurse.api.get(`/wards/${medical.id}/board`)).body;
    expect(board.needsEscalation).toBe(1);
    expect(
      board.beds.map((b: any) => [
        b.code,
        b.state,
        b.patientName ?? null,
        b.news2?.needsEscalation ?? null,
      ]),
    ).toEqual([
      ['A01', 'unoccupied', null, null],
      ['A02', 'occupied', patient.name, true],
      ['A03', 'unoccupied', null, null],
    ]);

    // Notes.
    await must(
      h.nurse.api.post(`/admissions/${adm.id}/nursing-notes`, {
        text: 'Doctor informed of NEWS2 8',
      }),
      201,
      'nursing note',
    );
    await must(
      h.doctorUser.api.post(`/admissions/${adm.id}/round-notes`, {
        text: 'Move to HDU for monitoring',
      }),
      201,
      'round note',
    );

    // Transfer to the HDU's first free bed: old bed to housekeeping, history entry.
    const moved = await h.bedManager.api.post(`/admissions/${adm.id}/transfer`, {
      wardId: hdu.id,
      reason: 'NEWS2 8: needs continuous monitoring',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ wardId: hdu.id, bedId: hdu.beds[0].id, bedCode: 'A01' });
    expect(moved.body.bedHistory.map((e: any) => [e.wardName, e.bedCode, e.reason, e.by])).toEqual([
      ['Medical Ward 1', 'A02', 'admission', h.reception.user.id],
      ['HDU', 'A01', 'NEWS2 8: needs continuous monitoring', h.bedManager.user.id],
    ]);
    expect((await h.nurse.api.get(`/beds/${bed.id}`)).body).toMatchObject({
      state: 'housekeeping',
    });
    expect((await h.nurse.api.get(`/beds/${bed.id}`)).body.patientId).toBeUndefined();
    const hduBed = (await h.nurse.api.get(`/beds/${hdu.beds[0].id}`)).body;
    expect(hduBed).toMatchObject({ state: 'occupied', admissionId: adm.id });
    expect(hduBed.news2).toMatchObject({ score: 8, needsEscalation: true });

    // Discharge home is refused while the latest NEWS2 needs escalation.
    expectError(
      await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY),
      409,
      /latest NEWS2 \(8 .*needs escalation/,
    );
    await must(h.nurse.api.post(`/admissions/${adm.id}/observations`, NORMAL_VITALS), 201, 'obs');
    detail = (await h.doctorUser.api.get(`/admissions/${adm.id}`)).body;
    expect(detail.latestNews2).toMatchObject({
      score: 0,
      trend: 'falling',
      needsEscalation: false,
    });

    // Discharge medications pass the shared allergy screen: amoxicillin for a penicillin allergy.
    expectError(
      await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, {
        ...SUMMARY,
        medications: [AMOXICILLIN],
      }),
      409,
      /Amoxicillin conflicts with recorded allergies: Penicillin/,
    );
    expect((await h.doctorUser.api.get(`/admissions/${adm.id}`)).body.status).toBe('in-progress');
    const done = await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, {
      ...SUMMARY,
      followUpDate: '2030-01-15',
      medications: [
        {
          ...AMOXICILLIN,
          drugName: 'Azithromycin',
          strength: '500 mg',
          frequency: 'once a day',
          quantity: 3,
          durationDays: 3,
        },
        {
          ...AMOXICILLIN,
          allergyOverrideReason: 'Tolerated amoxicillin in 2024 under observation',
        },
      ],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      status: 'discharged',
      lengthOfStay: { days: 0 },
      discharge: {
        disposition: 'home',
        conditionAtDischarge: SUMMARY.conditionAtDischarge,
        followUpDate: '2030-01-15',
        dischargedBy: h.doctorUser.user.id,
      },
    });
    expect(
      done.body.prescriptions.map((p: any) => [
        p.drugName,
        p.status,
        p.encounterId,
        p.allergyConflicts,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Azithromycin', 'active', adm.id, []],
        ['Amoxicillin', 'active', adm.id, ['Penicillin']],
      ]),
    );
    // Billing: the stay's bed days were charged in the discharge's transaction. A stay that
    // crosses no midnight is one day, charged to the ward the patient left from (HDU).
    const charges = await must(
      h.admin.get(`/billing/charges?patientId=${patient.id}`),
      200,
      'charges',
    );
    expect(
      charges.items
        .filter((c: any) => c.serviceType === 'bed-day')
        .map((c: any) => [c.description, c.quantity, c.unitPrice, c.admissionId, c.status]),
    ).toEqual([['HDU: 1 bed day', 1, 600_000, adm.id, 'billable']]);
    expect(done.body.observations).toHaveLength(3);
    expect(done.body.notes.map((n: any) => [n.kind, n.authorId])).toEqual(
      expect.arrayContaining([
        ['nursing', h.nurse.user.id],
        ['round', h.doctorUser.user.id],
      ]),
    );

    // Discharge prescriptions follow the MedicationRequest table after the stay.
    const azithro = done.body.prescriptions.find((p: any) => p.drugName === 'Azithromycin');
    const stopped = await h.doctorUser.api.patch(
      `/admissions/${adm.id}/prescriptions/${azithro.id}`,
      {
        status: 'stopped',
        reason: 'Rash on day 2',
      },
    );
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body).toMatchObject({
      status: 'stopped',
      statusReason: 'Rash on day 2',
      statusChangedBy: h.doctorUser.user.id,
    });
    expectError(
      await h.doctorUser.api.patch(`/admissions/${adm.id}/prescriptions/${azithro.id}`, {
        status: 'active',
      }),
      409,
      /from 'stopped' to 'active'/,
    );

    // The bed goes to housekeeping; a nurse marks it clean; it is free again.
    const hduBedId = hdu.beds[0].id;
    expect((await h.nurse.api.get(`/beds/${hduBedId}`)).body.state).toBe('housekeeping');
    const clean = await h.nurse.api.post(`/beds/${hduBedId}/clean`);
    expect(clean.status, JSON.stringify(clean.body)).toBe(200);
    expect(clean.body.state).toBe('unoccupied');
    await must(h.nurse.api.post(`/beds/${bed.id}/clean`), 200, 'clean');
    avail = (await h.nurse.api.get('/beds/availability')).body;
    expect(avail.total).toMatchObject({ total: 5, free: 5 });

    // After discharge the patient may be admitted again.
    await must(h.admit(patient.id, { wardId: medical.id }), 201, 'readmission');
  });
});

describe('races', () => {
  it('two admissions to the same bed at once: exactly one 201 and one 409', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const w = await h.ward({}, 2);
    const [p1, p2] = await Promise.all([h.patient(), h.patient()]);
    const replies = await Promise.all([
      h.admit(p1.id, { bedId: w.beds[0].id }),
      h.admit(p2.id, { bedId: w.beds[0].id }, h.doctorUser.api),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = replies.find((r) => r.status === 409)!;
    expectError(lost, 409, /Bed A01 .*(taken|is 'occupied')/);
    const ward = (await h.nurse.api.get(`/wards/${w.id}`)).body;
    expect(ward.bedCounts).toMatchObject({ occupied: 1, unoccupied: 1 });
  });

  it('the same patient admitted twice at once: one 201, one 409 naming the admission', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const w = await h.ward({}, 3);
    const p = await h.patient();
    const replies = await Promise.all([
      h.admit(p.id, { bedId: w.beds[0].id }),
      h.admit(p.id, { bedId: w.beds[1].id }, h.doctorUser.api),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const won = replies.find((r) => r.status === 201)!;
    const lost = replies.find((r) => r.status === 409)!;
    expectError(lost, 409, new RegExp(`already has an active admission ${won.body.id}`));
    // And later, one after the other.
    expectError(await h.admit(p.id, { wardId: w.id }), 409, new RegExp(won.body.id));
    const ward = (await h.nurse.api.get(`/wards/${w.id}`)).body;
    expect(ward.bedCounts).toMatchObject({ occupied: 1, unoccupied: 2 });
  });

  it('concurrent admissions to a ward fill distinct beds', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const w = await h.ward({}, 3);
    const patients = await Promise.all([h.patient(), h.patient(), h.patient(), h.patient()]);
    const replies = await Promise.all(patients.map((p) => h.admit(p.id, { wardId: w.id })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 409]);
    const beds = replies.filter((r) => r.status === 201).map((r) => r.body.bedCode);
    expect(beds.sort()).toEqual(['A01', 'A02', 'A03']);
    expectError(replies.find((r) => r.status === 409)!, 409, /no unoccupied bed|taken/);
  });

  it('two transfers into one bed at once: exactly one wins', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const w = await h.ward({}, 3);
    const [p1, p2] = await Promise.all([h.patient(), h.patient()]);
    const a1 = await must(h.admit(p1.id, { bedId: w.beds[0].id }), 201, 'a1');
    const a2 = await must(h.admit(p2.id, { bedId: w.beds[1].id }), 201, 'a2');
    const target = w.beds[2].id;
    const replies = await Promise.all([
      h.bedManager.api.post(`/admissions/${a1.id}/transfer`, {
        bedId: target,
        reason: 'Side room',
      }),
      h.doctorUser.api.post(`/admissions/${a2.id}/transfer`, {
        bedId: target,
        reason: 'Side room',
      }),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.status === 200)!.body;
    expect((await h.nurse.api.get(`/beds/${target}`)).body.admissionId).toBe(winner.id);
    const ward = (await h.nurse.api.get(`/wards/${w.id}`)).body;
    expect(ward.bedCounts).toMatchObject({ occupied: 2, housekeeping: 1, unoccupied: 0 });
  });
});

describe('forbidden transitions', () => {
  it('refuses every bed change the table or the patient forbids', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const w = await h.ward({}, 3);
    const [b1, b2, b3] = w.beds;
    const p = await h.patient();
    const adm = await must(h.admit(p.id, { bedId: b1.id }), 201, 'admission');
    const bm = h.bedManager.api;
    // Occupied: no manual change at all.
    for (const state of ['closed', 'isolated', 'contaminated', 'housekeeping', 'unoccupied'])
      expectError(await bm.patch(`/beds/${b1.id}/state`, { state }), 409, /occupied/);
    expectError(await h.nurse.api.post(`/beds/${b1.id}/clean`), 409, /only a bed in housekeeping/);
    // Nobody sets occupied by hand.
    expectError(await bm.patch(`/beds/${b2.id}/state`, { state: 'occupied' }), 400, /state/);
    // unoccupied → closed → (no admission) → isolated is not allowed from closed.
    await must(
      bm.patch(`/beds/${b2.id}/state`, { state: 'closed', reason: 'Broken rail' }),
      200,
      'close',
    );
    expectError(
      await h.admit((await h.patient()).id, { bedId: b2.id }),
      409,
      /'closed', not unoccupied/,
    );
    expectError(
      await bm.patch(`/beds/${b2.id}/state`, { state: 'isolated' }),
      409,
      /allowed next states: unoccupied, housekeeping/,
    );
    expectError(
      await bm.patch(`/beds/${b2.id}/state`, { state: 'contaminated' }),
      409,
      /from 'closed' to 'contaminated'/,
    );
    // contaminated → unoccupied is not allowed (terminal cleaning first).
    await must(bm.patch(`/beds/${b3.id}/state`, { state: 'contaminated' }), 200, 'contaminated');
    expectError(
      await bm.patch(`/beds/${b3.id}/state`, { state: 'unoccupied' }),
      409,
      /allowed next states: housekeeping, closed/,
    );
    expectError(await h.nurse.api.post(`/beds/${b3.id}/clean`), 409, /'contaminated'/);
    await must(bm.patch(`/beds/${b3.id}/state`, { state: 'housekeeping' }), 200, 'housekeeping');
    expectError(
      await bm.patch(`/beds/${b3.id}/state`, { state: 'isolated' }),
      409,
      /from 'housekeeping' to 'isolated'/,
    );
    // A transfer into a bed that is not free, or into the bed the patient is in.
    expectError(
      await bm.post(`/admissions/${adm.id}/transfer`, { bedId: b3.id, reason: 'x' }),
      409,
      /'housekeeping', not unoccupied/,
    );
    expectError(
      await bm.post(`/admissions/${adm.id}/transfer`, { bedId: b1.id, reason: 'x' }),
      409,
      /already in bed A01/,
    );
    // Counters followed every allowed change.
    expect((await h.nurse.api.get(`/wards/${w.id}`)).body.bedCounts).toEqual({
      unoccupied: 0,
      occupied: 1,
      housekeeping: 1,
      closed: 1,
      isolated: 0,
      contaminated: 0,
    });
  });

  it('refuses every admission change after it ended', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const w = await h.ward({}, 3);
    const p = await h.patient();
    const adm = await must(h.admit(p.id, { bedId: w.beds[0].id }), 201, 'admission');
    await must(h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY), 200, 'discharge');
    const doc = h.doctorUser.api;
    expectError(
      await doc.post(`/admissions/${adm.id}/discharge`, SUMMARY),
      409,
      /from 'discharged' to 'discharged'/,
    );
    expectError(
      await doc.post(`/admissions/${adm.id}/entered-in-error`, { reason: 'Wrong patient' }),
      409,
      /from 'discharged' to 'entered-in-error'/,
    );
    expectError(
      await doc.post(`/admissions/${adm.id}/transfer`, { wardId: w.id, reason: 'x' }),
      409,
      /is 'discharged'/,
    );
    expectError(
      await h.nurse.api.post(`/admissions/${adm.id}/observations`, NORMAL_VITALS),
      409,
      /is 'discharged'/,
    );
    expectError(
      await h.nurse.api.post(`/admissions/${adm.id}/nursing-notes`, { text: 'x' }),
      409,
      /is 'discharged'/,
    );
    expectError(
      await doc.post(`/admissions/${adm.id}/round-notes`, { text: 'x' }),
      409,
      /is 'discharged'/,
    );

    // Entered in error frees the bed and the patient; then nothing more.
    const again = await must(h.admit(p.id, { bedId: w.beds[1].id }), 201, 'second admission');
    const err = await doc.post(`/admissions/${again.id}/entered-in-error`, {
      reason: 'Wrong patient chosen at the desk',
    });
    expect(err.status, JSON.stringify(err.body)).toBe(200);
    expect(err.body).toMatchObject({
      status: 'entered-in-error',
      statusReason: 'Wrong patient chosen at the desk',
    });
    expect((await h.nurse.api.get(`/beds/${w.beds[1].id}`)).body.state).toBe('housekeeping');
    expectError(
      await doc.post(`/admissions/${again.id}/discharge`, SUMMARY),
      409,
      /from 'entered-in-error' to 'discharged'/,
    );
  });

  it('respects the ward sex policy and requires the time of death for a death', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const female = await h.ward({ sexPolicy: 'female' }, 1);
    const male = await h.patient({ sex: 'male' });
    expectError(await h.admit(male.id, { wardId: female.id }), 409, /takes female patients only/);
    expectError(
      await h.admit(male.id, { bedId: female.beds[0].id }),
      409,
      /takes female patients only/,
    );
    const woman = await h.patient({ sex: 'female' });
    const adm = await must(h.admit(woman.id, { wardId: female.id }), 201, 'admission');
    const deceased = { ...SUMMARY, disposition: 'deceased', conditionAtDischarge: 'Died' };
    expectError(
      await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, deceased),
      400,
      /timeOfDeath: is required when disposition is 'deceased'/,
    );
    const inFuture = new Date(Date.parse(adm.admittedAt) + 3_600_000).toISOString();
    expectError(
      await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, {
        ...deceased,
        timeOfDeath: inFuture,
      }),
      400,
      /timeOfDeath/,
    );
    const timeOfDeath = adm.admittedAt;
    // A high NEWS2 does not block recording a death.
    await must(
      h.nurse.api.post(`/admissions/${adm.id}/observations`, HIGH_NEWS2_VITALS),
      201,
      'obs',
    );
    const done = await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, {
      ...deceased,
      timeOfDeath,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.discharge).toMatchObject({ disposition: 'deceased', timeOfDeath });
    expect(done.body.endedAt).toBe(timeOfDeath);
  });
});
