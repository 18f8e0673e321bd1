/**
 * The HITL action type whose target is an encounter operation: a prescription an agent proposes
 * for a doctor to approve (shared/modules/agent-actions/action-types.ts; listed in manifest.ts).
 */
import { PrescriptionInputSchema } from '../../clinical/prescribing';
import { boundedText, idParam } from '../../kernel/fields';
import * as z from '../../kernel/zod';
import { createdId, defineActionType } from '../agent-actions';
import { prescribe } from './operations';

export const prescriptionAction = defineActionType({
  type: 'prescription',
  title: 'Prescription',
  proposeSummary:
    'Propose a prescription on an open encounter for a doctor to approve (nothing is prescribed until then)',
  proposal: z.extend(PrescriptionInputSchema, {
    encounterId: idParam(),
    /** Needed when a critical decision-support card stops the order, as on prescribing. */
    cdsOverrideReason: z.optional(boundedText('cdsOverrideReason', 1, 500)),
  }),
  proposers: ['DOCTOR', 'NURSE', 'PHARMACIST'],
  target: prescribe,
  toTargetInput: ({ encounterId, ...rx }) => ({ id: encounterId, ...rx }),
  // The assessment (the prescription screen, its cards, the drug's classes) loads with the
  // first proposal.
  assess: async (ctx, input) =>
    (await import('./prescription-assessment')).assessPrescription(ctx, input),
  resultId: createdId,
  result: 'created',
  // An OPD prescription is decided within the clinic session the patient is in.
  lifetimeMinutes: 4 * 60,
  // A hospital may pre-approve only what needs no prescriber's judgement: a LOW prescription.
  autoApprovalExclusion: (risk) =>
    risk === 'LOW' ? null : `auto-approval covers only LOW prescriptions (this one is ${risk})`,
  riskRules: [
    'CRITICAL: overrides a recorded allergy or cross-sensitivity (an allergyOverrideReason was needed)',
    'CRITICAL: overrides a critical decision-support card (a maximum dose, a contraindicated combination; a cdsOverrideReason was needed)',
    'CRITICAL: a controlled or high-alert drug for a child (under 18, BNF for Children)',
    'HIGH: a controlled drug (opioids incl. tramadol and the N01AH opioid anaesthetics, benzodiazepines and Z-drugs, barbiturates, stimulants, gabapentinoids, ketamine)',
    'HIGH: an ISMP high-alert medication (anticoagulants, thrombolytics, glycoprotein IIb/IIIa inhibitors, insulin, sulfonylureas, opioids incl. N01AH, antineoplastics, methotrexate, concentrated electrolytes incl. potassium phosphate and hypertonic saline, neuromuscular blockers, IV antiarrhythmics, digoxin, IV inotropes and vasopressors, IV oxytocin, general anaesthetics, IV moderate sedation, IV adrenergic antagonists, epoprostenol, nitroprusside, IV promethazine, parenteral nutrition)',
    'HIGH: any drug for a child under 18 (a paediatric dose, BNF for Children)',
    'MEDIUM: a parenteral route (IV, IM, SC)',
    'MEDIUM: a drug the catalogue cannot class (no ATC code), and no lower than the catalogue drug its name is nearest to (a misspelling is screened as that drug)',
    'LOW: none of the above',
  ],
  tool: {
    skill: 'prescribe-medication',
    title: 'Propose a prescription',
    description:
      'Propose a prescription (drug, strength, dose, route, frequency, days, quantity) on an open encounter, with your rationale. Nothing is prescribed until a doctor approves it; the answer gives the action id, its risk level and its expiry. An allergy conflict needs allergyOverrideReason and makes the action CRITICAL.',
    tags: ['prescription', 'medication', 'hitl', 'clinical'],
    keywords: ['prescribe', 'prescription', 'medication', 'medicine', 'drug', 'dose', 'rx'],
    examples: [
      'Prescribe paracetamol 500 mg, 1 tablet oral every 6 hours for 3 days (12) on encounter 9c1d…',
    ],
  },
});
