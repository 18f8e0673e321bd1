/** What the transports (the MCP function's authorization server, the consent operations) use. */
export {
  type AuthorizeOutcome,
  decideRequest,
  findRequest,
  GRANT_TYPES,
  registerClient,
  revokeGrant,
  revokeToken,
  type ServerIdentity,
  startAuthorization,
  tokenRequest,
} from './authorization';
export { OAuthError } from './errors';
export { LIFETIME_SECONDS } from './lifetimes';
export { RATE_LIMITS, spendRate } from './rate';
export { grantableScopes, scopesForRole } from './scopes';
