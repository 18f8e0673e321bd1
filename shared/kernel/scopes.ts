/**
 * The scope catalogue: every scope an API key may carry. Declared once; drives validation of
 * `api-keys.create`, the dashboard's checkboxes, the operations' access rules and the docs.
 *
 * `tenant:read` is granted but no operation asks for it yet (every key already reads its own
 * hospital with tenants.current). The `agents:*` scopes are asked for by agent capabilities (MCP
 * tools, A2A skills; shared/agents/catalogue.ts): a key holding one may use the capabilities that
 * name it, and for those calls only it holds the scopes of the operations they run.
 */
export const SCOPES = {
  'tenant:read':
    'Read the hospital profile (no operation asks for it yet: every key already reads its own hospital with GET /tenants/current)',
  'users:read': 'List staff users',
  'patients:read': 'Search and read patient records',
  'patients:write': 'Register and update patients',
  'doctors:read': 'Read departments, doctors, schedules and availability',
  'doctors:write': 'Manage departments, doctor profiles and schedules',
  'appointments:read': 'List appointments and read the queue',
  'appointments:write': 'Book, check in and change appointment status',
  'encounters:read': 'Read OPD encounters, vitals and prescriptions',
  'encounters:write': 'Create encounters, record vitals and prescriptions',
  'beds:read': 'Read wards, beds, bed availability and the bed board',
  'beds:write': 'Manage wards and beds; mark beds clean, close and reopen them',
  'admissions:read': 'Read admissions, transfers, inpatient observations and notes',
  'admissions:write':
    'Admit, transfer and discharge patients; record inpatient observations and notes',
  'pharmacy:read': 'Read the formulary, stock, batches, expiry and low-stock reports',
  'pharmacy:write': 'Receive stock, dispense prescriptions and record stock adjustments',
  'billing:read': 'Read charges, invoices, payments and the billing dashboard',
  'billing:write': 'Create charges and invoices, take payments and issue refunds',
  'lab:read': 'Read the lab catalogue, orders, specimens, results and worklists',
  'lab:write': 'Order lab tests, collect specimens, enter and verify results',
  'radiology:read': 'Read radiology procedures, orders, schedules and reports',
  'radiology:write': 'Order, schedule, perform and report radiology studies',
  'agents:reception:write':
    'Agent tools (MCP/A2A) that act at reception: register patients, book, cancel and check in appointments',
  'agents:clinical:propose':
    'Agent tools that propose clinical changes (prescriptions, admissions, discharges, lab and radiology orders) for a qualified person to approve; nothing changes until then',
  'agents:operations:read':
    'Agent tools (MCP/A2A) that read operations data: the OPD queue, beds, pharmacy stock, billing summary',
  'agent-actions:read': 'Read agent actions (HITL proposals) and their outcomes',
} as const;

export type Scope = keyof typeof SCOPES;

export const SCOPE_NAMES = Object.keys(SCOPES) as [Scope, ...Scope[]];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
