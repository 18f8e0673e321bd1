/**
 * The WHO Surgical Safety Checklist (World Health Organization, first edition, 2009;
 * https://www.who.int/publications/i/item/9789241598590): three phases, each with its core items,
 * confirmed in order — Sign In before induction of anaesthesia, Time Out before skin incision,
 * Sign Out before the patient leaves the operating room. The WHO encourages local additions
 * ("Implementation Manual", 2009); a hospital may add items to a phase, never remove a core one.
 *
 * Who confirms each item follows the checklist's wording ("To surgeon", "To anaesthetist", "Nurse
 * verbally confirms"): the case's named team member in that role, not any user. Pure rules only.
 */

export const PHASES = ['sign-in', 'time-out', 'sign-out'] as const;
export type Phase = (typeof PHASES)[number];

export const PHASE_TITLES: Readonly<Record<Phase, string>> = {
  'sign-in': 'Sign In (before induction of anaesthesia)',
  'time-out': 'Time Out (before skin incision)',
  'sign-out': 'Sign Out (before patient leaves operating room)',
};

/** The case's team members the checklist names. */
export const CONFIRMERS = ['nurse', 'anaesthetist', 'surgeon'] as const;
export type Confirmer = (typeof CONFIRMERS)[number];

export interface ChecklistItemDef {
  code: string;
  phase: Phase;
  text: string;
  confirmer: Confirmer;
  /** The answers the form offers; the first is the plain "yes/confirmed". */
  answers: readonly string[];
  /** True for a hospital's own item. */
  local?: boolean;
}

const CONFIRMED = ['confirmed'] as const;

/** The core items of the 2009 edition, in the form's order. */
export const CORE_ITEMS: readonly ChecklistItemDef[] = [
  // Sign In: "with at least nurse and anaesthetist".
  {
    code: 'patient-confirmed',
    phase: 'sign-in',
    text: 'Patient has confirmed identity, site, procedure and consent',
    confirmer: 'nurse',
    answers: CONFIRMED,
  },
  {
    code: 'site-marked',
    phase: 'sign-in',
    text: 'Site marked',
    confirmer: 'nurse',
    answers: ['yes', 'not-applicable'],
  },
  {
    code: 'anaesthesia-check',
    phase: 'sign-in',
    text: 'Anaesthesia machine and medication check complete',
    confirmer: 'anaesthetist',
    answers: CONFIRMED,
  },
  {
    code: 'pulse-oximeter',
    phase: 'sign-in',
    text: 'Pulse oximeter on patient and functioning',
    confirmer: 'anaesthetist',
    answers: CONFIRMED,
  },
  {
    code: 'known-allergy',
    phase: 'sign-in',
    text: 'Does the patient have a known allergy?',
    confirmer: 'anaesthetist',
    answers: ['no', 'yes'],
  },
  {
    code: 'difficult-airway',
    phase: 'sign-in',
    text: 'Difficult airway or aspiration risk?',
    confirmer: 'anaesthetist',
    answers: ['no', 'yes-equipment-and-assistance-available'],
  },
  {
    code: 'blood-loss-risk',
    phase: 'sign-in',
    text: 'Risk of >500 ml blood loss (7 ml/kg in children)?',
    confirmer: 'anaesthetist',
    answers: ['no', 'yes-two-ivs-or-central-access-and-fluids-planned'],
  },
  // Time Out: "with nurse, anaesthetist and surgeon".
  {
    code: 'team-introduced',
    phase: 'time-out',
    text: 'All team members have introduced themselves by name and role',
    confirmer: 'nurse',
    answers: CONFIRMED,
  },
  {
    code: 'patient-procedure-site',
    phase: 'time-out',
    text: "Confirm the patient's name, procedure, and where the incision will be made",
    confirmer: 'surgeon',
    answers: CONFIRMED,
  },
  {
    code: 'antibiotic-prophylaxis',
    phase: 'time-out',
    text: 'Has antibiotic prophylaxis been given within the last 60 minutes?',
    confirmer: 'anaesthetist',
    answers: ['yes', 'not-applicable'],
  },
  {
    code: 'surgeon-critical-events',
    phase: 'time-out',
    text: 'To surgeon: critical or non-routine steps, case duration, anticipated blood loss',
    confirmer: 'surgeon',
    answers: CONFIRMED,
  },
  {
    code: 'anaesthetist-concerns',
    phase: 'time-out',
    text: 'To anaesthetist: any patient-specific concerns',
    confirmer: 'anaesthetist',
    answers: CONFIRMED,
  },
  {
    code: 'sterility-equipment',
    phase: 'time-out',
    text: 'To nursing team: sterility (including indicator results) confirmed; equipment issues or concerns',
    confirmer: 'nurse',
    answers: CONFIRMED,
  },
  {
    code: 'imaging-displayed',
    phase: 'time-out',
    text: 'Is essential imaging displayed?',
    confirmer: 'surgeon',
    answers: ['yes', 'not-applicable'],
  },
  // Sign Out: "Nurse verbally confirms", then to surgeon, anaesthetist and nurse.
  {
    code: 'procedure-recorded',
    phase: 'sign-out',
    text: 'The name of the procedure',
    confirmer: 'nurse',
    answers: CONFIRMED,
  },
  {
    code: 'counts-complete',
    phase: 'sign-out',
    text: 'Completion of instrument, sponge and needle counts',
    confirmer: 'nurse',
    answers: CONFIRMED,
  },
  {
    code: 'specimens-labelled',
    phase: 'sign-out',
    text: 'Specimen labelling (read specimen labels aloud, including patient name)',
    confirmer: 'nurse',
    answers: ['yes', 'not-applicable'],
  },
  {
    code: 'equipment-problems',
    phase: 'sign-out',
    text: 'Whether there are any equipment problems to be addressed',
    confirmer: 'nurse',
    answers: ['none', 'yes-reported'],
  },
  {
    code: 'recovery-concerns',
    phase: 'sign-out',
    text: 'Key concerns for recovery and management of this patient',
    confirmer: 'surgeon',
    answers: CONFIRMED,
  },
];

export const CORE_CODES: ReadonlySet<string> = new Set(CORE_ITEMS.map((i) => i.code));

/** The item that records the counts: it takes the counts and reconciles them. */
export const COUNTS_ITEM = 'counts-complete';
export const COUNTED = ['instruments', 'swabs', 'needles'] as const;
export type Counted = (typeof COUNTED)[number];

/** What a confirmation records. */
export interface Confirmation {
  code: string;
  answer: string;
  note?: string | undefined;
  by: string;
  byName: string;
  role: Confirmer;
  at: string;
}

export interface Counts {
  /** Per counted kind: how many went onto the field and how many were counted at the end. */
  counts: Readonly<Record<Counted, { before: number; after: number }>>;
  /** What was done about a count that does not reconcile (WHO: search, imaging, record). */
  discrepancyAction?: string | undefined;
}

/** The checklist of one case: the core items with the hospital's local items, in phase order. */
export function checklistOf(
  localItems: readonly ChecklistItemDef[],
): (ChecklistItemDef & { answers: string[] })[] {
  return PHASES.flatMap((phase) => [
    ...CORE_ITEMS.filter((i) => i.phase === phase).map((i) => ({ ...i, answers: [...i.answers] })),
    ...localItems
      .filter((i) => i.phase === phase)
      .map((i) => ({ ...i, answers: [...i.answers], local: true })),
  ]);
}

/** A hospital's local items must not replace or shadow a core item. */
export function localItemProblem(items: readonly Pick<ChecklistItemDef, 'code'>[]): string | null {
  const seen = new Set<string>();
  for (const i of items) {
    if (CORE_CODES.has(i.code)) return `${i.code} is a core WHO item and cannot be redefined`;
    if (seen.has(i.code)) return `${i.code} is listed twice`;
    seen.add(i.code);
  }
  return null;
}

/** The items of a phase not confirmed yet. */
export function outstanding(
  items: readonly ChecklistItemDef[],
  confirmed: Readonly<Record<string, Confirmation>>,
  phase: Phase,
): ChecklistItemDef[] {
  return items.filter((i) => i.phase === phase && !confirmed[i.code]);
}

export function phaseComplete(
  items: readonly ChecklistItemDef[],
  confirmed: Readonly<Record<string, Confirmation>>,
  phase: Phase,
): boolean {
  return outstanding(items, confirmed, phase).length === 0;
}

/** The first phase with an item outstanding, or null when the whole checklist is done. */
export function currentPhase(
  items: readonly ChecklistItemDef[],
  confirmed: Readonly<Record<string, Confirmation>>,
): Phase | null {
  return PHASES.find((p) => !phaseComplete(items, confirmed, p)) ?? null;
}

/**
 * Why an item may not be confirmed now (phases in order: an item of a later phase waits until
 * every item of the earlier phases is confirmed), or null.
 */
export function confirmProblem(
  items: readonly ChecklistItemDef[],
  confirmed: Readonly<Record<string, Confirmation>>,
  code: string,
): string | null {
  const item = items.find((i) => i.code === code);
  if (!item) return `${code} is not an item of this case's checklist`;
  if (confirmed[code]) return `${code} was already confirmed`;
  for (const earlier of PHASES.slice(0, PHASES.indexOf(item.phase))) {
    const open = outstanding(items, confirmed, earlier);
    if (open.length)
      return `${PHASE_TITLES[earlier]} is not complete: ${open.map((i) => i.code).join(', ')}`;
  }
  return null;
}

/**
 * Whether the counts reconcile: each kind counted after equals before. A count that does not
 * reconcile needs a documented discrepancy action; answers the problem, or null.
 */
export function countsProblem(counts: Counts | undefined): string | null {
  if (!counts) return 'the counts of instruments, swabs and needles are required';
  const off = COUNTED.filter((k) => counts.counts[k].before !== counts.counts[k].after);
  if (off.length && !counts.discrepancyAction?.trim())
    return `the ${off.join(', ')} count${off.length > 1 ? 's do' : ' does'} not reconcile: record the discrepancy action taken`;
  return null;
}

/** Kinds whose count does not reconcile. */
export function unreconciled(counts: Counts): Counted[] {
  return COUNTED.filter((k) => counts.counts[k].before !== counts.counts[k].after);
}
