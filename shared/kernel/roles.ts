/**
 * Staff roles and the named groups of roles that operations refer to, declared once. ADMIN may use
 * every authorised operation (kernel/access.ts); an operation's `roles` list the others, either
 * one by one or by the name of a group below (`access: { roles: 'wardStaff', … }`), so that "who
 * reads ward data" is one decision, written once, and docs/routes.md names it.
 *
 * Adding a role: one entry in ROLES and one in ROLE_LABELS (the type checker asks for the label);
 * then decide which groups it joins. The role × route matrices (test/integration/role-matrix*)
 * take their role list from here and fail until their hand-written tables say what the new role
 * may do.
 */
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
  'MANAGER',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** What people read: the dashboard's role picker, the docs. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  ADMIN: 'Administrator',
  DOCTOR: 'Doctor',
  NURSE: 'Nurse',
  RECEPTIONIST: 'Receptionist',
  PHARMACIST: 'Pharmacist',
  ACCOUNTANT: 'Accountant',
  LAB_TECHNICIAN: 'Lab technician',
  RADIOLOGIST: 'Radiologist',
  BED_MANAGER: 'Bed manager',
  CASHIER: 'Cashier',
  PATHOLOGIST: 'Pathologist',
  RADIOGRAPHER: 'Radiographer',
  MANAGER: 'Manager',
};

/** Every role but ADMIN (who passes every rule anyway), in the order of ROLES. */
const everyStaffRole: readonly Role[] = ROLES.filter((r) => r !== 'ADMIN');

/**
 * The named role groups. Order within a group is the order the docs list the roles in. ADMIN is
 * implied by every operation's access rule and is not listed, except in groups used for decisions
 * (kernel/decisions.ts), which imply nobody. Who each group is: ROLE_GROUP_DESCRIPTIONS.
 */
export const ROLE_GROUPS = {
  allStaff: everyStaffRole,
  clinicians: ['DOCTOR', 'NURSE', 'PHARMACIST'],
  frontDesk: ['RECEPTIONIST', 'NURSE', 'DOCTOR'],
  wardStaff: ['RECEPTIONIST', 'DOCTOR', 'NURSE', 'BED_MANAGER'],
  labReaders: ['DOCTOR', 'NURSE', 'LAB_TECHNICIAN', 'PATHOLOGIST'],
  labStaff: ['LAB_TECHNICIAN', 'PATHOLOGIST'],
  specimenCollectors: ['LAB_TECHNICIAN', 'NURSE'],
  radiologyReaders: ['DOCTOR', 'NURSE', 'RADIOGRAPHER', 'RADIOLOGIST'],
  stockReaders: ['PHARMACIST', 'DOCTOR', 'NURSE'],
  finance: ['CASHIER', 'ACCOUNTANT'],
  seniorFinance: ['ADMIN', 'ACCOUNTANT'],
  reportReaders: ['MANAGER', 'ACCOUNTANT'],
  careTeam: [
    'DOCTOR',
    'NURSE',
    'PHARMACIST',
    'BED_MANAGER',
    'LAB_TECHNICIAN',
    'PATHOLOGIST',
    'RADIOLOGIST',
    'RADIOGRAPHER',
    'RECEPTIONIST',
  ],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroupName = keyof typeof ROLE_GROUPS;

/** Who each group is, in words (docs/routes.md); apart, so that functions do not carry the text. */
export const ROLE_GROUP_DESCRIPTIONS: Readonly<Record<RoleGroupName, string>> = {
  allStaff: 'every staff role',
  clinicians: 'clinicians who read encounters, vitals and prescriptions',
  frontDesk: 'outpatient front desk and clinic staff: appointments and the queue',
  wardStaff: 'ward staff: wards, beds, admissions and the bed board',
  labReaders: 'who reads lab orders and results',
  labStaff: 'laboratory staff',
  specimenCollectors: 'who collects specimens: the lab, and nurses on the wards',
  radiologyReaders: 'who reads radiology orders and reports',
  stockReaders: 'who reads the formulary and pharmacy stock',
  finance: 'billing staff: charges, invoices, payments',
  seniorFinance:
    'who may give a discount or a refund above the hospital’s thresholds (ADMIN only because it is listed)',
  reportReaders:
    'who reads the weekly reports (census, OPD, turnaround, revenue): managers, and accountants for revenue',
  careTeam:
    'everyone who works with patients’ care (agent actions about patients); every role that may approve an agent action is in it',
};

export function isRoleGroupName(value: string): value is RoleGroupName {
  return Object.hasOwn(ROLE_GROUPS, value);
}

/** A list of roles as declared: the roles themselves, a group's name, or `'any'` signed-in role. */
export type RolesDeclaration = readonly Role[] | RoleGroupName | 'any';

/** The roles a declaration names, and the group's name when it names one. */
export function resolveRoles(declared: RolesDeclaration): {
  roles: readonly Role[] | 'any';
  group?: RoleGroupName;
} {
  if (declared === 'any') return { roles: 'any' };
  if (typeof declared === 'string') return { roles: ROLE_GROUPS[declared], group: declared };
  return { roles: declared };
}
