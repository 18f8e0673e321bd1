/**
 * The HITL action types whose targets are admission operations: an admission and a discharge an
 * agent proposes for a person who may run them to approve (shared/modules/agent-actions/
 * action-types.ts; listed in manifest.ts).
 */
import { PRESCRIBER_ROLES } from '../../clinical/prescribing';
import { idParam } from '../../kernel/fields';
import * as z from '../../kernel/zod';
import {
  admissionRiskFindings,
  ageToday,
  createdId,
  defineActionType,
  inputFieldsOf,
  requirePatient,
} from '../agent-actions';
import { admit, discharge } from './operations';

export const admissionAction = defineActionType({
  type: 'admission',
  title: 'Admission',
  proposeSummary:
    'Propose admitting a patient to a bed or ward for a person who may admit to approve (nothing happens until then)',
  proposal: z.strictObject(inputFieldsOf(admit)),
  proposers: ['DOCTOR', 'NURSE', 'BED_MANAGER'],
  target: admit,
  toTargetInput: (proposal) => proposal,
  async assess(ctx, input) {
    const a = input as z.output<typeof admit.input>;
    const patient = await requirePatient(ctx, a.patientId);
    return {
      patientId: patient.id,
      patientName: patient.name,
      summary: `Admit (${a.source}) for ${a.reason}${a.provisionalDiagnosis ? `; provisional diagnosis ${a.provisionalDiagnosis.text}` : ''}; ${a.bedId ? `bed ${a.bedId}` : `first free bed of ward ${a.wardId}`}${a.expectedLengthOfStayDays ? `; expected stay ${a.expectedLengthOfStayDays} days` : ''}`,
      findings: admissionRiskFindings({
        source: a.source,
        ageYears: ageToday(ctx, patient.dateOfBirth),
      }),
    };
  },
  resultId: createdId,
  result: 'created',
  // A patient waiting for a bed needs a decision within the hour or two.
  lifetimeMinutes: 2 * 60,
  riskRules: [
    'MEDIUM: every admission (a bed and an inpatient stay)',
    'HIGH: an emergency admission',
    'HIGH: a child under 16',
  ],
  tool: {
    skill: 'admit-patient',
    title: 'Propose an admission',
    description:
      'Propose admitting a patient (source, reason, doctor, a bed or a ward) with your rationale. Nothing happens until a person who may admit approves it; the answer gives the action id, its risk level and its expiry.',
    tags: ['admission', 'inpatient', 'hitl', 'clinical'],
    keywords: ['admit', 'admission', 'bed', 'ward', 'inpatient', 'hospitalise', 'hospitalize'],
    examples: ['Admit patient 6f1c… from the emergency department to ward 2a1b… for sepsis'],
  },
});

const { id: _admissionId, ...dischargeFields } = inputFieldsOf(discharge);
const hasMedicines = (input: Record<string, unknown>) =>
  Array.isArray(input.medications) && input.medications.length > 0;

export const dischargeAction = defineActionType({
  type: 'discharge',
  title: 'Discharge',
  proposeSummary:
    'Propose discharging an admitted patient (summary, disposition, medications) for a doctor to approve',
  proposal: z.strictObject({ admissionId: idParam(), ...dischargeFields }),
  proposers: ['DOCTOR', 'NURSE'],
  target: discharge,
  toTargetInput: ({ admissionId, ...rest }) => ({ id: admissionId, ...rest }),
  // The assessment (the discharge's cards, its medicines' classes) loads with the first proposal.
  assess: async (ctx, input) =>
    (await import('./discharge-assessment')).assessDischarge(ctx, input),
  resultId: createdId,
  result: 'target',
  // Discharges are decided on the ward round: within the day.
  lifetimeMinutes: 12 * 60,
  // Discharge medicines are prescriptions: a doctor decides them, never a standing rule.
  approversFor: (input) => (hasMedicines(input) ? PRESCRIBER_ROLES : undefined),
  autoApprovalExclusion: (_risk, input) =>
    hasMedicines(input)
      ? 'auto-approval never covers a discharge with medicines (prescribing is a doctor’s decision)'
      : null,
  riskRules: [
    'MEDIUM: every discharge (inpatient care ends)',
    'HIGH: against medical advice, or absconded',
    'HIGH: a controlled or high-alert discharge medication',
    'CRITICAL: a discharge that records a death (disposition deceased)',
    'CRITICAL: overrides a critical decision-support card (a critical result nobody acknowledged, or a discharge medicine’s stop; a cdsOverrideReason was needed)',
  ],
  tool: {
    skill: 'discharge-patient',
    title: 'Propose a discharge',
    description:
      'Propose discharging an admitted patient (final diagnoses, condition, disposition, discharge medications, follow-up) with your rationale, for a doctor to approve. The proposal carries the decision-support cards (a critical result nobody acknowledged, the medicines’ checks); a critical card needs cdsOverrideReason and makes the action CRITICAL.',
    tags: ['discharge', 'inpatient', 'hitl', 'clinical'],
    keywords: ['discharge', 'discharged', 'home', 'release', 'leave'],
    examples: ['Discharge admission 7d3e… home: community-acquired pneumonia, improved'],
  },
});
