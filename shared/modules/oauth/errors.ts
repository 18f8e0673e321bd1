/**
 * Refusals in the OAuth error codes of the RFCs (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707 §2,
 * RFC 7009 §2.2.1), so an OAuth client reads them as such; the HTTP layer answers
 * `{ error, error_description }` with the status given here.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'access_denied'
  | 'unsupported_token_type'
  | 'slow_down';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : error === 'slow_down' ? 429 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  body() {
    return { error: this.error, error_description: this.description };
  }
}
