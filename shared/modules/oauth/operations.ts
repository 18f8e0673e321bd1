import { defineOperation } from '../../kernel/operation';
import { decide, describeRequest, disconnect, listGrants } from './consent';
import {
  ConsentRequest,
  Decision,
  DecisionInput,
  Grant,
  GrantIdInput,
  GrantPage,
  ListGrantsInput,
  RequestIdInput,
} from './schemas';

// Every signed-in person may let an agent act for them within their role; no API key may (no
// `scope`): a key cannot hand out access, and an agent's own token never reaches these routes.

export const consentRequest = defineOperation({
  name: 'oauth.consentRequest',
  summary: 'What a pending agent authorization asks for (the consent page reads it)',
  input: RequestIdInput,
  output: ConsentRequest,
  access: { roles: 'any', allowAfterTrial: true },
  kind: 'read',
  idempotent: true,
  handler: describeRequest,
});

export const decideConsent = defineOperation({
  name: 'oauth.decide',
  summary: 'Allow (with the chosen scopes) or deny a pending agent authorization',
  input: DecisionInput,
  output: Decision,
  access: { roles: 'any', allowAfterTrial: true },
  kind: 'write',
  // Decided once by a conditional delete: a repeat answers 404, never a second code.
  idempotent: true,
  handler: decide,
});

export const grants = defineOperation({
  name: 'oauth.grants',
  summary: 'Connected agents: your grants (every grant of the hospital for an ADMIN)',
  input: ListGrantsInput,
  output: GrantPage,
  access: { roles: 'any', allowAfterTrial: true },
  kind: 'read',
  idempotent: true,
  handler: listGrants,
});

export const disconnectGrant = defineOperation({
  name: 'oauth.disconnect',
  summary: 'Disconnect an agent: its access and refresh tokens stop at once',
  input: GrantIdInput,
  output: Grant,
  access: { roles: 'any', allowAfterTrial: true },
  kind: 'write',
  idempotent: true,
  handler: disconnect,
});
