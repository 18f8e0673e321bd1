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
  'INSURANCE_DESK',
  'WARD_MANAGER',
  'THEATRE_COORDINATOR',
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
  INSURANCE_DESK: 'Insurance desk',
  WARD_MANAGER: 'Ward manager',
  THEATRE_COORDINATOR: 'Theatre coordinator',
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
  theatreStaff: ['THEATRE_COORDINATOR', 'DOCTOR', 'NURSE'],
  theatreSchedulers: ['THEATRE_COORDINATOR', 'DOCTOR'],
  finance: ['CASHIER', 'ACCOUNTANT'],
  rosterManagers: ['WARD_MANAGER'],
  seniorFinance: ['ADMIN', 'ACCOUNTANT'],
  claimsDesk: ['INSURANCE_DESK', 'ACCOUNTANT'],
  claimsReaders: ['INSURANCE_DESK', 'ACCOUNTANT', 'CASHIER'],
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
    'THEATRE_COORDINATOR',
  ],
  emergencyStaff: ['RECEPTIONIST', 'NURSE', 'DOCTOR'],
  triageStaff: ['NURSE', 'DOCTOR'],
  clinicalStaff: [
    'DOCTOR',
    'NURSE',
    'PHARMACIST',
    'LAB_TECHNICIAN',
    'PATHOLOGIST',
    'RADIOLOGIST',
    'RADIOGRAPHER',
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
  theatreStaff:
    'operating theatre staff: the coordinator who builds the lists, surgeons, anaesthetists and theatre nurses',
  theatreSchedulers:
    'who books theatre cases into sessions: the theatre coordinator, and a surgeon for their own cases',
  finance: 'billing staff: charges, invoices, payments',
  rosterManagers:
    'who configures, generates, edits and publishes staff rosters and approves leave and swaps (ADMIN passes too)',
  seniorFinance:
    'who may give a discount or a refund above the hospital’s thresholds (ADMIN only because it is listed)',
  claimsDesk:
    'the insurance desk and accountants: payers, plans, coverage, pre-authorisations, claims, remittances',
  claimsReaders:
    'who reads coverage, claims and aging: the claims desk and cashiers at the counter',
  reportReaders:
    'who reads the weekly reports (census, OPD, turnaround, revenue): managers, and accountants for revenue',
  careTeam:
    'everyone who works with patients’ care (agent actions about patients); every role that may approve an agent action is in it',
  emergencyStaff: 'emergency department staff: arrivals, the ED board and visits',
  triageStaff: 'who triages in the emergency department (ESI): nurses and doctors',
  clinicalStaff: 'all clinical staff: who read decision-support rules and cards',
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
