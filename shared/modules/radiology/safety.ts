/**
 * Radiology safety screening: which questions a procedure needs for a patient, and whether the
 * answers clear it. Pure rules, unit-tested without I/O.
 *
 * - Pregnancy, for ionising radiation (X-ray, CT, mammography, fluoroscopy, nuclear medicine) in
 *   a patient who may be pregnant (not male, aged 10 to 55: ACR–SPR practice parameter for
 *   imaging pregnant or potentially pregnant patients).
 * - Contrast allergy and renal function, for contrast studies: a previous reaction, or an eGFR
 *   below 30 mL/min/1.73 m² (ACR Manual on Contrast Media), is positive.
 * - Implants, for MRI: any implant or device must be confirmed MR-conditional first.
 *
 * A question unanswered ("unknown" included) or answered positively blocks scheduling until a
 * doctor overrides it with a reason.
 */
import * as z from '../../kernel/zod';
import { ageOn } from '../lab';

export const MODALITIES = ['DX', 'US', 'CT', 'MR', 'MG', 'RF', 'NM'] as const;
export type Modality = (typeof MODALITIES)[number];
export const MODALITY_NAMES: Record<Modality, string> = {
  DX: 'X-ray',
  US: 'Ultrasound',
  CT: 'CT',
  MR: 'MRI',
  MG: 'Mammography',
  RF: 'Fluoroscopy',
  NM: 'Nuclear medicine',
};
export const IONISING: readonly Modality[] = ['DX', 'CT', 'MG', 'RF', 'NM'];

export const YES_NO_UNKNOWN = ['yes', 'no', 'unknown'] as const;
const answer = z.optional(z.enum(YES_NO_UNKNOWN, { message: 'must be yes, no or unknown' }));

export const SafetyAnswersSchema = z.strictObject({
  pregnant: answer,
  contrastAllergy: answer,
  /** Latest eGFR, mL/min/1.73 m². */
  egfr: z.optional(
    z
      .number({ message: 'must be a number' })
      .check(z.gte(0, 'must be 0 or more'), z.lte(200, 'must be at most 200')),
  ),
  implant: answer,
});
export type SafetyAnswers = z.output<typeof SafetyAnswersSchema>;

export const SAFETY_QUESTIONS = ['pregnant', 'contrastAllergy', 'egfr', 'implant'] as const;
export type SafetyQuestion = (typeof SAFETY_QUESTIONS)[number];

export const SafetyCheckSchema = z.strictObject({
  question: z.enum(SAFETY_QUESTIONS),
  state: z.enum(['clear', 'unanswered', 'positive']),
  why: z.string(),
});
export type SafetyCheck = z.output<typeof SafetyCheckSchema>;

export const EGFR_CONTRAST_LIMIT = 30;

function yesNo(question: SafetyQuestion, value: string | undefined, why: string): SafetyCheck {
  return {
    question,
    state: value === 'no' ? 'clear' : value === 'yes' ? 'positive' : 'unanswered',
    why,
  };
}

/** The questions this procedure needs for this patient on `onDate`, with their state. */
export function safetyChecks(
  procedure: { modality: Modality; contrast: boolean },
  patient: { sex: string; dateOfBirth: string },
  answers: SafetyAnswers,
  onDate: string,
): SafetyCheck[] {
  const checks: SafetyCheck[] = [];
  const years = ageOn(patient.dateOfBirth, onDate).years;
  if (IONISING.includes(procedure.modality) && patient.sex !== 'male' && years >= 10 && years <= 55)
    checks.push(
      yesNo('pregnant', answers.pregnant, 'ionising radiation in a patient who may be pregnant'),
    );
  if (procedure.contrast) {
    checks.push(
      yesNo('contrastAllergy', answers.contrastAllergy, 'contrast medium: previous reaction'),
    );
    checks.push({
      question: 'egfr',
      state:
        answers.egfr === undefined
          ? 'unanswered'
          : answers.egfr < EGFR_CONTRAST_LIMIT
            ? 'positive'
            : 'clear',
      why: `contrast medium: renal function (eGFR below ${EGFR_CONTRAST_LIMIT} is a risk)`,
    });
  }
  if (procedure.modality === 'MR')
    checks.push(
      yesNo('implant', answers.implant, 'MRI: implants and devices must be MR-conditional'),
    );
  return checks;
}

/** The checks that stop scheduling (none once a doctor has overridden them). */
export function blockingChecks(checks: readonly SafetyCheck[], overridden: boolean): SafetyCheck[] {
  return overridden ? [] : checks.filter((c) => c.state !== 'clear');
}
