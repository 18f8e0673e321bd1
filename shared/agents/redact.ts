/**
 * The arguments of an agent call as the audit log keeps them: enough to see what the agent did
 * (which record, which day, which status), nothing that identifies a person, and never much.
 *
 * - Only the fields the capability's input declares are kept, walked by its schema; any other
 *   field (an unknown `…Id` included, whose name and value the caller chose) is dropped and
 *   counted in `_unknownFields`.
 * - Kept as they are: numbers, booleans, and strings in fields named as identifiers of records
 *   (`id`, `…Id`), dates and instants, and the enum-like fields listed below, but only when the
 *   value looks like one (letters, digits and `. _ : + -`, at most 64 characters); every other
 *   string (names, phone numbers, addresses, search text, reasons, notes, MRNs) becomes
 *   "[redacted]". An allow-list, so a field added to an operation later is redacted until someone
 *   decides otherwise.
 * - Bounded: arrays keep 20 items, objects 4 levels; a result still over 1 KB is replaced by the
 *   SHA-256 digest of the arguments as sent and their size, so huge arguments cannot stop the
 *   record from being written.
 */
import { createHash } from 'node:crypto';

const KEPT_STRING_FIELDS = new Set(['id', 'date', 'from', 'to', 'start', 'status', 'priority']);
const TOKEN = /^[A-Za-z0-9._:+-]{1,64}$/;
const MAX_DEPTH = 4;
const MAX_ITEMS = 20;
export const MAX_ARGS_BYTES = 1024;

/** The parts of a zod (mini) schema this walk needs: its definition's kind and children. */
interface SchemaDef {
  type?: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  in?: unknown;
}
const defOf = (schema: unknown): SchemaDef | undefined =>
  (schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def;

/** The schema under wrappers that do not change a value's shape (optional, default, nullable…). */
function unwrap(schema: unknown): SchemaDef | undefined {
  let def = defOf(schema);
  for (let i = 0; i < 8 && def; i++) {
    if (def.innerType !== undefined) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in);
    else break;
  }
  return def;
}

function keepString(field: string, value: string): boolean {
  return (KEPT_STRING_FIELDS.has(field) || /Id$/.test(field)) && TOKEN.test(value);
}

interface Walk {
  unknown: number;
  /** Walk by the schema (drop what it does not declare), or by field names alone. */
  bySchema: boolean;
}

function redactValue(
  field: string,
  value: unknown,
  schema: unknown,
  depth: number,
  walk: Walk,
): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return keepString(field, value) ? value : '[redacted]';
  if (depth >= MAX_DEPTH) return '[redacted]';
  const def = unwrap(schema);
  if (Array.isArray(value))
    return value
      .slice(0, MAX_ITEMS)
      .map((v): unknown =>
        redactValue(field, v, def?.type === 'array' ? def.element : undefined, depth + 1, walk),
      );
  if (typeof value === 'object')
    return redactObject(value as Record<string, unknown>, def?.shape, depth + 1, walk);
  return '[redacted]';
}

function redactObject(
  args: Record<string, unknown>,
  shape: Record<string, unknown> | undefined,
  depth: number,
  walk: Walk,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(args)) {
    if (walk.bySchema && (!shape || !Object.hasOwn(shape, field))) {
      walk.unknown += 1;
      continue;
    }
    out[field] = redactValue(field, value, shape?.[field], depth, walk);
  }
  return out;
}

/**
 * The arguments to record, redacted by the capability's input schema; `null` when there is none
 * (a call to a capability that does not exist: every field is unknown). Without a schema at all,
 * by field names alone.
 */
export function redactArguments(args: unknown, input?: unknown): Record<string, unknown> {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return {};
  const walk: Walk = { unknown: 0, bySchema: input !== undefined };
  const kept = redactObject(args as Record<string, unknown>, unwrap(input)?.shape, 0, walk);
  const redacted = walk.unknown > 0 ? { ...kept, _unknownFields: walk.unknown } : kept;
  const size = Buffer.byteLength(JSON.stringify(redacted));
  if (size <= MAX_ARGS_BYTES) return redacted;
  const sent = JSON.stringify(args);
  return {
    _digest: `sha256:${createHash('sha256').update(sent).digest('hex')}`,
    _bytes: Buffer.byteLength(sent),
  };
}
