/** Stored shapes, keys and index attributes of departments and doctor profiles. */
import { collection, entityKey, sortKey } from '../../table/keys';
import type { WeeklySchedule } from '../opd/schedule';

export interface DepartmentRecord {
  id: string;
  tenantId: string;
  name: string;
  code?: string | undefined;
  description?: string | undefined;
  createdAt: string;
  updatedAt: string;
}

export interface DoctorRecord {
  /** Same as userId: one profile per staff user. */
  id: string;
  userId: string;
  tenantId: string;
  /** Copied from the user record when the profile is created. */
  name: string;
  email: string;
  departmentId: string;
  departmentName: string;
  specialty: string;
  consultationFee: number;
  currency: string;
  schedule: WeeklySchedule | null;
  createdAt: string;
  updatedAt: string;
}

/** Case-, spacing- and Unicode-form-insensitive department name, for the uniqueness lookup and sorting. */
export function departmentNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** Sort form of a person's or department's name for the name-ordered lists. */
export const nameSortKey = (name: string) => departmentNameKey(name);

export const doctorKeys = {
  department: (tenantId: string, id: string) => entityKey(tenantId, 'DEPARTMENT', id),
  departmentName: (tenantId: string, name: string) =>
    entityKey(tenantId, 'DEPTNAME', departmentNameKey(name)),
  departmentCode: (tenantId: string, code: string) => entityKey(tenantId, 'DEPTCODE', code),
  departments: (tenantId: string) => collection(tenantId, 'DEPARTMENTS'),
  doctor: (tenantId: string, id: string) => entityKey(tenantId, 'DOCTOR', id),
  doctors: (tenantId: string) => collection(tenantId, 'DOCTORS'),
  doctorsOfDepartment: (tenantId: string, departmentId: string) =>
    collection(tenantId, 'DOCTORS', 'DEPT', departmentId),
};

export function departmentItem(d: DepartmentRecord) {
  return {
    ...doctorKeys.department(d.tenantId, d.id),
    entity: 'Department',
    gsi1pk: doctorKeys.departments(d.tenantId),
    gsi1sk: sortKey(nameSortKey(d.name), d.id),
    ...d,
  };
}

export function doctorItem(d: DoctorRecord) {
  const byName = sortKey(nameSortKey(d.name), d.id);
  return {
    ...doctorKeys.doctor(d.tenantId, d.id),
    entity: 'Doctor',
    gsi1pk: doctorKeys.doctors(d.tenantId),
    gsi1sk: byName,
    gsi2pk: doctorKeys.doctorsOfDepartment(d.tenantId, d.departmentId),
    gsi2sk: byName,
    ...d,
  };
}

export const publicDepartment = (d: DepartmentRecord) => ({
  id: d.id,
  name: d.name,
  ...(d.code !== undefined ? { code: d.code } : {}),
  ...(d.description !== undefined ? { description: d.description } : {}),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

export type PublicDoctor = ReturnType<typeof publicDoctor>;

export const publicDoctor = (d: DoctorRecord) => ({
  id: d.id,
  userId: d.userId,
  name: d.name,
  email: d.email,
  departmentId: d.departmentId,
  departmentName: d.departmentName,
  specialty: d.specialty,
  consultationFee: d.consultationFee,
  currency: d.currency,
  schedule: d.schedule ?? null,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});
