import { describe, expect, it } from 'vitest';
import { restInvalid } from '../../../shared/http/rest-input';
import type { OperationRoute } from '../../../shared/http/route';
import type { AppError } from '../../../shared/kernel/errors';
import { SCOPE_NAMES } from '../../../shared/kernel/scopes';
import { parseOrThrow } from '../../../shared/kernel/validation';
import { apiKeysGroup } from '../../../shared/modules/api-keys/routes';

// The operation behind POST /api-keys, and the message a REST caller reads for its input.
const route = apiKeysGroup.routes.find(
  (r) => r.kind === 'operation' && r.op.name === 'api-keys.create',
) as OperationRoute;
const messageFor = (value: unknown) => {
  try {
    parseOrThrow(route.op.input, value);
  } catch (err) {
    return restInvalid(route, err as AppError).message;
  }
  return 'accepted';
};

describe('POST /api-keys scopes', () => {
  it.each([['patients:read'], [42], [{ 'patients:read': true }], [null]])(
    '%j instead of an array: says it must be an array of scope names, and nothing else',
    (scopes) => {
      const message = messageFor({ name: 'k', scopes });
      expect(message).toBe(
        `Invalid body: scopes: must be an array of scope names, e.g. ["patients:read"]; valid scopes: ${SCOPE_NAMES.join(', ')}`,
      );
    },
  );

  it('a missing list is required; an empty, repeated or unknown one says why', () => {
    expect(messageFor({ name: 'k' })).toBe('Invalid body: scopes: is required');
    expect(messageFor({ name: 'k', scopes: [] })).toMatch(/scopes: choose at least one scope$/);
    expect(messageFor({ name: 'k', scopes: ['patients:read', 'patients:read'] })).toMatch(
      /scopes: must not repeat a scope$/,
    );
    expect(messageFor({ name: 'k', scopes: ['root:all'] })).toMatch(
      /scopes\.0: must be a known scope/,
    );
    expect(messageFor({ name: 'k', scopes: [...SCOPE_NAMES, SCOPE_NAMES[0]] })).toMatch(
      /must not list more scopes than exist/,
    );
    expect(messageFor({ name: 'k', scopes: ['patients:read'] })).toBe('accepted');
  });
});
