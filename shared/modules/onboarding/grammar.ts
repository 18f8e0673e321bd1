/**
 * The answers the onboarding conversation understands (docs/onboarding.md, "Answers"). Each parser
 * reads one plain-text answer into the input of the operations that carry it out, or says what is
 * wrong with it in words the person can act on (the conversation asks again). Deterministic: a
 * comma-separated list of parts, each recognised by its shape, in any order after the name.
 */
import { WEEKDAYS, type Weekday } from '../../kernel/time/zoned-time';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const wrong = <T>(problem: string): Parsed<T> => ({ ok: false, problem });

/** The parts of an answer: split on commas and semicolons, trimmed, empty parts dropped. */
export function partsOf(answer: string): string[] {
  return answer
    .split(/[,;\n]/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** "skip", "later", "no", "none", "done": move on without creating anything. */
export function isSkip(answer: string): boolean {
  return /^(skip|later|no|none|not now|done|nothing)\.?$/i.test(answer.trim());
}

const NAME_MAX = 100;

/** "General Medicine, Cardiology": one department per part. */
export function parseDepartments(answer: string): Parsed<string[]> {
  const names = partsOf(answer);
  if (names.length === 0)
    return wrong('I found no department name. Send names separated by commas.');
  const long = names.find((n) => n.length > NAME_MAX);
  if (long) return wrong(`"${long.slice(0, 40)}…" is longer than ${NAME_MAX} characters.`);
  const seen = new Set<string>();
  const unique = names.filter((n) => {
    const key = n.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length > 20) return wrong('Send at most 20 departments in one answer.');
  return ok(unique);
}

export interface Session {
  day: Weekday;
  start: string;
  end: string;
}

const DAY_NAMES: Readonly<Record<string, Weekday>> = {
  mon: 'MON',
  monday: 'MON',
  tue: 'TUE',
  tues: 'TUE',
  tuesday: 'TUE',
  wed: 'WED',
  wednesday: 'WED',
  thu: 'THU',
  thur: 'THU',
  thurs: 'THU',
  thursday: 'THU',
  fri: 'FRI',
  friday: 'FRI',
  sat: 'SAT',
  saturday: 'SAT',
  sun: 'SUN',
  sunday: 'SUN',
};

const TIME = '([01]?\\d|2[0-4])[:.]([0-5]\\d)';
const SCHEDULE = new RegExp(
  `^([a-z]+)(?:\\s*(?:-|–|to)\\s*([a-z]+))?\\s+${TIME}\\s*(?:-|–|to)\\s*${TIME}$`,
  'i',
);

const hhmm = (h: string, m: string) => `${h.padStart(2, '0')}:${m}`;

/**
 * "Mon-Fri 09:00-13:00", "Sat 10:00-12:00": the sessions of one part, or null when the part is no
 * schedule at all (it is then another kind of part), or a problem when it is one, wrongly.
 */
export function parseSchedulePart(part: string): Parsed<Session[]> | null {
  const m = SCHEDULE.exec(part.trim());
  if (!m) return null;
  const [, from, to, h1, m1, h2, m2] = m as unknown as string[];
  const first = DAY_NAMES[from!.toLowerCase()];
  const last = to ? DAY_NAMES[to.toLowerCase()] : first;
  if (!first || !last)
    return wrong(`"${part}": days are Mon, Tue, Wed, Thu, Fri, Sat and Sun (e.g. Mon-Fri).`);
  const start = hhmm(h1!, m1!);
  const end = hhmm(h2!, m2!);
  if (start >= end || start > '23:59' || end > '24:00')
    return wrong(`"${part}": the session must start before it ends, between 00:00 and 24:00.`);
  const a = WEEKDAYS.indexOf(first);
  const b = WEEKDAYS.indexOf(last);
  if (b < a) return wrong(`"${part}": the days run Mon to Sun; write e.g. Mon-Fri.`);
  return ok(WEEKDAYS.slice(a, b + 1).map((day) => ({ day, start, end })));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FEE = /^(?:fee|consultation fee|charges?)\s*:?\s*(\d+(?:\.\d{1,2})?)$/i;

export interface DoctorAnswer {
  name: string;
  department: { id: string; name: string };
  sessions: Session[];
  consultationFee: number;
  email: string;
}

/**
 * "Dr Asha Rao, General Medicine, Mon-Fri 09:00-13:00, fee 500, asha.rao@example.org": the name
 * first, then in any order a department of the hospital, one or more sessions, the consultation
 * fee and the e-mail the doctor signs in with.
 */
export function parseDoctor(
  answer: string,
  departments: readonly { id: string; name: string }[],
): Parsed<DoctorAnswer> {
  const [first, ...rest] = partsOf(answer);
  if (!first) return wrong('I found no doctor in this answer.');
  const name = first.replace(/^dr\.?\s+/i, '').trim();
  if (!name || name.length > 120)
    return wrong('Start with the doctor\'s name, e.g. "Dr Asha Rao".');
  const sessions: Session[] = [];
  let department: DoctorAnswer['department'] | undefined;
  let fee: number | undefined;
  let email: string | undefined;
  const unknown: string[] = [];
  for (const part of rest) {
    const schedule = parseSchedulePart(part);
    if (schedule && !schedule.ok) return schedule;
    if (schedule) {
      sessions.push(...schedule.value);
      continue;
    }
    const dept = departments.find((d) => d.name.toLowerCase() === part.toLowerCase());
    if (dept) department = dept;
    else if (EMAIL.test(part)) email = part.toLowerCase();
    else if (FEE.test(part)) fee = Number(FEE.exec(part)![1]);
    else unknown.push(part);
  }
  const missing: string[] = [];
  if (!department)
    missing.push(
      `a department of the hospital (${departments.map((d) => d.name).join(', ') || 'none yet'})${unknown.length ? `; I did not recognise "${unknown.join('", "')}"` : ''}`,
    );
  if (sessions.length === 0) missing.push('the OPD sessions, e.g. "Mon-Fri 09:00-13:00"');
  if (fee === undefined) missing.push('the consultation fee, e.g. "fee 500"');
  if (!email) missing.push('the e-mail the doctor signs in with');
  if (missing.length) return wrong(`For Dr ${name} I still need ${missing.join('; ')}.`);
  if (sessions.length > 50) return wrong('A weekly schedule holds at most 50 sessions.');
  return ok({ name, department: department!, sessions, consultationFee: fee!, email: email! });
}

export const WARD_KINDS = [
  'general',
  'icu',
  'hdu',
  'ccu',
  'maternity',
  'paediatric',
  'neonatal',
  'surgical',
  'isolation',
  'burns',
  'psychiatric',
] as const;
export type WardKind = (typeof WARD_KINDS)[number];

export interface WardAnswer {
  name: string;
  beds: number;
  type: WardKind;
  sexPolicy: 'male' | 'female' | 'mixed';
  /** Per bed-day, in minor units (paise, cents). */
  dailyCharge: number;
}

const BEDS = /^(\d{1,4})\s*beds?$/i;
const DAILY = /^(\d+(?:\.\d{1,2})?)\s*(?:a|per|\/)\s*day$/i;
const SEX: Readonly<Record<string, WardAnswer['sexPolicy']>> = {
  male: 'male',
  men: 'male',
  female: 'female',
  women: 'female',
  mixed: 'mixed',
};

export const MAX_WARD_BEDS = 200;

/**
 * "Ward A, 20 beds, general": the name first, then the number of beds, the kind of ward (default
 * general), who it takes (male, female or mixed; default mixed) and the charge per bed-day
 * ("1500 a day"; default 0) in any order.
 */
export function parseWard(answer: string): Parsed<WardAnswer> {
  const [name, ...rest] = partsOf(answer);
  if (!name) return wrong('I found no ward in this answer.');
  if (name.length > NAME_MAX)
    return wrong(`The ward's name is longer than ${NAME_MAX} characters.`);
  let beds: number | undefined;
  let type: WardKind = 'general';
  let sexPolicy: WardAnswer['sexPolicy'] = 'mixed';
  let dailyCharge = 0;
  for (const part of rest) {
    const lower = part.toLowerCase();
    const b = BEDS.exec(part);
    const d = DAILY.exec(part);
    if (b) beds = Number(b[1]);
    else if (d) dailyCharge = Math.round(Number(d[1]) * 100);
    else if ((WARD_KINDS as readonly string[]).includes(lower)) type = lower as WardKind;
    else if (SEX[lower]) sexPolicy = SEX[lower]!;
    else
      return wrong(
        `I did not recognise "${part}": after the ward's name give "<n> beds", its kind (${WARD_KINDS.join(', ')}), male, female or mixed, and "<amount> a day".`,
      );
  }
  if (beds === undefined) return wrong(`How many beds has ${name}? e.g. "${name}, 20 beds".`);
  if (beds < 1 || beds > MAX_WARD_BEDS)
    return wrong(`A ward answered here has 1 to ${MAX_WARD_BEDS} beds.`);
  return ok({ name, beds, type, sexPolicy, dailyCharge });
}

/** The prefix of a ward's bed codes: its name's letters and digits, initials when long ("WA"). */
export function bedPrefix(wardName: string): string {
  const words = wardName.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  const joined = words.join('');
  const prefix = joined.length <= 4 ? joined : words.map((w) => w[0]).join('');
  return prefix.slice(0, 6);
}

export const STAFF_ROLES: Readonly<Record<string, string>> = {
  receptionist: 'RECEPTIONIST',
  nurse: 'NURSE',
  pharmacist: 'PHARMACIST',
  accountant: 'ACCOUNTANT',
  cashier: 'CASHIER',
  'lab technician': 'LAB_TECHNICIAN',
  pathologist: 'PATHOLOGIST',
  radiologist: 'RADIOLOGIST',
  radiographer: 'RADIOGRAPHER',
  'bed manager': 'BED_MANAGER',
  'ward manager': 'WARD_MANAGER',
  manager: 'MANAGER',
  'insurance desk': 'INSURANCE_DESK',
  'theatre coordinator': 'THEATRE_COORDINATOR',
  administrator: 'ADMIN',
};

export interface StaffAnswer {
  name: string;
  role: string;
  email: string;
}

/** "Priya Nair, receptionist, priya.nair@example.org": one staff member (doctors have their step). */
export function parseStaff(answer: string): Parsed<StaffAnswer> {
  const [name, ...rest] = partsOf(answer);
  if (!name) return wrong('I found no staff member in this answer.');
  let role: string | undefined;
  let email: string | undefined;
  for (const part of rest) {
    const lower = part.toLowerCase();
    if (STAFF_ROLES[lower]) role = STAFF_ROLES[lower];
    else if (EMAIL.test(part)) email = lower;
    else
      return wrong(
        `I did not recognise "${part}": give the role (${Object.keys(STAFF_ROLES).join(', ')}) and the e-mail.`,
      );
  }
  if (!role) return wrong(`Which role has ${name}? One of ${Object.keys(STAFF_ROLES).join(', ')}.`);
  if (!email) return wrong(`Which e-mail does ${name} sign in with?`);
  return ok({ name, role, email });
}

/** "reception agent, agents:reception:write": a key's name and its scopes. */
export function parseApiKey(
  answer: string,
  known: readonly string[],
): Parsed<{ name: string; scopes: string[] }> {
  const [name, ...scopes] = partsOf(answer);
  if (!name) return wrong('I found no key name in this answer.');
  if (scopes.length === 0)
    return wrong(`Which scopes should "${name}" hold? e.g. "${name}, agents:reception:write".`);
  const unknown = scopes.filter((s) => !known.includes(s));
  if (unknown.length)
    return wrong(
      `Unknown scope ${unknown.map((s) => `"${s}"`).join(', ')}; see docs/routes.md, "Scopes".`,
    );
  return ok({ name, scopes });
}

/** An amount in major units ("2.50") as minor units (250), as the ward's "1500 a day" is read. */
const minor = (text: string) => Math.round(Number(text) * 100);
const AMOUNT = '(\\d+(?:\\.\\d{1,2})?)';

const STRENGTH =
  /(\d+(?:\.\d+)?\s*(?:mg|g|mcg|µg|ml|iu|units?|%)(?:\s*\/\s*\d*(?:\.\d+)?\s*(?:ml|g))?)(?=\s|$)/i;
const IN_STOCK = /^(?:(\d{1,6})\s+in\s+stock|stock\s*:?\s*(\d{1,6}))$/i;
const BATCH = /^batch\s*:?\s*([A-Za-z0-9][A-Za-z0-9/.-]{0,39})$/i;
const EXPIRES = /^(?:expires|expiry)\s*:?\s*(\d{4}-\d{2}-\d{2})$/i;
const COST = new RegExp(`^(?:cost|unit cost)\\s*:?\\s*${AMOUNT}$`, 'i');
const PRICE = new RegExp(`^(?:price|sells? at)\\s*:?\\s*${AMOUNT}$`, 'i');
const REORDER = /^reorder(?:\s+(?:at|level))?\s*:?\s*(\d{1,6})$/i;

export interface DrugAnswer {
  code: string;
  genericName: string;
  strength: string;
  form: string;
  quantity: number;
  batchNumber: string;
  expiryDate: string;
  /** Minor units. */
  unitCost: number;
  unitPrice: number;
  reorderLevel: number;
}

/** The formulary item code made from the drug: `PARACETAMOL-500MG` (letters, digits and -). */
export function itemCode(name: string, strength: string): string {
  const word = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, '');
  return `${word(name).slice(0, 18)}-${word(strength).slice(0, 10)}`;
}

/**
 * "Paracetamol 500 mg tablet, 1000 in stock, batch PCM2301, expires 2027-06-30, cost 1.20, price
 * 2.00": the drug (generic name, strength, dosage form) first, then in any order its opening
 * stock, batch, expiry date, unit cost and selling price per unit, and optionally "reorder 200".
 */
export function parseDrug(answer: string, forms: readonly string[]): Parsed<DrugAnswer> {
  const [first, ...rest] = partsOf(answer);
  if (!first) return wrong('I found no drug in this answer.');
  const lower = first.toLowerCase();
  const form = [...forms].sort((a, b) => b.length - a.length).find((f) => lower.endsWith(` ${f}`));
  const strength = STRENGTH.exec(first)?.[1];
  const genericName = strength ? first.slice(0, first.indexOf(strength)).trim() : '';
  if (!form || !strength || !genericName)
    return wrong(
      `Start with the drug as "<generic name> <strength> <form>", e.g. "Paracetamol 500 mg tablet"; forms: ${forms.join(', ')}.`,
    );
  const found: Partial<DrugAnswer> = { reorderLevel: 0 };
  for (const part of rest) {
    const stock = IN_STOCK.exec(part);
    const batch = BATCH.exec(part);
    const expires = EXPIRES.exec(part);
    const cost = COST.exec(part);
    const price = PRICE.exec(part);
    const reorder = REORDER.exec(part);
    if (stock) found.quantity = Number(stock[1] ?? stock[2]);
    else if (batch) found.batchNumber = batch[1]!;
    else if (expires) found.expiryDate = expires[1]!;
    else if (cost) found.unitCost = minor(cost[1]!);
    else if (price) found.unitPrice = minor(price[1]!);
    else if (reorder) found.reorderLevel = Number(reorder[1]);
    else
      return wrong(
        `I did not recognise "${part}": after the drug give "<n> in stock", "batch <number>", "expires YYYY-MM-DD", "cost <amount>", "price <amount>" and optionally "reorder <n>".`,
      );
  }
  const missing = [
    ...(found.quantity === undefined ? ['the opening stock, e.g. "1000 in stock"'] : []),
    ...(!found.batchNumber ? ['the batch, e.g. "batch PCM2301"'] : []),
    ...(!found.expiryDate ? ['the expiry date, e.g. "expires 2027-06-30"'] : []),
    ...(found.unitCost === undefined ? ['the unit cost, e.g. "cost 1.20"'] : []),
    ...(found.unitPrice === undefined ? ['the selling price per unit, e.g. "price 2.00"'] : []),
  ];
  if (missing.length) return wrong(`For ${first} I still need ${missing.join('; ')}.`);
  if (found.quantity! < 1) return wrong('The opening stock must be at least 1.');
  return ok({
    ...(found as DrugAnswer),
    code: itemCode(genericName, strength),
    genericName,
    strength: strength.replace(/\s+/g, ' '),
    form,
  });
}

const TARIFF_CODE = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;
const TAX = /^(?:tax|gst|vat)\s*:?\s*(\d{1,2}(?:\.\d{1,2})?)\s*%$/i;
const INCLUSIVE = /^(?:tax\s+)?inclusive$/i;
const BARE_PRICE = new RegExp(`^(?:price\\s*:?\\s*)?${AMOUNT}$`, 'i');
const CONSULTATION_TAX = /^consultation\s+(?:tax|gst|vat)\s*:?\s*(\d{1,2}(?:\.\d{1,2})?)\s*%$/i;

export type TariffAnswer =
  | {
      kind: 'tariff';
      code: string;
      name: string;
      serviceType: string;
      unitPrice: number;
      taxRateBp: number;
      taxInclusive: boolean;
    }
  | { kind: 'consultation-tax'; consultationTaxRateBp: number; consultationTaxInclusive: boolean };

/**
 * "XRAY-CHEST, Chest X-ray, 800, radiology, tax 5%": a price-list line (its code, name, price,
 * service type, optionally its tax and "inclusive"); or "consultation tax 18%" (optionally
 * "inclusive"): the tax on consultation fees.
 */
export function parseTariff(answer: string, serviceTypes: readonly string[]): Parsed<TariffAnswer> {
  const parts = partsOf(answer);
  const consultation = parts[0] ? CONSULTATION_TAX.exec(parts[0]) : null;
  if (consultation) {
    const extra = parts.slice(1).filter((p) => !INCLUSIVE.test(p));
    if (extra.length) return wrong(`I did not recognise "${extra[0]}" after the consultation tax.`);
    return ok({
      kind: 'consultation-tax',
      consultationTaxRateBp: Math.round(Number(consultation[1]) * 100),
      consultationTaxInclusive: parts.length > 1,
    });
  }
  const [code, ...rest] = parts;
  if (!code || !TARIFF_CODE.test(code))
    return wrong(
      'Start with the tariff code (letters, digits and -, e.g. XRAY-CHEST), or answer "consultation tax 18%".',
    );
  let name: string | undefined;
  let price: number | undefined;
  let serviceType: string | undefined;
  let taxRateBp = 0;
  let taxInclusive = false;
  for (const part of rest) {
    const lower = part.toLowerCase();
    const tax = TAX.exec(part);
    const amount = BARE_PRICE.exec(part);
    if (serviceTypes.includes(lower)) serviceType = lower;
    else if (tax) taxRateBp = Math.round(Number(tax[1]) * 100);
    else if (INCLUSIVE.test(part)) taxInclusive = true;
    else if (amount && price === undefined) price = minor(amount[1]!);
    else if (!name && part.length <= 120) name = part;
    else return wrong(`I did not recognise "${part}".`);
  }
  const missing = [
    ...(!name ? ['its name, e.g. "Chest X-ray"'] : []),
    ...(price === undefined ? ['its price, e.g. "800"'] : []),
    ...(!serviceType ? [`its service type (${serviceTypes.join(', ')})`] : []),
  ];
  if (missing.length) return wrong(`For ${code.toUpperCase()} I still need ${missing.join('; ')}.`);
  return ok({
    kind: 'tariff',
    code: code.toUpperCase(),
    name: name!,
    serviceType: serviceType!,
    unitPrice: price!,
    taxRateBp,
    taxInclusive,
  });
}

/** "yes", "install": install the starter lab catalogue. */
export function isInstall(answer: string): boolean {
  return /^(yes|y|install|install it|install the starter catalogue|starter|ok)\.?$/i.test(
    answer.trim(),
  );
}

/**
 * "prescription as asha.rao@example.org, lab-order as …": the agent action types to approve
 * automatically, each on the authority of the person named by their sign-in e-mail.
 */
export function parseAutoApproval(
  answer: string,
  types: readonly string[],
): Parsed<{ type: string; email: string }[]> {
  const out: { type: string; email: string }[] = [];
  for (const part of partsOf(answer)) {
    const m = /^([a-z-]+)\s+as\s+(\S+@\S+\.\S+)$/i.exec(part);
    if (!m || !types.includes(m[1]!.toLowerCase()))
      return wrong(
        `I did not recognise "${part}": give "<type> as <e-mail of the person it runs as>", types: ${types.join(', ')}; or "none".`,
      );
    out.push({ type: m[1]!.toLowerCase(), email: m[2]!.toLowerCase() });
  }
  if (out.length === 0)
    return wrong('Name a type, e.g. "prescription as asha.rao@example.org", or "none".');
  return ok(out);
}
