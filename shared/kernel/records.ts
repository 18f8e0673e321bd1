/**
 * Typed record definitions. Each entity's fields are declared once, as a zod object: the record
 * type is inferred from it, stored items are read through it (only its fields, never key or index
 * attributes), and answers are cut from records by the operation's output schema with `view`.
 * Under strict checks (tests, local runtime) every read is also validated, so an item that does
 * not match its declaration is found at once rather than leaking into an answer.
 */
import { strictChecks } from './config';
import { InternalError } from './errors';
import type { Item } from './store/store';
import * as z from './zod';

export interface RecordDef<S extends z.ZodMiniObject> {
  entity: string;
  schema: S;
  /** A stored item as the record it holds (declared fields only). */
  read(item: Item): z.output<S>;
  /** The item to store: key and index attributes, the entity name and the record's fields. */
  item(record: z.output<S>, keys: Record<string, string>): Item;
}

function pick(source: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (source[field] !== undefined) out[field] = source[field];
  }
  return out;
}

export function defineRecord<S extends z.ZodMiniObject>(entity: string, schema: S): RecordDef<S> {
  const fields = Object.keys(schema.shape);
  return {
    entity,
    schema,
    read(item) {
      const record = pick(item, fields);
      if (strictChecks()) {
        const checked = schema.safeParse(record);
        if (!checked.success) {
          throw new InternalError(
            `Stored ${entity} does not match its record: ${z.prettifyError(checked.error)}`,
          );
        }
      }
      return record as z.output<S>;
    },
    item(record, keys) {
      return { ...keys, entity, ...pick(record as Record<string, unknown>, fields) };
    },
  };
}

/** The fields of `schema` taken from `source` (undefined ones left out): a record cut to an answer. */
export function view<S extends z.ZodMiniObject>(schema: S, source: object): z.output<S> {
  return pick(source as Record<string, unknown>, Object.keys(schema.shape)) as z.output<S>;
}
