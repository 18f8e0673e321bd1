/**
 * The deployment areas: each one is a nested stack holding the functions of its modules' groups
 * and the API Gateway resources and methods of their routes (lib/area-stack.ts). Areas keep every
 * CloudFormation stack far below its 500-resource limit as the service grows (test/cdk checks
 * 400 per stack): a group costs about five resources (function, role, policy, log group, invoke
 * permission) and a route about two (method, path resource).
 *
 * A module names its area in its manifest (shared/modules/<module>/manifest.ts). A new area is one
 * entry here; an area without groups creates no stack. Moving a module to another area replaces
 * its functions (new logical ids): do it deliberately, not to tidy up.
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

export function isAreaName(name: string): name is AreaName {
  return Object.hasOwn(AREAS, name);
}
