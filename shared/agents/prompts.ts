/**
 * MCP prompts: ready-made instructions for common agent workflows (a morning ward round, a
 * discharge-readiness check, today's clinic, booking for a patient by name). A prompt is text for
 * the agent's model, not a call: it names the tools the workflow uses, in order, and the agent then
 * calls them itself (each call checked, run and audited as any other). So a prompt is offered
 * (prompts/list) and answered (prompts/get) only to a credential that may use every tool it names,
 * and its arguments are validated like a tool's before any text is built.
 *
 * Declared here, once: the MCP server lists and renders them, docs/agents.md describes them.
 */
import { Forbidden } from '../kernel/errors';
import { parseOrThrow } from '../kernel/validation';
import * as z from '../kernel/zod';
import type { AnyCapability } from './capability';
import { type Credential, mayUse } from './scope';

/** One argument of a prompt. MCP prompt arguments are strings. */
export interface PromptArgument {
  description: string;
  required: boolean;
  /** What a value must look like (its message names the argument when it does not). */
  schema: z.ZodMiniType<string>;
}

export interface AgentPrompt {
  name: string;
  title: string;
  description: string;
  arguments: Readonly<Record<string, PromptArgument>>;
  /** Every tool the text asks the agent to use: the prompt is offered only when all are usable. */
  tools: readonly string[];
  /** The instruction for the agent, from validated arguments. */
  text: (args: Readonly<Record<string, string | undefined>>) => string;
}

const id = (what: string) =>
  z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, `must be a valid ${what} id`));
const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD'));
const words = (max: number) =>
  z
    .string()
    .check(z.minLength(1, 'must not be empty'), z.maxLength(max, `at most ${max} characters`));

const dayOf = (d: string | undefined) => (d ? `on ${d}` : 'today (the hospital’s date)');

export const PROMPTS: readonly AgentPrompt[] = [
  {
    name: 'ward-round-summary',
    title: 'Morning ward-round summary',
    description:
      'A read-only summary for the morning ward round: occupied beds, unacknowledged critical lab results and each flagged patient’s latest encounter.',
    arguments: {
      ward: {
        description: 'Only this ward (its name as the bed board shows it); all wards if omitted',
        required: false,
        schema: words(80),
      },
    },
    tools: ['get-bed-availability', 'get-critical-lab-results', 'get-encounter-summary'],
    text: ({ ward }) =>
      [
        `Prepare this morning's ward-round summary${ward ? ` for the ward "${ward}"` : ' for every ward'}. Change nothing: every step is a read.`,
        '1. Call get-bed-availability and note, per ward, the occupied beds and the beds being cleaned.',
        '2. Call get-critical-lab-results and list the unacknowledged critical results, newest first, with the patient each belongs to.',
        '3. For each patient with a critical result, call get-encounter-summary with their patientId for their latest vitals, NEWS2 and prescriptions.',
        'Answer with one line per ward (occupied / total) and then one short paragraph per flagged patient: the critical result, the latest NEWS2 band and what the team should look at first. Say plainly when a step answered nothing or was refused.',
      ].join('\n'),
  },
  {
    name: 'discharge-readiness',
    title: 'Discharge-readiness check',
    description:
      'Checks whether one patient looks ready to go home: their record, latest encounter and lab results, with what is still open. Proposes nothing.',
    arguments: {
      patientId: {
        description: 'The patient’s id (from search-patients)',
        required: true,
        schema: id('patient'),
      },
    },
    tools: ['get-patient', 'get-encounter-summary', 'get-lab-results'],
    text: ({ patientId }) =>
      [
        `Check whether patient ${patientId} looks ready for discharge. Change nothing: a person decides and discharges.`,
        `1. Call get-patient with id ${patientId} for their allergies and contact details.`,
        `2. Call get-encounter-summary with patientId ${patientId} for the latest vitals, NEWS2 and prescriptions.`,
        `3. Call get-lab-results with patientId ${patientId} and look for results still pending or critical and unacknowledged.`,
        'Answer "ready", "not yet" or "cannot tell", followed by the reasons: a NEWS2 of 5 or more or any single parameter scoring 3, results pending or critical, prescriptions without a plan to continue at home, missing contact details for follow-up.',
      ].join('\n'),
  },
  {
    name: 'todays-clinic',
    title: 'Today’s clinic',
    description:
      'The outpatient clinic of a day: appointments by doctor, who is waiting and for how long, and no-shows.',
    arguments: {
      doctorId: {
        description:
          'Only this doctor’s clinic (their id, from list-doctors); the whole hospital if omitted',
        required: false,
        schema: id('doctor'),
      },
      date: {
        description: 'The clinic day as YYYY-MM-DD; today in the hospital’s time zone if omitted',
        required: false,
        schema: date,
      },
    },
    tools: ['list-appointments', 'get-queue-status'],
    text: ({ doctorId, date: day }) => {
      const who = doctorId ? `doctor ${doctorId}'s clinic` : "the hospital's clinics";
      const filter = [day ? `date ${day}` : null, doctorId ? `doctorId ${doctorId}` : null]
        .filter(Boolean)
        .join(', ');
      return [
        `Summarise ${who} ${dayOf(day)}. Change nothing: every step is a read.`,
        `1. Call list-appointments${filter ? ` with ${filter}` : ''}, following nextCursor until it is null, and count the appointments by status.`,
        `2. Call get-queue-status${filter ? ` with ${filter}` : ''} for who is waiting now and how long.`,
        'Answer with the booked, checked-in, completed and no-show counts, the patients waiting longest (name, minutes waited) and any doctor whose queue is longer than the others.',
      ].join('\n');
    },
  },
  {
    name: 'book-for-patient',
    title: 'Book an appointment for a patient by name',
    description:
      'The reception workflow: find the patient and the doctor by name, find a free slot and book it with the reason given.',
    arguments: {
      patient: {
        description: 'The patient’s name, phone number or MRN',
        required: true,
        schema: words(100),
      },
      doctor: {
        description: 'The doctor’s name or specialisation',
        required: true,
        schema: words(100),
      },
      date: {
        description: 'The day as YYYY-MM-DD',
        required: true,
        schema: date,
      },
      reason: {
        description: 'Why the patient comes (stored as the appointment’s reason)',
        required: true,
        schema: words(500),
      },
    },
    tools: ['search-patients', 'list-doctors', 'check-doctor-availability', 'book-appointment'],
    text: ({ patient, doctor, date: day, reason }) =>
      [
        `Book an appointment on ${day} for the patient "${patient}" with "${doctor}", reason "${reason}".`,
        `1. Call search-patients with q "${patient}". If it finds none or more than one, stop and ask which patient is meant; never pick one yourself.`,
        `2. Call list-doctors (follow nextCursor) and pick the doctor whose name or specialisation matches "${doctor}". If none or several match, stop and ask.`,
        `3. Call check-doctor-availability with that doctorId and date ${day}, and choose the first free slot unless the person asked for a time.`,
        `4. Call book-appointment with the patientId, the doctorId, the slot's start exactly as listed and reason "${reason}".`,
        'Answer with the booked time in the hospital’s time zone and the appointment id, or with the step that stopped you and why.',
      ].join('\n'),
  },
];

/** The tools a prompt names that the credential may not use (none: the prompt is offered). */
function missingTools(
  prompt: AgentPrompt,
  capabilities: readonly AnyCapability[],
  credential: Credential,
): string[] {
  return prompt.tools.filter((name) => {
    const cap = capabilities.find((c) => c.name === name);
    return !cap || !mayUse(cap, credential);
  });
}

/** The prompts a credential is offered: those whose every tool it may use. */
export function promptsFor(
  capabilities: readonly AnyCapability[],
  credential: Credential,
): AgentPrompt[] {
  return PROMPTS.filter((p) => missingTools(p, capabilities, credential).length === 0);
}

/** A prompt as prompts/list describes it. */
export function promptDescriptor(prompt: AgentPrompt) {
  return {
    name: prompt.name,
    title: prompt.title,
    description: prompt.description,
    arguments: Object.entries(prompt.arguments).map(([name, a]) => ({
      name,
      description: a.description,
      required: a.required,
    })),
  };
}

/**
 * The prompt's text for these arguments. Access first: a prompt the credential is not offered is
 * forbidden (naming the tools it lacks) before its arguments are looked at; then every argument is
 * validated (unknown ones refused), each error naming the argument. Unknown names are undefined.
 */
export function renderPrompt(
  name: string,
  args: Readonly<Record<string, unknown>>,
  capabilities: readonly AnyCapability[],
  credential: Credential,
): { prompt: AgentPrompt; text: string } | undefined {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt) return undefined;
  const missing = missingTools(prompt, capabilities, credential);
  if (missing.length)
    throw new Forbidden(
      `The prompt ${prompt.name} uses tools this credential may not use: ${missing.join(', ')}`,
    );
  const shape = Object.fromEntries(
    Object.entries(prompt.arguments).map(([key, a]) => [
      key,
      a.required ? a.schema : z.optional(a.schema),
    ]),
  );
  const parsed = parseOrThrow(z.strictObject(shape), args) as Record<string, string | undefined>;
  return { prompt, text: prompt.text(parsed) };
}
