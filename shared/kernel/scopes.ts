/**
 * The scope catalogue: every scope an API key may carry. Declared once; drives validation of
 * `POST /api-keys`, the dashboard's checkboxes, the route manifest's access rules and the docs.
 */
export const SCOPES = {
  'tenant:read': 'Read the hospital (tenant) profile',
  'users:read': 'List staff users',
  'patients:read': 'Search and read patient records',
  'patients:write': 'Register and update patients',
  'doctors:read': 'Read departments, doctors, schedules and availability',
  'doctors:write': 'Manage departments, doctor profiles and schedules',
  'appointments:read': 'List appointments and read the queue',
  'appointments:write': 'Book, check in and change appointment status',
  'encounters:read': 'Read OPD encounters, vitals and prescriptions',
  'encounters:write': 'Create encounters, record vitals and prescriptions',
  'agents:reception:write':
    'Agent tools that act at reception (register patients, book and cancel appointments)',
  'agents:operations:read':
    'Agent tools that read operations data (queue, beds, stock, billing summary)',
} as const;

export type Scope = keyof typeof SCOPES;

export const SCOPE_NAMES = Object.keys(SCOPES) as [Scope, ...Scope[]];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
