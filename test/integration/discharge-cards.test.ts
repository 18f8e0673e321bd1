/**
 * Decision support at discharge (issue 19): a critical result nobody has acknowledged is a
 * critical card that stops the discharge (REST, the discharge proposal, the CDS Hooks
 * encounter-discharge service) until it is acknowledged or cdsOverrideReason says why; a discharge
 * proposal carries its cards when proposed and is checked again when approved; MEOWS and PEWS
 * triggers are in the patient's alerts. A fresh hospital per test, through the local runtime.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../shared/kernel/clock';
import { addDays, utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { type Client, expectError } from '../support/api';
import { hitlRuntime, PROPOSER_SCOPES } from '../support/hitl';
import { inpatientHospital, must, NORMAL_VITALS } from '../support/inpatient';

const rt = hitlRuntime();
const settle = () => rt.events.bus.idle();
/** Today in the hospital's zone (the runtime's clock is at 09:00 there). */
const today = () => utcToZonedParts(systemClock.now(), 'Asia/Kolkata').date;

const SUMMARY = {
  finalDiagnoses: [{ text: 'Community-acquired pneumonia' }],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};
const RATIONALE = { rationale: 'Afebrile for 48 hours, eating and mobile; ward round agreed' };
const topics = (cards: any[]) => cards.map((c) => `${c.source.topic.code}:${c.indicator}`);

async function hospital() {
  const h = await inpatientHospital(rt.url);
  const [tech, tech2, pathologist] = await Promise.all([
    h.staff('LAB_TECHNICIAN'),
    h.staff('LAB_TECHNICIAN'),
    h.staff('PATHOLOGIST'),
  ]);
  await must(
    pathologist.api.post('/lab/catalogue/starter', { acceptPublishedRanges: true }),
    200,
    'starter catalogue',
  );
  const ward = await h.ward();
  const agent = await h.key(PROPOSER_SCOPES, 'ward agent');
  const admitted = async (patient: Record<string, unknown> = {}) => {
    const p = await h.patient(patient);
    const adm = await must(h.admit(p.id, { wardId: ward.id }), 201, 'admission');
    return { patient: p, adm };
  };
  /** A potassium from the admission, resulted and verified (its discharge hold released). */
  const potassium = async (admissionId: string, value: number) => {
    const order = await must(
      h.doctorUser.api.post('/lab/orders', {
        source: { kind: 'admission', id: admissionId },
        codes: ['2823-3'],
        confirmDuplicate: true,
      }),
      201,
      'order',
    );
    await must(tech.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
    const resulted = await must(
      tech.api.post(`/lab/orders/${order.id}/results`, {
        results: [{ code: '2823-3', value }],
      }),
      200,
      'results',
    );
    await must(tech2.api.post(`/lab/orders/${order.id}/verify`, {}), 200, 'verify');
    return { order, flag: resulted.results[0].flag as string };
  };
  const openAlerts = async (patientId: string) =>
    (await must(h.doctorUser.api.get('/lab/criticals'), 200, 'criticals')).items.filter(
      (a: any) => a.patientId === patientId,
    );
  const discharge = (
    id: string,
    body: Record<string, unknown> = {},
    api: Client = h.doctorUser.api,
  ) => api.post(`/admissions/${id}/discharge`, { ...SUMMARY, ...body });
  const proposeDischarge = (admissionId: string, body: Record<string, unknown> = {}) =>
    agent.api.post('/agent-actions/proposals/discharge', {
      admissionId,
      ...SUMMARY,
      ...RATIONALE,
      ...body,
    });
  return { ...h, ward, agent, admitted, potassium, openAlerts, discharge, proposeDischarge };
}

describe('a critical result nobody acknowledged stops the discharge (REST)', () => {
  it('potassium 6.4 (below the RCPath limit 6.5): no alert, no card, discharged', async () => {
    const h = await hospital();
    const { patient, adm } = await h.admitted();
    expect((await h.potassium(adm.id, 6.4)).flag).toBe('H');
    expect(await h.openAlerts(patient.id)).toEqual([]);
    const done = await h.discharge(adm.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.cards).toEqual([]);
    expect(done.body.discharge.cdsOverrideReason).toBeUndefined();
  });

  it('potassium 6.5 (at the limit): 409 with the card, nothing written; acknowledged, the discharge goes', async () => {
    const h = await hospital();
    const { patient, adm } = await h.admitted();
    expect((await h.potassium(adm.id, 6.5)).flag).toBe('HH');
    const [alert] = await h.openAlerts(patient.id);
    const stopped = await h.discharge(adm.id);
    expectError(
      stopped,
      409,
      new RegExp(
        `^Admission ${adm.id}: decision support stops the discharge \\(Unacknowledged critical result: Potassium 6\\.5 mmol/L \\(HH\\), reported ${alert.raisedAt.replace(/\./g, '\\.')}\\); acknowledge the result first, or give cdsOverrideReason`,
      ),
    );
    expect(topics(stopped.body.cards)).toEqual(['critical-result-unacknowledged:critical']);
    expect(stopped.body.cards[0].detail).toContain(
      `POST /lab/orders/${alert.orderId}/alerts/${alert.id}/acknowledge`,
    );
    const still = await h.doctorUser.api.get(`/admissions/${adm.id}`);
    expect(still.body.status).toBe('in-progress');
    expect(still.body.discharge).toBeUndefined();
    // The patient's alerts and the CDS Hooks discharge service show the same card.
    const alerts = await must(
      h.doctorUser.api.get(`/decision-support/patients/${patient.id}/alerts`),
      200,
      'alerts',
    );
    expect(topics(alerts.cards)).toContain('critical-result-unacknowledged:critical');
    const hook = await must(
      h.doctorUser.api.post('/cds-services/hms-encounter-discharge', {
        hook: 'encounter-discharge',
        hookInstance: randomUUID(),
        context: { userId: 'Practitioner/dev', patientId: patient.id, encounterId: adm.id },
      }),
      200,
      'hook',
    );
    expect(topics(hook.cards)).toEqual(['critical-result-unacknowledged:critical']);
    expect(hook.cards[0].uuid).toMatch(/^[0-9a-f-]{36}$/);

    await must(
      h.doctorUser.api.post(`/lab/orders/${alert.orderId}/alerts/${alert.id}/acknowledge`, {
        note: 'Calcium gluconate and insulin-dextrose given; repeat 5.1',
      }),
      200,
      'acknowledge',
    );
    const done = await h.discharge(adm.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.cards).toEqual([]);
    expect(done.body.discharge.cdsOverrideReason).toBeUndefined();
  });

  it('with cdsOverrideReason it discharges, answers the card and stores the reason and the card', async () => {
    const h = await hospital();
    const { patient, adm } = await h.admitted();
    await h.potassium(adm.id, 7.1);
    expectError(await h.discharge(adm.id, { cdsOverrideReason: '  ' }), 400, /cdsOverrideReason/);
    const done = await h.discharge(adm.id, {
      cdsOverrideReason: 'Haemolysed sample; repeat at the GP tomorrow',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(topics(done.body.cards)).toEqual(['critical-result-unacknowledged:critical']);
    const stored = await h.doctorUser.api.get(`/admissions/${adm.id}`);
    expect(stored.body.discharge).toMatchObject({
      cdsOverrideReason: 'Haemolysed sample; repeat at the GP tomorrow',
      cdsOverriddenCards: [
        expect.stringMatching(/^Unacknowledged critical result: Potassium 7\.1 mmol\/L \(HH\)/),
      ],
    });
    // Overriding at discharge does not acknowledge the result: the lab's worklist still has it.
    expect(await h.openAlerts(patient.id)).toHaveLength(1);
  });

  it('a patient who absconded is recorded whatever the result: the card is answered, nothing stops', async () => {
    const h = await hospital();
    const { adm } = await h.admitted();
    await h.potassium(adm.id, 6.5);
    const gone = await h.discharge(adm.id, {
      disposition: 'absconded',
      conditionAtDischarge: 'Left the ward without telling staff',
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(topics(gone.body.cards)).toEqual(['critical-result-unacknowledged:critical']);
    expect(gone.body.discharge.cdsOverrideReason).toBeUndefined();
  });

  it('a switched-off rule does not stop the discharge', async () => {
    const h = await hospital();
    const { adm } = await h.admitted();
    await h.potassium(adm.id, 6.5);
    await must(
      h.admin.put('/decision-support/rules/critical-result-unacknowledged', {
        enabled: false,
        reason: 'Clinical safety review of the discharge checklist',
      }),
      200,
      'switch off',
    );
    const done = await h.discharge(adm.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.cards).toEqual([]);
  });
});

describe('an agent-proposed discharge carries its cards when proposed and is checked again when approved', () => {
  it('a stop without cdsOverrideReason is refused at proposal; with one the action is CRITICAL and shows the card', async () => {
    const h = await hospital();
    const { adm } = await h.admitted();
    await h.potassium(adm.id, 6.5);
    const refused = await h.proposeDischarge(adm.id);
    expectError(
      refused,
      409,
      /decision support stops the discharge \(Unacknowledged critical result: Potassium 6\.5/,
    );
    expect(topics(refused.body.cards)).toEqual(['critical-result-unacknowledged:critical']);
    expect((await h.doctorUser.api.get('/agent-actions?type=discharge')).body.items).toEqual([]);

    const p = await h.proposeDischarge(adm.id, {
      cdsOverrideReason: 'Repeat potassium 4.8 at 14:00, not yet resulted',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body).toMatchObject({ status: 'PENDING', risk: 'CRITICAL' });
    expect(p.body.riskReasons[0]).toMatch(
      /^CRITICAL: overrides a critical decision-support card: Unacknowledged critical result: Potassium 6\.5 mmol\/L \(HH\)/,
    );
    expect(topics(p.body.cards)).toEqual(['critical-result-unacknowledged:critical']);
    const shown = await h.doctorUser.api.get(`/agent-actions/${p.body.id}`);
    expect(topics(shown.body.cards)).toEqual(['critical-result-unacknowledged:critical']);

    await must(h.doctorUser.api.post(`/agent-actions/${p.body.id}/approve`), 200, 'approve');
    await settle();
    const done = await h.doctorUser.api.get(`/agent-actions/${p.body.id}`);
    expect(done.body.status, JSON.stringify(done.body)).toBe('EXECUTED');
    const stay = await h.doctorUser.api.get(`/admissions/${adm.id}`);
    expect(stay.body.discharge.cdsOverrideReason).toBe(
      'Repeat potassium 4.8 at 14:00, not yet resulted',
    );
  });

  it('a clean proposal has no cards; a critical result reported before approval stops it when carried out', async () => {
    const h = await hospital();
    const { adm } = await h.admitted();
    const p = await h.proposeDischarge(adm.id);
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body).toMatchObject({ status: 'PENDING', risk: 'MEDIUM', cards: [] });

    await h.potassium(adm.id, 6.6);
    await must(h.doctorUser.api.post(`/agent-actions/${p.body.id}/approve`), 200, 'approve');
    await settle();
    const failed = await h.doctorUser.api.get(`/agent-actions/${p.body.id}`);
    expect(failed.body.status, JSON.stringify(failed.body)).toBe('FAILED');
    expect(JSON.stringify(failed.body)).toMatch(
      /decision support stops the discharge \(Unacknowledged critical result: Potassium 6\.6/,
    );
    const still = await h.doctorUser.api.get(`/admissions/${adm.id}`);
    expect(still.body.status).toBe('in-progress');
  });

  it('a discharge medicine’s stop is refused at proposal too, not only when approved', async () => {
    const h = await hospital();
    const { adm } = await h.admitted({ dateOfBirth: '1970-01-01' });
    const tenTimes = {
      drugName: 'Amoxicillin',
      strength: '500 mg',
      dose: '1 capsule',
      route: 'oral',
      frequency: 'three times a day',
      durationDays: 5,
      quantity: 150,
    };
    const refused = await h.proposeDischarge(adm.id, { medications: [tenTimes] });
    expectError(refused, 409, /^Amoxicillin: decision support stops this order/);
    expect(topics(refused.body.cards)).toEqual(['supply-quantity:critical']);
    const p = await h.proposeDischarge(adm.id, {
      medications: [
        { ...tenTimes, cdsOverrideReason: 'Supply for a month abroad, agreed with pharmacy' },
      ],
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(p.body.risk).toBe('CRITICAL');
    expect(topics(p.body.cards)).toEqual(['supply-quantity:critical']);
  });
});

describe('MEOWS and Bedside PEWS triggers are in the patient’s alerts (where NEWS2 shows)', () => {
  it('a 3-year-old scoring PEWS 8 has the card (none before the set)', async () => {
    const h = await hospital();
    const { patient, adm } = await h.admitted({ dateOfBirth: addDays(today(), -3 * 365 - 30) });
    const alerts = async () =>
      topics(
        (
          await must(
            h.nurse.api.get(`/decision-support/patients/${patient.id}/alerts`),
            200,
            'alerts',
          )
        ).cards,
      );
    expect(await alerts()).toEqual([]);
    await must(
      h.nurse.api.post(`/admissions/${adm.id}/observations`, {
        pulse: 170,
        respiratoryRate: 71,
        systolic: 100,
        spo2: 97,
        supplementalOxygen: false,
      }),
      201,
      'PEWS 8',
    );
    expect(await alerts()).toEqual(['early-warning-meows-pews:warning']);
    const card = (await h.nurse.api.get(`/decision-support/patients/${patient.id}/alerts`)).body
      .cards[0];
    expect(card.summary).toBe('Bedside PEWS 8 (≥ 8): urgent review');
  });

  it('a postpartum patient with a MEOWS red has the card; the same vitals in a man do not', async () => {
    const h = await hospital();
    const { patient, adm } = await h.admitted({ sex: 'female', dateOfBirth: '1994-02-01' });
    await must(
      h.nurse.api.patch(`/admissions/${adm.id}/pregnancy`, {
        status: 'postpartum',
        deliveryDate: addDays(today(), -3),
      }),
      200,
      'postpartum',
    );
    await must(
      h.nurse.api.post(`/admissions/${adm.id}/observations`, { ...NORMAL_VITALS, systolic: 165 }),
      201,
      'MEOWS red',
    );
    const alerts = await must(
      h.doctorUser.api.get(`/decision-support/patients/${patient.id}/alerts`),
      200,
      'alerts',
    );
    expect(topics(alerts.cards)).toEqual(['early-warning-meows-pews:warning']);
    expect(alerts.cards[0].summary).toBe(
      'MEOWS triggered (one red or two yellow parameters): urgent review',
    );
    const man = await h.admitted({ sex: 'male', dateOfBirth: '1994-02-01' });
    await must(
      h.nurse.api.post(`/admissions/${man.adm.id}/observations`, {
        ...NORMAL_VITALS,
        systolic: 165,
      }),
      201,
      'NEWS2 set',
    );
    const his = await must(
      h.doctorUser.api.get(`/decision-support/patients/${man.patient.id}/alerts`),
      200,
      'alerts',
    );
    expect(topics(his.cards)).toEqual([]);
  });
});
