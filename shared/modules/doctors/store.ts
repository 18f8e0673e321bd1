/**
 * Storage of doctor profiles: one item per DOCTOR user, listed in name order through gsi1 (all)
 * and gsi2 (one department's).
 */
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store } from '../../kernel/store/store';
import * as z from '../../kernel/zod';
import { nameKey } from '../departments';
import { Doctor } from './schemas';

export const DoctorRecord = defineRecord('Doctor', z.extend(Doctor, { tenantId: z.string() }));
export type DoctorRecord = z.output<typeof DoctorRecord.schema>;

export const doctorKeys = (store: Store) => ({
  doctor: (id: string) => store.keys.entity('DOCTOR', id),
  all: () => store.keys.collection('DOCTORS'),
  ofDepartment: (departmentId: string) => store.keys.collection('DOCTORS', 'DEPT', departmentId),
});

export function doctorItem(store: Store, d: DoctorRecord): Item {
  const keys = doctorKeys(store);
  const byName = sortKey(nameKey(d.name), d.id);
  return DoctorRecord.item(d, {
    ...keys.doctor(d.id),
    gsi1pk: keys.all(),
    gsi1sk: byName,
    gsi2pk: keys.ofDepartment(d.departmentId),
    gsi2sk: byName,
  });
}

export async function findDoctor(store: Store, id: string): Promise<DoctorRecord | undefined> {
  const item = await store.get(doctorKeys(store).doctor(id));
  return item ? DoctorRecord.read(item) : undefined;
}
