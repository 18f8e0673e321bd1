/**
 * The contrast and renal function card on imaging orders (issue 19): an order with iodinated
 * contrast (CT) or gadolinium (MRI) answers the cards of the patient's latest eGFR (CKD-EPI 2021
 * from the lab's creatinine): below 30 a warning, at 30 and 31 none; an at-risk patient without
 * an eGFR a warning; ultrasound and plain studies none. The same rule answers the CDS Hooks
 * order-sign service for a ServiceRequest that names its contrast, and an agent's proposal.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { diagnosticsHospital, must } from '../support/diagnostics';
import { PROPOSER_SCOPES } from '../support/hitl';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof diagnosticsHospital>>;
const topics = (cards: any[]) => cards.map((c) => `${c.source.topic.code}:${c.indicator}`);

beforeAll(async () => {
  h = await diagnosticsHospital(rt.url, TZ);
  for (const [code, body] of [
    [
      'CT-ABD-C',
      { name: 'CT abdomen with contrast', modality: 'CT', bodyPart: 'Abdomen', contrast: true },
    ],
    ['CT-HEAD', { name: 'CT head', modality: 'CT', bodyPart: 'Head', contrast: false }],
    [
      'MR-BRAIN-C',
      { name: 'MRI brain with gadolinium', modality: 'MR', bodyPart: 'Head', contrast: true },
    ],
    [
      'US-LIVER-C',
      { name: 'Contrast ultrasound liver', modality: 'US', bodyPart: 'Abdomen', contrast: true },
    ],
  ] as const)
    await must(
      h.radiologist.api.put(`/radiology/procedures/${code}`, { ...body, priceMinor: 100000 }),
      200,
      code,
    );
}, 60_000);

/** A man aged 70 today (the eGFRs below are his), with an encounter. */
async function patientAged(years: number) {
  const year = Number(rt.today.slice(0, 4)) - years;
  return h.encounterFor({ sex: 'male', dateOfBirth: `${year}-01-01` });
}

/** A serum creatinine in mg/dL from the encounter, collected and resulted now. */
async function creatinine(encounterId: string, mgPerDl: number) {
  const order = await must(
    h.doctorUser.api.post('/lab/orders', {
      source: { kind: 'encounter', id: encounterId },
      codes: ['2160-0'],
      confirmDuplicate: true,
    }),
    201,
    'creatinine order',
  );
  await must(h.tech.api.post(`/lab/orders/${order.id}/specimens`, {}), 201, 'collect');
  await must(
    h.tech.api.post(`/lab/orders/${order.id}/results`, {
      results: [{ code: '2160-0', value: mgPerDl }],
    }),
    200,
    'result',
  );
}

const orderImaging = (encounterId: string, procedureCode: string) =>
  must(
    h.doctorUser.api.post('/radiology/orders', {
      source: { kind: 'encounter', id: encounterId },
      procedureCode,
      clinicalQuestion: 'Abdominal pain with raised inflammatory markers: collection?',
    }),
    201,
    'imaging order',
  );

describe('an imaging order answers the contrast and renal function cards', () => {
  // A man of 70: creatinine 2.33 mg/dL → eGFR 29, 2.26 → 30, 2.22 → 31 (CKD-EPI 2021, by hand).
  const table: [string, number, string, string[]][] = [
    ['CT with contrast at eGFR 29', 2.33, 'CT-ABD-C', ['contrast-renal:warning']],
    ['CT with contrast at eGFR 30', 2.26, 'CT-ABD-C', []],
    ['CT with contrast at eGFR 31', 2.22, 'CT-ABD-C', []],
    ['MRI with gadolinium at eGFR 29', 2.33, 'MR-BRAIN-C', ['contrast-renal:warning']],
    ['MRI with gadolinium at eGFR 30', 2.26, 'MR-BRAIN-C', []],
    ['plain CT at eGFR 29', 2.33, 'CT-HEAD', []],
    ['contrast ultrasound at eGFR 29', 2.33, 'US-LIVER-C', []],
  ];
  for (const [what, mg, code, expected] of table)
    it(`${what} → ${expected.join() || 'no card'}`, async () => {
      const { encounter } = await patientAged(70);
      await creatinine(encounter.id, mg);
      const order = await orderImaging(encounter.id, code);
      expect(topics(order.cards)).toEqual(expected);
    });

  it('the eGFR 29 card names the value and what to do; the order is stored without cards', async () => {
    const { encounter } = await patientAged(70);
    await creatinine(encounter.id, 2.33);
    const order = await orderImaging(encounter.id, 'CT-ABD-C');
    expect(order.cards[0].summary).toMatch(
      /^Iodinated contrast with eGFR 29 \(< 30\) \(creatinine of /,
    );
    expect(order.cards[0].suggestions.map((s: any) => s.label)).toContain(
      'Re-check creatinine 48-72 hours after contrast',
    );
    const stored = await must(h.doctorUser.api.get(`/radiology/orders/${order.id}`), 200, 'get');
    expect(stored.cards).toBeUndefined();
  });

  it('an at-risk patient (over 60) without an eGFR: a warning; a patient of 60 without one: none', async () => {
    const old = await patientAged(70);
    expect(topics((await orderImaging(old.encounter.id, 'CT-ABD-C')).cards)).toEqual([
      'contrast-renal:warning',
    ]);
    const sixty = await patientAged(60);
    expect((await orderImaging(sixty.encounter.id, 'CT-ABD-C')).cards).toEqual([]);
  });

  it('an agent’s proposal of the order carries the card for the deciding doctor', async () => {
    const agent = await h.key(PROPOSER_SCOPES, 'imaging agent');
    const { encounter } = await patientAged(70);
    await creatinine(encounter.id, 2.33);
    const p = await agent.api.post('/agent-actions/proposals/radiology-order', {
      source: { kind: 'encounter', id: encounter.id },
      procedureCode: 'CT-ABD-C',
      clinicalQuestion: 'Abdominal pain: collection?',
      rationale: 'Raised CRP and focal tenderness after surgery',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(topics(p.body.cards)).toEqual(['contrast-renal:warning']);
    // A procedure the catalogue does not have is refused at proposal, as the order would be.
    expectError(
      await agent.api.post('/agent-actions/proposals/radiology-order', {
        source: { kind: 'encounter', id: encounter.id },
        procedureCode: 'CT-NOPE',
        clinicalQuestion: 'Abdominal pain: collection?',
        rationale: 'Raised CRP',
      }),
      400,
      /procedureCode.*CT-NOPE is not an active procedure/,
    );
  });
});

describe('the CDS Hooks order-sign service sees the contrast a ServiceRequest names', () => {
  const sign = (patientId: string, text: string) =>
    must(
      h.doctorUser.api.post('/cds-services/hms-order-sign', {
        hook: 'order-sign',
        hookInstance: randomUUID(),
        context: {
          userId: 'Practitioner/dev',
          patientId,
          draftOrders: {
            resourceType: 'Bundle',
            type: 'collection',
            entry: [
              {
                resource: {
                  resourceType: 'ServiceRequest',
                  status: 'draft',
                  intent: 'order',
                  code: { text },
                },
              },
            ],
          },
        },
      }),
      200,
      'order-sign',
    );
  const renal = (cards: any[]) => topics(cards).filter((t) => t.startsWith('contrast-renal'));

  it('iodinated and gadolinium below 30 card; "without contrast" does not', async () => {
    const { patient, encounter } = await patientAged(70);
    await creatinine(encounter.id, 2.33);
    expect(renal((await sign(patient.id, 'CT abdomen with IV contrast')).cards)).toEqual([
      'contrast-renal:warning',
    ]);
    const gad = (await sign(patient.id, 'MRI brain with gadolinium')).cards;
    expect(renal(gad)).toEqual(['contrast-renal:warning']);
    expect(gad.find((c: any) => c.source.topic.code === 'contrast-renal').summary).toMatch(
      /^Gadolinium contrast with eGFR 29/,
    );
    expect(renal((await sign(patient.id, 'CT head without contrast')).cards)).toEqual([]);
  });
});
