/**
 * Prescription (FHIR MedicationRequest) input rules and the checks made before one is saved.
 */
import { type Actor, decidingHuman } from '../kernel/actor';
import { Conflict, Forbidden } from '../kernel/errors';
import { boundedNumber, boundedText, oneOf } from '../kernel/fields';
import type { Role } from '../kernel/roles';
import * as z from '../kernel/zod';
import { type AllergyConflict, screenAllergies } from './allergy';
import { DOSAGE_FORMS } from './dispensing';
import { identifyDrug } from './drug-catalogue';
import { drugNameText } from './text';

export const MEDICATION_ROUTES = [
  'oral',
  'iv',
  'im',
  'sc',
  'topical',
  'inhaled',
  'sublingual',
  'rectal',
  'ophthalmic',
  'otic',
  'nasal',
  'transdermal',
] as const;
export const MedicationRouteSchema = oneOf('route', MEDICATION_ROUTES);
export type MedicationRoute = z.infer<typeof MedicationRouteSchema>;

/**
 * Who prescribes: doctors only (an allergy override included). An operation that is only
 * prescribing declares it (`access: { roles: PRESCRIBER_ROLES, clinicalDecision: true }`); one that
 * prescribes as part of something broader (a discharge with medicines) checks requirePrescriber.
 */
export const PRESCRIBER_ROLES: readonly Role[] = ['DOCTOR'];

/**
 * The named, data-dependent check of an operation that prescribes only when its input carries
 * medicines: the person deciding (a signed-in user, or the person whose approval the system
 * carries out) must hold a prescriber role. An administrator, an API key or an agent does not.
 */
export function requirePrescriber(actor: Actor, what: string): void {
  const human = decidingHuman(actor);
  if (human && PRESCRIBER_ROLES.includes(human.role)) return;
  throw new Forbidden(
    `Only a doctor prescribes: ${what} need a signed-in ${PRESCRIBER_ROLES.join(' or ')}, or one's approval${human ? ` (role ${human.role} may not)` : ''}`,
  );
}

/** FHIR R5 MedicationRequest.status. */
export const MEDICATION_REQUEST_STATUSES = [
  'active',
  'on-hold',
  'ended',
  'stopped',
  'completed',
  'cancelled',
  'draft',
  'entered-in-error',
  'unknown',
] as const;
export const MedicationRequestStatusSchema = z.enum(MEDICATION_REQUEST_STATUSES);
export type MedicationRequestStatus = z.infer<typeof MedicationRequestStatusSchema>;

/** A prescription is signed when saved, so it starts active rather than draft. */
export const NEW_PRESCRIPTION_STATUS: MedicationRequestStatus = 'active';

export const PrescriptionInputSchema = z.strictObject(
  {
    drugName: drugNameText('drugName', 200),
    drugCode: z.optional(boundedText('drugCode', 1, 50)),
    strength: boundedText('strength', 1, 50),
    /** The dosage form, when the prescriber names it; else the dose's words say it ("1 tablet"). */
    form: z.optional(oneOf('form', DOSAGE_FORMS)),
    dose: boundedText('dose', 1, 50),
    route: MedicationRouteSchema,
    frequency: boundedText('frequency', 1, 50),
    durationDays: boundedNumber('durationDays', 1, 365, { int: true }),
    quantity: boundedNumber('quantity', 1, 10000, { int: true }),
    instructions: z.optional(boundedText('instructions', 0, 500)),
    allergyOverrideReason: z.optional(boundedText('allergyOverrideReason', 1, 500)),
  },
  { error: (iss) => (iss.code === 'invalid_type' ? 'prescription must be an object' : undefined) },
);
export type PrescriptionInput = z.infer<typeof PrescriptionInputSchema>;

export interface PrescribableCheck {
  /** The ATC code to store: the one given (checked against the name), else the catalogue's, else null. */
  drugCode: string | null;
  /**
   * Recorded allergies the drug conflicts with (empty when none), as recorded; a cross-sensitivity
   * reads "Penicillin (cross-sensitivity: cephalosporin)".
   */
  allergyConflicts: string[];
  /** Only set when there were conflicts: a reason with nothing to override would mislead. */
  overrideReason?: string;
}

function allergyConflictError(drugName: string, conflicts: readonly AllergyConflict[]): Conflict {
  const labels = conflicts.map((c) => c.label);
  return new Conflict(
    `${drugName} conflicts with recorded allergies: ${labels.join(', ')}; give allergyOverrideReason to prescribe it anyway`,
    {
      allergies: labels,
      conflicts: conflicts.map(({ allergy, kind, drugClass }) => ({
        allergy,
        kind,
        ...(drugClass ? { drugClass } : {}),
      })),
    },
  );
}

/**
 * The screen every new prescription passes, whatever it belongs to (an OPD encounter today, a
 * discharge later): throws `invalid` when drugCode contradicts drugName or is not an ATC code
 * (identifyDrug), then Conflict when the drug conflicts with a recorded allergy, directly or by
 * cross-sensitivity, and no override reason is given.
 */
export function screenPrescription(input: {
  allergies: readonly string[];
  drug: { name: string; code?: string | null };
  overrideReason?: string | null;
}): PrescribableCheck {
  const drug = identifyDrug(input.drug.name, input.drug.code);
  // Screen by the code as well as the name, so a brand is screened as its generic.
  const conflicts = screenAllergies({ name: drug.name, code: drug.code }, input.allergies);
  const allergyConflicts = conflicts.map((c) => c.label);
  if (conflicts.length === 0) return { drugCode: drug.code, allergyConflicts };

  const overrideReason = input.overrideReason?.trim();
  if (!overrideReason) throw allergyConflictError(drug.name, conflicts);
  return { drugCode: drug.code, allergyConflicts, overrideReason };
}
