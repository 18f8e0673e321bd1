/**
 * Bed states: the operational states of HL7 v2 table 0116 (Bed Status), with one transition
 * table. `occupied` is entered and left only by the admissions module (admission, transfer,
 * discharge), never by a state change from the bed manager: a bed holds a patient exactly when an
 * admission put them there. A bed leaves `housekeeping` only when someone marks it clean.
 */
import { Conflict } from '../../kernel/errors';
import {
  assertTableTransition,
  type TransitionTable,
  transitionTableMarkdown,
} from '../../kernel/state-machine';
import * as z from '../../kernel/zod';

/** HL7 0116: C closed, H housekeeping, I isolated, K contaminated, O occupied, U unoccupied. */
export const BED_STATES = [
  'unoccupied',
  'occupied',
  'housekeeping',
  'closed',
  'isolated',
  'contaminated',
] as const;
export const BedStateSchema = z.enum(BED_STATES, {
  message: `must be one of ${BED_STATES.join(', ')}`,
});
export type BedState = (typeof BED_STATES)[number];

/** The HL7 0116 code of each state, shown on the bed board and in the docs. */
export const HL7_0116_CODES: Readonly<Record<BedState, string>> = {
  unoccupied: 'U',
  occupied: 'O',
  housekeeping: 'H',
  closed: 'C',
  isolated: 'I',
  contaminated: 'K',
};

/**
 * The single source of truth for bed state changes (docs/state-machines.md is rendered from it).
 * - `unoccupied` is the only state a patient can be admitted or transferred into.
 * - `occupied` only goes to `housekeeping` (the patient left: discharge or transfer); it cannot be
 *   closed, isolated or marked contaminated while the patient is in it.
 * - `housekeeping` becomes `unoccupied` only by "mark clean"; it may also be found contaminated or
 *   be closed.
 * - `contaminated` needs terminal cleaning, so it goes back to `housekeeping` (or is closed).
 * - `isolated` (kept apart, e.g. for an infection control reason) and `closed` (out of service)
 *   reopen to `unoccupied`, or go to `housekeeping` first.
 */
export const BED_STATE_TRANSITIONS: TransitionTable<BedState> = {
  unoccupied: ['occupied', 'closed', 'isolated', 'contaminated', 'housekeeping'],
  occupied: ['housekeeping'],
  housekeeping: ['unoccupied', 'contaminated', 'closed'],
  closed: ['unoccupied', 'housekeeping'],
  isolated: ['unoccupied', 'housekeeping', 'closed'],
  contaminated: ['housekeeping', 'closed'],
};

/** The states a bed manager may set by hand (everything but `occupied`, which admissions set). */
export const MANUAL_BED_STATES = [
  'unoccupied',
  'housekeeping',
  'closed',
  'isolated',
  'contaminated',
] as const satisfies readonly Exclude<BedState, 'occupied'>[];

/** 409 naming the allowed next states when the table forbids the change. */
export function assertBedTransition(from: BedState, to: BedState): void {
  assertTableTransition('bed', BED_STATE_TRANSITIONS, from, to);
}

/**
 * A state change by hand (bed manager, nurse marking clean): never into or out of `occupied`,
 * which only admissions, transfers and discharges change, so a bed never shows a patient who is
 * not there, nor loses one who is.
 */
export function assertManualBedChange(from: BedState, to: BedState): void {
  if (from === 'occupied')
    throw new Conflict(
      'Bed is occupied; it becomes free only when its patient is transferred or discharged',
      { state: from },
    );
  if (to === 'occupied')
    throw new Conflict('A bed becomes occupied only by an admission or a transfer', {
      state: from,
    });
  assertBedTransition(from, to);
}

export function bedStateTableMarkdown(): string {
  const codes = BED_STATES.map((s) => `\`${s}\` = ${HL7_0116_CODES[s]}`).join(', ');
  return `HL7 table 0116 codes: ${codes}. \`occupied\` is entered and left only by admissions, transfers and discharges; \`housekeeping\` → \`unoccupied\` only by marking the bed clean (\`beds.markClean\`).\n\n${transitionTableMarkdown(BED_STATE_TRANSITIONS)}`;
}

/**
 * A bed manager's change (beds.changeState): a manual change, and never out of `housekeeping` to
 * `unoccupied`: a bed leaves housekeeping for use only when someone marks it clean
 * (beds.markClean), so a bed offered to the next patient has been cleaned.
 */
export function assertBedManagerChange(from: BedState, to: BedState): void {
  if (from === 'housekeeping' && to === 'unoccupied')
    throw new Conflict(
      'A bed leaves housekeeping only when it is marked clean (beds.markClean), not by a state change',
      { state: from },
    );
  assertManualBedChange(from, to);
}
