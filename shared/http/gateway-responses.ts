/**
 * Answers that API Gateway produces itself (before any function runs). Declared once: the CDK
 * stack installs them as gateway responses and the local runtime answers with the same bodies,
 * so even these carry `{statusCode, message, error}`.
 */
export const GATEWAY_RESPONSES = [
  { type: 'UNAUTHORIZED', statusCode: 401, error: 'Unauthorized', message: 'Authentication required: send Authorization: Bearer <access token or API key>' },
  { type: 'ACCESS_DENIED', statusCode: 403, error: 'Forbidden', message: 'Insufficient permissions' },
  { type: 'MISSING_AUTHENTICATION_TOKEN', statusCode: 404, error: 'Not Found', message: 'No such route; check the method and the path' },
  { type: 'THROTTLED', statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded; slow down and retry' },
  { type: 'QUOTA_EXCEEDED', statusCode: 429, error: 'Too Many Requests', message: 'Quota exceeded' },
  { type: 'BAD_REQUEST_BODY', statusCode: 400, error: 'Bad Request', message: 'Invalid request body' },
  { type: 'BAD_REQUEST_PARAMETERS', statusCode: 400, error: 'Bad Request', message: 'Invalid request parameters' },
  { type: 'REQUEST_TOO_LARGE', statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' },
  { type: 'AUTHORIZER_FAILURE', statusCode: 500, error: 'Internal Server Error', message: 'The authorizer failed; try again shortly' },
  { type: 'DEFAULT_5XX', statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
] as const;

export type GatewayResponseType = (typeof GATEWAY_RESPONSES)[number]['type'];

export function gatewayResponse(type: GatewayResponseType) {
  const r = GATEWAY_RESPONSES.find((g) => g.type === type)!;
  return { statusCode: r.statusCode, body: { statusCode: r.statusCode, message: r.message, error: r.error } };
}
