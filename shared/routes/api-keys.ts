import * as z from 'zod';
import { SCOPE_NAMES } from '../auth/scopes';
import { defineGroup, defineRoute } from '../http/route';
import { idParam, nonEmpty } from '../http/validation';
import { pageQuery } from '../table/pagination';

const ScopeSchema = z.enum(SCOPE_NAMES, {
  message: `must be a known scope (${SCOPE_NAMES.join(', ')})`,
});
// zod runs the length and uniqueness checks even when `scopes` is not an array (a string has a
// length too), which answered "expected string to have <=12 characters": only check arrays, and
// say what a wrong type should have been. A missing field keeps the default ("is required").
const onlyArrays = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };
const ScopesSchema = z
  .array(ScopeSchema, {
    error: (issue) =>
      issue.input === undefined
        ? undefined
        : `must be an array of scope names, e.g. ["patients:read"]; valid scopes: ${SCOPE_NAMES.join(', ')}`,
  })
  .min(1, { message: 'choose at least one scope', ...onlyArrays })
  .max(SCOPE_NAMES.length, { message: 'must not list more scopes than exist', ...onlyArrays })
  .refine((s) => new Set(s).size === s.length, {
    message: 'must not repeat a scope',
    ...onlyArrays,
  });
const KeyId = z.strictObject({ id: idParam() });

// Key management takes an ADMIN's user token: no `scope`, so an API key cannot mint keys.
export const apiKeysGroup = defineGroup({
  name: 'api-keys',
  description: 'API keys for integrations and agents',
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' },
  routes: {
    create: defineRoute({
      method: 'POST',
      path: '/api-keys',
      tag: 'API keys',
      summary: 'Create an API key; the svc_sk_ secret is returned only in this answer',
      access: { roles: [] },
      body: z.strictObject({
        name: nonEmpty(80),
        scopes: ScopesSchema,
      }),
      status: 201,
    }),
    list: defineRoute({
      method: 'GET',
      path: '/api-keys',
      tag: 'API keys',
      summary: 'List API keys (never their secrets)',
      access: { roles: [] },
      query: z.strictObject({ ...pageQuery }),
    }),
    revoke: defineRoute({
      method: 'POST',
      path: '/api-keys/{id}/revoke',
      tag: 'API keys',
      summary: 'Revoke an API key; it stops working at once',
      access: { roles: [], allowAfterTrial: true },
      params: KeyId,
    }),
    rotate: defineRoute({
      method: 'POST',
      path: '/api-keys/{id}/rotate',
      tag: 'API keys',
      summary: 'Replace the secret of an API key; the old secret stops working at once',
      access: { roles: [] },
      params: KeyId,
    }),
  },
});
