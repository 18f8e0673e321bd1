import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import type { ManifestRoute } from '../../shared/api/index';
import { localMethodArn } from './policy';

/** A route template compiled to a matcher; static segments win over parameters, as on API Gateway. */
export interface CompiledRoute {
  route: ManifestRoute;
  regex: RegExp;
  paramNames: string[];
  specificity: number;
}

export function compileRoutes(routes: ManifestRoute[]): CompiledRoute[] {
  return routes
    .map((route) => {
      const paramNames: string[] = [];
      const pattern = route.path
        .split('/')
        .map((seg) => {
          const m = /^\{(\w+)\}$/.exec(seg);
          if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          paramNames.push(m[1]!);
          return '([^/]+)';
        })
        .join('/');
      return {
        route,
        regex: new RegExp(`^${pattern}/?$`),
        paramNames,
        specificity: paramNames.length,
      };
    })
    .sort((a, b) => a.specificity - b.specificity);
}

export function matchRoute(compiled: CompiledRoute[], method: string, path: string) {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(c.paramNames.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    } catch {
      // Malformed percent-encoding: the caller's mistake, answered 400 by the server.
      return { route: undefined, params: {}, pathMatched: true, malformed: true };
    }
    return { route: c.route, params, pathMatched, malformed: false };
  }
  return { route: undefined, params: {}, pathMatched, malformed: false };
}

export interface IncomingRequest {
  method: string;
  /** The resource path (without any stage prefix). */
  path: string;
  /** The path as the client sent it, stage prefix included (API Gateway's requestContext.path). */
  stagePath?: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  sourceIp: string;
}

/**
 * As API Gateway builds them: the last value of each name, and every value. Built from entries, so
 * a name like `__proto__` or `constructor` is an own property like any other (a plain object's
 * inherited members made such names answer 500).
 */
function queryMaps(query: URLSearchParams) {
  const multi = new Map<string, string[]>();
  for (const [k, v] of query) multi.set(k, [...(multi.get(k) ?? []), v]);
  if (multi.size === 0) return { single: null, multi: null };
  return {
    single: Object.fromEntries([...multi].map(([k, values]) => [k, values[values.length - 1]!])),
    multi: Object.fromEntries(multi),
  };
}

/** As API Gateway builds it: the method ARN holds the request's actual path, not the route template. */
export function authorizerEvent(
  req: IncomingRequest,
  route: ManifestRoute,
  requestId: string,
  stage = 'local',
): APIGatewayRequestAuthorizerEvent {
  const { single, multi } = queryMaps(req.query);
  return {
    type: 'REQUEST',
    methodArn: localMethodArn(stage, route.method, req.path),
    resource: route.path,
    path: req.path,
    httpMethod: route.method,
    headers: req.headers,
    multiValueHeaders: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, [v]])),
    pathParameters: null,
    queryStringParameters: single,
    multiValueQueryStringParameters: multi,
    stageVariables: null,
    requestContext: {
      requestId,
      stage,
      path: req.stagePath ?? req.path,
    } as APIGatewayRequestAuthorizerEvent['requestContext'],
  };
}

export function proxyEvent(
  req: IncomingRequest,
  route: ManifestRoute,
  params: Record<string, string>,
  requestId: string,
  authorizer: Record<string, unknown> | null,
): APIGatewayProxyEvent {
  const { single, multi } = queryMaps(req.query);
  return {
    resource: route.path,
    path: req.path,
    httpMethod: route.method,
    headers: req.headers,
    multiValueHeaders: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: single,
    multiValueQueryStringParameters: multi,
    pathParameters: Object.keys(params).length ? params : null,
    stageVariables: null,
    body: req.body === '' ? null : req.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer,
      httpMethod: route.method,
      path: req.stagePath ?? req.path,
      protocol: 'HTTP/1.1',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: route.path,
      stage: 'local',
      identity: { sourceIp: req.sourceIp } as APIGatewayProxyEvent['requestContext']['identity'],
    },
  };
}

export function lambdaContext(functionName: string, timeoutSeconds: number): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
