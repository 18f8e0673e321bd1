/**
 * NEWS2 on the ward against the RCP chart (issue 16, items 3 and 10): an escalation stands until a
 * complete set scores below the threshold, the previous score and trend come from complete sets,
 * 5 or more is urgent and blocks a planned discharge, an incomplete set raises the single-parameter
 * flag, NEWS2 is withheld in pregnancy and after delivery (and the board says so), and the vitals
 * bounds let through what a live patient can have. A fresh hospital per test.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { HIGH_NEWS2_VITALS, inpatientHospital, must, NORMAL_VITALS } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);

const SUMMARY = {
  finalDiagnoses: [{ text: 'Community-acquired pneumonia' }],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};
/** NEWS2 6: RR 22 (2), SpO2 94 (1), pulse 95 (1), temperature 38.5 (1), systolic 105 (1). */
const SIX = {
  ...NORMAL_VITALS,
  respiratoryRate: 22,
  spo2: 94,
  pulse: 95,
  temperatureC: 38.5,
  systolic: 105,
};
/** NEWS2 5 without a red score: SIX with SpO2 96 (0): 2 + 0 + 1 + 1 + 1 = 5. */
const FIVE = { ...SIX, spo2: 96 };

async function admitted() {
  const h = await inpatientHospital(rt.url, TZ);
  const ward = await h.ward({ type: 'maternity' });
  const patient = await h.patient();
  const adm = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
  const observe = (body: Record<string, unknown>) =>
    must(h.nurse.api.post(`/admissions/${adm.id}/observations`, body), 201, 'observation');
  const latest = async () => (await h.doctorUser.api.get(`/admissions/${adm.id}`)).body.latestNews2;
  return { h, ward, patient, adm, observe, latest };
}

describe('an escalation stands until a complete set scores below the threshold (item 3)', () => {
  it('after 0 → 6 → 8, a pulse or a temperature alone neither clears it nor unblocks discharge', async () => {
    const { h, adm, observe, latest } = await admitted();
    await observe(NORMAL_VITALS);
    await observe(SIX);
    await observe(HIGH_NEWS2_VITALS);
    expect(await latest()).toMatchObject({
      score: 8,
      previousScore: 6,
      trend: 'rising',
      needsEscalation: true,
      escalation: 'emergency',
    });

    for (const partial of [{ pulse: 72 }, { temperatureC: 36.9 }]) {
      const set = await observe(partial);
      expect(set.news2).toMatchObject({ score: null });
      expect(set.needsEscalation).toBe(false);
      // The standing escalation and the last complete score, its previous and trend, are kept.
      expect(await latest()).toMatchObject({
        score: 8,
        previousScore: 6,
        trend: 'rising',
        needsEscalation: true,
        escalation: 'emergency',
        latestSetComplete: false,
      });
      expectError(
        await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY),
        409,
        /latest NEWS2 \(8 .*needs escalation/,
      );
    }

    // The next complete set is compared with the last complete one (8), not with the partial ones.
    await observe(NORMAL_VITALS);
    expect(await latest()).toMatchObject({
      score: 0,
      previousScore: 8,
      trend: 'falling',
      needsEscalation: false,
      escalation: null,
      latestSetComplete: true,
    });
    const board = (await h.nurse.api.get(`/wards/${adm.wardId}/board`)).body;
    expect(board.needsEscalation).toBe(0);
    const done = await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('an incomplete set raises the single-parameter flag, and a 5 is urgent and blocks going home', async () => {
    const { h, adm, observe, latest } = await admitted();
    await observe(NORMAL_VITALS);
    const partial = await observe({ spo2: 84, respiratoryRate: 30, systolic: 80 });
    expect(partial).toMatchObject({ needsEscalation: true, news2Escalation: 'emergency' });
    expect(await latest()).toMatchObject({
      score: 0,
      needsEscalation: true,
      escalation: 'emergency',
    });
    const board = (await h.nurse.api.get(`/wards/${adm.wardId}/board`)).body;
    expect(board.needsEscalation).toBe(1);
    expect(board.beds.find((b: any) => b.admissionId === adm.id).news2).toMatchObject({
      needsEscalation: true,
      escalation: 'emergency',
    });

    const five = await observe(FIVE);
    expect(five.news2).toMatchObject({ score: 5, risk: 'medium', anyParameterScoredThree: false });
    expect(five).toMatchObject({ needsEscalation: true, news2Escalation: 'urgent' });
    expect(await latest()).toMatchObject({ score: 5, escalation: 'urgent', needsEscalation: true });
    expectError(
      await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY),
      409,
      /latest NEWS2 \(5 .*needs escalation/,
    );
    // A transfer to another hospital is recorded whatever the score.
    const transfer = await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, {
      ...SUMMARY,
      disposition: 'other-facility',
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
  });
});

describe('NEWS2 is withheld in pregnancy and after delivery (item 10)', () => {
  it('records the status, withholds the score, and the board says why', async () => {
    const { h, adm, observe, latest } = await admitted();
    await observe(HIGH_NEWS2_VITALS);
    expectError(
      await h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, { status: 'postpartum' }),
      400,
      /deliveryDate/,
    );
    expectError(
      await h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, {
        status: 'postpartum',
        deliveryDate: addDays(rt.today, 1),
      }),
      400,
      /deliveryDate: must not be in the future/,
    );
    const recorded = await h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, {
      status: 'pregnant',
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect(recorded.body.pregnancy).toMatchObject({
      status: 'pregnant',
      recordedBy: h.nurse.user.id,
    });
    // A systolic of 111–219 scores 0 on NEWS2: on a maternity ward it is not scored at all (145 is
    // also normal on MEOWS, whose trigger is tested in test/integration/early-warning.test.ts).
    const set = await observe({ ...NORMAL_VITALS, systolic: 145 });
    expect(set.news2).toBeNull();
    expect(set.news2NotApplicable).toMatch(/not validated in pregnancy.*obstetric early warning/);
    expect(await latest()).toMatchObject({
      score: null,
      needsEscalation: false,
      notApplicable: expect.stringMatching(/pregnan/),
    });
    const bed = (await h.nurse.api.get(`/wards/${adm.wardId}/board`)).body.beds.find(
      (b: any) => b.admissionId === adm.id,
    );
    expect(bed.news2).toMatchObject({
      score: null,
      needsEscalation: false,
      notApplicable: expect.stringMatching(/not validated in pregnancy/),
    });

    // Delivered 50 days ago: the postpartum status has lapsed and NEWS2 applies again.
    await must(
      h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, {
        status: 'postpartum',
        deliveryDate: addDays(rt.today, -10),
      }),
      200,
      'postpartum',
    );
    expect((await observe(NORMAL_VITALS)).news2).toBeNull();
    await must(
      h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, {
        status: 'postpartum',
        deliveryDate: addDays(rt.today, -50),
      }),
      200,
      'postpartum',
    );
    expect((await observe(NORMAL_VITALS)).news2).toMatchObject({ score: 0 });
    expect(await latest()).toMatchObject({ score: 0, notApplicable: null });
  });
});

describe('vitals bounds let through a live patient in extremis (item 10)', () => {
  it('temperature 23.5 °C, pulse 18, respiration 2 and systolic 35 are recorded', async () => {
    const { observe } = await admitted();
    const set = await observe({
      temperatureC: 23.5,
      pulse: 18,
      respiratoryRate: 2,
      systolic: 35,
      diastolic: 20,
    });
    expect(set.values).toMatchObject({ temperatureC: 23.5, pulse: 18, respiratoryRate: 2 });
    expect(set).toMatchObject({ needsEscalation: true, news2Escalation: 'emergency' });
  });
});
