/**
 * Routes an A2A message to one capability of the agent catalogue and forms its arguments.
 *
 * - A data part may name the capability (`{"capability": "get-patient", "arguments": {...}}`) or a
 *   skill (`{"skill": "patient-lookup"}`, then the text picks among that skill's capabilities).
 * - Otherwise the text is scored against every capability: each of its keywords in the text counts
 *   2, each keyword of its skill 1, and, when any keyword matched, each required argument and each
 *   labelled id ("doctor 0a9e…", also an optional one) the text supplies 1 (so "register Ravi
 *   Kumar, male, born …" beats a search that only shares "phone", and "waiting for doctor 0a9e…"
 *   is that doctor's queue, not the list of doctors).
 *   The best score wins only if it is unique and above zero: a tie or no match never guesses, it
 *   answers with the candidates or the list of skills.
 * - Arguments come from the parsers (extract.ts) by field name; what the capability requires and
 *   the message does not give is reported as missing (the task then waits for input).
 */
import type { AnyCapability, Skill } from '../agents';
import { zonedDateTimeToUtc } from '../kernel/time/zoned-time';
import { type Extracted, extract, type IdLabel } from './extract';

export interface Catalogue {
  capabilities: readonly AnyCapability[];
  skills: readonly Skill[];
}

/** What a message asks for, once routed. */
export type Resolution =
  | { kind: 'call'; capability: AnyCapability; args: Record<string, unknown> }
  | {
      kind: 'missing';
      capability: AnyCapability;
      args: Record<string, unknown>;
      missing: string[];
    }
  | { kind: 'ambiguous'; candidates: AnyCapability[] }
  | { kind: 'no-match' };

/** A message's content: its text parts joined, and its data parts merged. */
export interface Incoming {
  text: string;
  data: Record<string, unknown>;
}

/** Where the hospital is: "today" and local times are the hospital's. */
export interface Locale {
  today: string;
  timeZone: string;
}

/** A capability the task is waiting on: its name and the arguments gathered so far. */
export interface Pending {
  capability: string;
  args: Record<string, unknown>;
}

interface InputShape {
  properties: Record<string, { description?: string; pattern?: string }>;
  required: string[];
}

const shapes = new WeakMap<AnyCapability, InputShape>();

/** The capability's argument names and which are required, from its input schema. */
export function inputShape(cap: AnyCapability): InputShape {
  let shape = shapes.get(cap);
  if (!shape) {
    // The catalogue holds the capability's input as JSON Schema (its code loads only to run it).
    const schema = cap.inputSchema as {
      properties?: InputShape['properties'];
      required?: string[];
    };
    shape = { properties: schema.properties ?? {}, required: schema.required ?? [] };
    shapes.set(cap, shape);
  }
  return shape;
}

/** The JSON Schema pattern of a local date (YYYY-MM-DD) argument. */
const DATE_ONLY = '^\\d{4}-\\d{2}-\\d{2}$';

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+(?:-[a-z0-9]+)*/g));

function hits(keywords: readonly string[], text: string, tokens: Set<string>): number {
  const lower = ` ${text.toLowerCase().replace(/\s+/g, ' ')} `;
  return keywords.filter((k) => (k.includes(' ') ? lower.includes(` ${k} `) : tokens.has(k)))
    .length;
}

/** Which id a bare `id` argument means, by the capability's skill. */
const ID_SUBJECT: Readonly<Record<string, IdLabel>> = {
  'patient-lookup': 'patient',
  'appointment-management': 'appointment',
  'encounter-summary': 'patient',
  'doctor-directory': 'department',
  'agent-action-status': 'action',
};

const LABELLED_FIELDS: Readonly<Record<string, IdLabel>> = {
  patientId: 'patient',
  doctorId: 'doctor',
  appointmentId: 'appointment',
  departmentId: 'department',
  encounterId: 'encounter',
  caseId: 'case',
};

function idFor(found: Extracted, label: IdLabel, fields: readonly string[]): string | undefined {
  const labelled = found.ids.find((i) => i.label === label);
  if (labelled) return labelled.value;
  // One unlabelled id, and this is the only id the capability takes: it can only mean this.
  const unlabelled = found.ids.filter((i) => !i.label);
  const idFields = fields.filter((f) => f === 'id' || f in LABELLED_FIELDS);
  return unlabelled.length === 1 && idFields.length === 1 ? unlabelled[0]!.value : undefined;
}

/** The arguments the parsed message supplies for this capability, by field name. */
export function argumentsFrom(
  cap: AnyCapability,
  found: Extracted,
  locale: Locale,
): Record<string, unknown> {
  const fields = Object.keys(inputShape(cap).properties);
  const args: Record<string, unknown> = {};
  const set = (field: string, value: unknown) => {
    if (value !== undefined && fields.includes(field)) args[field] = value;
  };
  set('q', found.mrns[0] ?? found.phones[0] ?? found.name);
  const subject = cap.skill ? ID_SUBJECT[cap.skill] : undefined;
  if (subject) set('id', idFor(found, subject, fields));
  for (const [field, label] of Object.entries(LABELLED_FIELDS))
    set(field, idFor(found, label, fields));
  set('date', found.dates[0]);
  set('wardId', found.ward);
  set('theatre', found.theatre);
  set('days', found.days);
  set('item', found.item);
  const startIsDate = inputShape(cap).properties.start?.pattern === DATE_ONLY;
  if (startIsDate) set('start', found.dates[0]);
  else if (found.instants[0]) set('start', new Date(found.instants[0]).toISOString());
  else if (found.dates[0] && found.times[0])
    set('start', zonedDateTimeToUtc(found.dates[0], found.times[0], locale.timeZone).toISOString());
  set('name', found.name);
  set('dateOfBirth', found.dateOfBirth);
  set('sex', found.sex);
  set('phone', found.phones[0]);
  set('reason', found.reason);
  // A proposal's rationale is the reason the text gives ("because …").
  set('rationale', found.reason);
  for (const [field, value] of Object.entries(found.drug ?? {})) set(field, value);
  return args;
}

function missingOf(cap: AnyCapability, args: Record<string, unknown>): string[] {
  return inputShape(cap).required.filter((f) => args[f] === undefined);
}

/** A call when every required argument is there, else what is missing. */
export function decide(cap: AnyCapability, args: Record<string, unknown>): Resolution {
  const missing = missingOf(cap, args);
  return missing.length
    ? { kind: 'missing', capability: cap, args, missing }
    : { kind: 'call', capability: cap, args };
}

/** Scores of the capabilities a text may mean, best first (zero scores left out). */
export function scoreCapabilities(
  text: string,
  catalogue: Catalogue,
  found: Extracted,
  locale: Locale,
  among: readonly AnyCapability[] = catalogue.capabilities,
): { capability: AnyCapability; score: number }[] {
  const tokens = words(text);
  return among
    .map((capability) => {
      const skill = catalogue.skills.find((s) => s.name === capability.skill);
      const own = hits(capability.keywords, text, tokens);
      const ofSkill = skill ? hits(skill.keywords, text, tokens) : 0;
      if (own + ofSkill === 0) return { capability, score: 0 };
      const args = argumentsFrom(capability, found, locale);
      const { required } = inputShape(capability);
      // A labelled id ("doctor 0a9e…") counts even where it is optional: it names the subject.
      const supplied = Object.keys(args).filter(
        (f) => required.includes(f) || f in LABELLED_FIELDS,
      );
      // Words of its own name count once each ("list doctors" is list-doctors, not any list).
      const named = capability.name.split('-').filter((w) => tokens.has(w)).length;
      return { capability, score: 2 * own + ofSkill + supplied.length + named };
    })
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What the message asks for. `pending`: the capability the task is waiting on (input-required);
 * the message then completes its arguments instead of being routed afresh.
 */
export function resolve(
  message: Incoming,
  catalogue: Catalogue,
  locale: Locale,
  pending?: Pending,
): Resolution {
  const found = extract(message.text, locale.today);
  const given = isObject(message.data.arguments) ? message.data.arguments : {};
  const named = message.data.capability ?? message.data.tool;

  const byName = (name: unknown) => catalogue.capabilities.find((c) => c.name === name);
  const fromText = (cap: AnyCapability, waiting = false) =>
    textArguments(cap, message.text, waiting, argumentsFrom(cap, found, locale));
  if (named !== undefined) {
    const cap = byName(named);
    if (!cap) return { kind: 'no-match' };
    return decide(cap, { ...fromText(cap), ...given });
  }
  if (pending) {
    const cap = byName(pending.capability);
    if (cap)
      return decide(cap, {
        ...pending.args,
        ...fromText(cap, true),
        ...given,
      });
  }
  let among = catalogue.capabilities;
  if (message.data.skill !== undefined) {
    among = among.filter((c) => c.skill === message.data.skill);
    if (among.length === 0) return { kind: 'no-match' };
    if (among.length === 1) return decide(among[0]!, { ...fromText(among[0]!), ...given });
  }
  const scored = scoreCapabilities(message.text, catalogue, found, locale, among);
  const best = scored[0];
  if (!best) return { kind: 'no-match' };
  const tied = scored.filter((c) => c.score === best.score);
  if (tied.length > 1) return { kind: 'ambiguous', candidates: tied.map((c) => c.capability) };
  return decide(best.capability, { ...fromText(best.capability), ...given });
}

const CALL_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i;

/**
 * Arguments that are the text itself: a `question` is the whole message (support-query), an
 * `answer` the whole reply to the question a task waits on (onboarding-chat), and an `id` of such
 * a capability the request, record or task id the text quotes.
 */
function textArguments(
  cap: AnyCapability,
  text: string,
  waiting: boolean,
  args: Record<string, unknown>,
): Record<string, unknown> {
  const fields = inputShape(cap).properties;
  const out = { ...args };
  const said = text.trim();
  if ('question' in fields && said) {
    out.question = said;
    const id = CALL_ID.exec(said)?.[0];
    if ('id' in fields && id && out.id === undefined) out.id = id;
  }
  if ('answer' in fields && waiting && said) out.answer = said;
  return out;
}

/** A sentence naming what is missing, for the input-required answer. */
export function describeMissing(cap: AnyCapability, missing: readonly string[]): string {
  const props = inputShape(cap).properties;
  const list = missing.map((f) => {
    // A date-only start (a roster's period) is a day, not an appointment slot.
    const hint =
      f === 'start' && props[f]?.pattern === DATE_ONLY
        ? 'the first day, e.g. 2026-11-24'
        : (FIELD_HINTS[f] ?? props[f]?.description);
    return hint ? `${f} (${hint})` : f;
  });
  return `To ${cap.title.toLowerCase()} I need: ${list.join(', ')}. Reply on this task with the missing details, or send a data part {"arguments": {…}}.`;
}

const FIELD_HINTS: Readonly<Record<string, string>> = {
  id: 'the record id',
  patientId: 'the patient id, e.g. "patient 6f1c…"',
  doctorId: 'the doctor id, e.g. "doctor 0a9e…"',
  date: 'a date, e.g. 2026-11-24 or "tomorrow"',
  start: 'the slot start, e.g. 2026-11-24 10:30',
  reason: 'a reason, e.g. "because of fever"',
  name: 'the full name, e.g. "patient Asha Verma"',
  dateOfBirth: 'e.g. "born 1984-03-12"',
  sex: 'male, female or other',
  phone: 'a phone number, e.g. +91 98450 12345',
};

/** The answer to a message that matched nothing: every skill, with an example each. */
export function describeSkills(catalogue: Catalogue): string {
  const lines = catalogue.skills.map(
    (s) => `- ${s.name}: ${s.description}${s.examples[0] ? ` (e.g. "${s.examples[0]}")` : ''}`,
  );
  return `I could not tell which skill this message asks for, so I did nothing. The skills are:\n${lines.join('\n')}\nName one in a data part {"skill": "…"} or {"capability": "…", "arguments": {…}}, or rephrase with its words.`;
}
