/**
 * A zod-free view of some fields of a record, for the one hot path that must not bundle the
 * schemas: the authorizer, which runs before every request. The field names are checked against
 * the record's declared type at compile time (a renamed field fails the build), so nothing is
 * declared twice; unlike a record definition it is not validated under strict checks, so it is
 * for reading a few scalar fields only.
 */
import type { Item } from './store/store';

export interface Projection<R, K extends keyof R> {
  entity: string;
  fields: readonly K[];
  read(item: Item): Pick<R, K>;
}

/** `projection<UserRecord>()('User', ['id', 'role', 'active'])`. */
export function projection<R>() {
  return <const K extends keyof R & string>(
    entity: string,
    fields: readonly K[],
  ): Projection<R, K> => ({
    entity,
    fields,
    read(item) {
      const out: Partial<Pick<R, K>> = {};
      for (const field of fields) {
        if (item[field] !== undefined) out[field] = item[field] as R[K];
      }
      return out as Pick<R, K>;
    },
  });
}
