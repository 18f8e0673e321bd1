import { defineOperation } from '../../kernel/operation';
import {
  ApiKey,
  ApiKeyPage,
  CreateApiKeyInput,
  IssuedApiKey,
  KeyIdInput,
  ListApiKeysInput,
} from './schemas';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './service';

// Key management takes an ADMIN's user token: no `scope`, so an API key cannot mint keys.

export const create = defineOperation({
  name: 'api-keys.create',
  summary: 'Create an API key; the svc_sk_ secret is returned only in this answer',
  input: CreateApiKeyInput,
  output: IssuedApiKey,
  access: { roles: [] },
  kind: 'write',
  idempotent: false,
  handler: createApiKey,
});

export const list = defineOperation({
  name: 'api-keys.list',
  summary: 'List API keys (never their secrets)',
  input: ListApiKeysInput,
  output: ApiKeyPage,
  access: { roles: [] },
  kind: 'read',
  idempotent: true,
  handler: listApiKeys,
});

export const revoke = defineOperation({
  name: 'api-keys.revoke',
  summary: 'Revoke an API key; it stops working at once',
  input: KeyIdInput,
  output: ApiKey,
  access: { roles: [], allowAfterTrial: true },
  kind: 'write',
  idempotent: false,
  handler: revokeApiKey,
});

export const rotate = defineOperation({
  name: 'api-keys.rotate',
  summary: 'Replace the secret of an API key; the old secret stops working at once',
  input: KeyIdInput,
  output: IssuedApiKey,
  access: { roles: [] },
  kind: 'write',
  idempotent: false,
  handler: rotateApiKey,
});
