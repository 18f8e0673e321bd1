/**
 * The onboarding conversation (`onboarding-chat`): it looks at what the hospital has set up, asks
 * for the next missing piece in plain words, and creates what the answer describes through the
 * same operations REST uses, with the caller's own access. Nothing lives between turns but the
 * state token the answer carries back (which question was asked, what was skipped): a turn reads
 * the hospital afresh, so two people onboarding at once never work from a stale picture.
 *
 * "Ready for its first patient" (docs/onboarding.md): at least one department, one doctor with a
 * weekly OPD schedule (a patient can be booked, seen and billed the consultation fee) and one ward
 * with beds (a patient can be admitted). Staff users and agent keys are asked for after that and
 * may be skipped.
 */
import { allowedRoles } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import { type AppError, Invalid, toAppError } from '../../kernel/errors';
import type { AnyOperation, ProtectedAccess } from '../../kernel/operation';
import { SCOPE_NAMES } from '../../kernel/scopes';
import * as z from '../../kernel/zod';
import {
  bedPrefix,
  isInstall,
  isSkip,
  type Parsed,
  parseApiKey,
  parseAutoApproval,
  parseDepartments,
  parseDoctor,
  parseDrug,
  parseStaff,
  parseTariff,
  parseWard,
} from './grammar';

/** Calls one operation with the caller's access (the capability's audited call path). */
type OperationCall = (op: AnyOperation, input: unknown) => Promise<unknown>;

/** The operations the conversation calls: each one's own access rule decides its step. */
export interface OnboardingOperations {
  listDepartments: AnyOperation;
  createDepartment: AnyOperation;
  listDoctors: AnyOperation;
  createDoctor: AnyOperation;
  listWards: AnyOperation;
  createWard: AnyOperation;
  createBeds: AnyOperation;
  listUsers: AnyOperation;
  createUser: AnyOperation;
  listKeys: AnyOperation;
  createKey: AnyOperation;
  listItems: AnyOperation;
  createItem: AnyOperation;
  receiveStock: AnyOperation;
  listTariffs: AnyOperation;
  putTariff: AnyOperation;
  getBillingSettings: AnyOperation;
  updateBillingSettings: AnyOperation;
  labCatalogue: AnyOperation;
  installLabCatalogue: AnyOperation;
  actionSettings: AnyOperation;
}

/** What the grammar checks answers against: the catalogues of the modules the steps create in. */
export interface OnboardingVocabulary {
  dosageForms: readonly string[];
  serviceTypes: readonly string[];
  actionTypes: readonly string[];
}

export const STEPS = [
  'departments',
  'doctor',
  'ward',
  'formulary',
  'tariffs',
  'lab',
  'staff',
  'api-key',
  'auto-approval',
] as const;
export type Step = (typeof STEPS)[number];

/** The steps a hospital needs before its first patient (the rest may be skipped). */
export const READY_STEPS: readonly Step[] = ['departments', 'doctor', 'ward'];

const TITLES: Readonly<Record<Step, string>> = {
  departments: 'Departments',
  doctor: 'A doctor with a weekly OPD schedule',
  ward: 'A ward with beds',
  formulary: 'The formulary and its opening stock',
  tariffs: 'Tariffs and tax',
  lab: 'The lab catalogue',
  staff: 'Staff users (reception, nursing, pharmacy, billing…)',
  'api-key': 'An API key for an agent',
  'auto-approval': 'Auto-approval of agent actions',
};

const QUESTIONS: Readonly<Record<Step, string>> = {
  departments:
    'Which departments does the hospital have? Send their names separated by commas, e.g. "General Medicine, Cardiology".',
  doctor:
    'Who is a doctor here, in which department, and when do they see outpatients? e.g. "Dr Asha Rao, General Medicine, Mon-Fri 09:00-13:00, fee 500, asha.rao@example.org" (the e-mail is their sign-in).',
  ward: 'Which ward should patients be admitted to, and how many beds has it? e.g. "Ward A, 20 beds, general" (optionally male, female or mixed, and "1500 a day").',
  formulary:
    'Which drugs does the pharmacy stock? One drug per answer with its opening stock, e.g. "Paracetamol 500 mg tablet, 1000 in stock, batch PCM2301, expires 2027-06-30, cost 1.20, price 2.00", or "skip".',
  tariffs:
    'What does the hospital charge for services other than consultations? One price-list line per answer, e.g. "XRAY-CHEST, Chest X-ray, 800, radiology, tax 5%"; "consultation tax 18%" sets the tax on consultation fees; "done" when finished.',
  lab: 'Should I install the starter lab catalogue (common tests and panels with published reference ranges, which the laboratory validates before reporting on them)? Answer "install" or "skip".',
  staff:
    'Who else works here? One person per answer, e.g. "Priya Nair, receptionist, priya.nair@example.org", or "done".',
  'api-key':
    'Should an agent (an MCP or A2A client) work for the hospital? Name its key and scopes, e.g. "reception agent, agents:reception:write", or "skip".',
  'auto-approval':
    'Should any agent action type be approved automatically? Name the type and the person it then runs as, e.g. "prescription as asha.rao@example.org", or "none" (every proposal waits for a person). Only a signed-in administrator may turn it on.',
};

/** What the conversation carries between turns: the question asked and the steps left behind. */
const StateToken = z.strictObject({
  v: z.literal(1),
  asked: z.nullable(z.enum(STEPS)),
  /** Skipped by the person, or refused for the caller: not asked again in this conversation. */
  passed: z.array(z.enum(STEPS)).check(z.maxLength(STEPS.length)),
});
type StateToken = z.output<typeof StateToken>;

export function encodeState(state: StateToken): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

export function decodeState(token: string): StateToken {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    raw = undefined;
  }
  const parsed = z.safeParse(StateToken, raw);
  if (!parsed.success)
    throw new Invalid('state must be the state token of an earlier answer, unchanged', {
      field: 'state',
    });
  return parsed.data;
}

export const OnboardingInput = z.strictObject({
  /** The answer to the question the state token names (ignored without one: the first turn). */
  answer: z.optional(z.string().check(z.maxLength(2000, 'must be at most 2000 characters'))),
  /** The `state` of the previous answer, unchanged; omit it to start. */
  state: z.optional(z.string().check(z.maxLength(1000, 'must be at most 1000 characters'))),
});
export type OnboardingInput = z.output<typeof OnboardingInput>;

const CheckItem = z.strictObject({
  step: z.enum(STEPS),
  title: z.string(),
  neededForFirstPatient: z.boolean(),
  status: z.enum(['done', 'missing', 'skipped', 'unknown']),
  detail: z.string(),
});

const Issued = z.strictObject({
  /** Whose: a person's name, or the key's name. */
  for: z.string(),
  kind: z.enum(['password', 'api-key']),
  /** The e-mail to sign in with, or the key id. */
  id: z.string(),
  secret: z.string(),
});
type Issued = z.output<typeof Issued>;

export const OnboardingOutput = z.strictObject({
  /** Departments, a scheduled doctor and a ward with beds exist: the first patient can come. */
  ready: z.boolean(),
  checklist: z.array(CheckItem),
  /** What this turn created, in words. */
  did: z.array(z.string()),
  /** Passwords of the sign-ins and secrets of the keys this turn issued: shown once, never again. */
  issued: z.array(Issued),
  /** What was wrong with the answer (it is asked again), or who may do a step the caller may not. */
  problem: z.nullable(z.string()),
  /** The next question, or null when the conversation is over. */
  question: z.nullable(z.string()),
  step: z.nullable(z.enum(STEPS)),
  /** Send it back with the answer to `question`. */
  state: z.nullable(z.string()),
  /** The whole turn in plain words (what an A2A agent message says). */
  message: z.string(),
});
export type OnboardingOutput = z.output<typeof OnboardingOutput>;

type Department = { id: string; name: string };
type Doctor = { id: string; name: string; schedule: { sessions: unknown[] } | null };
type Ward = { id: string; name: string; bedCounts: Record<string, number> };
type User = { id: string; name: string; email: string; role: string };

/** What the hospital has, as far as the caller may see (null: the caller may not read it). */
interface Snapshot {
  departments: Department[] | null;
  doctors: Doctor[] | null;
  wards: Ward[] | null;
  users: User[] | null;
  keys: number | null;
  /** Formulary items with stock on hand. */
  stocked: { genericName: string; onHand: number }[] | null;
  tariffs: { code: string }[] | null;
  labTests: number | null;
  autoApproved: string[] | null;
}

/** Who may call an operation, in words: what the caller is told when it is refused. */
export function whoMay(op: AnyOperation, what: string): string {
  const access = op.access as ProtectedAccess;
  const roles = allowedRoles(access).join(' or ');
  const key = access.scope && access.scope !== 'any' ? ` or an API key with ${access.scope}` : '';
  return `You may not ${what}: ${roles} (signed in${key}) may. Ask one of them to continue this step.`;
}

const isForbidden = (err: AppError) => err.code === 'forbidden' || err.code === 'unauthenticated';

/** A list operation's first page, or null when the caller may not read it. */
async function readable<T>(
  call: OperationCall,
  op: AnyOperation,
  input: unknown,
): Promise<T[] | null> {
  try {
    return ((await call(op, input)) as { items: T[] }).items;
  } catch (err) {
    if (isForbidden(toAppError(err))) return null;
    throw err;
  }
}

/** Any read's answer, picked, or null when the caller may not read it. */
async function readableAs<T>(
  call: OperationCall,
  op: AnyOperation,
  pick: (answer: never) => T,
): Promise<T | null> {
  try {
    return pick((await call(op, {})) as never);
  } catch (err) {
    if (isForbidden(toAppError(err))) return null;
    throw err;
  }
}

async function snapshot(call: OperationCall, ops: OnboardingOperations): Promise<Snapshot> {
  const page = { limit: 100 };
  const [depts, docs, wards, staff, keys, items, tariffs, labTests, autoApproved] =
    await Promise.all([
      readable<Department>(call, ops.listDepartments, page),
      readable<Doctor>(call, ops.listDoctors, page),
      readable<Ward>(call, ops.listWards, page),
      readable<User>(call, ops.listUsers, page),
      readable<unknown>(call, ops.listKeys, page),
      readable<{ genericName: string; onHand: number }>(call, ops.listItems, page),
      readable<{ code: string }>(call, ops.listTariffs, page),
      readableAs(call, ops.labCatalogue, (c: { tests: unknown[] }) => c.tests.length),
      readableAs(
        call,
        ops.actionSettings,
        (s: { types: { type: string; autoApprove: boolean }[] }) =>
          s.types.filter((t) => t.autoApprove).map((t) => t.type),
      ),
    ]);
  return {
    departments: depts,
    doctors: docs,
    wards,
    users: staff,
    keys: keys?.length ?? null,
    stocked: items?.filter((i) => i.onHand > 0) ?? null,
    tariffs,
    labTests,
    autoApproved,
  };
}

const bedsOf = (w: Ward) => Object.values(w.bedCounts).reduce((a, b) => a + b, 0);
const scheduled = (d: Doctor) => (d.schedule?.sessions.length ?? 0) > 0;
const OTHER_STAFF = (u: User) => u.role !== 'ADMIN' && u.role !== 'DOCTOR';

function stepStatus(
  step: Step,
  s: Snapshot,
  state: StateToken,
): { done: boolean | null; detail: string } {
  switch (step) {
    case 'departments':
      return s.departments === null
        ? { done: null, detail: 'You may not list departments.' }
        : {
            done: s.departments.length > 0,
            detail: s.departments.map((d) => d.name).join(', ') || 'none yet',
          };
    case 'doctor': {
      if (s.doctors === null) return { done: null, detail: 'You may not list doctors.' };
      const ready = s.doctors.filter(scheduled);
      return {
        done: ready.length > 0,
        detail: ready.length
          ? `${ready.map((d) => d.name).join(', ')} (with a schedule)`
          : 'no doctor with a weekly schedule yet',
      };
    }
    case 'ward': {
      if (s.wards === null) return { done: null, detail: 'You may not list wards.' };
      const withBeds = s.wards.filter((w) => bedsOf(w) > 0);
      return {
        done: withBeds.length > 0,
        detail: withBeds.length
          ? withBeds.map((w) => `${w.name} (${bedsOf(w)} beds)`).join(', ')
          : 'no ward with beds yet',
      };
    }
    case 'staff': {
      if (s.users === null)
        return { done: null, detail: 'Only an administrator may list staff users.' };
      const others = s.users.filter(OTHER_STAFF);
      // Asked until the person says "done" (a hospital adds several people here): done with
      // someone added, skipped with no one.
      return {
        done: state.passed.includes('staff') && others.length > 0,
        detail: others.length
          ? others.map((u) => `${u.name} (${u.role})`).join(', ')
          : 'no other staff yet',
      };
    }
    case 'api-key':
      if (s.keys === null)
        return { done: null, detail: 'Only an administrator may list API keys.' };
      return { done: s.keys > 0, detail: s.keys ? `${s.keys} key(s)` : 'no key yet' };
    case 'formulary':
      if (s.stocked === null) return { done: null, detail: 'You may not read the pharmacy stock.' };
      return {
        done: s.stocked.length > 0,
        detail: s.stocked.length
          ? s.stocked.map((i) => `${i.genericName} (${i.onHand})`).join(', ')
          : 'no drug in stock yet',
      };
    case 'tariffs':
      if (s.tariffs === null) return { done: null, detail: 'You may not read the price list.' };
      // Asked until "done" (a price list has many lines), like staff.
      return {
        done: state.passed.includes('tariffs') && s.tariffs.length > 0,
        detail: s.tariffs.length ? s.tariffs.map((t) => t.code).join(', ') : 'no tariff yet',
      };
    case 'lab':
      if (s.labTests === null) return { done: null, detail: 'You may not read the lab catalogue.' };
      return {
        done: s.labTests > 0,
        detail: s.labTests ? `${s.labTests} test(s)` : 'no lab test yet',
      };
    case 'auto-approval':
      if (s.autoApproved === null)
        return { done: null, detail: 'Only a signed-in administrator may read these settings.' };
      return {
        done: s.autoApproved.length > 0,
        detail: s.autoApproved.length
          ? `approved automatically: ${s.autoApproved.join(', ')}`
          : 'every proposal waits for a person',
      };
  }
}

function checklistOf(s: Snapshot, state: StateToken): OnboardingOutput['checklist'] {
  return STEPS.map((step) => {
    const { done, detail } = stepStatus(step, s, state);
    const status =
      done === true
        ? 'done'
        : state.passed.includes(step)
          ? 'skipped'
          : done === null
            ? 'unknown'
            : 'missing';
    return {
      step,
      title: TITLES[step],
      neededForFirstPatient: READY_STEPS.includes(step),
      status,
      detail,
    };
  });
}

interface Turn {
  did: string[];
  /** Sign-ins and key secrets just issued: shown once, as REST shows them. */
  issued?: Issued[];
  problem: string | null;
  /** The step is left behind for this conversation (skipped, or not the caller's to do). */
  pass?: boolean;
}

/** Runs one write; a refusal is told as who may, a bad input or a conflict as the problem. */
async function attempt<T>(
  run: () => Promise<T>,
  op: AnyOperation,
  what: string,
): Promise<{ ok: true; value: T } | { ok: false; problem: string; refused: boolean }> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    const e = toAppError(err);
    if (isForbidden(e)) return { ok: false, problem: whoMay(op, what), refused: true };
    if (e.code === 'invalid' || e.code === 'conflict' || e.code === 'not_found')
      return { ok: false, problem: `Could not ${what}: ${e.message}`, refused: false };
    throw err;
  }
}

const failed = (r: { problem: string; refused: boolean }, did: string[] = []): Turn => ({
  did,
  problem: r.problem,
  pass: r.refused,
});
const reask = <T>(p: Parsed<T> & { ok: false }): Turn => ({ did: [], problem: p.problem });

async function answerDepartments(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
  s: Snapshot,
): Promise<Turn> {
  const parsed = parseDepartments(answer);
  if (!parsed.ok) return reask(parsed);
  const have = new Set((s.departments ?? []).map((d) => d.name.toLowerCase()));
  const did: string[] = [];
  for (const name of parsed.value) {
    if (have.has(name.toLowerCase())) {
      did.push(`${name} was already there.`);
      continue;
    }
    const r = await attempt(
      () => call(ops.createDepartment, { name }),
      ops.createDepartment,
      `create the department ${name}`,
    );
    if (!r.ok) return failed(r, did);
    did.push(`Created the department ${name}.`);
  }
  return { did, problem: null };
}

async function answerDoctor(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
  s: Snapshot,
): Promise<Turn> {
  const parsed = parseDoctor(answer, s.departments ?? []);
  if (!parsed.ok) return reask(parsed);
  const d = parsed.value;
  const did: string[] = [];
  const issued: Issued[] = [];
  // A doctor's sign-in made by an earlier answer whose profile then failed is used again.
  let userId = s.users?.find((u) => u.email === d.email && u.role === 'DOCTOR')?.id;
  if (userId && (s.doctors ?? []).some((doc) => (doc as { userId?: string }).userId === userId))
    return { did, problem: `${d.email} is already a doctor of the hospital.` };
  if (!userId) {
    const made = await attempt(
      () => call(ops.createUser, { name: `Dr ${d.name}`, email: d.email, role: 'DOCTOR' }),
      ops.createUser,
      'create staff users',
    );
    if (!made.ok) return failed(made);
    const created = made.value as { user: { id: string }; credentials: { password: string } };
    userId = created.user.id;
    issued.push({
      for: `Dr ${d.name}`,
      kind: 'password',
      id: d.email,
      secret: created.credentials.password,
    });
    did.push(
      `Created the sign-in of Dr ${d.name} (${d.email}); their password is in "issued", shown once.`,
    );
  }
  const profile = await attempt(
    () =>
      call(ops.createDoctor, {
        userId,
        departmentId: d.department.id,
        specialty: d.department.name,
        consultationFee: d.consultationFee,
        schedule: { slotMinutes: 15, sessions: d.sessions },
      }),
    ops.createDoctor,
    'create doctor profiles',
  );
  if (!profile.ok) return { ...failed(profile, did), issued };
  did.push(
    `Dr ${d.name} sees outpatients in ${d.department.name} (${d.sessions.length} weekly session(s), 15-minute slots, fee ${d.consultationFee}).`,
  );
  return { did, issued, problem: null };
}

const BEDS_PER_CALL = 40;

async function answerWard(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
  s: Snapshot,
): Promise<Turn> {
  const parsed = parseWard(answer);
  if (!parsed.ok) return reask(parsed);
  const w = parsed.value;
  const did: string[] = [];
  // A ward made by an earlier answer whose beds then failed gets its beds now.
  let ward = s.wards?.find((x) => x.name.toLowerCase() === w.name.toLowerCase());
  if (ward && bedsOf(ward) > 0)
    return { did, problem: `${ward.name} already has ${bedsOf(ward)} beds.` };
  if (!ward) {
    const made = await attempt(
      () =>
        call(ops.createWard, {
          name: w.name,
          type: w.type,
          sexPolicy: w.sexPolicy,
          dailyCharge: w.dailyCharge,
        }),
      ops.createWard,
      'create wards',
    );
    if (!made.ok) return failed(made);
    ward = made.value as Ward;
    did.push(`Created ${w.name} (${w.type}, ${w.sexPolicy}).`);
  }
  const prefix = bedPrefix(w.name);
  for (let start = 1; start <= w.beds; start += BEDS_PER_CALL) {
    const count = Math.min(BEDS_PER_CALL, w.beds - start + 1);
    const made = await attempt(
      () => call(ops.createBeds, { id: ward!.id, series: { prefix, start, count } }),
      ops.createBeds,
      'create beds',
    );
    if (!made.ok) return failed(made, did);
  }
  did.push(`Added ${w.beds} beds to ${w.name} (${prefix}${String(1).padStart(2, '0')}…).`);
  return { did, problem: null };
}

async function answerStaff(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
): Promise<Turn> {
  const parsed = parseStaff(answer);
  if (!parsed.ok) return reask(parsed);
  const p = parsed.value;
  const made = await attempt(() => call(ops.createUser, p), ops.createUser, 'create staff users');
  if (!made.ok) return failed(made);
  const created = made.value as { credentials: { password: string } };
  return {
    did: [
      `Created the sign-in of ${p.name} (${p.role}, ${p.email}); their password is in "issued", shown once.`,
    ],
    issued: [{ for: p.name, kind: 'password', id: p.email, secret: created.credentials.password }],
    problem: null,
  };
}

async function answerApiKey(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
): Promise<Turn> {
  const parsed = parseApiKey(answer, SCOPE_NAMES);
  if (!parsed.ok) return reask(parsed);
  const made = await attempt(
    () => call(ops.createKey, parsed.value),
    ops.createKey,
    'create API keys',
  );
  if (!made.ok) return failed(made);
  const key = made.value as { id: string; secret: string };
  return {
    did: [
      `Created the API key "${parsed.value.name}" (${parsed.value.scopes.join(', ')}); its secret is in "issued", shown once.`,
    ],
    issued: [{ for: parsed.value.name, kind: 'api-key', id: key.id, secret: key.secret }],
    problem: null,
  };
}

async function answerFormulary(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
  words: OnboardingVocabulary,
): Promise<Turn> {
  const parsed = parseDrug(answer, words.dosageForms);
  if (!parsed.ok) return reask(parsed);
  const d = parsed.value;
  const item = await attempt(
    () =>
      call(ops.createItem, {
        code: d.code,
        genericName: d.genericName,
        form: d.form,
        strength: d.strength,
        unit: d.form,
        packSize: 1,
        pricing: { kind: 'fixed', unitPrice: d.unitPrice },
        reorderLevel: d.reorderLevel,
      }),
    ops.createItem,
    `add ${d.genericName} to the formulary`,
  );
  if (!item.ok) return failed(item);
  const did = [`Added ${d.genericName} ${d.strength} ${d.form} to the formulary (${d.code}).`];
  const received = await attempt(
    () =>
      call(ops.receiveStock, {
        supplier: 'Opening stock',
        invoiceReference: `OPENING-${d.code}`,
        lines: [
          {
            itemId: (item.value as { id: string }).id,
            batchNumber: d.batchNumber,
            expiryDate: d.expiryDate,
            quantity: d.quantity,
            unitCost: d.unitCost,
          },
        ],
      }),
    ops.receiveStock,
    'receive stock',
  );
  if (!received.ok) return failed(received, did);
  did.push(`Received ${d.quantity} of batch ${d.batchNumber} (expires ${d.expiryDate}).`);
  return { did, problem: null };
}

async function answerTariff(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
  words: OnboardingVocabulary,
): Promise<Turn> {
  const parsed = parseTariff(answer, words.serviceTypes);
  if (!parsed.ok) return reask(parsed);
  const t = parsed.value;
  if (t.kind === 'consultation-tax') {
    const current = await attempt(
      () => call(ops.getBillingSettings, {}),
      ops.getBillingSettings,
      'read the billing settings',
    );
    if (!current.ok) return failed(current);
    const {
      updatedAt: _at,
      updatedBy: _by,
      ...settings
    } = current.value as Record<string, unknown>;
    const set = await attempt(
      () =>
        call(ops.updateBillingSettings, {
          ...settings,
          consultationTaxRateBp: t.consultationTaxRateBp,
          consultationTaxInclusive: t.consultationTaxInclusive,
        }),
      ops.updateBillingSettings,
      'set the consultation tax',
    );
    if (!set.ok) return failed(set);
    return {
      did: [
        `Consultation fees now carry ${t.consultationTaxRateBp / 100}% tax (${t.consultationTaxInclusive ? 'included in the fee' : 'added to the fee'}).`,
      ],
      problem: null,
    };
  }
  const { kind: _kind, ...line } = t;
  const put = await attempt(() => call(ops.putTariff, line), ops.putTariff, 'set tariffs');
  if (!put.ok) return failed(put);
  return {
    did: [
      `Priced ${t.code} (${t.name}, ${t.serviceType}) at ${t.unitPrice / 100}${t.taxRateBp ? ` with ${t.taxRateBp / 100}% tax` : ''}.`,
    ],
    problem: null,
  };
}

async function answerLab(
  call: OperationCall,
  ops: OnboardingOperations,
  answer: string,
): Promise<Turn> {
  if (!isInstall(answer))
    return {
      did: [],
      problem: 'Answer "install" to install the starter lab catalogue, or "skip".',
    };
  const made = await attempt(
    () => call(ops.installLabCatalogue, { acceptPublishedRanges: true }),
    ops.installLabCatalogue,
    'install the lab catalogue',
  );
  if (!made.ok) return failed(made);
  const r = made.value as { installedTests: string[]; installedPanels: string[] };
  return {
    did: [
      `Installed the starter lab catalogue: ${r.installedTests.length} tests and ${r.installedPanels.length} panels (validate their reference ranges before reporting on them).`,
    ],
    problem: null,
  };
}

/**
 * Auto-approval runs approved actions on a person's authority, so only a signed-in administrator
 * turns it on (agent-actions.updateSettings is for people, never agents: this conversation always
 * runs as an agent). A valid answer is told where that is done, and the step is left behind.
 */
function answerAutoApproval(answer: string, words: OnboardingVocabulary): Turn {
  const parsed = parseAutoApproval(answer, words.actionTypes);
  if (!parsed.ok) return reask(parsed);
  const which = parsed.value.map((p) => `${p.type} as ${p.email}`).join(', ');
  return {
    did: [],
    problem: `Only a signed-in administrator may turn auto-approval on (${which}): on the Settings page (/hospital-settings) or with PUT /settings. An agent, this conversation included, never may.`,
    pass: true,
  };
}

function answerStep(
  call: OperationCall,
  ops: OnboardingOperations,
  words: OnboardingVocabulary,
  step: Step,
  answer: string,
  s: Snapshot,
): Promise<Turn> {
  switch (step) {
    case 'departments':
      return answerDepartments(call, ops, answer, s);
    case 'doctor':
      return answerDoctor(call, ops, answer, s);
    case 'ward':
      return answerWard(call, ops, answer, s);
    case 'staff':
      return answerStaff(call, ops, answer);
    case 'api-key':
      return answerApiKey(call, ops, answer);
    case 'formulary':
      return answerFormulary(call, ops, answer, words);
    case 'tariffs':
      return answerTariff(call, ops, answer, words);
    case 'lab':
      return answerLab(call, ops, answer);
    case 'auto-approval':
      return Promise.resolve(answerAutoApproval(answer, words));
  }
}

/**
 * One turn: apply the answer to the question asked (if any), then ask the next missing piece.
 * The operations come from the manifest, which may import other modules' operations.
 */
export const onboardingTurn =
  (ops: OnboardingOperations, words: OnboardingVocabulary) =>
  async (_ctx: Context, input: OnboardingInput, call: OperationCall): Promise<OnboardingOutput> => {
    const state: StateToken = input.state
      ? decodeState(input.state)
      : { v: 1, asked: null, passed: [] };
    let s = await snapshot(call, ops);
    let turn: Turn = { did: [], problem: null };
    const answer = input.answer?.trim() ?? '';
    if (state.asked && answer) {
      if (isSkip(answer)) {
        turn = READY_STEPS.includes(state.asked)
          ? {
              did: [],
              problem: `${TITLES[state.asked]} is needed before the first patient; it cannot be skipped.`,
            }
          : { did: [`Skipped: ${TITLES[state.asked].toLowerCase()}.`], problem: null, pass: true };
      } else {
        turn = await answerStep(call, ops, words, state.asked, answer, s);
      }
      if (turn.pass && !state.passed.includes(state.asked))
        state.passed = [...state.passed, state.asked];
      if (turn.did.length) s = await snapshot(call, ops);
    } else if (state.asked && input.answer !== undefined) {
      turn = { did: [], problem: 'The answer is empty.' };
    }

    const checklist = checklistOf(s, state);
    // A step the caller may not even read is left to someone who may (its detail says who).
    const next = checklist.find((c) => c.status === 'missing');
    const ready = READY_STEPS.every(
      (step) => checklist.find((c) => c.step === step)!.status === 'done',
    );
    const step = next?.step ?? null;
    const question = step ? QUESTIONS[step] : null;
    const lines = [
      ...turn.did,
      ...(turn.problem ? [turn.problem] : []),
      ready
        ? 'The hospital is ready for its first patient: register them at the front desk and book them with a doctor.'
        : `Not ready for a first patient yet: still needed ${checklist
            .filter((c) => c.neededForFirstPatient && c.status !== 'done')
            .map((c) => `${c.title.toLowerCase()}${c.status === 'unknown' ? ` (${c.detail})` : ''}`)
            .join('; ')}.`,
      question ?? 'Nothing more to set up in this conversation.',
    ];
    return {
      ready,
      checklist,
      did: turn.did,
      issued: turn.issued ?? [],
      problem: turn.problem,
      question,
      step,
      state: step ? encodeState({ ...state, asked: step }) : null,
      message: lines.join('\n'),
    };
  };
