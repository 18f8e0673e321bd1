/**
 * The screen every new prescription passes: the drug identified in the catalogue, then its
 * recorded allergies. Apart from prescribing.ts (the prescription's fields and roles), so a
 * function whose schemas hold a prescription does not carry the drug catalogue and the allergy
 * rules until it writes one.
 */
import { Conflict } from '../kernel/errors';
import { type AllergyConflict, screenAllergies } from './allergy';
import { identifyDrug } from './drug-catalogue';

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
