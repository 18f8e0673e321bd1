/**
 * Answers that API Gateway produces itself (before any function runs, or when one fails).
 * Declared once: the CDK stack installs them as gateway responses and the local runtime answers
 * with the same bodies, so even these carry `{statusCode, message, error}`.
 *
 * Every response type API Gateway defines is listed with its own status. The two fallbacks,
 * DEFAULT_4XX and DEFAULT_5XX, only serve a type AWS might add later (and, for DEFAULT_5XX, a
 * crashed or timed-out function behind a proxy integration). Their status is fixed too (400 and
 * 500): a gateway response template is plain variable substitution, not VTL logic, and the
 * variables documented for it (the error's type and message) do not include the status, so a
 * response that kept "whatever status it was" could not put the same number in its body. Fixing
 * it keeps the body's statusCode equal to the HTTP status.
 */
export const GATEWAY_RESPONSES = [
  {
    type: 'UNAUTHORIZED',
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Authentication required: send Authorization: Bearer <access token or API key>',
  },
  {
    type: 'ACCESS_DENIED',
    statusCode: 403,
    error: 'Forbidden',
    message: 'Insufficient permissions',
  },
  // The WAF's managed rules block with this response (its own rate rule answers 429 itself, lib/waf.ts).
  {
    type: 'WAF_FILTERED',
    statusCode: 403,
    error: 'Forbidden',
    message: 'Request blocked by the web application firewall',
  },
  // Not used by this API (no SigV4, no API Gateway API keys), listed so that even these answer JSON.
  {
    type: 'EXPIRED_TOKEN',
    statusCode: 403,
    error: 'Forbidden',
    message: 'The request credential has expired',
  },
  {
    type: 'INVALID_SIGNATURE',
    statusCode: 403,
    error: 'Forbidden',
    message: 'Invalid request signature',
  },
  {
    type: 'INVALID_API_KEY',
    statusCode: 403,
    error: 'Forbidden',
    message: 'Invalid x-api-key; this API takes its keys as Authorization: Bearer svc_sk_...',
  },
  // API Gateway answers an unknown route with this type (403 by default); a 404 says what happened.
  {
    type: 'MISSING_AUTHENTICATION_TOKEN',
    statusCode: 404,
    error: 'Not Found',
    message: 'No such route; check the method and the path',
  },
  {
    type: 'RESOURCE_NOT_FOUND',
    statusCode: 404,
    error: 'Not Found',
    message: 'Resource not found',
  },
  {
    type: 'THROTTLED',
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Rate limit exceeded; slow down and retry',
  },
  {
    type: 'QUOTA_EXCEEDED',
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Quota exceeded',
  },
  {
    type: 'BAD_REQUEST_BODY',
    statusCode: 400,
    error: 'Bad Request',
    message: 'Invalid request body',
  },
  {
    type: 'BAD_REQUEST_PARAMETERS',
    statusCode: 400,
    error: 'Bad Request',
    message: 'Invalid request parameters',
  },
  {
    type: 'REQUEST_TOO_LARGE',
    statusCode: 413,
    error: 'Payload Too Large',
    message: 'Request body is too large',
  },
  {
    type: 'UNSUPPORTED_MEDIA_TYPE',
    statusCode: 415,
    error: 'Unsupported Media Type',
    message: 'Unsupported content type; send application/json',
  },
  {
    type: 'AUTHORIZER_FAILURE',
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'The authorizer failed; try again shortly',
  },
  {
    type: 'AUTHORIZER_CONFIGURATION_ERROR',
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'The authorizer could not be reached; try again shortly',
  },
  {
    type: 'API_CONFIGURATION_ERROR',
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'Internal server error',
  },
  {
    type: 'INTEGRATION_FAILURE',
    statusCode: 504,
    error: 'Gateway Timeout',
    message: 'The service did not answer; try again shortly',
  },
  {
    type: 'INTEGRATION_TIMEOUT',
    statusCode: 504,
    error: 'Gateway Timeout',
    message: 'The service took too long to answer; try again shortly',
  },
  {
    type: 'DEFAULT_4XX',
    statusCode: 400,
    error: 'Bad Request',
    message: 'Request refused by API Gateway',
  },
  {
    type: 'DEFAULT_5XX',
    statusCode: 500,
    error: 'Internal Server Error',
    message: 'Internal server error',
  },
] as const;

export type GatewayResponseType = (typeof GATEWAY_RESPONSES)[number]['type'];

export function gatewayResponse(type: GatewayResponseType) {
  const r = GATEWAY_RESPONSES.find((g) => g.type === type)!;
  return {
    statusCode: r.statusCode,
    body: { statusCode: r.statusCode, message: r.message, error: r.error },
  };
}
