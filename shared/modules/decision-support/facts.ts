/**
 * The facts the rules take about one patient, from what the other modules already hold: the
 * patient (age, sex, allergies), the latest ED triage (NEWS2 of the arrival vitals, suspected
 * infection), the active admission (its NEWS2 and trend, its discharge medicines), the lab's
 * creatinine results and the active prescriptions of the latest OPD encounters.
 */
import type { CreatinineValue } from '../../clinical/aki';
import type { ClinicalFacts, Medication } from '../../clinical/cds-rules';
import { CREATININE_UMOL_PER_MG_DL } from '../../clinical/egfr';
import { pregnancyWithholdsNews2 } from '../../clinical/pregnancy';
import { ageInYears } from '../../clinical/vitals';
import type { Context } from '../../kernel/context';
import { todayIn } from '../../kernel/time/zoned-time';
import { activeAdmissionOf, dischargePrescriptions, findAdmission } from '../admissions';
import { patientVisits } from '../emergency';
import { recentPatientPrescriptions } from '../encounters';
import { openCriticalAlertsOf, recentPatientOrders } from '../lab';
import type { PatientRecord } from '../patients';

/** LOINC 2160-0, serum creatinine (the lab's starter catalogue reports it in mg/dL). */
const CREATININE = '2160-0';

export interface StoredFacts extends ClinicalFacts {
  /** The admission's NEWS2 trend, for the deterioration rule. */
  news2Trend: { score: number; previousScore: number | null; trend: string | null } | null;
}

export async function storedFacts(ctx: Context, patient: PatientRecord): Promise<StoredFacts> {
  const store = ctx.store;
  const [visits, admissionId, orders, prescriptions] = await Promise.all([
    patientVisits(store, patient.id, 1),
    activeAdmissionOf(store, patient.id),
    recentPatientOrders(store, patient.id),
    recentPatientPrescriptions(store, patient.id),
  ]);
  const [admission, discharge, criticalResults] = await Promise.all([
    admissionId ? findAdmission(store, admissionId) : undefined,
    admissionId ? dischargePrescriptions(store, admissionId) : [],
    openCriticalAlertsOf(store, orders),
  ]);

  const triage = visits[0]?.status !== 'departed' ? visits[0]?.triage : undefined;
  const triageNews2 =
    triage?.news2?.score != null
      ? {
          score: triage.news2.score,
          anyParameterScoredThree: triage.news2.anyParameterScoredThree === true,
          at: triage.triagedAt,
        }
      : null;
  const ward = admission?.latestNews2;
  const wardNews2 =
    ward && ward.score !== null
      ? { score: ward.score, anyParameterScoredThree: false, at: ward.recordedAt }
      : null;
  // The most recent complete score, from the ward or the ED.
  const news2 =
    triageNews2 && (!wardNews2 || triageNews2.at > wardNews2.at) ? triageNews2 : wardNews2;

  const creatinine: CreatinineValue[] = orders
    .filter((o) => o.status !== 'entered-in-error')
    .flatMap((o) =>
      o.results
        .filter((r) => r.code === CREATININE && typeof r.value === 'number')
        .map((r) => ({
          umolPerL: /mg\/dl/i.test(r.unit ?? 'mg/dL')
            ? (r.value as number) * CREATININE_UMOL_PER_MG_DL
            : (r.value as number),
          at: o.specimens[0]?.collectedAt ?? o.orderedAt,
        })),
    );

  const medications: Medication[] = [...prescriptions, ...discharge]
    .filter((p) => p.status === 'active')
    .map((p) => ({
      name: p.drugName,
      code: p.drugCode ?? null,
      status: 'active' as const,
      dosing: { strength: p.strength, dose: p.dose, frequency: p.frequency },
    }));

  const today = todayIn(ctx.tenant.timeZone, ctx.now);
  const age = ageInYears(patient.dateOfBirth, today);
  return {
    ageYears: Number.isInteger(age) ? age : null,
    sex: patient.sex,
    allergies: patient.allergies,
    news2,
    suspectedInfection: triage?.suspectedInfection === true,
    creatinine,
    medications,
    iodinatedContrast: false,
    inpatient: admission !== undefined,
    asOf: ctx.now.toISOString(),
    criticalResults,
    earlyWarning: admission?.latestNews2?.earlyWarning ?? null,
    // Pregnancy status is recorded on the admission (PATCH /admissions/{id}/pregnancy).
    pregnancy: pregnancyWithholdsNews2(admission?.pregnancy, today),
    news2Trend:
      ward && ward.score !== null
        ? { score: ward.score, previousScore: ward.previousScore, trend: ward.trend }
        : null,
  };
}
