import { collection, entityKey, sortKey } from '../../table/keys';
import type { EncounterStatus } from '../opd/encounter-status';
import type { MedicationRequestStatus, MedicationRoute } from '../opd/prescription';
import type { ReadingAssessment } from '../opd/vitals';

export interface Diagnosis {
  text: string;
  code?: string;
  system?: 'ICD-10' | 'SNOMED-CT';
}

export interface EncounterRecord {
  id: string;
  /** FHIR Encounter.class: ambulatory. */
  class: 'AMB';
  kind: 'appointment' | 'walk-in';
  status: EncounterStatus;
  patientId: string;
  patientName: string;
  mrn: string;
  doctorId: string;
  doctorName: string;
  appointmentId?: string;
  /** Local date (hospital time zone) the encounter started. */
  date: string;
  startedAt: string;
  endedAt?: string;
  chiefComplaint?: string;
  diagnosis: Diagnosis[];
  notes?: string;
  /** Why the encounter ended other than completed (discontinued, entered in error). */
  statusReason?: string;
  /**
   * Present when a clinician has decided this patient's SpO2 is scored on NEWS2 Scale 2
   * (confirmed hypercapnic respiratory failure): who decided, when and why.
   */
  spo2Scale2?: { reason: string; decidedBy: string; decidedAt: string };
  latestNews2?: { score: number | null; risk: string | null; recordedAt: string };
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** A reading with its assessment (BMI, NEWS2, and why either does not apply to this patient). */
export interface VitalsRecord extends ReadingAssessment {
  id: string;
  encounterId: string;
  recordedAt: string;
  recordedBy: string;
  values: Record<string, unknown>;
}

export interface PrescriptionRecord {
  id: string;
  encounterId: string;
  patientId: string;
  status: MedicationRequestStatus;
  intent: 'order';
  drugName: string;
  drugCode?: string;
  strength: string;
  dose: string;
  route: MedicationRoute;
  frequency: string;
  durationDays: number;
  quantity: number;
  instructions?: string;
  allergyConflicts: string[];
  allergyOverrideReason?: string;
  prescriberId: string;
  authoredOn: string;
  /** The last status change after the prescription was written. */
  statusReason?: string;
  statusChangedAt?: string;
  statusChangedBy?: string;
}

/** Vitals and prescriptions live in the encounter's partition: one Query reads the whole record. */
export const encKeys = {
  item: (t: string, id: string) => entityKey(t, 'ENC', id),
  vitals: (t: string, id: string, recordedAt: string, vitalsId: string) => ({
    pk: entityKey(t, 'ENC', id).pk,
    sk: sortKey('VITALS', recordedAt, vitalsId),
  }),
  prescription: (t: string, id: string, authoredOn: string, rxId: string) => ({
    pk: entityKey(t, 'ENC', id).pk,
    sk: sortKey('RX', authoredOn, rxId),
  }),
  byDate: (t: string, date: string) => collection(t, 'ENCS', 'DATE', date),
  byDoctor: (t: string, doctorId: string) => collection(t, 'ENCS', 'DOCTOR', doctorId),
  byPatient: (t: string, patientId: string) => collection(t, 'ENCS', 'PATIENT', patientId),
};

export function encounterItem(t: string, e: EncounterRecord) {
  const sk = `${e.startedAt}#${e.id}`;
  return {
    ...encKeys.item(t, e.id),
    entity: 'Encounter',
    gsi1pk: encKeys.byDate(t, e.date),
    gsi1sk: sk,
    gsi2pk: encKeys.byDoctor(t, e.doctorId),
    gsi2sk: sk,
    gsi3pk: encKeys.byPatient(t, e.patientId),
    gsi3sk: sk,
    ...e,
  };
}

/** What the API answers: the record's fields, never key attributes. */
export function publicEncounter(e: EncounterRecord) {
  return {
    id: e.id,
    class: e.class,
    kind: e.kind,
    status: e.status,
    patientId: e.patientId,
    patientName: e.patientName,
    mrn: e.mrn,
    doctorId: e.doctorId,
    doctorName: e.doctorName,
    appointmentId: e.appointmentId,
    date: e.date,
    startedAt: e.startedAt,
    endedAt: e.endedAt,
    chiefComplaint: e.chiefComplaint,
    diagnosis: e.diagnosis,
    notes: e.notes,
    statusReason: e.statusReason,
    spo2Scale: e.spo2Scale2 ? 2 : 1,
    spo2Scale2: e.spo2Scale2,
    latestNews2: e.latestNews2,
    createdBy: e.createdBy,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export function publicVitals(v: VitalsRecord) {
  return {
    id: v.id,
    encounterId: v.encounterId,
    recordedAt: v.recordedAt,
    recordedBy: v.recordedBy,
    values: v.values,
    bmi: v.bmi,
    bmiCategory: v.bmiCategory,
    bmiCategoryNotApplicable: v.bmiCategoryNotApplicable ?? null,
    news2: v.news2,
    news2NotApplicable: v.news2NotApplicable ?? null,
  };
}

export function publicPrescription(p: PrescriptionRecord) {
  return {
    id: p.id,
    encounterId: p.encounterId,
    patientId: p.patientId,
    status: p.status,
    intent: p.intent,
    drugName: p.drugName,
    drugCode: p.drugCode,
    strength: p.strength,
    dose: p.dose,
    route: p.route,
    frequency: p.frequency,
    durationDays: p.durationDays,
    quantity: p.quantity,
    instructions: p.instructions,
    allergyConflicts: p.allergyConflicts,
    allergyOverrideReason: p.allergyOverrideReason,
    prescriberId: p.prescriberId,
    authoredOn: p.authoredOn,
    statusReason: p.statusReason,
    statusChangedAt: p.statusChangedAt,
    statusChangedBy: p.statusChangedBy,
  };
}
