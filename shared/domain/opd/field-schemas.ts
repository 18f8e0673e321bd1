/**
 * Zod builders whose messages name the field and its limits ("pulse must be between 20 and
 * 300"), so API clients get an actionable message without decoding issue paths.
 */
import * as z from 'zod';

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
    ? base.int({ error: `${field} must be a whole number between ${min} and ${max}` })
    : base;
  return checked.min(min, { error: range }).max(max, { error: range });
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
    .trim()
    .min(min, { error: tooShort })
    .max(max, { error: `${field} must be at most ${max} characters` });
}

export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of: ${values.join(', ')}` });
}
