/** The paging fields every list operation takes, and the shape every list answers. */
import * as z from './zod';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** `limit` (1–100, default 20) and the opaque `cursor` of the previous page's `nextCursor`. */
export const pageFields = {
  limit: z._default(
    z.coerce
      .number({ message: 'must be a number' })
      .check(
        z.int('must be an integer'),
        z.gte(1, `must be between 1 and ${MAX_LIMIT}`),
        z.lte(MAX_LIMIT, `must be between 1 and ${MAX_LIMIT}`),
      ),
    DEFAULT_LIMIT,
  ),
  cursor: z.optional(
    z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(2048, 'is too long')),
  ),
};

export interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Output schema of a list: `{ items, nextCursor }`. */
export function pageOf<T extends z.ZodMiniType>(item: T) {
  return z.strictObject({ items: z.array(item), nextCursor: z.nullable(z.string()) });
}
