/**
 * The assessment of a proposed prescription (the prescription action type, actions.ts): the
 * screen the prescription will pass, its decision-support cards and the risk rules' findings.
 * Loaded with the first proposal, not at start, with the drug catalogue and the allergy rules.
 */
import { medicationRiskClasses } from '../../clinical/medication-risk';
import type { Context } from '../../kernel/context';
import { NotFound } from '../../kernel/errors';
import type * as z from '../../kernel/zod';
import {
  type ActionTypeDef,
  ageToday,
  nearMatchRiskFindings,
  prescriptionRiskFindings,
  requirePatient,
} from '../agent-actions';
import type { prescribe } from './operations';
import { orderStop } from './order-cards';
import { checkPrescribable } from './rules';
import { findEncounter } from './store';

export async function assessPrescription(
  ctx: Context,
  input: Record<string, unknown>,
): ReturnType<ActionTypeDef['assess']> {
  const rx = input as z.output<typeof prescribe.input>;
  const encounter = await findEncounter(ctx.store, rx.id);
  if (!encounter) throw new NotFound(`Encounter ${rx.id} not found`);
  const patient = await requirePatient(ctx, encounter.patientId);
  // The same screen the prescription will pass: a finished encounter or an allergy conflict
  // without an override reason is refused now, not after a doctor approved it.
  const check = checkPrescribable({
    encounterStatus: encounter.status,
    encounterId: encounter.id,
    allergies: patient.allergies ?? [],
    drug: { name: rx.drugName, code: rx.drugCode ?? null },
    overrideReason: rx.allergyOverrideReason ?? null,
  });
  // The cards the prescription will carry, shown to the approving doctor; a critical one
  // without a reason is refused now, as the prescription would be.
  const { cards, override } = await orderStop(ctx, patient, encounter.id, rx);
  const classes = medicationRiskClasses({ name: rx.drugName, code: rx.drugCode }, rx.route);
  const ageYears = ageToday(ctx, patient.dateOfBirth);
  return {
    patientId: patient.id,
    patientName: patient.name,
    summary:
      `${rx.drugName} ${rx.strength}: ${rx.dose} ${rx.route}, ${rx.frequency} for ${rx.durationDays} day${rx.durationDays === 1 ? '' : 's'} (quantity ${rx.quantity})` +
      `${rx.instructions ? `; ${rx.instructions}` : ''}${check.overrideReason ? `; allergy override: ${check.overrideReason}` : ''}` +
      `${override.cdsOverrideReason ? `; decision-support override: ${override.cdsOverrideReason}` : ''}` +
      ` on encounter ${encounter.id} with ${encounter.doctorName}`,
    cards,
    findings: [
      ...(override.cdsOverriddenCards ?? []).map((summary) => ({
        level: 'CRITICAL' as const,
        reason: `overrides a critical decision-support card: ${summary}`,
      })),
      ...prescriptionRiskFindings({
        allergyConflicts: check.allergyConflicts,
        controlled: classes.controlled,
        highAlert: classes.highAlert,
        ageYears,
        route: rx.route,
        drugCode: check.drugCode,
      }),
      ...(check.drugCode
        ? []
        : await nearMatchRiskFindings({
            name: rx.drugName,
            allergies: patient.allergies ?? [],
            ageYears,
            route: rx.route,
          })),
    ],
  };
}
