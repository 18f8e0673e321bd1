/**
 * Radiology safety screening: which questions a procedure needs for a patient, and whether the
 * answers clear it. Pure rules, unit-tested without I/O.
 *
 * - Pregnancy, for ionising radiation (X-ray, CT, mammography, fluoroscopy, nuclear medicine) and
 *   for gadolinium-enhanced MRI, asked of everyone of child-bearing potential, whatever the
 *   recorded sex (IR(ME)R 2017 and the SCoR/RCR inclusive pregnancy status guidance: ask every
 *   individual of child-bearing potential; ages 10 to 55 here, the ACR–SPR practice parameter's
 *   wider span): a recorded sex is not a reason to skip the question.
 * - Contrast allergy, renal function and acute kidney injury, for contrast studies: a previous
 *   reaction, an eGFR below 30 mL/min/1.73 m², or an acute kidney injury (ACR Manual on Contrast
 *   Media: AKI is a risk factor whatever the last eGFR) is positive.
 * - Implants, for MRI: any implant or device must be confirmed MR-conditional first.
 *
 * A question unanswered ("unknown" included) or answered positively blocks scheduling, and on the
 * day of the exam the start, until overridden with a reason. An override covers the checks it
 * was given for: an answer that turns positive later blocks again.
 */

import { ageOn } from '../../clinical/age';
import * as z from '../../kernel/zod';

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
  /** An acute kidney injury now (KDIGO), whatever the last eGFR. */
  aki: answer,
  implant: answer,
});
export type SafetyAnswers = z.output<typeof SafetyAnswersSchema>;

export const SAFETY_QUESTIONS = ['pregnant', 'contrastAllergy', 'egfr', 'aki', 'implant'] as const;
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
  const gadolinium = procedure.modality === 'MR' && procedure.contrast;
  if (
    (IONISING.includes(procedure.modality) || gadolinium) &&
    years >= CHILD_BEARING_AGE.from &&
    years <= CHILD_BEARING_AGE.to
  )
    checks.push(
      yesNo(
        'pregnant',
        answers.pregnant,
        gadolinium
          ? 'gadolinium contrast in a patient who may be pregnant'
          : 'ionising radiation in a patient who may be pregnant',
      ),
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
    checks.push(
      yesNo(
        'aki',
        answers.aki,
        'contrast medium: an acute kidney injury is a risk whatever the eGFR',
      ),
    );
  }
  if (procedure.modality === 'MR')
    checks.push(
      yesNo('implant', answers.implant, 'MRI: implants and devices must be MR-conditional'),
    );
  return checks;
}

/** Ages (completed years) asked about pregnancy: child-bearing potential. */
export const CHILD_BEARING_AGE = { from: 10, to: 55 } as const;

/**
 * The checks that stop scheduling and the start: every one not clear, except those an override
 * covers with the same answer (`covers`; an override recorded before it listed them covers all).
 */
export function blockingChecks(
  checks: readonly SafetyCheck[],
  override:
    | { covers?: readonly { question: string; state: string }[] | undefined }
    | boolean
    | undefined,
): SafetyCheck[] {
  if (override === true) return [];
  const open = checks.filter((c) => c.state !== 'clear');
  if (!override) return open;
  if (!override.covers) return [];
  return open.filter(
    (c) => !override.covers!.some((o) => o.question === c.question && o.state === c.state),
  );
}
