/**
 * The decision-support cards of a prescription being written on an encounter (CDS Hooks cards,
 * the order-sign hook's rules: dose range, interactions, duplicate therapy, allergy), from what
 * this module holds: the patient's age, sex and allergies, the active prescriptions of the
 * patient's latest encounters, and the latest weight recorded on this encounter. Rules the
 * hospital switched off stay off. Pregnancy is recorded on admissions, not on OPD encounters, so
 * the pregnancy rule does not fire here (docs/decision-support.md).
 */
import type { Card } from '../../clinical/cds-card';
import { evaluateRules, type Medication } from '../../clinical/cds-rules';
import { type CdsOverride, cdsOverride } from '../../clinical/order-cards';
import type { PrescriptionInput } from '../../clinical/prescribing';
import { ageInYears } from '../../clinical/vitals';
import type { Context } from '../../kernel/context';
import { todayIn } from '../../kernel/time/zoned-time';
import { disabledRuleIds } from '../decision-support';
import type { PatientRecord } from '../patients';
import { encounterPartition, recentPatientPrescriptions } from './store';

export async function prescriptionCards(
  ctx: Context,
  patient: PatientRecord,
  encounterId: string,
  rx: Pick<
    PrescriptionInput,
    'drugName' | 'drugCode' | 'strength' | 'dose' | 'frequency' | 'durationDays' | 'quantity'
  >,
): Promise<Card[]> {
  const [others, partition, disabled] = await Promise.all([
    recentPatientPrescriptions(ctx.store, patient.id),
    encounterPartition(ctx.store, encounterId),
    disabledRuleIds(ctx.store),
  ]);
  const weight = partition.vitals
    .filter((v) => typeof v.values.weightKg === 'number')
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))
    .at(-1)?.values.weightKg as number | undefined;
  const active: Medication[] = others
    .filter((p) => p.status === 'active')
    .map((p) => ({
      name: p.drugName,
      code: p.drugCode ?? null,
      status: 'active',
      dosing: { strength: p.strength, dose: p.dose, frequency: p.frequency },
    }));
  const draft: Medication = {
    name: rx.drugName,
    code: rx.drugCode ?? null,
    status: 'draft',
    dosing: {
      strength: rx.strength,
      dose: rx.dose,
      frequency: rx.frequency,
      durationDays: rx.durationDays,
      quantity: rx.quantity,
    },
  };
  const age = ageInYears(patient.dateOfBirth, todayIn(ctx.tenant.timeZone, ctx.now));
  return evaluateRules(
    {
      ageYears: Number.isInteger(age) ? age : null,
      sex: patient.sex,
      allergies: patient.allergies ?? [],
      news2: null,
      suspectedInfection: false,
      creatinine: [],
      medications: [...active, draft],
      iodinatedContrast: false,
      weightKg: weight ?? null,
      pregnancy: null,
    },
    'order-sign',
    disabled,
  );
}

/** The cards of the order and what to store of an override (a Conflict when a card stops it). */
export async function orderStop(
  ctx: Context,
  patient: PatientRecord,
  encounterId: string,
  rx: Pick<
    PrescriptionInput,
    'drugName' | 'drugCode' | 'strength' | 'dose' | 'frequency' | 'durationDays' | 'quantity'
  > & {
    cdsOverrideReason?: string | undefined;
  },
): Promise<{ cards: Card[]; override: CdsOverride }> {
  const cards = await prescriptionCards(ctx, patient, encounterId, rx);
  return { cards, override: cdsOverride(rx.drugName, cards, rx.cdsOverrideReason) };
}
