import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { SCOPE_NAMES } from '../../kernel/scopes';
import { TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';

const ScopeSchema = z.enum(SCOPE_NAMES, {
  message: `must be a known scope (${SCOPE_NAMES.join(', ')})`,
});
// zod runs the length and uniqueness checks even when `scopes` is not an array (a string has a
// length too), which answered "expected string to have <=12 characters": only check arrays, and
// say what a wrong type should have been. A missing field keeps the default ("is required").
const onlyArrays = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };
export const ScopesSchema = z
  .array(ScopeSchema, {
    error: (issue) =>
      issue.input === undefined
        ? undefined
        : `must be an array of scope names, e.g. ["patients:read"]; valid scopes: ${SCOPE_NAMES.join(', ')}`,
  })
  .check(
    z.minLength(1, { message: 'choose at least one scope', ...onlyArrays }),
    z.maxLength(SCOPE_NAMES.length, {
      message: 'must not list more scopes than exist',
      ...onlyArrays,
    }),
    z.refine((s) => new Set(s).size === s.length, {
      message: 'must not repeat a scope',
      ...onlyArrays,
    }),
  );

/** An API key as the API answers it: never its hash, and its secret only when just issued. */
export const ApiKey = z.strictObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ScopeSchema),
  status: z.enum(['active', 'revoked']),
  /** `svc_sk_` and four characters: enough to tell keys apart. */
  prefix: z.string(),
  createdAt: TimestampSchema,
  createdBy: z.string(),
  rotatedAt: z.optional(TimestampSchema),
  revokedAt: z.optional(TimestampSchema),
  /** The last call made with the key (REST, MCP or A2A), to the minute; absent until the first. */
  lastUsedAt: z.optional(TimestampSchema),
});

export const IssuedApiKey = z.extend(ApiKey, { secret: z.string() });

export const CreateApiKeyInput = z.strictObject({ name: nonEmpty(80), scopes: ScopesSchema });
export const ListApiKeysInput = z.strictObject({ ...pageFields });
export const ApiKeyPage = pageOf(ApiKey);
export const KeyIdInput = z.strictObject({ id: idParam() });
