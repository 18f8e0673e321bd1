/** Staff roles. ADMIN may use every authorised route; the manifest lists which other roles may. */
export const ROLES = [
  'ADMIN',
  'DOCTOR',
  'NURSE',
  'RECEPTIONIST',
  'PHARMACIST',
  'ACCOUNTANT',
  'LAB_TECHNICIAN',
  'RADIOLOGIST',
  'BED_MANAGER',
  'CASHIER',
  'PATHOLOGIST',
  'RADIOGRAPHER',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
