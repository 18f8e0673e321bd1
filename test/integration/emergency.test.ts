import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { systemClock } from '../../shared/kernel/clock';
import { expectError, newTenant } from '../support/api';
import { HIGH_NEWS2_VITALS, inpatientHospital, must, NORMAL_VITALS } from '../support/inpatient';
import { opdRuntime } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The emergency department through the local runtime: arrivals, ESI triage with its history,
// the board, disposition (once), the 4-hour counters, tenant isolation and the error forms.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof inpatientHospital>>;
let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
  h = await inpatientHospital(opd.url, TZ);
}, 60_000);

const NO = {
  lifeSavingIntervention: false,
  highRiskSituation: false,
  newConfusionLethargyOrDisorientation: false,
  severePainOrDistress: false,
};

async function arrival(patientId: string, extra: Record<string, unknown> = {}) {
  return must(
    h.reception.api.post('/emergency/arrivals', {
      patientId,
      arrivalMode: 'walk-in',
      presentingComplaint: 'Abdominal pain',
      ...extra,
    }),
    201,
    'arrival',
  );
}

describe('arrival and ESI v4 triage', () => {
  it('an ambulance arrival with handover, triaged at level 2 by danger-zone vitals, publishes the critical-triage event', async () => {
    const patient = await h.patient({ dateOfBirth: '1970-01-01', sex: 'male' });
    const visit = await must(
      h.reception.api.post('/emergency/arrivals', {
        patientId: patient.id,
        arrivalMode: 'ambulance',
        presentingComplaint: 'Fever and confusion',
        handoverNotes: 'Found at home, febrile, GCS 15',
      }),
      201,
      'arrival',
    );
    expect(visit).toMatchObject({
      status: 'awaiting-triage',
      arrivalMode: 'ambulance',
      triageHistory: [],
    });

    const triaged = await h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
      answers: { ...NO, resources: ['labs', 'xray', 'iv-fluids'] },
      vitals: HIGH_NEWS2_VITALS,
      painScore: 3,
      suspectedInfection: true,
    });
    expect(triaged.status, JSON.stringify(triaged.body)).toBe(200);
    expect(triaged.body.status).toBe('awaiting-clinician');
    expect(triaged.body.triage).toMatchObject({
      scale: 'esi-v4',
      level: 2,
      decidedAt: 'D',
      resourceCount: 3,
      dangerZone: ['heart rate 112 > 100 (> 8 years)', 'respiratory rate 25 > 20 (> 8 years)'],
      suspectedInfection: true,
      triagedBy: h.nurse.user.id,
    });
    expect(triaged.body.triage.news2.score).toBe(8);

    await rt.events.bus.idle();
    const event = rt.events.bus.published.find(
      (e) => (e.detail as { visitId?: string }).visitId === visit.id,
    );
    expect(event).toMatchObject({
      source: 'hms.emergency',
      'detail-type': 'EdCriticalTriage',
      detail: { tenantId: h.tenantId, patientId: patient.id, level: 2, scale: 'esi-v4' },
    });

    // Re-triage needs a reason and keeps the earlier triage.
    expectError(
      await h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: { ...NO, resources: ['labs', 'xray'] },
        vitals: NORMAL_VITALS,
      }),
      400,
      /reason/,
    );
    const again = await must(
      h.doctorUser.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: { ...NO, resources: ['labs', 'xray'] },
        vitals: NORMAL_VITALS,
        reason: 'Observations settled after fluids',
      }),
      200,
      're-triage',
    );
    expect(again.triage).toMatchObject({ level: 3, triagedBy: h.doctorUser.user.id });
    expect(again.triageHistory).toHaveLength(1);
    expect(again.triageHistory[0]).toMatchObject({ level: 2, triagedBy: h.nurse.user.id });
  });

  it('keeping level 3 despite danger-zone vitals needs a reason; the level stays 3 with it', async () => {
    const patient = await h.patient();
    const visit = await arrival(patient.id);
    const answers = {
      ...NO,
      resources: ['labs', 'ct-mri-ultrasound'],
      keepLevel3DespiteDangerZone: true,
    };
    const vitals = { ...NORMAL_VITALS, pulse: 104 };
    expectError(
      await h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, { answers, vitals }),
      400,
      /reason/,
    );
    const kept = await must(
      h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers,
        vitals,
        reason: 'Anxious; pulse settles at rest',
      }),
      200,
      'triage',
    );
    expect(kept.triage).toMatchObject({
      level: 3,
      dangerZone: ['heart rate 104 > 100 (> 8 years)'],
    });
  });

  it('answers 400 naming the field, 404 for unknown or other hospitals’ ids, never 500', async () => {
    const patient = await h.patient();
    expectError(
      await h.reception.api.post('/emergency/arrivals', {
        patientId: patient.id,
        arrivalMode: 'ambulance',
        presentingComplaint: 'Chest pain',
      }),
      400,
      /handoverNotes/,
    );
    expectError(
      await h.reception.api.post('/emergency/arrivals', {
        arrivalMode: 'teleport',
        presentingComplaint: 'x',
        patientId: patient.id,
      }),
      400,
      /arrivalMode/,
    );
    expectError(await h.reception.api.post('/emergency/arrivals', 'not json'), 400);
    expectError(
      await h.reception.api.post('/emergency/arrivals', {
        patientId: '00000000-0000-4000-8000-000000000000',
        arrivalMode: 'walk-in',
        presentingComplaint: 'x',
      }),
      404,
    );
    const visit = await arrival(patient.id);
    expectError(
      await h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: { ...NO, resources: ['magic'] },
        vitals: NORMAL_VITALS,
      }),
      400,
      /resources/,
    );
    expectError(
      await h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, { answers: NO, vitals: {} }),
      400,
    );

    // Another hospital sees neither the visit nor the patient.
    const other = await newTenant(opd.url, { timezone: TZ });
    const otherNurse = await other.staff('NURSE');
    expectError(await otherNurse.api.get(`/emergency/visits/${visit.id}`), 404);
    expectError(
      await otherNurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: { ...NO, resources: [] },
        vitals: NORMAL_VITALS,
      }),
      404,
    );
    expectError(
      await other.admin.post('/emergency/arrivals', {
        patientId: patient.id,
        arrivalMode: 'walk-in',
        presentingComplaint: 'x',
      }),
      404,
    );
    const board = await must(otherNurse.api.get('/emergency/board'), 200, 'board');
    expect(board.patients).toEqual([]);
  });
});

describe('one open visit per patient, one disposition per visit', () => {
  it('concurrent arrivals of the same patient: one 201, the rest 409', async () => {
    const patient = await h.patient();
    const tries = await Promise.all(
      Array.from({ length: 5 }, () =>
        h.reception.api.post('/emergency/arrivals', {
          patientId: patient.id,
          arrivalMode: 'walk-in',
          presentingComplaint: 'Headache',
        }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of tries.filter((t) => t.status === 409)) expectError(r, 409, /open ED visit/);
  });

  it('concurrent discharges: one 200, the rest 409; the day counts it once', async () => {
    const patient = await h.patient();
    const visit = await arrival(patient.id);
    await must(
      h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: { ...NO, resources: ['xray'] },
        vitals: NORMAL_VITALS,
      }),
      200,
      'triage',
    );
    await must(h.doctorUser.api.post(`/emergency/visits/${visit.id}/seen`), 200, 'seen');
    const before = await must(
      h.doctorUser.api.get(`/emergency/stats?date=${opd.today}`),
      200,
      'stats',
    );
    const tries = await Promise.all(
      Array.from({ length: 4 }, () =>
        h.doctorUser.api.post(`/emergency/visits/${visit.id}/disposition`, { kind: 'discharge' }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const after = await must(
      h.doctorUser.api.get(`/emergency/stats?date=${opd.today}`),
      200,
      'stats',
    );
    expect(after.departures - before.departures).toBe(1);
    expect(after.discharged - before.discharged).toBe(1);
    expect(after.within4Hours - before.within4Hours).toBe(1);
    // The patient may arrive again once the visit has ended.
    await arrival(patient.id);
  });

  it('a visit longer than 4 hours counts as a departure outside the standard', async () => {
    const patient = await h.patient();
    const arrivedAt = new Date(systemClock.now().getTime() - 241 * 60_000).toISOString();
    const visit = await arrival(patient.id, { arrivedAt });
    const before = await must(h.nurse.api.get(`/emergency/stats?date=${opd.today}`), 200, 'stats');
    const left = await must(
      h.nurse.api.post(`/emergency/visits/${visit.id}/left`, {}),
      200,
      'left',
    );
    expect(left.disposition).toMatchObject({
      kind: 'left-without-being-seen',
      minutesInDepartment: 241,
    });
    const after = await must(h.nurse.api.get(`/emergency/stats?date=${opd.today}`), 200, 'stats');
    expect(after.departures - before.departures).toBe(1);
    expect(after.within4Hours - before.within4Hours).toBe(0);
    expect(after.leftWithoutBeingSeen - before.leftWithoutBeingSeen).toBe(1);
  });
});

describe('the board', () => {
  it('orders by level then waiting time, shows targets and breaches and who sees whom', async () => {
    const t = await inpatientHospital(opd.url, TZ);
    const ago = (m: number) => new Date(systemClock.now().getTime() - m * 60_000).toISOString();
    const mk = async (minutesAgo: number, resources: string[], vitals = NORMAL_VITALS) => {
      const p = await t.patient();
      const v = await must(
        t.reception.api.post('/emergency/arrivals', {
          patientId: p.id,
          arrivalMode: 'walk-in',
          presentingComplaint: 'Pain',
          arrivedAt: ago(minutesAgo),
        }),
        201,
        'arrival',
      );
      if (resources.length || vitals !== NORMAL_VITALS)
        await must(
          t.nurse.api.post(`/emergency/visits/${v.id}/triage`, {
            answers: { ...NO, resources },
            vitals,
          }),
          200,
          'triage',
        );
      return v.id as string;
    };
    const level4 = await mk(130, ['xray']); // target 120: breached
    const level3 = await mk(20, ['labs', 'xray']); // target 60
    const level2 = await mk(5, ['labs', 'xray'], { ...NORMAL_VITALS, pulse: 120 }); // target 10
    const untriaged = await mk(16, []); // triage target 15: breached
    await must(t.doctorUser.api.post(`/emergency/visits/${level3}/seen`), 200, 'seen');

    const board = await must(t.nurse.api.get('/emergency/board'), 200, 'board');
    expect(board.patients.map((p: { visitId: string }) => p.visitId)).toEqual([
      level2,
      untriaged,
      level3,
      level4,
    ]);
    const row = (id: string) => board.patients.find((p: { visitId: string }) => p.visitId === id);
    expect(row(level2)).toMatchObject({ level: 2, targetMinutes: 10, breached: false });
    expect(row(untriaged)).toMatchObject({
      level: null,
      status: 'awaiting-triage',
      targetMinutes: 15,
      breached: true,
    });
    expect(row(level3)).toMatchObject({
      level: 3,
      status: 'with-clinician',
      seenBy: t.doctorUser.user.id,
      breached: false,
    });
    expect(row(level4)).toMatchObject({ level: 4, targetMinutes: 120, breached: true });

    // The hospital's own targets: level 4 within 180 minutes is not breached at 130.
    await must(
      t.admin.put('/emergency/settings/targets', {
        triageMinutes: 15,
        level1: 0,
        level2: 10,
        level3: 60,
        level4: 180,
        level5: 240,
      }),
      200,
      'targets',
    );
    const again = await must(t.nurse.api.get('/emergency/board'), 200, 'board');
    expect(again.patients.find((p: { visitId: string }) => p.visitId === level4)).toMatchObject({
      targetMinutes: 180,
      breached: false,
    });
  });
});

describe('unidentified patients and admission', () => {
  it('a temporary identity is merged into the patient record, keeping the triage; admission goes through admissions with source emergency', async () => {
    const visit = await must(
      h.nurse.api.post('/emergency/arrivals', {
        unidentified: {
          description: 'Man, about 40, found in the street',
          sex: 'male',
          estimatedAgeYears: 40,
        },
        arrivalMode: 'ambulance',
        presentingComplaint: 'Unconscious',
        handoverNotes: 'GCS 8 on scene',
      }),
      201,
      'arrival',
    );
    expect(visit.temporaryIdentity.label).toMatch(/^UNKNOWN-\d{4}$/);
    expect(visit.patientId).toBeUndefined();
    await must(
      h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: { ...NO, lifeSavingIntervention: true, resources: ['labs', 'ct-mri-ultrasound'] },
        vitals: { ...NORMAL_VITALS, consciousness: 'P' },
      }),
      200,
      'triage',
    );
    await must(h.doctorUser.api.post(`/emergency/visits/${visit.id}/seen`), 200, 'seen');
    // Admission needs a known patient.
    const ward = await h.ward();
    const patient = await h.patient({ sex: 'male', dateOfBirth: '1985-03-01' });
    const merged = await must(
      h.reception.api.post(`/emergency/visits/${visit.id}/identify`, { patientId: patient.id }),
      200,
      'identify',
    );
    expect(merged).toMatchObject({ patientId: patient.id, identifiedBy: h.reception.user.id });
    expect(merged.triage.level).toBe(1);
    expect(merged.temporaryIdentity.label).toBe(visit.temporaryIdentity.label);
    expectError(
      await h.reception.api.post(`/emergency/visits/${visit.id}/identify`, {
        patientId: patient.id,
      }),
      409,
    );

    const direct = await must(h.admit(patient.id, { wardId: ward.id }), 201, 'direct admission');
    expectError(
      await h.doctorUser.api.post(`/emergency/visits/${visit.id}/disposition`, {
        kind: 'admit',
        admissionId: direct.id,
      }),
      400,
      /source 'emergency'/,
    );
    expectError(
      await h.doctorUser.api.post(`/emergency/visits/${visit.id}/disposition`, { kind: 'admit' }),
      400,
      /admissionId/,
    );
  });

  it('a nurse may not record a disposition; a doctor admits with an emergency admission', async () => {
    const patient = await h.patient();
    const visit = await arrival(patient.id);
    await must(
      h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: { ...NO, highRiskSituation: true, resources: ['labs'] },
        vitals: NORMAL_VITALS,
      }),
      200,
      'triage',
    );
    expectError(
      await h.nurse.api.post(`/emergency/visits/${visit.id}/disposition`, { kind: 'discharge' }),
      403,
    );
    const ward = await h.ward();
    const admission = await must(
      h.doctorUser.api.post('/admissions', {
        patientId: patient.id,
        source: 'emergency',
        doctorId: h.doctor.id,
        reason: 'Chest pain for observation',
        wardId: ward.id,
      }),
      201,
      'admission',
    );
    const done = await must(
      h.doctorUser.api.post(`/emergency/visits/${visit.id}/disposition`, {
        kind: 'admit',
        admissionId: admission.id,
      }),
      200,
      'disposition',
    );
    expect(done).toMatchObject({
      status: 'departed',
      disposition: { kind: 'admit', admissionId: admission.id, by: h.doctorUser.user.id },
    });
    expectError(await h.nurse.api.post(`/emergency/visits/${visit.id}/left`, {}), 409);
  });
});
