/**
 * MEOWS and PEWS where NEWS2 is withheld (issue 19): an observation set of a pregnant or
 * postpartum patient answers MEOWS, of a child the Bedside PEWS; a trigger escalates as NEWS2
 * does (the set and the admission need escalation, the bed board says so, a planned discharge is
 * refused) and stands until a complete set without a trigger. ED triage of a child answers PEWS
 * and the board shows it. A fresh hospital per test.
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { inpatientHospital, must, NORMAL_VITALS } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);

const SUMMARY = {
  finalDiagnoses: [{ text: 'Observation' }],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};

async function admitted(patientFields: Record<string, unknown> = {}) {
  const h = await inpatientHospital(rt.url, TZ);
  const ward = await h.ward({ type: 'maternity' });
  const patient = await h.patient(patientFields);
  const adm = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'admission');
  const observe = (body: Record<string, unknown>) =>
    must(h.nurse.api.post(`/admissions/${adm.id}/observations`, body), 201, 'observation');
  const latest = async () => (await h.doctorUser.api.get(`/admissions/${adm.id}`)).body.latestNews2;
  const bed = async () =>
    (await h.nurse.api.get(`/wards/${adm.wardId}/board`)).body.beds.find(
      (b: { admissionId?: string }) => b.admissionId === adm.id,
    );
  return { h, adm, observe, latest, bed };
}

describe('MEOWS on the ward for a pregnant or postpartum patient', () => {
  it('a red trigger escalates, blocks a planned discharge and shows on the bed board; a complete normal set stands it down', async () => {
    const { h, adm, observe, latest, bed } = await admitted();
    await must(
      h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, {
        status: 'postpartum',
        deliveryDate: addDays(rt.today, -3),
      }),
      200,
      'postpartum',
    );
    // Systolic 165: NEWS2 would score 0; MEOWS red (> 160).
    const set = await observe({ ...NORMAL_VITALS, systolic: 165 });
    expect(set.news2).toBeNull();
    expect(set.needsEscalation).toBe(true);
    expect(set.earlyWarning).toMatchObject({
      system: 'meows',
      red: ['systolic'],
      trigger: true,
      complete: true,
      escalation: 'Urgent review by the obstetric team (one red or two yellow triggers)',
    });
    expect(await latest()).toMatchObject({
      score: null,
      needsEscalation: true,
      escalation: 'urgent',
      earlyWarning: { system: 'meows', trigger: true },
    });
    expect((await bed()).news2).toMatchObject({
      needsEscalation: true,
      earlyWarning: { system: 'meows', trigger: true },
    });
    expectError(
      await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY),
      409,
      /latest MEOWS \(triggered at .*needs urgent review/,
    );

    // A partial normal set does not stand it down; a complete one does.
    await observe({ systolic: 130 });
    expect(await latest()).toMatchObject({ needsEscalation: true });
    await observe(NORMAL_VITALS);
    expect(await latest()).toMatchObject({
      needsEscalation: false,
      earlyWarning: { system: 'meows', trigger: false },
    });
    await must(h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY), 200, 'discharge');
  });

  it('two yellows trigger; one does not', async () => {
    const { h, adm, observe } = await admitted();
    await must(
      h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, { status: 'pregnant' }),
      200,
      'pregnant',
    );
    expect((await observe({ ...NORMAL_VITALS, pulse: 105 })).earlyWarning).toMatchObject({
      yellow: ['pulse'],
      trigger: false,
    });
    expect(
      (await observe({ ...NORMAL_VITALS, pulse: 105, respiratoryRate: 22 })).earlyWarning,
    ).toMatchObject({ yellow: ['pulse', 'respiratoryRate'], trigger: true });
  });
});

describe('PEWS on the ward for a child', () => {
  it('a 3-year-old scoring 8 escalates and blocks discharge; an adult gets no PEWS', async () => {
    const { h, adm, observe, latest } = await admitted({
      dateOfBirth: addDays(rt.today, -3 * 365 - 30),
    });
    const set = await observe({
      pulse: 170,
      respiratoryRate: 71,
      systolic: 100,
      spo2: 97,
      supplementalOxygen: false,
    });
    expect(set.news2).toBeNull();
    expect(set.earlyWarning).toMatchObject({
      system: 'pews',
      ageBand: '1-4-years',
      score: 8,
      items: { heartRate: 4, respiratoryRate: 4, systolic: 0, spo2: 0, oxygenTherapy: 0 },
      missing: ['capillaryRefill', 'respiratoryEffort'],
      trigger: true,
    });
    expect(await latest()).toMatchObject({
      needsEscalation: true,
      earlyWarning: { system: 'pews', score: 8, trigger: true },
    });
    expectError(
      await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, SUMMARY),
      409,
      /latest Bedside PEWS \(8 at .*needs urgent review/,
    );
    const adult = await admitted();
    expect((await adult.observe(NORMAL_VITALS)).earlyWarning).toBeNull();
  });
});
