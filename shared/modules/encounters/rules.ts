/** Encounter rules that need only their inputs. */
import { identifyDrug } from '../../clinical/drug-catalogue';
import { type PrescribableCheck, screenPrescription } from '../../clinical/prescription-screen';
import { Conflict } from '../../kernel/errors';
import { type EncounterStatus, isEncounterFinished } from './status';

/**
 * Checks before a prescription is added to an encounter: a drug code that contradicts the name is
 * bad input (`invalid`) first; then a finished encounter (completed, cancelled, discontinued or
 * entered-in-error: nothing may be added to a closed record) is refused before allergies, because
 * no override can make it writable; then the shared screen (clinical/prescribing.ts): allergies
 * and cross-sensitivity, which need an override reason.
 */
export function checkPrescribable(input: {
  encounterStatus: EncounterStatus;
  encounterId?: string;
  allergies: readonly string[];
  drug: { name: string; code?: string | null };
  overrideReason?: string | null;
}): PrescribableCheck {
  identifyDrug(input.drug.name, input.drug.code);
  if (isEncounterFinished(input.encounterStatus)) {
    const which = input.encounterId ? `Encounter ${input.encounterId}` : 'Encounter';
    throw new Conflict(
      `${which} is finished (status '${input.encounterStatus}'); prescriptions can only be added to an open encounter`,
      { encounterStatus: input.encounterStatus },
    );
  }
  return screenPrescription(input);
}
