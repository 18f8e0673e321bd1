/**
 * Parsing input with zod into a transport-neutral `invalid` error: one issue per bad field, each
 * with the field's dotted path and a message saying what is expected. Transports phrase it
 * (REST: "Invalid body: name: is required"), but the issues are the same everywhere.
 */
import type * as z from 'zod';
import { Invalid } from './errors';

export interface Issue {
  /** Dotted path of the field; '' for the input as a whole (e.g. "give at least one field"). */
  field: string;
  message: string;
}

/** `name: is required; phone: must have 7 to 15 digits` (at most five). */
export function describeIssues(issues: readonly Issue[], root = 'input'): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.field || root}: ${i.message}`)
    .join('; ');
}

/** An `invalid` error about one field, for rules checked after parsing (they need the clock or data). */
export function invalidField(field: string, message: string): Invalid {
  return new Invalid(describeIssues([{ field, message }]), { issues: [{ field, message }] });
}

export function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    // zod's default for a missing field reads "expected string, received undefined".
    message:
      issue.code === 'invalid_type' && /received undefined$/.test(issue.message)
        ? 'is required'
        : issue.message,
  }));
}

/** The parsed value, or an `invalid` error whose issues name each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  throw new Invalid(describeIssues(issues), { issues });
}
