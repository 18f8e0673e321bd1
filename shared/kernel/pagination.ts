/** The paging fields every list operation takes, and the shape every list answers. */
import * as z from 'zod';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** `limit` (1–100, default 20) and the opaque `cursor` of the previous page's `nextCursor`. */
export const pageFields = {
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be an integer')
    .min(1, `must be between 1 and ${MAX_LIMIT}`)
    .max(MAX_LIMIT, `must be between 1 and ${MAX_LIMIT}`)
    .default(DEFAULT_LIMIT),
  cursor: z.string().min(1, 'must not be empty').max(2048, 'is too long').optional(),
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
export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });
}
