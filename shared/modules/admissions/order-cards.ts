/**
 * The decision-support cards of a medicine prescribed on an admission (a discharge medicine): the
 * same order-sign rules and the same hard stop as an outpatient prescription
 * (encounters/order-cards.ts, clinical/order-cards.ts), from what the admission holds: the
 * patient's age, sex and allergies, the admission's other active prescriptions, the latest weight
 * on its observations and its recorded pregnancy status (so the pregnancy rule fires here). And the
 * card of the discharge itself: a critical result nobody has acknowledged stops it.
 */
import type { Card } from '../../clinical/cds-card';
import { evaluateRules, type Medication } from '../../clinical/cds-rules';
import { type CdsOverride, cdsOverride } from '../../clinical/order-cards';
import { pregnancyWithholdsNews2 } from '../../clinical/pregnancy';
import type { PrescriptionInput } from '../../clinical/prescribing';
import { ageInYears } from '../../clinical/vitals';
import type { Context } from '../../kernel/context';
import { todayIn } from '../../kernel/time/zoned-time';
import { disabledRuleIds } from '../decision-support';
import { openCriticalAlertsOf, recentPatientOrders } from '../lab';
import type { PatientRecord } from '../patients';
import { type Disposition, PLANNED_DISCHARGE_DISPOSITIONS } from './rules';
import { type AdmissionRecord, admissionPartition } from './store';

type AdmissionRx = PrescriptionInput & { cdsOverrideReason?: string | undefined };

export async function admissionOrderStop(
  ctx: Context,
  admission: AdmissionRecord,
  patient: PatientRecord,
  rx: AdmissionRx,
): Promise<{ cards: Card[]; override: CdsOverride }> {
  const [stop] = await admissionOrderStops(ctx, admission, patient, [rx]);
  return stop as { cards: Card[]; override: CdsOverride };
}

/**
 * The cards and overrides of several medicines ordered together (the medicines of a discharge),
 * in the order given: each is signed as if prescribed one after another, against the admission's
 * active prescriptions and the medicines before it in the list, so an interaction or duplicate
 * between two of them is carded once, on the later one. The first medicine a critical card stops
 * without a reason throws the Conflict (409).
 */
export async function admissionOrderStops(
  ctx: Context,
  admission: AdmissionRecord,
  patient: PatientRecord,
  rxs: readonly AdmissionRx[],
): Promise<{ cards: Card[]; override: CdsOverride }[]> {
  const [partition, disabled] = await Promise.all([
    admissionPartition(ctx.store, admission.id),
    disabledRuleIds(ctx.store),
  ]);
  const weight = partition.observations
    .filter((o) => typeof o.values.weightKg === 'number')
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))
    .at(-1)?.values.weightKg as number | undefined;
  const active: Medication[] = partition.prescriptions
    .filter((p) => p.status === 'active')
    .map((p) => ({
      name: p.drugName,
      code: p.drugCode ?? null,
      status: 'active',
      dosing: { strength: p.strength, dose: p.dose, frequency: p.frequency },
    }));
  const today = todayIn(ctx.tenant.timeZone, ctx.now);
  const age = ageInYears(patient.dateOfBirth, today);
  return rxs.map((rx, i) => {
    const cards = evaluateRules(
      {
        ageYears: Number.isInteger(age) ? age : null,
        sex: patient.sex,
        allergies: patient.allergies ?? [],
        news2: null,
        suspectedInfection: false,
        creatinine: [],
        medications: [
          ...active,
          ...rxs.slice(0, i).map((m) => medication(m, 'active')),
          medication(rx, 'draft'),
        ],
        iodinatedContrast: false,
        weightKg: weight ?? null,
        pregnancy: pregnancyWithholdsNews2(admission.pregnancy, today),
      },
      'order-sign',
      disabled,
    );
    return { cards, override: cdsOverride(rx.drugName, cards, rx.cdsOverrideReason) };
  });
}

function medication(rx: PrescriptionInput, status: Medication['status']): Medication {
  return {
    name: rx.drugName,
    code: rx.drugCode ?? null,
    status,
    dosing: {
      strength: rx.strength,
      dose: rx.dose,
      frequency: rx.frequency,
      durationDays: rx.durationDays,
      quantity: rx.quantity,
    },
  };
}

/** The rule a discharge itself answers to (the medicines answer to the order-sign rules). */
const DISCHARGE_RULE = 'critical-result-unacknowledged';

/**
 * The discharge's own card: each critical lab result of the patient nobody has acknowledged
 * (The Joint Commission NPSG.02.03.01), critical. It stops a planned discharge with 409 listing
 * the cards unless the result is acknowledged first or `cdsOverrideReason` says why the patient
 * leaves anyway (stored on the discharge summary). A transfer out, a patient leaving against
 * advice or absconding, and a death are recorded whatever the result (as with NEWS2, rules.ts):
 * the card is answered, nothing stops. Run at the proposal of a discharge and again when it is
 * carried out, so a result reported in between stops it too.
 */
export async function dischargeStop(
  ctx: Context,
  admission: AdmissionRecord,
  input: { cdsOverrideReason?: string | undefined; disposition: Disposition },
): Promise<{ cards: Card[]; override: CdsOverride }> {
  const [orders, disabled] = await Promise.all([
    recentPatientOrders(ctx.store, admission.patientId),
    disabledRuleIds(ctx.store),
  ]);
  const criticalResults = await openCriticalAlertsOf(ctx.store, orders);
  const cards = disabled.has(DISCHARGE_RULE)
    ? []
    : evaluateRules(
        {
          ageYears: null,
          sex: 'unknown',
          allergies: [],
          news2: null,
          suspectedInfection: false,
          creatinine: [],
          medications: [],
          iodinatedContrast: false,
          criticalResults,
        },
        'encounter-discharge',
      ).filter((c) => c.source.topic?.code === DISCHARGE_RULE);
  if (!PLANNED_DISCHARGE_DISPOSITIONS.includes(input.disposition)) return { cards, override: {} };
  return {
    cards,
    override: cdsOverride(`Admission ${admission.id}`, cards, input.cdsOverrideReason, {
      what: 'the discharge',
      instead:
        'acknowledge the result first, or give cdsOverrideReason to discharge anyway (it is stored with the discharge)',
    }),
  };
}

/**
 * Every card of a discharge, as it would answer them: its own (a critical result) first, then its
 * medicines', with the summaries of the critical cards its reasons override. Throws the Conflict
 * (409) of the first stop without its reason. A discharge proposal shows them to the approver.
 */
export async function dischargeCards(
  ctx: Context,
  admission: AdmissionRecord,
  patient: PatientRecord,
  input: {
    cdsOverrideReason?: string | undefined;
    disposition: Disposition;
    medications: readonly AdmissionRx[];
  },
): Promise<{ cards: Card[]; overridden: string[] }> {
  const own = await dischargeStop(ctx, admission, input);
  const medicines = input.medications.length
    ? await admissionOrderStops(ctx, admission, patient, input.medications)
    : [];
  const all = [own, ...medicines];
  return {
    cards: all.flatMap((s) => s.cards),
    overridden: all.flatMap((s) => s.override.cdsOverriddenCards ?? []),
  };
}
