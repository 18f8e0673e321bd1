/**
 * Zod builders whose messages name the field and its limits ("pulse must be between 20 and
 * 300"), so API clients get an actionable message without decoding issue paths.
 */
import * as z from './zod';

export function boundedNumber(
  field: string,
  min: number,
  max: number,
  options: { int?: boolean } = {},
) {
  const range = `${field} must be between ${min} and ${max}`;
  const base = z.number({
    error: (iss) =>
      iss.input === undefined
        ? `${field} is required`
        : `${field} must be a number (${min}–${max})`,
  });
  const checked = options.int
    ? base.check(z.int({ error: `${field} must be a whole number between ${min} and ${max}` }))
    : base;
  return checked.check(z.gte(min, { error: range }), z.lte(max, { error: range }));
}

/** Trimmed text; surrounding whitespace never counts towards the limits. */
export function boundedText(field: string, min: number, max: number) {
  const tooShort =
    min <= 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`;
  return z
    .string({
      error: (iss) =>
        iss.input === undefined ? `${field} is required` : `${field} must be a string`,
    })
    .check(
      z.trim(),
      z.minLength(min, { error: tooShort }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
    );
}

export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of: ${values.join(', ')}` });
}

/** Trimmed, non-empty text of at most `max` characters. */
export const nonEmpty = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'must not be empty'),
      z.maxLength(max, `must be at most ${max} characters`),
    );

/** An e-mail address, trimmed and lower-cased (addresses are compared case-insensitively). */
export const email = () =>
  z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'must be at most 254 characters')),
    z.email('must be a valid e-mail address'),
  );

/** A record id as the service issues them (UUIDs), or any similar token; never a path. */
export const idParam = () =>
  z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a valid id'));

/** True when some field other than `except` is set: a patch must change something. */
export function changesSomething(
  body: Record<string, unknown>,
  except: readonly string[],
): boolean {
  return Object.entries(body).some(([k, v]) => !except.includes(k) && v !== undefined);
}
