/**
 * The operation half of the REST transport: an API Gateway event through the edge pipeline
 * (shared/edge/pipeline.ts) to an operation. It checks the content type (JSON only), builds the
 * context from the authorizer's verified principal (with the tenant-header rule), decides access,
 * then forms the input from path, query and body and calls the operation. Functions that serve
 * operations compose it into their handler (functions/<group>/handler.ts); the web function, which
 * serves only pages, does not, and so bundles neither the store nor zod.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { contextFor } from '../edge/context';
import { spendFairShare } from '../edge/fair-share';
import { statusAnswer } from '../edge/http';
import { invokeAtEdge } from '../edge/invoke';
import type { Edge } from '../edge/pipeline';
import { isJsonContentType, jsonOnlyMessage, lowerHeaders } from '../edge/request';
import { strictChecks } from '../kernel/config';
import { toAppError } from '../kernel/errors';
import { Stores } from '../kernel/store/store';
import { json } from './respond';
import { formInput, MalformedRequest, parseJsonBody, restInvalid } from './rest-input';
import type { OperationRoute } from './route';

/** Names the operation whose output schema checked the answer (strict checks only: tests, local runs). */
export const OUTPUT_CHECKED_HEADER = 'x-hms-output-checked';

/** Calls a route's operation for one request at the edge, with the table access it brings. */
export type OperationCaller = ((
  route: OperationRoute,
  event: APIGatewayProxyEvent,
  edge: Edge,
) => Promise<APIGatewayProxyResult>) & { stores: () => Stores };

/** The caller every operation-serving function composes into its REST handler. */
export function restOperations(): OperationCaller {
  const call = async (route: OperationRoute, event: APIGatewayProxyEvent, edge: Edge) => {
    const headers = lowerHeaders(event.headers);
    const hasBody = event.body !== null && event.body !== undefined && event.body !== '';
    // JSON only: a cross-site form or text/plain post cannot reach an operation (docs/decisions.md).
    if (hasBody && !isJsonContentType(headers['content-type']))
      return statusAnswer(415, jsonOnlyMessage(headers['content-type']));
    const ctx = contextFor(
      route.op.access.public === true,
      edge.principal,
      headers['x-tenant-id'],
      edge.base(),
    );
    // The hospital's and the API key's own share of the stage's rate, before any work.
    if (edge.principal) await spendFairShare(edge.stores, edge.principal, edge.now);
    // Access first; then the input, whose own errors are already phrased for REST (the request
    // itself is malformed) and are thrown as they are.
    const result = await invokeAtEdge(edge, route.op, ctx, () =>
      formInput(route, {
        params: (event.pathParameters as Record<string, string> | null) ?? {},
        query: (event.queryStringParameters as Record<string, string> | null) ?? {},
        body: route.body === null ? undefined : parseJsonBody(event.body, event.isBase64Encoded),
        headers,
      }),
    ).catch((err: unknown) => {
      const appError = toAppError(err);
      throw appError.code === 'invalid' && !(appError instanceof MalformedRequest)
        ? restInvalid(route, appError)
        : appError;
    });
    // Under strict checks the answer was parsed against the operation's output schema; saying so
    // lets the test client require it of every answer the integration suite receives.
    const checked: Record<string, string> = strictChecks()
      ? { [OUTPUT_CHECKED_HEADER]: route.op.name }
      : {};
    const text = route.text?.(result);
    if (text) {
      const answer = json(route.status, null, checked);
      return {
        ...answer,
        headers: {
          ...answer.headers,
          'content-type': text.contentType,
          ...(text.fileName
            ? { 'content-disposition': `attachment; filename="${text.fileName}"` }
            : {}),
        },
        body: text.body,
      };
    }
    return json(route.status, result, checked);
  };
  return Object.assign(call, { stores: () => new Stores() });
}
