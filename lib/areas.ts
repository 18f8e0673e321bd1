/**
 * The deployment areas: each one is a nested stack holding the functions of its groups and the
 * API Gateway resources and methods of their routes (lib/area-stack.ts). Areas keep every
 * CloudFormation stack far below its 500-resource limit as the service grows (test/cdk checks
 * 400 per stack): a group costs about five resources (function, role, policy, log group, invoke
 * permission) and a route about two (method, path resource).
 *
 * A new area is one entry in `AREAS` plus its groups in `GROUP_AREAS`; an area without groups
 * creates no stack. Moving a group to another area replaces its function (new logical ids): do it
 * deliberately, not to tidy up.
 */
export const AREAS = {
  identity: {
    stackId: 'Identity',
    description: 'Tenants, sign-in, staff users, API keys and the product pages',
  },
  outpatient: {
    stackId: 'Outpatient',
    description:
      'Patients, doctors and their schedules, appointments and the queue, OPD encounters',
  },
  inpatient: {
    stackId: 'Inpatient',
    description: 'Wards and beds, admissions, transfers, inpatient observations and discharge',
  },
  pharmacy: {
    stackId: 'Pharmacy',
    description: 'Formulary, stock by batch, dispensing and the expiry scan',
  },
  finance: {
    stackId: 'Finance',
    description: 'Tariffs, charges, invoices, payments, refunds and the billing dashboard',
  },
  diagnostics: {
    stackId: 'Diagnostics',
    description: 'Laboratory orders, specimens and results; radiology orders and reports',
  },
  agents: {
    stackId: 'Agents',
    description: 'Agent catalogue and discovery, A2A, the agent audit log and agent actions (HITL)',
  },
} as const satisfies Record<string, { stackId: string; description: string }>;

export type AreaName = keyof typeof AREAS;

/**
 * The area of every group of the route manifest, declared here and only here. A group without an
 * entry stops the synthesis (lib/manifest.ts) and fails test/cdk/stack.test.ts.
 */
export const GROUP_AREAS: Readonly<Record<string, AreaName>> = {
  web: 'identity',
  tenants: 'identity',
  auth: 'identity',
  users: 'identity',
  'api-keys': 'identity',
  patients: 'outpatient',
  doctors: 'outpatient',
  appointments: 'outpatient',
  encounters: 'outpatient',
  billing: 'finance',
  lab: 'diagnostics',
  radiology: 'diagnostics',
  wards: 'inpatient',
  admissions: 'inpatient',
  'agent-meta': 'agents',
  'agent-audit': 'agents',
  openapi: 'agents',
  a2a: 'agents',
  pharmacy: 'pharmacy',
  'agent-actions': 'agents',
};

export function isAreaName(name: string): name is AreaName {
  return Object.hasOwn(AREAS, name);
}
