/**
 * Stored shapes of the patient items and the functions that build their keys and index
 * attributes. Pure: the service decides when to write them.
 */
import { collection, entityKey, sortKey } from '../../table/keys';
import { duplicateGuardId, nameIndexEntries, normaliseName, phoneSuffixKey } from './rules';
import type { BLOOD_GROUPS, SEXES } from './schemas';

export interface Address {
  line: string;
  city: string;
  state?: string | undefined;
  postalCode?: string | undefined;
  country?: string | undefined;
}

export interface EmergencyContact {
  name: string;
  relationship: string;
  phone: string;
}

/** The patient as stored (keys omitted). */
export interface PatientRecord {
  id: string;
  tenantId: string;
  mrn: string;
  name: string;
  dateOfBirth: string;
  sex: (typeof SEXES)[number];
  phone: string;
  /** `phone` with everything but digits removed: the phone-search and duplicate-guard key. */
  phoneDigits: string;
  email?: string | undefined;
  address?: Address | undefined;
  bloodGroup?: (typeof BLOOD_GROUPS)[number] | undefined;
  allergies: string[];
  emergencyContact?: EmergencyContact | undefined;
  createdAt: string;
  updatedAt: string;
  /** Optimistic-lock counter: a PATCH writes only if nobody else wrote since it read. */
  version: number;
  /** Whether this patient holds the PATIENTDUP guard of its phone and date of birth. */
  ownsDuplicateGuard: boolean;
  /** How many PATIENTNAME index items exist (positions 1..n). */
  nameIndexCount: number;
}

export type PublicPatient = ReturnType<typeof publicPatient>;

/** What the API answers: never keys, phoneDigits or bookkeeping attributes. */
export function publicPatient(p: PatientRecord) {
  return {
    id: p.id,
    mrn: p.mrn,
    name: p.name,
    dateOfBirth: p.dateOfBirth,
    sex: p.sex,
    phone: p.phone,
    ...(p.email !== undefined ? { email: p.email } : {}),
    ...(p.address !== undefined ? { address: p.address } : {}),
    ...(p.bloodGroup !== undefined ? { bloodGroup: p.bloodGroup } : {}),
    allergies: p.allergies,
    ...(p.emergencyContact !== undefined ? { emergencyContact: p.emergencyContact } : {}),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export const patientKeys = {
  patient: (tenantId: string, id: string) => entityKey(tenantId, 'PATIENT', id),
  mrn: (tenantId: string, mrn: string) => entityKey(tenantId, 'MRN', mrn),
  duplicateGuard: (tenantId: string, digits: string, dateOfBirth: string) =>
    entityKey(tenantId, 'PATIENTDUP', duplicateGuardId(digits, dateOfBirth)),
  /** Name-index item at a position (1-based); positions are stable, so a PATCH overwrites in place. */
  nameIndex: (tenantId: string, id: string, position: number) =>
    entityKey(tenantId, 'PATIENTNAME', sortKey(id, position)),
  all: (tenantId: string) => collection(tenantId, 'PATIENTS'),
  byName: (tenantId: string) => collection(tenantId, 'PATIENTS', 'NAME'),
  byPhone: (tenantId: string) => collection(tenantId, 'PATIENTS', 'PHONE'),
};

/** The patient item with its index entries: all (gsi1), name (gsi2), phone from the start (gsi3) and from the end (gsi4). */
export function patientItem(p: PatientRecord) {
  const { main } = nameIndexEntries(p.name);
  return {
    ...patientRecord(p),
    ...patientKeys.patient(p.tenantId, p.id),
    entity: 'Patient',
    gsi1pk: patientKeys.all(p.tenantId),
    gsi1sk: sortKey(p.createdAt, p.id),
    gsi2pk: patientKeys.byName(p.tenantId),
    gsi2sk: sortKey(main.key, p.id),
    ...(main.prev !== undefined ? { namePrev: main.prev } : {}),
    gsi3pk: patientKeys.byPhone(p.tenantId),
    gsi3sk: sortKey(p.phoneDigits, p.id),
    gsi4pk: patientKeys.byPhone(p.tenantId),
    gsi4sk: sortKey(phoneSuffixKey(p.phoneDigits), p.id),
    nameNormalised: normaliseName(p.name),
  };
}

/**
 * The record fields of a stored patient item, without keys and index attributes, so a record read
 * for a PATCH can never carry stale index values into the rewritten item.
 */
export function patientRecord(item: PatientRecord | Record<string, unknown>): PatientRecord {
  const p = item as PatientRecord;
  return {
    id: p.id,
    tenantId: p.tenantId,
    mrn: p.mrn,
    name: p.name,
    dateOfBirth: p.dateOfBirth,
    sex: p.sex,
    phone: p.phone,
    phoneDigits: p.phoneDigits,
    email: p.email,
    address: p.address,
    bloodGroup: p.bloodGroup,
    allergies: p.allergies ?? [],
    emergencyContact: p.emergencyContact,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    version: p.version,
    ownsDuplicateGuard: p.ownsDuplicateGuard === true,
    nameIndexCount: p.nameIndexCount ?? 0,
  };
}

/**
 * The PATIENTNAME items of a patient: one per further word of the name, each carrying a copy of
 * the public patient so a name search answers from the index alone (rewritten on every PATCH).
 */
export function nameIndexItems(p: PatientRecord): Record<string, unknown>[] {
  const { extra } = nameIndexEntries(p.name);
  const summary = publicPatient(p);
  return extra.map((e, i) => ({
    ...patientKeys.nameIndex(p.tenantId, p.id, i + 1),
    entity: 'PatientNameIndex',
    gsi2pk: patientKeys.byName(p.tenantId),
    gsi2sk: sortKey(e.key, p.id),
    ...(e.prev !== undefined ? { namePrev: e.prev } : {}),
    patientId: p.id,
    patient: summary,
  }));
}

export function mrnItem(tenantId: string, mrn: string, patientId: string) {
  return { ...patientKeys.mrn(tenantId, mrn), entity: 'MrnLookup', mrn, patientId };
}

export function duplicateGuardItem(
  p: Pick<PatientRecord, 'tenantId' | 'phoneDigits' | 'dateOfBirth' | 'id' | 'mrn'>,
) {
  return {
    ...patientKeys.duplicateGuard(p.tenantId, p.phoneDigits, p.dateOfBirth),
    entity: 'PatientDuplicateGuard',
    patientId: p.id,
    mrn: p.mrn,
  };
}

/** Maps an item from any patient list (patient item or name-index item) to the public shape. */
export function patientFromListItem(item: Record<string, unknown>): PublicPatient {
  if (item.entity === 'PatientNameIndex') return item.patient as PublicPatient;
  return publicPatient(item as unknown as PatientRecord);
}
