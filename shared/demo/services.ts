/**
 * The demo hospital's price list, theatres, ward roster set-up, emergency department and insurance
 * claims (docs/demo.md), each made through its module's operations by the staff user whose job
 * it is, like the rest of the generator (generate.ts). The choices come from their own seeded
 * PRNG, so adding these steps left the records of the earlier steps as they were for a seed.
 */
import type { UserActor } from '../kernel/actor';
import type { AnyOperation } from '../kernel/operation';
import type { Role } from '../kernel/roles';
import { addDays } from '../kernel/time/zoned-time';
import type * as z from '../kernel/zod';
import * as billing from '../modules/billing/operations';
import * as claims from '../modules/claims/operations';
import * as emergency from '../modules/emergency/operations';
import * as encounters from '../modules/encounters/operations';
import * as roster from '../modules/roster/operations';
import * as theatre from '../modules/theatre/operations';
import type { PeopleSet } from './people';
import type { Prng } from './prng';

/** What these steps need of the generator: its desk, clock, staff and patients. */
export interface DemoScene {
  call: <O extends AnyOperation>(
    op: O,
    actor: UserActor,
    input: unknown,
    at?: Date,
  ) => Promise<z.output<O['output']>>;
  r: Prng;
  set: PeopleSet;
  currency: string;
  now: Date;
  today: string;
  /** The instant of a local date and time in the hospital's zone. */
  at: (date: string, time: string) => Date;
  hire: (role: Role, sex?: 'male' | 'female') => Promise<{ actor: UserActor; name: string }>;
  count: (what: string, k?: number) => void;
  /** The next adult patient who is not an inpatient (each scenario its own). */
  outpatient: () => { id: string; name: string };
}

/** Prices in the Indian rupee's minor units; other countries' in theirs, scaled to their level. */
const PRICE_LIST = [
  ['ECG', 'ECG (12-lead)', 'procedure', 30_000, false],
  ['DRESSING', 'Wound dressing', 'procedure', 25_000, false],
  ['NEBULISATION', 'Nebulisation', 'procedure', 20_000, false],
  ['PLASTER', 'Plaster cast application', 'procedure', 150_000, false],
  ['DIETITIAN', 'Dietitian consultation', 'consultation', 50_000, false],
  ['PHYSIO', 'Physiotherapy session', 'consultation', 60_000, false],
  ['AMBULANCE', 'Ambulance (within the city)', 'other', 150_000, false],
  // Non-clinical services carry the country's tax (GST in India, VAT in the UK).
  ['MED-CERT', 'Medical certificate', 'other', 20_000, true],
  ['ATTENDANT-MEAL', 'Attendant meal', 'other', 15_000, true],
] as const;
const PRICE_SCALE: Record<PeopleSet, number> = { IN: 1, GB: 0.1, US: 0.12 };
/** The standard rate on non-clinical services: GST 18 % (IN), VAT 20 % (GB), none on these (US). */
export const SERVICE_TAX_BP: Record<PeopleSet, number> = { IN: 1800, GB: 2000, US: 0 };

export async function priceList(s: DemoScene, accountant: UserActor) {
  for (const [code, name, serviceType, inr, taxed] of PRICE_LIST) {
    await s.call(billing.putTariff, accountant, {
      code,
      name,
      serviceType,
      unitPrice: Math.round(inr * PRICE_SCALE[s.set]),
      taxRateBp: taxed ? SERVICE_TAX_BP[s.set] : 0,
      taxInclusive: false,
    });
    s.count('tariffs');
  }
}

const CASES = [
  {
    procedure: { text: 'Laparoscopic cholecystectomy', icd10pcs: '0FT44ZZ' },
    site: 'Gallbladder',
    laterality: 'not-applicable',
    minutes: 90,
    equipment: ['laparoscopy-tower'],
  },
  {
    procedure: { text: 'Open inguinal hernia repair with mesh', icd10pcs: '0YU50JZ' },
    site: 'Right inguinal region',
    laterality: 'right',
    minutes: 60,
    equipment: [],
  },
  {
    procedure: { text: 'Knee arthroscopy, partial meniscectomy', icd10pcs: '0SBD4ZZ' },
    site: 'Left knee',
    laterality: 'left',
    minutes: 45,
    equipment: ['image-intensifier'],
  },
  {
    procedure: { text: 'Excision of sebaceous cyst' },
    site: 'Upper back',
    laterality: 'not-applicable',
    minutes: 30,
    equipment: [],
  },
] as const;

/**
 * Two theatres with a session each tomorrow, three cases booked on them and one waiting to be
 * booked. The surgeon and the anaesthetist are the first two demo doctors; the scrub nurse the
 * first nurse.
 */
export async function theatreLists(
  s: DemoScene,
  team: { surgeon: UserActor; anaesthetist: UserActor; scrubNurse: UserActor },
) {
  const coordinator = (await s.hire('THEATRE_COORDINATOR')).actor;
  const perMinute = Math.round(2_000 * PRICE_SCALE[s.set]);
  for (const [code, name, type, equipment] of [
    ['OT1', 'Main theatre 1', 'general', ['laparoscopy-tower', 'laminar-flow']],
    ['OT2', 'Orthopaedic theatre', 'orthopaedic', ['image-intensifier', 'laminar-flow']],
  ] as const) {
    await s.call(theatre.putTheatreOp, coordinator, {
      code,
      name,
      type,
      equipment: [...equipment],
      pricePerMinuteMinor: perMinute,
    });
    s.count('theatres');
  }
  const tomorrow = addDays(s.today, 1);
  const session = async (code: string, from: string, to: string) => {
    const made = await s.call(theatre.createSessionOp, coordinator, {
      theatre: code,
      start: s.at(tomorrow, from).toISOString(),
      end: s.at(tomorrow, to).toISOString(),
      surgeonId: team.surgeon.id,
      anaesthetistId: team.anaesthetist.id,
    });
    s.count('theatre sessions');
    return made.id;
  };
  const morning = await session('OT1', '08:00', '13:00');
  const afternoon = await session('OT2', '14:00', '18:00');
  const slots = [
    [morning, '08:30'],
    [morning, '10:30'],
    [afternoon, '14:30'],
  ] as const;
  for (const [k, c] of CASES.entries()) {
    const patient = s.outpatient();
    const enc = await s.call(encounters.create, team.surgeon, {
      patientId: patient.id,
      chiefComplaint: `Surgical review: ${c.procedure.text.toLowerCase()}`,
    });
    const requested = await s.call(theatre.requestCaseOp, team.surgeon, {
      source: { kind: 'encounter', id: enc.id },
      procedure: c.procedure,
      site: c.site,
      laterality: c.laterality,
      surgeonId: team.surgeon.id,
      anaesthetistId: team.anaesthetist.id,
      scrubNurseId: team.scrubNurse.id,
      anaesthesiaType: c.minutes <= 30 ? 'local' : 'general',
      expectedMinutes: c.minutes,
      priority: 'elective',
      requiredEquipment: [...c.equipment],
      procedurePriceMinor: Math.round(
        s.r.pick([1_500_000, 2_500_000, 4_000_000]) * PRICE_SCALE[s.set],
      ),
      preOp: { consentSigned: true, siteMarked: c.laterality !== 'not-applicable' },
    });
    s.count('surgical cases');
    const slot = slots[k];
    if (!slot) continue; // the last waits on the list
    await s.call(theatre.schedule, coordinator, {
      id: requested.id,
      sessionId: slot[0],
      start: s.at(tomorrow, slot[1]).toISOString(),
    });
    s.count('cases booked for tomorrow');
  }
}

/** The roster's ward: the demo's male medical ward, by the code its manager types. */
export const ROSTER_WARD = 'MMW';
/** Nurses on the roster ward: enough for its coverage under the default rules. */
const ROSTER_NURSES = 6;

/**
 * A ward manager, the ward's early, late and night shifts with their coverage, and the staff
 * profiles of six nurses (the demo's nurses, hired up to six): enough for roster generation to
 * meet every minimum under the hospital's default rules.
 */
export async function rosterSetUp(s: DemoScene, nurses: { actor: UserActor; name: string }[]) {
  // Hired together (each person drawn in order at the call, so the same for a seed).
  const [wardManager, ...more] = await Promise.all([
    s.hire('WARD_MANAGER'),
    ...Array.from({ length: Math.max(0, ROSTER_NURSES - nurses.length) }, () =>
      s.hire('NURSE', s.r.chance(0.8) ? 'female' : 'male'),
    ),
  ]);
  const manager = wardManager!.actor;
  const staff = [...nurses, ...more];
  await s.call(roster.putWard, manager, {
    wardId: ROSTER_WARD,
    shifts: [
      { code: 'E', name: 'Early', start: '07:00', end: '14:30', paidHours: 7 },
      { code: 'L', name: 'Late', start: '14:00', end: '21:30', paidHours: 7 },
      { code: 'N', name: 'Night', start: '21:00', end: '07:30', paidHours: 10 },
    ],
    coverage: [
      {
        shift: 'E',
        dayType: 'weekday',
        minimum: 1,
        target: 2,
        grades: {},
        competencies: { iv: 1 },
      },
      { shift: 'E', dayType: 'weekend', minimum: 1, target: 1, grades: {}, competencies: {} },
      { shift: 'L', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
      { shift: 'L', dayType: 'weekend', minimum: 1, target: 1, grades: {}, competencies: {} },
      { shift: 'N', dayType: 'weekday', minimum: 1, target: 1, grades: {}, competencies: {} },
      { shift: 'N', dayType: 'weekend', minimum: 1, target: 1, grades: {}, competencies: {} },
    ],
  });
  s.count('roster wards');
  for (const [i, n] of staff.entries()) {
    await s.call(roster.putProfile, manager, {
      userId: n.actor.id,
      name: n.name,
      grade: i === 0 ? 'band7' : i < 3 ? 'band6' : 'band5',
      contractedHoursPerWeek: 37.5,
      competencies: i % 2 === 0 ? ['iv'] : [],
      wards: [ROSTER_WARD],
      nightEligible: i !== 1,
      preferences: { avoidWeekdays: i === 2 ? ['SUN'] : [], noNights: false },
    });
    s.count('roster staff profiles');
  }
}

const NO = {
  lifeSavingIntervention: false,
  highRiskSituation: false,
  newConfusionLethargyOrDisorientation: false,
  severePainOrDistress: false,
};
const CALM = {
  respiratoryRate: 16,
  spo2: 98,
  supplementalOxygen: false,
  systolic: 126,
  diastolic: 80,
  pulse: 82,
  consciousness: 'A',
  temperatureC: 36.9,
};
/** Attendances of the last hours: ESI levels 1 to 5 by the answers, and one still to triage. */
const ATTENDANCES = [
  {
    minutesAgo: 25,
    mode: 'ambulance',
    complaint: 'Collapsed at home, unresponsive to voice',
    handover: 'Found collapsed, GCS 8, SpO2 85 % on air; oxygen given en route',
    answers: { ...NO, lifeSavingIntervention: true, resources: ['labs', 'ecg', 'iv-fluids'] },
    vitals: {
      respiratoryRate: 28,
      spo2: 88,
      supplementalOxygen: true,
      systolic: 86,
      diastolic: 50,
      pulse: 128,
      consciousness: 'P',
      temperatureC: 36.2,
    },
  },
  {
    minutesAgo: 55,
    mode: 'walk-in',
    complaint: 'Central chest pain for 40 minutes, sweaty',
    answers: { ...NO, highRiskSituation: true, resources: ['labs', 'ecg'] },
    vitals: { ...CALM, pulse: 96, systolic: 148 },
    seen: true,
  },
  {
    minutesAgo: 80,
    mode: 'walk-in',
    complaint: 'Abdominal pain and vomiting since morning',
    answers: { ...NO, resources: ['labs', 'ct-mri-ultrasound', 'iv-fluids'] },
    vitals: CALM,
  },
  {
    minutesAgo: 95,
    mode: 'referral',
    referredBy: 'Family physician',
    complaint: 'Twisted ankle, unable to bear weight',
    answers: { ...NO, resources: ['xray'] },
    vitals: CALM,
  },
  {
    minutesAgo: 110,
    mode: 'walk-in',
    complaint: 'Sore throat for two days',
    answers: { ...NO, resources: [] },
    vitals: CALM,
  },
  { minutesAgo: 8, mode: 'walk-in', complaint: 'Cut on the hand from a kitchen knife' },
] as const;

/** Today's emergency department: attendances at each ESI level, one being seen, one to triage. */
export async function emergencyDepartment(
  s: DemoScene,
  staff: { reception: UserActor; nurse: UserActor; doctor: UserActor },
) {
  for (const a of ATTENDANCES) {
    const arrived = new Date(s.now.getTime() - a.minutesAgo * 60_000);
    const visit = await s.call(
      emergency.arrive,
      staff.reception,
      {
        patientId: s.outpatient().id,
        arrivalMode: a.mode,
        presentingComplaint: a.complaint,
        ...('handover' in a ? { handoverNotes: a.handover } : {}),
        ...('referredBy' in a ? { referredBy: a.referredBy } : {}),
      },
      arrived,
    );
    s.count('ED attendances');
    if (!('answers' in a)) continue;
    await s.call(
      emergency.triage,
      staff.nurse,
      { id: visit.id, answers: a.answers, vitals: a.vitals },
      new Date(arrived.getTime() + 6 * 60_000),
    );
    s.count('ED triages');
    if ('seen' in a)
      await s.call(
        emergency.seen,
        staff.doctor,
        { id: visit.id },
        new Date(arrived.getTime() + 15 * 60_000),
      );
  }
}

const PAYERS: Record<PeopleSet, { name: string; code: string; plan: string }> = {
  IN: { name: 'Star Health and Allied Insurance', code: 'STAR', plan: 'Family Health Optima' },
  GB: { name: 'Bupa', code: 'BUPA', plan: 'By You Comprehensive' },
  US: { name: 'Aetna', code: 'AETNA', plan: 'Open Access Select PPO' },
};

/**
 * An insurer with one plan, a covered patient, and a claim of an issued invoice (an ECG and a
 * dietitian's consultation from the price list) submitted to the insurer.
 */
export async function insuranceClaim(s: DemoScene, cashier: UserActor) {
  const desk = (await s.hire('INSURANCE_DESK')).actor;
  const p = PAYERS[s.set];
  const payer = await s.call(claims.createPayer, desk, {
    name: p.name,
    kind: 'insurer',
    code: p.code,
  });
  s.count('payers');
  const plan = await s.call(claims.createPlan, desk, {
    payerId: payer.id,
    name: p.plan,
    copayBp: 1000,
    deductible: 0,
    excludedServiceTypes: ['pharmacy'],
    preauthServiceTypes: ['theatre'],
    submissionDeadlineDays: 30,
  });
  const patient = s.outpatient();
  const coverage = await s.call(claims.createCoverage, desk, {
    patientId: patient.id,
    planId: plan.id,
    memberNumber: `${p.code}-${s.r.int(1_000_000, 9_999_999)}`,
    holderName: patient.name,
    relationship: 'self',
    validFrom: addDays(s.today, -200),
    validTo: addDays(s.today, 165),
  });
  s.count('coverages');
  for (const tariffCode of ['ECG', 'DIETITIAN'])
    await s.call(billing.addCharge, cashier, { patientId: patient.id, tariffCode });
  const draft = await s.call(billing.create, cashier, { patientId: patient.id });
  const invoice = await s.call(billing.setStatus, cashier, { id: draft.id, status: 'issued' });
  s.count('invoices');
  const claim = await s.call(claims.createClaim, desk, {
    invoiceId: invoice.id,
    coverageId: coverage.id,
  });
  await s.call(claims.submitClaim, desk, { id: claim.id });
  s.count('submitted claims');
}
