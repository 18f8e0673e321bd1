/**
 * The assessment of a proposed discharge (the discharge action type, actions.ts): what the
 * deciding doctor sees and the risk rules' findings. Loaded with the first proposal, not at
 * start, with the discharge's decision-support cards and the drug catalogue's classes.
 */
import { medicationRiskClasses } from '../../clinical/medication-risk';
import type { Context } from '../../kernel/context';
import { NotFound } from '../../kernel/errors';
import type * as z from '../../kernel/zod';
import { type ActionTypeDef, dischargeRiskFindings, requirePatient } from '../agent-actions';
import type { discharge } from './operations';
import { dischargeCards } from './order-cards';
import { findAdmission } from './store';

export async function assessDischarge(
  ctx: Context,
  input: Record<string, unknown>,
): ReturnType<ActionTypeDef['assess']> {
  const d = input as z.output<typeof discharge.input>;
  const stay = await findAdmission(ctx.store, d.id);
  if (!stay) throw new NotFound(`Admission ${d.id} not found`);
  // The cards the discharge will answer, computed now so the deciding doctor sees them; a stop
  // without its reason is refused now, as the discharge would be. The discharge runs them again
  // when approved, so a critical result reported meanwhile stops it.
  const patient = await requirePatient(ctx, stay.patientId);
  const { cards, overridden } = await dischargeCards(ctx, stay, patient, d);
  const risky = d.medications.flatMap((m) => {
    const c = medicationRiskClasses({ name: m.drugName, code: m.drugCode }, m.route);
    return c.controlled.length || c.highAlert.length ? [m.drugName] : [];
  });
  return {
    patientId: stay.patientId,
    patientName: stay.patientName,
    summary: `Discharge (${d.disposition}) from ${stay.wardName} bed ${stay.bedCode}: ${d.finalDiagnoses.map((x) => x.text).join('; ')}; condition ${d.conditionAtDischarge}${d.medications.length ? `; ${d.medications.length} discharge medication${d.medications.length === 1 ? '' : 's'} (${d.medications.map((m) => m.drugName).join(', ')})` : ''}${d.followUpDate ? `; follow-up ${d.followUpDate}` : ''}`,
    cards,
    findings: [
      ...overridden.map((summary) => ({
        level: 'CRITICAL' as const,
        reason: `overrides a critical decision-support card: ${summary}`,
      })),
      ...dischargeRiskFindings({ disposition: d.disposition, riskyMedications: risky }),
    ],
  };
}
