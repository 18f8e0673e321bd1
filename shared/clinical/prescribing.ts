/**
 * Prescription (FHIR MedicationRequest) input rules and the checks made before one is saved.
 */
import { type Actor, decidingHuman } from '../kernel/actor';
import { Forbidden } from '../kernel/errors';
import { boundedNumber, boundedText, oneOf } from '../kernel/fields';
import type { Role } from '../kernel/roles';
import * as z from '../kernel/zod';
import { DOSAGE_FORMS } from './dispensing';
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
