/**
 * The arguments of an agent call as the audit log keeps them: enough to see what the agent did
 * (which record, which day, which status), nothing that identifies a person. Kept: fields named as
 * identifiers of records (`id`, `…Id`), dates and instants, paging and enum-like fields (listed
 * below), numbers and booleans. Every other string (names, phone numbers, addresses, search text,
 * reasons, notes, MRNs) becomes "[redacted]"; objects and arrays are redacted field by field.
 * An allow-list, so that a field added to an operation later is redacted until someone decides.
 */
const KEPT_STRING_FIELDS = new Set([
  'id',
  'date',
  'from',
  'to',
  'start',
  'status',
  'priority',
  'cursor',
]);
const MAX_DEPTH = 4;

function keepString(field: string): boolean {
  return KEPT_STRING_FIELDS.has(field) || /Id$/.test(field);
}

function redactValue(field: string, value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return keepString(field) ? value.slice(0, 128) : '[redacted]';
  if (depth >= MAX_DEPTH) return '[redacted]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redactValue(field, v, depth + 1));
  if (typeof value === 'object') return redactObject(value as Record<string, unknown>, depth + 1);
  return '[redacted]';
}

function redactObject(args: Record<string, unknown>, depth: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([field, value]) => [field, redactValue(field, value, depth)]),
  );
}

export function redactArguments(args: unknown): Record<string, unknown> {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return {};
  return redactObject(args as Record<string, unknown>, 0);
}
