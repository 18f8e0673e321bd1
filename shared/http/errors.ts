/**
 * The REST mapping of the transport-neutral errors: the HTTP status and `{statusCode, message,
 * error}` body every way in over HTTP shares (shared/edge/http.ts), with `invalid` input phrased
 * by where the field was sent (rest-input.ts's restInvalid, applied by the operation caller).
 */
import type { APIGatewayProxyResult } from 'aws-lambda';
import { errorAnswer } from '../edge/http';
import { toAppError } from '../kernel/errors';

/** The one place a thrown value becomes a REST answer: `{statusCode, message, error}`. */
export function errorResponse(err: unknown, requestId: string): APIGatewayProxyResult {
  return errorAnswer(toAppError(err), requestId);
}
