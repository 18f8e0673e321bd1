import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, newTenant } from '../support/api';
import { HIGH_NEWS2_VITALS, inpatientHospital, must } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

// Decision support through the local runtime: the CDS Hooks 2.0 service (discovery and hook
// calls) checked against the specification's request and response shapes, written out here by
// hand from https://cds-hooks.hl7.org/2.0/ (not from the service's own schemas); patient alerts
// from what the other modules hold; overrides stored with who and why; rule switches audited.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof inpatientHospital>>;
beforeAll(async () => {
  h = await inpatientHospital(opd.url, TZ);
}, 60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** CDS Hooks 2.0 §Discovery: every service has hook, description and id; prefetch is templates. */
function expectDiscovery(body: any) {
  expect(Object.keys(body)).toEqual(['services']);
  expect(Array.isArray(body.services)).toBe(true);
  for (const s of body.services) {
    expect(typeof s.hook).toBe('string');
    expect(typeof s.description).toBe('string');
    expect(s.id).toMatch(/^[A-Za-z0-9._-]+$/);
    if (s.title !== undefined) expect(typeof s.title).toBe('string');
    if (s.prefetch !== undefined)
      for (const v of Object.values(s.prefetch)) expect(typeof v).toBe('string');
    const allowed = ['hook', 'title', 'description', 'id', 'prefetch', 'usageRequirements'];
    for (const k of Object.keys(s)) expect(allowed).toContain(k);
  }
}

/** CDS Hooks 2.0 §CDS Service Response and §Card Attributes. */
function expectHookResponse(body: any) {
  expect(Array.isArray(body.cards)).toBe(true);
  for (const k of Object.keys(body)) expect(['cards', 'systemActions']).toContain(k);
  for (const c of body.cards) {
    if (c.uuid !== undefined) expect(c.uuid).toMatch(UUID);
    expect(typeof c.summary).toBe('string');
    expect(c.summary.length).toBeLessThan(140);
    expect(['info', 'warning', 'critical']).toContain(c.indicator);
    expect(typeof c.source?.label).toBe('string');
    expect(c.source.label.length).toBeGreaterThan(0);
    if (c.source.url !== undefined) expect(c.source.url).toMatch(/^https?:\/\//);
    if (c.suggestions !== undefined) {
      expect(['at-most-one', 'any']).toContain(c.selectionBehavior);
      for (const s of c.suggestions) {
        expect(typeof s.label).toBe('string');
        for (const a of s.actions ?? []) expect(['create', 'update', 'delete']).toContain(a.type);
      }
    }
    for (const r of c.overrideReasons ?? []) {
      expect(typeof r.code).toBe('string');
      expect(typeof r.system).toBe('string');
      expect(typeof r.display).toBe('string');
    }
    for (const l of c.links ?? []) {
      expect(typeof l.label).toBe('string');
      expect(l.url).toMatch(/^https?:\/\//);
      expect(['absolute', 'smart']).toContain(l.type);
    }
    const allowed = [
      'uuid',
      'summary',
      'detail',
      'indicator',
      'source',
      'suggestions',
      'selectionBehavior',
      'overrideReasons',
      'links',
    ];
    for (const k of Object.keys(c)) expect(allowed).toContain(k);
  }
}

const bundle = (...resources: unknown[]) => ({
  resourceType: 'Bundle',
  type: 'collection',
  entry: resources.map((resource) => ({ resource })),
});
const medicationRequest = (text: string, status = 'draft') => ({
  resourceType: 'MedicationRequest',
  id: randomUUID(),
  status,
  intent: 'order',
  medicationCodeableConcept: { text },
});
const creatinine = (value: number, at: string) => ({
  resourceType: 'Observation',
  status: 'final',
  code: { coding: [{ system: 'http://loinc.org', code: '14682-9' }] },
  valueQuantity: { value, unit: 'umol/L', system: 'http://unitsofmeasure.org', code: 'umol/L' },
  effectiveDateTime: at,
});

describe('CDS Hooks 2.0 service', () => {
  it('discovery lists one service per hook, conforming to the specification', async () => {
    const r = await must(h.doctorUser.api.get('/cds-services'), 200, 'discovery');
    expectDiscovery(r);
    expect(r.services.map((s: any) => s.hook).sort()).toEqual([
      'encounter-discharge',
      'order-select',
      'order-sign',
      'patient-view',
    ]);
  });

  it('order-sign: an allergy conflict is critical with override reasons; an interaction from prefetch warns', async () => {
    const patient = await h.patient({ allergies: ['Penicillin (anaphylaxis)'] });
    const r = await h.doctorUser.api.post('/cds-services/hms-order-sign', {
      hook: 'order-sign',
      hookInstance: randomUUID(),
      fhirServer: 'https://ehr.example.org/fhir',
      context: {
        userId: `Practitioner/${h.doctorUser.user.id}`,
        patientId: patient.id,
        draftOrders: bundle(
          medicationRequest('Amoxicillin 500 mg capsules'),
          medicationRequest('Clarithromycin'),
        ),
      },
      prefetch: { medications: bundle(medicationRequest('Simvastatin', 'active')) },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectHookResponse(r.body);
    const topics = r.body.cards.map((c: any) => `${c.source.topic.code}:${c.indicator}`);
    expect(topics).toContain('drug-interaction:critical');
    expect(topics).toContain('drug-allergy:critical');
    const allergy = r.body.cards.find((c: any) => c.source.topic.code === 'drug-allergy');
    expect(allergy.overrideReasons.length).toBeGreaterThan(0);
  });

  it('patient-view: AKI from prefetched creatinine (KDIGO), not from a rise below 26.5 µmol/L', async () => {
    const patient = await h.patient({ sex: 'male', dateOfBirth: '1960-01-01' });
    const call = (second: number) =>
      h.doctorUser.api.post('/cds-services/hms-patient-view', {
        hook: 'patient-view',
        hookInstance: randomUUID(),
        context: { userId: 'Practitioner/1', patientId: patient.id },
        prefetch: {
          creatinine: bundle(
            creatinine(90, '2026-01-01T08:00:00Z'),
            creatinine(second, '2026-01-02T08:00:00Z'),
          ),
        },
      });
    const aki = await must(call(116.5), 200, 'patient-view');
    expectHookResponse(aki);
    expect(aki.cards.map((c: any) => c.source.topic.code)).toEqual(['aki-kdigo']);
    const none = await must(call(116.4), 200, 'patient-view');
    expect(none.cards).toEqual([]);
  });

  it('a sepsis screen from the ED triage (stored data) on patient-view', async () => {
    const patient = await h.patient({ dateOfBirth: '1970-01-01' });
    const visit = await must(
      h.reception.api.post('/emergency/arrivals', {
        patientId: patient.id,
        arrivalMode: 'walk-in',
        presentingComplaint: 'Fever, cough',
      }),
      201,
      'arrival',
    );
    await must(
      h.nurse.api.post(`/emergency/visits/${visit.id}/triage`, {
        answers: {
          lifeSavingIntervention: false,
          highRiskSituation: false,
          newConfusionLethargyOrDisorientation: false,
          severePainOrDistress: false,
          resources: ['labs', 'xray'],
        },
        vitals: HIGH_NEWS2_VITALS,
        suspectedInfection: true,
      }),
      200,
      'triage',
    );
    const r = await must(
      h.nurse.api.post('/cds-services/hms-patient-view', {
        hook: 'patient-view',
        hookInstance: randomUUID(),
        context: { userId: 'Practitioner/1', patientId: patient.id },
      }),
      200,
      'patient-view',
    );
    expectHookResponse(r);
    expect(r.cards[0]).toMatchObject({
      indicator: 'critical',
      source: { url: 'https://www.nice.org.uk/guidance/ng51' },
    });
    // The same cards for staff and agents, with the rules applied and what to do next.
    const alerts = await must(
      h.nurse.api.get(`/decision-support/patients/${patient.mrn}/alerts`),
      200,
      'alerts',
    );
    expect(alerts.patient).toEqual({ id: patient.id, mrn: patient.mrn, name: patient.name });
    expect(alerts.cards.map((c: any) => c.source.topic.code)).toEqual(['sepsis-screen']);
    expect(alerts.nextSteps).toContain('Take blood cultures before antibiotics');
  });

  it('malformed requests are 400 naming the field; unknown services and other hospitals’ patients 404', async () => {
    const patient = await h.patient();
    const base = {
      hook: 'patient-view',
      hookInstance: randomUUID(),
      context: { userId: 'Practitioner/1', patientId: patient.id },
    };
    expectError(
      await h.doctorUser.api.post('/cds-services/hms-patient-view', {
        ...base,
        hook: 'order-sign',
      }),
      400,
      /hook/,
    );
    expectError(
      await h.doctorUser.api.post('/cds-services/hms-patient-view', { ...base, hookInstance: 'x' }),
      400,
      /hookInstance/,
    );
    expectError(
      await h.doctorUser.api.post('/cds-services/hms-patient-view', {
        ...base,
        context: { userId: 'u' },
      }),
      400,
      /context\.patientId/,
    );
    expectError(
      await h.doctorUser.api.post('/cds-services/hms-patient-view', { ...base, context: 'x' }),
      400,
      /context/,
    );
    expectError(
      await h.doctorUser.api.post('/cds-services/hms-order-sign', { ...base, hook: 'order-sign' }),
      400,
      /context\.draftOrders/,
    );
    expectError(await h.doctorUser.api.post('/cds-services/hms-patient-view', '[1,2'), 400);
    expectError(await h.doctorUser.api.post('/cds-services/nope', base), 404);
    const other = await newTenant(opd.url, { timezone: TZ });
    const otherDoctor = await other.staff('DOCTOR');
    expectError(await otherDoctor.api.post('/cds-services/hms-patient-view', base), 404);
    expectError(await otherDoctor.api.get(`/decision-support/patients/${patient.id}/alerts`), 404);
    expectError(
      await otherDoctor.api.get(`/decision-support/patients/${patient.id}/overrides`),
      404,
    );
    // Not a clinician: refused.
    expectError(await h.bedManager.api.get('/cds-services'), 403);
  });
});

describe('overrides and rule switches', () => {
  it('an override stores who and why; a critical one needs a comment; agents and admins may not override', async () => {
    const patient = await h.patient();
    const body = {
      patientId: patient.id,
      ruleId: 'drug-allergy',
      cardSummary: 'Amoxicillin conflicts with the recorded allergy',
      indicator: 'critical',
      reasonCode: 'benefit-outweighs-risk',
    };
    expectError(await h.doctorUser.api.post('/decision-support/overrides', body), 400, /comment/);
    expectError(
      await h.doctorUser.api.post('/decision-support/overrides', {
        ...body,
        reasonCode: 'because',
      }),
      400,
      /reasonCode/,
    );
    expectError(
      await h.doctorUser.api.post('/decision-support/overrides', {
        ...body,
        ruleId: 'nope',
        comment: 'x',
      }),
      400,
      /ruleId/,
    );
    expectError(await h.admin.post('/decision-support/overrides', { ...body, comment: 'x' }), 403);
    const saved = await must(
      h.doctorUser.api.post('/decision-support/overrides', {
        ...body,
        comment: 'Rash only, tolerated before',
      }),
      201,
      'override',
    );
    expect(saved).toMatchObject({
      overriddenBy: h.doctorUser.user.id,
      ruleVersion: '1.0.0',
      reasonDisplay: 'Benefit outweighs the risk',
    });
    const list = await must(
      h.nurse.api.get(`/decision-support/patients/${patient.id}/overrides`),
      200,
      'list',
    );
    expect(list.items).toEqual([saved]);
  });

  it('switching a rule off needs an administrator and a reason, keeps the history, and silences its cards', async () => {
    const t = await inpatientHospital(opd.url, TZ);
    const patient = await t.patient({ allergies: ['penicillin'] });
    const ask = () =>
      t.doctorUser.api.get(
        `/decision-support/patients/${patient.id}/alerts?proposedDrugs=Amoxicillin`,
      );
    expect((await must(ask(), 200, 'alerts')).cards.map((c: any) => c.source.topic.code)).toEqual([
      'drug-allergy',
    ]);
    expectError(
      await t.doctorUser.api.put('/decision-support/rules/drug-allergy', {
        enabled: false,
        reason: 'x',
      }),
      403,
    );
    expectError(
      await t.admin.put('/decision-support/rules/drug-allergy', { enabled: false }),
      400,
      /reason/,
    );
    expectError(
      await t.admin.put('/decision-support/rules/nope', { enabled: false, reason: 'x' }),
      404,
    );
    const off = await must(
      t.admin.put('/decision-support/rules/drug-allergy', {
        enabled: false,
        reason: 'Replaced by the pharmacy system for a trial',
      }),
      200,
      'off',
    );
    expect(off).toMatchObject({
      enabled: false,
      history: [{ enabled: false, by: expect.any(String) }],
    });
    expect((await must(ask(), 200, 'alerts')).cards).toEqual([]);
    const on = await must(
      t.admin.put('/decision-support/rules/drug-allergy', { enabled: true, reason: 'Trial over' }),
      200,
      'on',
    );
    expect(on.history.map((c: any) => c.enabled)).toEqual([false, true]);
    const rules = await must(t.nurse.api.get('/decision-support/rules'), 200, 'rules');
    expect(rules.items.map((r: any) => r.id)).toEqual([
      'sepsis-screen',
      'news2-deterioration',
      'early-warning-meows-pews',
      'critical-result-unacknowledged',
      'aki-kdigo',
      'renal-dose',
      'drug-allergy',
      'drug-interaction',
      'duplicate-therapy',
      'metformin-contrast',
      'contrast-renal',
      'dose-range',
      'pregnancy-caution',
      'supply-quantity',
    ]);
    // Another hospital's rules are untouched.
    const other = await inpatientHospital(opd.url, TZ);
    const otherRules = await must(other.nurse.api.get('/decision-support/rules'), 200, 'rules');
    expect(otherRules.items.find((r: any) => r.id === 'drug-allergy')).toMatchObject({
      enabled: true,
      history: [],
    });
  });
});

describe('alerts for proposed drugs', () => {
  it('screens comma-separated proposed drugs, a planned contrast study, and refuses a mixed-script name', async () => {
    const patient = await h.patient({ allergies: ['penicillin'] });
    const r = await must(
      h.doctorUser.api.get(
        `/decision-support/patients/${patient.id}/alerts?proposedDrugs=Clarithromycin,%20Simvastatin,Amoxicillin&iodinatedContrast=true`,
      ),
      200,
      'alerts',
    );
    expect(r.cards.map((c: any) => `${c.source.topic.code}:${c.indicator}`).sort()).toEqual([
      'drug-allergy:critical',
      'drug-interaction:critical',
    ]);
    expect(r.rulesApplied.map((x: any) => x.id)).toContain('drug-interaction');
    expect(r.nextSteps.at(-1)).toMatch(/propose-\* tool/);
    expectError(
      await h.doctorUser.api.get(
        `/decision-support/patients/${patient.id}/alerts?proposedDrugs=${encodeURIComponent('\u0410moxicillin')}`,
      ),
      400,
      /proposedDrugs/,
    );
    expectError(
      await h.doctorUser.api.get(
        `/decision-support/patients/${patient.id}/alerts?iodinatedContrast=maybe`,
      ),
      400,
      /iodinatedContrast/,
    );
  });
});

describe('CDS Hooks feedback (§Feedback): accepted or overridden cards, stored per hospital', () => {
  const at = '2026-11-25T03:00:00.000Z';
  it('stores accepted and overridden cards, a repeated delivery once; validates each entry; tenant-scoped', async () => {
    const t = await inpatientHospital(opd.url, TZ);
    const card = randomUUID();
    const other = randomUUID();
    const body = {
      feedback: [
        {
          card,
          outcome: 'accepted',
          acceptedSuggestions: [{ id: randomUUID() }],
          outcomeTimestamp: at,
        },
        {
          card: other,
          outcome: 'overridden',
          overrideReason: {
            reason: { code: 'patient-monitored', system: 'urn:hms:cds-override' },
            userComment: 'On telemetry',
          },
          outcomeTimestamp: at,
        },
      ],
    };
    const post = (b: unknown, api = t.doctorUser.api) =>
      api.post('/cds-services/hms-order-sign/feedback', b);
    expect(await must(post(body), 200, 'feedback')).toEqual({ recorded: 2 });
    expect(await must(post(body), 200, 'again')).toEqual({ recorded: 2 }); // a repeated delivery
    const list = await must(t.nurse.api.get('/cds-services/hms-order-sign/feedback'), 200, 'list');
    expect(
      list.items
        .map((f: any) => [f.card, f.outcome, f.reasonCode ?? null, f.userComment ?? null])
        .sort(),
    ).toEqual(
      [
        [card, 'accepted', null, null],
        [other, 'overridden', 'patient-monitored', 'On telemetry'],
      ].sort(),
    );
    expect(list.items.every((f: any) => f.recordedBy === t.doctorUser.user.id)).toBe(true);
    // Another hospital sees none of it; another service has its own.
    expect(
      (await must(h.doctorUser.api.get('/cds-services/hms-order-sign/feedback'), 200, 'h')).items,
    ).toEqual([]);
    expect(
      (await must(t.nurse.api.get('/cds-services/hms-patient-view/feedback'), 200, 'pv')).items,
    ).toEqual([]);

    const one = body.feedback[0]!;
    expectError(
      await post({ feedback: [{ ...one, acceptedSuggestions: undefined }] }),
      400,
      /acceptedSuggestions/,
    );
    expectError(
      await post({ feedback: [{ card, outcome: 'overridden', outcomeTimestamp: at }] }),
      400,
      /overrideReason/,
    );
    expectError(
      await post({ feedback: [{ ...one, overrideReason: { userComment: 'x' } }] }),
      400,
      /overrideReason/,
    );
    expectError(
      await post({
        feedback: [
          {
            card,
            outcome: 'overridden',
            acceptedSuggestions: [{ id: card }],
            overrideReason: { userComment: 'x' },
            outcomeTimestamp: at,
          },
        ],
      }),
      400,
      /acceptedSuggestions/,
    );
    expectError(await post({ feedback: [{ ...one, outcome: 'ignored' }] }), 400, /outcome/);
    expectError(await post({ feedback: [{ ...one, card: 'abc' }] }), 400, /card/);
    expectError(
      await post({
        feedback: [
          {
            card,
            outcome: 'overridden',
            overrideReason: { reason: { code: 'because' } },
            outcomeTimestamp: at,
          },
        ],
      }),
      400,
      /overrideReason\.reason\.code/,
    );
    expectError(await post({ feedback: [] }), 400, /feedback/);
    expectError(await post({ feedback: 'yes' }), 400, /feedback/);
    expectError(await t.doctorUser.api.post('/cds-services/nope/feedback', body), 404);
    expectError(await t.doctorUser.api.get('/cds-services/nope/feedback'), 404);
    expectError(await post(body, t.reception.api), 403);
    // A bad entry writes nothing: the list is unchanged.
    const after = await must(
      t.nurse.api.get('/cds-services/hms-order-sign/feedback'),
      200,
      'after',
    );
    expect(after.items.length).toBe(2);
  });
});

describe('pregnancy cautions from the status recorded on the admission', () => {
  it('a pregnant inpatient gets a critical card for warfarin and a warning for ibuprofen; not once recorded not pregnant', async () => {
    const t = await inpatientHospital(opd.url, TZ);
    const patient = await t.patient({ sex: 'female', dateOfBirth: '1994-03-01' });
    const ward = await t.ward({ sexPolicy: 'mixed' });
    const admission = await must(t.admit(patient.id, { bedId: ward.beds[0].id }), 201, 'admit');
    const alerts = async () =>
      (
        await must(
          t.doctorUser.api.get(
            `/decision-support/patients/${patient.id}/alerts?proposedDrugs=Warfarin,Ibuprofen`,
          ),
          200,
          'alerts',
        )
      ).cards
        .filter((c: any) => c.source.topic.code === 'pregnancy-caution')
        .map((c: any) => c.indicator);
    expect(await alerts()).toEqual([]);
    await must(
      t.nurse.api.patch(`/admissions/${admission.id}/pregnancy`, { status: 'pregnant' }),
      200,
      'pregnant',
    );
    expect(await alerts()).toEqual(['critical', 'warning']);
    await must(
      t.nurse.api.patch(`/admissions/${admission.id}/pregnancy`, { status: 'not-pregnant' }),
      200,
      'not pregnant',
    );
    expect(await alerts()).toEqual([]);
  });
});
