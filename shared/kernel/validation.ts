/**
 * Parsing input with zod into a transport-neutral `invalid` error: one issue per bad field, each
 * with the field's dotted path and a message saying what is expected. Transports phrase it
 * (REST: "Invalid body: name: is required"), but the issues are the same everywhere.
 */
import { Invalid } from './errors';
import type * as z from './zod';

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

export function issuesOf(error: z.core.$ZodError): Issue[] {
  return error.issues.flatMap((issue): Issue[] => {
    const path = issue.path.map(String);
    // An unknown field is named as the field (zod reports it on the object holding it), with
    // zod's default wording replaced; a schema's own message for it is kept.
    if (issue.code === 'unrecognized_keys') {
      const message = /^Unrecognized keys?: /.test(issue.message)
        ? 'is not a known field'
        : issue.message;
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message }));
    }
    // A field that takes one of several forms (e.g. a map or a list): when the value has the form
    // of exactly one of them, that form's issues name the fields; zod says only "Invalid input".
    if (issue.code === 'invalid_union' && issue.errors?.length) {
      const fitting = issue.errors.filter(
        (branch) => !branch.some((i) => i.code === 'invalid_type' && i.path.length === 0),
      );
      if (fitting.length === 1)
        return issuesOf({
          issues: fitting[0]!.map((i) => ({ ...i, path: [...path, ...i.path] })),
        } as z.core.$ZodError);
    }
    // zod's default for a missing field reads "expected string, received undefined".
    const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
    return [{ field: path.join('.'), message: missing ? 'is required' : issue.message }];
  });
}

/** The parsed value, or an `invalid` error whose issues name each bad field. */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  throw new Invalid(describeIssues(issues), { issues });
}
