/**
 * Prescription (FHIR MedicationRequest) input rules and the checks made before one is saved.
 */
import * as z from 'zod';
import { Conflict } from '../../http/errors';
import { findAllergyConflicts } from './allergy';
import { isEncounterFinished, type EncounterStatus } from './encounter-status';
import { boundedNumber, boundedText, oneOf } from './field-schemas';

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
    drugName: boundedText('drugName', 1, 200),
    drugCode: boundedText('drugCode', 1, 50).optional(),
    strength: boundedText('strength', 1, 50),
    dose: boundedText('dose', 1, 50),
    route: MedicationRouteSchema,
    frequency: boundedText('frequency', 1, 50),
    durationDays: boundedNumber('durationDays', 1, 365, { int: true }),
    quantity: boundedNumber('quantity', 1, 10000, { int: true }),
    instructions: boundedText('instructions', 0, 500).optional(),
    allergyOverrideReason: boundedText('allergyOverrideReason', 1, 500).optional(),
  },
  { error: (iss) => (iss.code === 'invalid_type' ? 'prescription must be an object' : undefined) },
);
export type PrescriptionInput = z.infer<typeof PrescriptionInputSchema>;

export interface PrescribableCheck {
  /** Recorded allergies the drug conflicts with (empty when none). */
  allergyConflicts: string[];
  /** Only set when there were conflicts: a reason with nothing to override would mislead. */
  overrideReason?: string;
}

/**
 * Throws Conflict when the encounter is finished (completed, cancelled, discontinued or
 * entered-in-error: nothing may be added to a closed record), or when the drug conflicts with a
 * recorded allergy and no override reason is given. The encounter is checked first because no
 * override can make a closed encounter writable.
 */
export function checkPrescribable(input: {
  encounterStatus: EncounterStatus;
  encounterId?: string;
  allergies: readonly string[];
  drug: { name: string; code?: string | null };
  overrideReason?: string | null;
}): PrescribableCheck {
  if (isEncounterFinished(input.encounterStatus)) {
    const which = input.encounterId ? `Encounter ${input.encounterId}` : 'Encounter';
    throw new Conflict(
      `${which} is finished (status '${input.encounterStatus}'); prescriptions can only be added to an open encounter`,
      { encounterStatus: input.encounterStatus },
    );
  }
  const allergyConflicts = findAllergyConflicts(input.drug, input.allergies);
  if (allergyConflicts.length === 0) return { allergyConflicts };

  const overrideReason = input.overrideReason?.trim();
  if (!overrideReason) {
    throw new Conflict(
      `${input.drug.name} conflicts with recorded allergies: ${allergyConflicts.join(', ')}; give allergyOverrideReason to prescribe it anyway`,
      { allergies: allergyConflicts },
    );
  }
  return { allergyConflicts, overrideReason };
}
