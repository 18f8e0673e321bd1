/**
 * The demo hospital generator (docs/demo.md): fills one hospital with realistic, internally
 * consistent data across the modules. Every record is made by an operation, called through the
 * kernel (access before input, validation, the operation's own rules and transactions) as a real
 * staff user of the right role whom the generator first creates through `users.create`, so the
 * data obeys every rule the service enforces. Nothing is written around the operations.
 *
 * Deterministic: the choices come from a seeded PRNG (prng.ts), so the same seed and size give
 * the same hospital (ids, timestamps and sign-in secrets aside). Times are relative to the
 * hospital's clock: "today" is today in its time zone; past encounters run with the clock of
 * their day (the context's `now`), as if recorded then.
 */
import { randomBytes } from 'node:crypto';
import type { Actor, UserActor } from '../kernel/actor';
import { systemClock } from '../kernel/clock';
import { type Context, tenantContext } from '../kernel/context';
import { invokeOperation } from '../kernel/invoke';
import type { AnyOperation } from '../kernel/operation';
import type { Role } from '../kernel/roles';
import { Stores } from '../kernel/store/store';
import { addDays, utcToZonedParts, zonedDateTimeToUtc } from '../kernel/time/zoned-time';
import type * as z from '../kernel/zod';
import * as admissions from '../modules/admissions/operations';
import { proposalOperation, registerActionTypes } from '../modules/agent-actions/index';
import * as apiKeys from '../modules/api-keys/operations';
import * as appointments from '../modules/appointments/operations';
import * as beds from '../modules/beds/operations';
import * as billing from '../modules/billing/operations';
import * as departments from '../modules/departments/operations';
import * as doctors from '../modules/doctors/operations';
import * as encounters from '../modules/encounters/operations';
import * as lab from '../modules/lab/operations';

import * as patients from '../modules/patients/operations';
import * as pharmacy from '../modules/pharmacy/operations';
import * as radiology from '../modules/radiology/operations';
import * as users from '../modules/users/operations';
import { currencyOf, type PeopleSet, type Person, peopleSetFor, person } from './people';
import { prng } from './prng';
import {
  type DemoScene,
  emergencyDepartment,
  insuranceClaim,
  priceList,
  rosterSetUp,
  theatreLists,
} from './services';

export const DEMO_SIZES = {
  /** For tests: every module, few records (a few seconds). */
  small: {
    patients: 30,
    doctors: 2,
    nurses: 2,
    pastDays: 3,
    pastPerDay: 2,
    todayPerDoctor: 5,
    wards: 2,
    bedsPerWard: 5,
    labOrders: 4,
  },
  /** `npm start -- --demo` and the benchmark: a few hundred patients. */
  default: {
    patients: 300,
    doctors: 8,
    nurses: 6,
    pastDays: 30,
    pastPerDay: 4,
    todayPerDoctor: 8,
    wards: 4,
    bedsPerWard: 10,
    labOrders: 12,
  },
} as const;
export type DemoSize = keyof typeof DEMO_SIZES;

export const DEFAULT_SEED = 'demo-hospital-1';

export interface DemoOptions {
  seed?: string;
  size?: DemoSize;
  /** The password of every demo staff user; a random one when absent (then it is not returned). */
  staffPassword?: string;
  /** Progress lines while generating. */
  onProgress?: (step: string, done: number, total: number) => void;
  /** The hospital clock's instant (default: the system clock). */
  now?: Date;
}

export interface DemoStaffUser {
  role: Role;
  name: string;
  email: string;
}

export interface DemoResult {
  seed: string;
  size: DemoSize;
  counts: Record<string, number>;
  staff: DemoStaffUser[];
  durationMs: number;
}

const STEPS = [
  'staff',
  'departments and doctors',
  'price list',
  'patients',
  'formulary and stock',
  'lab and radiology catalogues',
  'past encounters',
  'invoices',
  "today's clinics",
  'wards and admissions',
  'lab orders',
  'radiology bookings',
  'theatre lists',
  'ward roster set-up',
  'emergency department',
  'insurance claims',
  'agent actions',
] as const;

const DEPARTMENTS = [
  ['General Medicine', 'GMED', 'Internal Medicine'],
  ['Paediatrics', 'PAED', 'Paediatrics'],
  ['Cardiology', 'CARD', 'Cardiology'],
  ['Orthopaedics', 'ORTH', 'Orthopaedic Surgery'],
  ['Obstetrics and Gynaecology', 'OBGY', 'Obstetrics'],
  ['Dermatology', 'DERM', 'Dermatology'],
  ['ENT', 'ENT', 'Otorhinolaryngology'],
  ['Pulmonology', 'PULM', 'Respiratory Medicine'],
] as const;

/** Every day 08:00–20:00 in 15-minute slots: the OPD runs seven days, so "today" always has a clinic. */
const OPD_SCHEDULE = {
  slotMinutes: 15,
  sessions: (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((day) => ({
    day,
    start: '08:00',
    end: '20:00',
  })),
};

const COMPLAINTS = [
  ['Fever and cough for three days', 'Acute upper respiratory infection', 'J06.9'],
  ['Headache and tiredness', 'Tension-type headache', 'G44.2'],
  ['High blood pressure on home readings', 'Essential hypertension', 'I10'],
  ['Increased thirst, known diabetic', 'Type 2 diabetes mellitus', 'E11.9'],
  ['Lower back pain after lifting', 'Low back pain', 'M54.5'],
  ['Burning on passing urine', 'Urinary tract infection', 'N39.0'],
  ['Wheeze at night', 'Asthma', 'J45.9'],
  ['Itchy rash on both arms', 'Contact dermatitis', 'L25.9'],
  ['Loose stools for two days', 'Gastroenteritis', 'A09'],
  ['Chest tightness on exertion', 'Stable angina', 'I20.9'],
] as const;

/** Vitals by NEWS2 band (RCP 2017): 0, low (1–4), low with a red score (3 in one), medium (5–6), high (≥ 7). */
const VITALS_BANDS = [
  {
    respiratoryRate: 16,
    spo2: 98,
    supplementalOxygen: false,
    systolic: 122,
    diastolic: 78,
    pulse: 76,
    consciousness: 'A',
    temperatureC: 36.8,
  },
  {
    respiratoryRate: 21,
    spo2: 95,
    supplementalOxygen: false,
    systolic: 118,
    diastolic: 76,
    pulse: 94,
    consciousness: 'A',
    temperatureC: 37.9,
  },
  {
    respiratoryRate: 18,
    spo2: 97,
    supplementalOxygen: false,
    systolic: 124,
    diastolic: 80,
    pulse: 88,
    consciousness: 'C',
    temperatureC: 37.2,
  },
  {
    respiratoryRate: 22,
    spo2: 94,
    supplementalOxygen: false,
    systolic: 104,
    diastolic: 68,
    pulse: 108,
    consciousness: 'A',
    temperatureC: 38.4,
  },
  {
    respiratoryRate: 25,
    spo2: 92,
    supplementalOxygen: true,
    systolic: 98,
    diastolic: 60,
    pulse: 118,
    consciousness: 'A',
    temperatureC: 39.1,
  },
] as const;

/** Common drugs with their ATC codes, a unit price in minor units and a reorder level. */
const FORMULARY = [
  ['PARA-500', 'N02BE01', 'Paracetamol', 'Crocin', 'tablet', '500 mg', 200, 200],
  ['IBU-400', 'M01AE01', 'Ibuprofen', 'Brufen', 'tablet', '400 mg', 300, 100],
  ['AMOX-500', 'J01CA04', 'Amoxicillin', 'Mox', 'capsule', '500 mg', 800, 100],
  ['AZI-500', 'J01FA10', 'Azithromycin', 'Azee', 'tablet', '500 mg', 2500, 50],
  ['MET-500', 'A10BA02', 'Metformin', 'Glycomet', 'tablet', '500 mg', 150, 200],
  ['AMLO-5', 'C08CA01', 'Amlodipine', 'Amlong', 'tablet', '5 mg', 250, 100],
  ['ATOR-20', 'C10AA05', 'Atorvastatin', 'Lipitor', 'tablet', '20 mg', 600, 100],
  ['OMEP-20', 'A02BC01', 'Omeprazole', 'Omez', 'capsule', '20 mg', 400, 100],
  ['CETI-10', 'R06AE07', 'Cetirizine', 'Zyrtec', 'tablet', '10 mg', 150, 50],
  ['ONDA-4', 'A04AA01', 'Ondansetron', 'Emeset', 'tablet', '4 mg', 700, 30],
  ['LOSA-50', 'C09CA01', 'Losartan', 'Cozaar', 'tablet', '50 mg', 500, 60],
  ['SALB-100', 'R03AC02', 'Salbutamol', 'Asthalin', 'inhaler', '100 micrograms', 15000, 10],
] as const;

const RADIOLOGY_PROCEDURES = [
  [
    'XR-CHEST',
    {
      name: 'Chest X-ray PA',
      modality: 'DX',
      bodyPart: 'Chest',
      contrast: false,
      priceMinor: 60000,
    },
  ],
  [
    'US-ABD',
    {
      name: 'Ultrasound abdomen',
      modality: 'US',
      bodyPart: 'Abdomen',
      contrast: false,
      priceMinor: 120000,
    },
  ],
  [
    'CT-HEAD',
    {
      name: 'CT head without contrast',
      modality: 'CT',
      bodyPart: 'Head',
      contrast: false,
      priceMinor: 350000,
    },
  ],
] as const;
const RADIOLOGY_ROOMS = [
  ['XR1', { name: 'X-ray room 1', modality: 'DX', slotMinutes: 15 }],
  ['US1', { name: 'Ultrasound room 1', modality: 'US', slotMinutes: 30 }],
  ['CT1', { name: 'CT scanner', modality: 'CT', slotMinutes: 30 }],
] as const;

/**
 * Results inside the adult reference ranges of the starter catalogue (Mayo Clinic Laboratories):
 * code → [male, female, step], the step varying the value by one either way, still in range.
 */
const NORMAL_RESULTS: Record<string, readonly [number, number, number]> = {
  '718-7': [14.6, 13.1, 0.4], // haemoglobin g/dL: M 13.2–16.6, F 11.6–15.0
  '4544-3': [43.5, 39.8, 1], // haematocrit %: M 38.3–48.6, F 35.5–44.9
  '6690-2': [6.8, 6.8, 0.9], // WBC 10³/µL: 3.4–9.6
  '777-3': [240, 260, 30], // platelets 10³/µL: M 135–317, F 157–371
  '2951-2': [140, 140, 2], // sodium mmol/L: 135–145
  '2823-3': [4.3, 4.3, 0.3], // potassium mmol/L: 3.6–5.2
  '2075-0': [102, 102, 2], // chloride mmol/L: 98–107
  '2028-9': [25, 25, 2], // bicarbonate mmol/L: 22–29
  '3094-0': [15, 13, 3], // urea nitrogen mg/dL: M 8–24, F 6–21
  '2160-0': [1.0, 0.8, 0.1], // creatinine mg/dL: M 0.74–1.35, F 0.59–1.04
  '2345-7': [98, 98, 10], // glucose mg/dL: 70–140
  '17861-6': [9.4, 9.4, 0.3], // calcium mg/dL: 8.6–10.3
};

/** The overdue invoice was issued this many days ago (the billing check's terms are 30 days). */
const OVERDUE_DAYS = 45;

const CBC = '58410-2';
const BMP = '51990-0';
const HAEMOGLOBIN = '718-7';
const POTASSIUM = '2823-3';

interface Staff {
  actor: UserActor;
  name: string;
  email: string;
  sex: 'male' | 'female';
}

interface DemoPatient {
  id: string;
  name: string;
  sex: 'male' | 'female';
  ageYears: number;
  allergies: string[];
}

/** Calls operations as the demo's staff, each call through the kernel like a REST request. */
class Desk {
  readonly stores = new Stores();
  private n = 0;
  constructor(
    readonly admin: Context,
    readonly now: Date,
  ) {}

  as(actor: Actor, at: Date = this.now): Context {
    this.n += 1;
    return tenantContext(
      {
        now: at,
        requestId: `demo-${this.n}`,
        log: this.admin.log,
        transport: 'internal',
        stores: this.stores,
      },
      actor,
      this.admin.tenant,
    );
  }

  call<O extends AnyOperation>(
    op: O,
    actor: Actor,
    input: unknown,
    at?: Date,
  ): Promise<z.output<O['output']>> {
    return invokeOperation(op, this.as(actor, at), input) as Promise<z.output<O['output']>>;
  }
}

/** Generates the demo hospital into the tenant of `admin` (an administrator's context). */
export async function generateDemoHospital(
  admin: Context,
  options: DemoOptions = {},
): Promise<DemoResult> {
  const started = Date.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.size ?? 'default';
  const n = DEMO_SIZES[size];
  const r = prng(`${seed}#${size}`);
  const set = peopleSetFor(admin.tenant.country);
  const tz = admin.tenant.timeZone;
  const now = options.now ?? systemClock.now();
  const desk = new Desk(admin, now);
  const today = utcToZonedParts(now, tz).date;
  const at = (date: string, time: string) => zonedDateTimeToUtc(date, time, tz);
  const password = options.staffPassword ?? `Demo-${randomBytes(12).toString('base64url')}`;
  const counts: Record<string, number> = {};
  const count = (what: string, k = 1) => {
    counts[what] = (counts[what] ?? 0) + k;
  };
  let step = 0;
  const progress = () => options.onProgress?.(STEPS[step]!, step++, STEPS.length);

  // ─── Staff ──────────────────────────────────────────────────────────────────────────────
  progress();
  const domain = `${admin.tenant.slug}.demo.example.com`;
  const emails = new Set<string>();
  const hiring: Promise<Staff>[] = [];
  /**
   * Creates a staff user. The person is drawn at the call, so users can be created concurrently
   * (their password hashing is most of the step's time) and still be the same for a seed.
   */
  const hire = (role: Role, sex?: 'male' | 'female', rng = r): Promise<Staff> => {
    const p = person(rng, set, sex);
    let local = `${p.first}.${p.last}`.toLowerCase();
    for (let i = 2; emails.has(local); i++) local = `${p.first}.${p.last}${i}`.toLowerCase();
    emails.add(local);
    const title = role === 'DOCTOR' ? 'Dr ' : '';
    const hired = desk
      .call(users.create, admin.actor, {
        name: `${title}${p.name}`,
        email: `${local}@${domain}`,
        role,
        password,
      })
      .then((created): Staff => {
        count('staff users');
        return {
          actor: { kind: 'user', id: created.user.id, role },
          name: created.user.name,
          email: created.user.email,
          sex: p.sex,
        };
      });
    hiring.push(hired);
    return hired;
  };
  const doctorsHired = Array.from({ length: n.doctors }, () => hire('DOCTOR'));
  const nursesHired = Array.from({ length: n.nurses }, () =>
    hire('NURSE', r.chance(0.8) ? 'female' : 'male'),
  );
  const othersHired = (
    [
      'RECEPTIONIST',
      'PHARMACIST',
      'CASHIER',
      'ACCOUNTANT',
      'BED_MANAGER',
      'LAB_TECHNICIAN',
      'PATHOLOGIST',
      'RADIOGRAPHER',
      'RADIOLOGIST',
    ] as const
  ).map((role) => hire(role));
  const [doctorUsers, nurses, others] = await Promise.all([
    Promise.all(doctorsHired),
    Promise.all(nursesHired),
    Promise.all(othersHired),
  ]);
  const [
    reception,
    pharmacist,
    cashier,
    accountant,
    bedManager,
    labTech,
    pathologist,
    radiographer,
    radiologist,
  ] = others as [Staff, Staff, Staff, Staff, Staff, Staff, Staff, Staff, Staff];

  // ─── Departments and doctors ────────────────────────────────────────────────────────────
  progress();
  const currency = currencyOf(set);
  await desk.call(billing.updateSettings, accountant.actor, {
    currency,
    discountThresholdBp: 1000,
    refundThreshold: 500_000,
    consultationTaxRateBp: 0,
    consultationTaxInclusive: false,
  });
  const deptCount = Math.min(DEPARTMENTS.length, Math.max(2, Math.ceil(n.doctors / 2)));
  const depts: { id: string; specialty: string }[] = [];
  for (const [name, code, specialty] of DEPARTMENTS.slice(0, deptCount)) {
    const d = await desk.call(departments.create, admin.actor, { name, code });
    depts.push({ id: d.id, specialty });
    count('departments');
  }
  const feeOf = (set: PeopleSet) =>
    set === 'IN' ? r.pick([500, 600, 800]) : r.pick([60, 80, 120]);
  const doctorProfiles: { id: string; user: Staff }[] = [];
  for (const [i, user] of doctorUsers.entries()) {
    const dept = depts[i % depts.length]!;
    const profile = await desk.call(doctors.create, admin.actor, {
      userId: user.actor.id,
      departmentId: dept.id,
      specialty: dept.specialty,
      consultationFee: feeOf(set),
      currency,
      schedule: OPD_SCHEDULE,
    });
    doctorProfiles.push({ id: profile.id, user });
    count('doctors');
  }

  // ─── Price list and tax (the steps below have their own PRNG: see services.ts) ──────────
  progress();
  const more = prng(`${seed}#${size}#services`);
  const scene: DemoScene = {
    call: (op, actor, input, when) => desk.call(op, actor, input, when),
    r: more,
    set,
    currency,
    now,
    today,
    at,
    hire: (role, sex) => hire(role, sex, more),
    count,
    // Filled once the wards are: patients who are not inpatients, each scenario its own.
    outpatient: () => {
      throw new Error('no outpatients before the wards are filled');
    },
  };
  await priceList(scene, accountant.actor);

  // ─── Patients ───────────────────────────────────────────────────────────────────────────
  progress();
  const demoPatients: DemoPatient[] = [];
  const phones = new Set<string>();
  const year = Number(today.slice(0, 4));
  const registrationDay = at(addDays(today, -(Math.max(n.pastDays, OVERDUE_DAYS) + 5)), '08:00');
  for (let i = 0; i < n.patients; i++) {
    let p: Person;
    do p = person(r, set);
    while (phones.has(p.phone));
    phones.add(p.phone);
    const ageYears = r.chance(0.12) ? r.int(2, 15) : r.int(18, 88);
    const dob = `${year - ageYears - 1}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
    const allergies =
      i === 3
        ? ['Penicillin']
        : r.chance(0.06)
          ? [r.pick(['Sulfonamides', 'Latex', 'Peanuts'])]
          : [];
    const created = await desk.call(
      patients.register,
      reception.actor,
      {
        name: p.name,
        dateOfBirth: dob,
        sex: p.sex,
        phone: p.phone,
        bloodGroup: r.pick(['A+', 'B+', 'O+', 'AB+', 'O-', 'A-', 'B-']),
        allergies,
      },
      // Registered before anything else happened to them, one a minute from 08:00 of that day.
      new Date(registrationDay.getTime() + i * 60_000),
    );
    demoPatients.push({
      id: created.id,
      name: p.name,
      sex: p.sex,
      ageYears: ageYears + 1,
      allergies,
    });
    count('patients');
  }
  const adults = demoPatients.filter((p) => p.ageYears >= 18);
  let nextAdult = 0;
  /** Adults in turn, so that each scenario gets its own patient. */
  const anAdult = () => adults[nextAdult++ % adults.length]!;

  // ─── Formulary and stock ────────────────────────────────────────────────────────────────
  progress();
  const items: { id: string; code: string; name: string }[] = [];
  for (const [
    code,
    drugCode,
    genericName,
    brandName,
    form,
    strength,
    unitPrice,
    reorderLevel,
  ] of FORMULARY) {
    const item = await desk.call(pharmacy.createItem, pharmacist.actor, {
      code,
      drugCode,
      genericName,
      brandName,
      form,
      strength,
      unit: form,
      packSize: form === 'inhaler' ? 1 : 10,
      pricing: { kind: 'fixed', unitPrice },
      reorderLevel,
    });
    items.push({ id: item.id, code, name: genericName });
    count('formulary items');
  }
  // Two batches of each item; a few expire within 60 days; one batch of amoxicillin is recalled.
  const receipt = await desk.call(pharmacy.receive, pharmacist.actor, {
    supplier: 'Medline Distributors',
    invoiceReference: `MD-${r.int(10000, 99999)}`,
    lines: items.flatMap((item, i) => [
      {
        itemId: item.id,
        batchNumber: `${item.code.slice(0, 4)}${r.int(1000, 9999)}A`,
        expiryDate: addDays(today, i % 4 === 0 ? r.int(20, 55) : r.int(200, 700)),
        quantity: r.int(150, 600),
        unitCost: 100,
      },
      {
        itemId: item.id,
        batchNumber: `${item.code.slice(0, 4)}${r.int(1000, 9999)}B`,
        expiryDate: addDays(today, r.int(300, 900)),
        quantity: r.int(50, 300),
        unitCost: 100,
      },
    ]),
  });
  count('stock batches', receipt.lines.length);
  const recalled = receipt.lines.find((l) => l.itemId === items[2]!.id)!;
  await desk.call(pharmacy.recall, pharmacist.actor, {
    id: recalled.itemId,
    batchId: recalled.batchId,
    reason: 'Manufacturer recall: dissolution failure in lot testing',
  });
  count('recalled batches');

  // ─── Lab and radiology catalogues ───────────────────────────────────────────────────────
  progress();
  await desk.call(lab.installStarter, pathologist.actor, { acceptPublishedRanges: true });
  for (const [code, body] of RADIOLOGY_PROCEDURES)
    await desk.call(radiology.putProcedureOp, radiologist.actor, { code, ...body });
  for (const [code, body] of RADIOLOGY_ROOMS)
    await desk.call(radiology.putRoomOp, radiologist.actor, { code, ...body });

  // ─── Past encounters: walk-ins on earlier days, with vitals across the NEWS2 bands ──────
  progress();
  const completedOn: { patientId: string; date: string }[] = [];
  for (let d = n.pastDays; d >= 1; d--) {
    const date = addDays(today, -d);
    for (let k = 0; k < n.pastPerDay; k++) {
      const doc = r.pick(doctorProfiles);
      const patient = anAdult();
      const [complaint, diagnosis, icd] = r.pick(COMPLAINTS);
      const t = at(date, `${String(9 + k).padStart(2, '0')}:${r.pick(['00', '15', '30', '45'])}`);
      const enc = await desk.call(
        encounters.create,
        doc.user.actor,
        { patientId: patient.id, chiefComplaint: complaint },
        t,
      );
      const band = VITALS_BANDS[(d + k) % VITALS_BANDS.length]!;
      await desk.call(
        encounters.recordVitals,
        r.pick(nurses).actor,
        { id: enc.id, ...band, weightKg: r.int(48, 95), heightCm: r.int(150, 185) },
        new Date(t.getTime() + 5 * 60_000),
      );
      await desk.call(
        encounters.update,
        doc.user.actor,
        {
          id: enc.id,
          diagnosis: [{ text: diagnosis, code: icd, system: 'ICD-10' }],
          notes: 'Advised review if worse.',
          status: 'completed',
        },
        new Date(t.getTime() + 20 * 60_000),
      );
      completedOn.push({ patientId: patient.id, date });
      count('past encounters');
      count('vitals readings');
    }
  }

  // ─── Invoices: paid, part-paid, refunded, and one overdue ───────────────────────────────
  progress();
  const toInvoice = completedOn.filter((_, i) => i % 2 === 0);
  for (const [i, c] of toInvoice.entries()) {
    const when = at(c.date, '18:00');
    const draft = await desk.call(billing.create, cashier.actor, { patientId: c.patientId }, when);
    const issued = await desk.call(
      billing.setStatus,
      cashier.actor,
      { id: draft.id, status: 'issued' },
      when,
    );
    count('invoices');
    if (i === 0) continue; // unpaid: the oldest, so overdue when older than the hospital's terms
    const full = i % 3 !== 1;
    const paid = await desk.call(
      billing.pay,
      cashier.actor,
      {
        id: issued.id,
        method: r.pick(['cash', 'card', 'upi']),
        amount: full ? issued.total : Math.ceil(issued.total / 2),
      },
      new Date(when.getTime() + 10 * 60_000),
    );
    count('payments');
    if (i === 2) {
      await desk.call(
        billing.refund,
        cashier.actor,
        {
          id: issued.id,
          paymentId: paid.id,
          amount: Math.min(issued.total, 1000),
          reason: 'Consultation fee waived in part: long wait',
        },
        new Date(when.getTime() + 30 * 60_000),
      );
      count('refunds');
    }
  }
  // The overdue invoice: issued 45 days ago and never paid.
  {
    const date = addDays(today, -OVERDUE_DAYS);
    const patient = anAdult();
    const doc = doctorProfiles[0]!;
    const t = at(date, '11:00');
    const enc = await desk.call(
      encounters.create,
      doc.user.actor,
      { patientId: patient.id, chiefComplaint: 'Follow-up of blood pressure' },
      t,
    );
    await desk.call(
      encounters.update,
      doc.user.actor,
      {
        id: enc.id,
        diagnosis: [{ text: 'Essential hypertension', code: 'I10', system: 'ICD-10' }],
        status: 'completed',
      },
      new Date(t.getTime() + 15 * 60_000),
    );
    count('past encounters');
    const draft = await desk.call(
      billing.create,
      cashier.actor,
      { patientId: patient.id },
      at(date, '12:00'),
    );
    await desk.call(
      billing.setStatus,
      cashier.actor,
      { id: draft.id, status: 'issued' },
      at(date, '12:00'),
    );
    count('invoices');
    count('overdue invoices');
  }

  // ─── Today's clinics: booked, arrived, checked in, in consultation, fulfilled ───────────
  progress();
  const bookedAt = at(today, '00:05');
  const openEncounters: { id: string; patient: DemoPatient; doctor: Staff }[] = [];
  // Stages go round the doctors so that every size has each of them, in order of the day.
  const STAGES = [
    'fulfilled',
    'fulfilled',
    'in-consultation',
    'checked-in',
    'checked-in',
    'arrived',
    'booked',
    'booked',
  ] as const;
  let visit = 0;
  for (let k = 0; k < n.todayPerDoctor; k++) {
    for (const doc of doctorProfiles) {
      const patient = anAdult();
      const minutes = 9 * 60 + k * 30 + r.pick([0, 15]);
      const start = at(
        today,
        `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      );
      const appt = await desk.call(
        appointments.book,
        reception.actor,
        {
          patientId: patient.id,
          doctorId: doc.id,
          start: start.toISOString(),
          reason: r.pick(COMPLAINTS)[0],
        },
        bookedAt,
      );
      count('appointments today');
      // The first of each doctor's list are done, then one in consultation, then a queue, then later bookings.
      const stage =
        STAGES[
          Math.min(
            STAGES.length - 1,
            Math.floor((visit++ * STAGES.length) / (n.todayPerDoctor * doctorProfiles.length)),
          )
        ]!;
      if (stage === 'booked') continue;
      await desk.call(appointments.setStatus, reception.actor, { id: appt.id, status: 'arrived' });
      if (stage === 'arrived') continue;
      await desk.call(appointments.setStatus, reception.actor, {
        id: appt.id,
        status: 'checked-in',
      });
      if (stage === 'checked-in') continue;
      const enc = await desk.call(encounters.create, doc.user.actor, { appointmentId: appt.id });
      await desk.call(encounters.recordVitals, r.pick(nurses).actor, {
        id: enc.id,
        ...VITALS_BANDS[visit % 2]!,
      });
      if (stage === 'in-consultation') {
        openEncounters.push({ id: enc.id, patient, doctor: doc.user });
        continue;
      }
      const [, diagnosis, icd] = r.pick(COMPLAINTS);
      await desk.call(encounters.update, doc.user.actor, {
        id: enc.id,
        diagnosis: [{ text: diagnosis, code: icd, system: 'ICD-10' }],
        status: 'completed',
      });
      count('encounters today');
    }
  }

  // ─── Wards and admissions: about 80 % of beds occupied, one patient needing escalation ──
  progress();
  const wardPlans = [
    { name: 'Male Medical Ward', type: 'general', sexPolicy: 'male', prefix: 'M' },
    { name: 'Female Medical Ward', type: 'general', sexPolicy: 'female', prefix: 'F' },
    { name: 'Surgical Ward', type: 'general', sexPolicy: 'mixed', prefix: 'S' },
    { name: 'High Dependency Unit', type: 'hdu', sexPolicy: 'mixed', prefix: 'H' },
  ].slice(0, n.wards);
  const inpatients = new Set<string>();
  let escalated = false;
  for (const plan of wardPlans) {
    const ward = await desk.call(beds.createWard, bedManager.actor, {
      name: plan.name,
      type: plan.type,
      sexPolicy: plan.sexPolicy,
      dailyCharge: set === 'IN' ? 250_000 : 45_000,
    });
    count('wards');
    const created = await desk.call(beds.createBeds, bedManager.actor, {
      id: ward.id,
      series: { prefix: plan.prefix, count: n.bedsPerWard, features: ['oxygen'] },
    });
    count('beds', created.items.length);
    const occupied = Math.round(created.items.length * 0.8);
    for (const bed of created.items.slice(0, occupied)) {
      const patient = adults.find(
        (p) => !inpatients.has(p.id) && (plan.sexPolicy === 'mixed' || p.sex === plan.sexPolicy),
      );
      if (!patient) break;
      inpatients.add(patient.id);
      const doc = r.pick(doctorProfiles);
      const admission = await desk.call(
        admissions.admit,
        reception.actor,
        {
          patientId: patient.id,
          source: 'direct',
          doctorId: doc.id,
          reason: r.pick([
            'Community-acquired pneumonia, needs IV antibiotics',
            'Uncontrolled blood sugar',
            'Cellulitis of the leg',
            'Chest pain for observation',
            'Dehydration from gastroenteritis',
          ]),
          bedId: bed.id,
        },
        at(addDays(today, -r.int(1, 4)), '14:00'),
      );
      count('admissions');
      const nurse = r.pick(nurses);
      const vitals = escalated ? VITALS_BANDS[r.int(0, 1)]! : VITALS_BANDS[4];
      escalated = true;
      await desk.call(admissions.recordObservation, nurse.actor, { id: admission.id, ...vitals });
      count('observations');
    }
  }

  // ─── Lab orders: resulted and verified, awaiting collection, and two critical results ───
  progress();
  const labEncounters: { id: string; patient: DemoPatient; doctor: Staff }[] = [];
  for (let k = 0; k < n.labOrders; k++) {
    const doc = r.pick(doctorProfiles);
    const patient = anAdult();
    const enc = await desk.call(encounters.create, doc.user.actor, {
      patientId: patient.id,
      chiefComplaint: 'Tiredness for a month',
    });
    labEncounters.push({ id: enc.id, patient, doctor: doc.user });
  }
  /** A value inside the adult reference range of the starter catalogue (by sex where it differs). */
  const normalValue = (code: string, sex: 'male' | 'female') =>
    NORMAL_RESULTS[code]![sex === 'male' ? 0 : 1] + r.int(-1, 1) * NORMAL_RESULTS[code]![2];
  for (const [k, e] of labEncounters.entries()) {
    const code = k % 2 === 0 ? CBC : BMP;
    const order = await desk.call(lab.order, e.doctor.actor, {
      source: { kind: 'encounter', id: e.id },
      codes: [code],
      priority: k < 2 ? 'urgent' : 'routine',
    });
    count('lab orders');
    if (k === n.labOrders - 1) continue; // awaiting collection
    await desk.call(lab.collect, labTech.actor, { id: order.id });
    const tests =
      code === CBC
        ? ['718-7', '4544-3', '6690-2', '777-3']
        : ['2951-2', POTASSIUM, '2075-0', '2028-9', '3094-0', '2160-0', '2345-7', '17861-6'];
    const results = tests.map((t) => ({
      code: t,
      // The first two orders carry a critical value: haemoglobin 6.1 g/dL, potassium 6.9 mmol/L.
      value:
        k === 0 && t === HAEMOGLOBIN
          ? 6.1
          : k === 1 && t === POTASSIUM
            ? 6.9
            : normalValue(t, e.patient.sex),
    }));
    await desk.call(lab.enter, labTech.actor, { id: order.id, results });
    count(k < 2 ? 'critical results (unacknowledged)' : 'lab results');
    if (k >= 2 && k % 2 === 0) {
      await desk.call(lab.verify, pathologist.actor, { id: order.id });
      count('verified lab reports');
    }
  }

  // ─── Radiology bookings ─────────────────────────────────────────────────────────────────
  progress();
  const tomorrow = addDays(today, 1);
  for (const [k, e] of labEncounters.slice(0, 4).entries()) {
    const [code] = RADIOLOGY_PROCEDURES[k % RADIOLOGY_PROCEDURES.length]!;
    const order = await desk.call(radiology.order, e.doctor.actor, {
      source: { kind: 'encounter', id: e.id },
      procedureCode: code,
      clinicalQuestion: 'Cause of tiredness and breathlessness?',
      // Pregnancy is asked of everyone of child-bearing age before an ionising procedure.
      safety: { pregnant: 'no' },
    });
    count('radiology orders');
    const room = RADIOLOGY_ROOMS[k % RADIOLOGY_ROOMS.length]![0];
    await desk.call(radiology.schedule, radiographer.actor, {
      id: order.id,
      room,
      start: at(tomorrow, `${String(9 + k).padStart(2, '0')}:00`).toISOString(),
    });
    count('radiology bookings');
  }

  // ─── Theatre, roster, emergency department and claims (services.ts) ─────────────────────
  const outpatients = adults.filter((p) => !inpatients.has(p.id));
  let nextOutpatient = outpatients.length - 1;
  // From the end of the list, the patients the earlier steps reached last (or not at all).
  scene.outpatient = () => {
    const p = outpatients[nextOutpatient]!;
    nextOutpatient = nextOutpatient > 0 ? nextOutpatient - 1 : outpatients.length - 1;
    return p;
  };
  progress();
  await theatreLists(scene, {
    surgeon: doctorUsers[0]!.actor,
    anaesthetist: doctorUsers[1]!.actor,
    scrubNurse: nurses[0]!.actor,
  });
  progress();
  await rosterSetUp(scene, nurses);
  progress();
  await emergencyDepartment(scene, {
    reception: reception.actor,
    nurse: nurses[nurses.length - 1]!.actor,
    doctor: doctorUsers[doctorUsers.length - 1]!.actor,
  });
  progress();
  await insuranceClaim(scene, cashier.actor);

  // ─── Agent actions awaiting a decision, one of each risk level ──────────────────────────
  progress();
  const key = await desk.call(apiKeys.create, admin.actor, {
    name: 'Demo clinical assistant',
    scopes: ['agents:clinical:propose', 'agent-actions:read'],
  });
  const agent: Actor = {
    kind: 'agent',
    agent: 'demo-clinical-assistant',
    credential: { kind: 'apiKey', id: key.id, scopes: key.scopes, name: key.name },
  };
  // Registered here rather than by loading the module list, which would carry every module's
  // routes into the demo's REST function (registering the same declaration again is a no-op).
  const { prescriptionAction } = await import('../modules/encounters/actions');
  registerActionTypes([prescriptionAction]);
  const propose = proposalOperation(prescriptionAction);
  const allergic = demoPatients[3]!;
  const open = [...openEncounters, ...labEncounters];
  const proposals = [
    // LOW: oral paracetamol for an adult.
    {
      enc: open[0],
      rx: {
        drugName: 'Paracetamol',
        drugCode: 'N02BE01',
        strength: '500 mg',
        dose: '1 tablet',
        route: 'oral',
        frequency: 'every 6 hours when required',
        durationDays: 3,
        quantity: 12,
      },
    },
    // MEDIUM: a parenteral route.
    {
      enc: open[1],
      rx: {
        drugName: 'Ceftriaxone',
        drugCode: 'J01DD04',
        strength: '1 g',
        dose: '1 g',
        route: 'iv',
        frequency: 'once daily',
        durationDays: 5,
        quantity: 5,
      },
    },
    // HIGH: a controlled drug.
    {
      enc: open[2],
      rx: {
        drugName: 'Morphine',
        drugCode: 'N02AA01',
        strength: '10 mg',
        dose: '10 mg',
        route: 'oral',
        frequency: 'every 4 hours when required',
        durationDays: 2,
        quantity: 6,
      },
    },
  ];
  for (const p of proposals) {
    if (!p.enc) continue;
    await desk.call(propose, agent, {
      encounterId: p.enc.id,
      ...p.rx,
      rationale: 'Suggested from the consultation notes',
    });
    count('pending agent actions');
  }
  // CRITICAL: amoxicillin for the patient with a recorded penicillin allergy.
  const allergyEnc = await desk.call(encounters.create, doctorProfiles[0]!.user.actor, {
    patientId: allergic.id,
    chiefComplaint: 'Sore throat and fever',
  });
  await desk.call(propose, agent, {
    encounterId: allergyEnc.id,
    drugName: 'Amoxicillin',
    drugCode: 'J01CA04',
    strength: '500 mg',
    dose: '1 capsule',
    route: 'oral',
    frequency: 'three times daily',
    durationDays: 5,
    quantity: 15,
    allergyOverrideReason: 'Rash as a child only; no anaphylaxis recorded',
    rationale: 'Suggested for a bacterial sore throat',
  });
  count('pending agent actions');
  return {
    seed,
    size,
    counts,
    staff: (await Promise.all(hiring)).map((s) => ({
      role: s.actor.role,
      name: s.name,
      email: s.email,
    })),
    durationMs: Date.now() - started,
  };
}
