import * as z from 'zod';
import { BadRequest } from './errors';

/** Turns a zod failure into a 400 whose message names each bad field. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: 'body' | 'query' | 'path',
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join('.') : where;
    // zod's default for a missing field reads "expected string, received undefined".
    const message =
      issue.code === 'invalid_type' && /received undefined$/.test(issue.message)
        ? 'is required'
        : issue.message;
    return { field, message };
  });
  const message = issues
    .slice(0, 5)
    .map((i) => (i.field === where ? `${where}: ${i.message}` : `${i.field}: ${i.message}`))
    .join('; ');
  throw new BadRequest(`Invalid ${where}: ${message}`, { issues });
}

/** A JSON body that does not parse is a 400, not a 500. */
export function parseJsonBody(raw: string | null | undefined, isBase64Encoded = false): unknown {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const text = isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequest('Request body is not valid JSON');
  }
}

// Reusable field schemas with messages that say what is expected.
export const nonEmpty = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
export const email = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be a valid e-mail address'));
export const idParam = () => z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a valid id');
