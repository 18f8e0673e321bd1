/**
 * Storage of patients. A patient is its item (listed newest first through gsi1, by name through
 * gsi2, by phone from the start through gsi3 and from the end through gsi4), its MRN lookup, its
 * duplicate guard (one patient per E.164 phone and date of birth unless confirmed) and small name
 * index items, one per further word of its name. A registration or correction writes them in one
 * transaction, so a search can never find a half-registered or half-corrected patient.
 */
import { defineRecord, view } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { duplicateGuardId, nameIndexEntries, normaliseName, phoneSuffixKey } from './rules';
import { Patient } from './schemas';

export const PatientRecord = defineRecord(
  'Patient',
  z.extend(Patient, {
    tenantId: z.string(),
    /** `phoneE164` without the `+`: the phone-search and duplicate-guard key. */
    phoneDigits: z.string(),
    /** Optimistic-lock counter: a correction writes only if nobody else wrote since it read. */
    version: z.number().check(z.int()),
    /** Whether this patient holds the duplicate guard of its phone and date of birth. */
    ownsDuplicateGuard: z.boolean(),
    /** How many name-index items exist (positions 1..n). */
    nameIndexCount: z.number().check(z.int()),
  }),
);
export type PatientRecord = z.output<typeof PatientRecord.schema>;

const MrnLookup = defineRecord(
  'MrnLookup',
  z.strictObject({ mrn: z.string(), patientId: z.string() }),
);
export const DuplicateGuard = defineRecord(
  'PatientDuplicateGuard',
  z.strictObject({ patientId: z.string(), mrn: z.string() }),
);
export type DuplicateGuard = z.output<typeof DuplicateGuard.schema>;
/** A name-index item carries a copy of the answer, so a name search reads the index alone. */
const NameIndex = defineRecord(
  'PatientNameIndex',
  z.strictObject({ patientId: z.string(), patient: Patient }),
);

export const patientKeys = (store: Store) => ({
  patient: (id: string) => store.keys.entity('PATIENT', id),
  mrn: (mrn: string) => store.keys.entity('MRN', mrn),
  duplicateGuard: (digits: string, dateOfBirth: string) =>
    store.keys.entity('PATIENTDUP', duplicateGuardId(digits, dateOfBirth)),
  /** Name-index item at a position (1-based); positions are stable, so a correction overwrites in place. */
  nameIndex: (id: string, position: number) =>
    store.keys.entity('PATIENTNAME', sortKey(id, position)),
  all: () => store.keys.collection('PATIENTS'),
  byName: () => store.keys.collection('PATIENTS', 'NAME'),
  byPhone: () => store.keys.collection('PATIENTS', 'PHONE'),
});

/** The patient item with its index attributes. */
export function patientItem(store: Store, p: PatientRecord): Item {
  const keys = patientKeys(store);
  const { main } = nameIndexEntries(p.name);
  return {
    ...PatientRecord.item(p, {
      ...keys.patient(p.id),
      gsi1pk: keys.all(),
      gsi1sk: sortKey(p.createdAt, p.id),
      gsi2pk: keys.byName(),
      gsi2sk: sortKey(main.key, p.id),
      gsi3pk: keys.byPhone(),
      gsi3sk: sortKey(p.phoneDigits, p.id),
      gsi4pk: keys.byPhone(),
      gsi4sk: sortKey(phoneSuffixKey(p.phoneDigits), p.id),
    }),
    ...(main.prev !== undefined ? { namePrev: main.prev } : {}),
    nameNormalised: normaliseName(p.name),
  };
}

/** One name-index item per further word of the name (rewritten on every correction). */
export function nameIndexItems(store: Store, p: PatientRecord): Item[] {
  const keys = patientKeys(store);
  const { extra } = nameIndexEntries(p.name);
  const answer = view(Patient, p);
  return extra.map((e, i) => ({
    ...NameIndex.item(
      { patientId: p.id, patient: answer },
      {
        ...keys.nameIndex(p.id, i + 1),
        gsi2pk: keys.byName(),
        gsi2sk: sortKey(e.key, p.id),
      },
    ),
    ...(e.prev !== undefined ? { namePrev: e.prev } : {}),
  }));
}

export function mrnItem(store: Store, mrn: string, patientId: string): Item {
  return MrnLookup.item({ mrn, patientId }, patientKeys(store).mrn(mrn));
}

export function duplicateGuardItem(
  store: Store,
  p: Pick<PatientRecord, 'phoneDigits' | 'dateOfBirth' | 'id' | 'mrn'>,
): Item {
  return DuplicateGuard.item(
    { patientId: p.id, mrn: p.mrn },
    patientKeys(store).duplicateGuard(p.phoneDigits, p.dateOfBirth),
  );
}

export async function findPatient(store: Store, id: string): Promise<PatientRecord | undefined> {
  const item = await store.get(patientKeys(store).patient(id));
  return item ? PatientRecord.read(item) : undefined;
}

export async function findDuplicateGuard(
  store: Store,
  digits: string,
  dateOfBirth: string,
): Promise<DuplicateGuard | undefined> {
  const item = await store.get(patientKeys(store).duplicateGuard(digits, dateOfBirth));
  return item ? DuplicateGuard.read(item) : undefined;
}

/** The patient an MRN names: the lookup, then the patient. */
export async function findPatientIdByMrn(store: Store, mrn: string): Promise<string | undefined> {
  const item = await store.get(patientKeys(store).mrn(mrn));
  return item ? MrnLookup.read(item).patientId : undefined;
}

/** Any item of a patient list (the patient item or a name-index item) as the answer. */
export function patientFromListItem(item: Item): Patient {
  if (item.entity === NameIndex.entity) return NameIndex.read(item).patient;
  return view(Patient, PatientRecord.read(item));
}
