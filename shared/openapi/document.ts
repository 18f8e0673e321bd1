/**
 * The OpenAPI 3.1 document of the REST API, generated from the route manifest: every route of
 * every group, and for operation routes their parameters, request body and answers from the
 * operation's zod schemas (JSON Schema draft 2020-12, which OpenAPI 3.1 uses as its schema
 * dialect). Nothing is written by hand, so the document cannot drift from what the functions
 * validate. The error answers are the one `{statusCode, message, error}` body of every status.
 */
import { STATUS_OF, statusName } from '../edge/http';
import {
  type OperationRoute,
  pathParams,
  type Route,
  routeName,
  routeSummary,
} from '../http/route';
import { allowedRoles, keysMayUse } from '../kernel/access';
import {
  IDEMPOTENCY_KEY_DESCRIPTION,
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyField,
  takesIdempotencyKey,
} from '../kernel/idempotency';
import type { AnyOperation } from '../kernel/operation';
import * as z from '../kernel/zod';

type Schema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
}

/** Security scheme names, also what Swagger UI's "Authorize" dialog lists. */
export const SECURITY_SCHEMES = {
  bearerJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'A staff user\'s access token from `POST /auth/login`; send `x-tenant-id` (the "tenantId" scheme) with it.',
  },
  tenantId: {
    type: 'apiKey',
    in: 'header',
    name: 'x-tenant-id',
    description: "The hospital's tenant id; required with a user token, optional with an API key.",
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'svc_sk_…',
    description:
      'An API key created in the dashboard (starts with `svc_sk_`); its scopes decide what it may call.',
  },
} as const;

/** Either a user token with the tenant header, or an API key. */
const PROTECTED_SECURITY = [{ bearerJwt: [], tenantId: [] }, { apiKey: [] }];

const ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['statusCode', 'message', 'error'],
  properties: {
    statusCode: { type: 'integer', description: 'The HTTP status, repeated' },
    message: { type: 'string', description: 'What went wrong, naming the field or operation' },
    error: { type: 'string', description: 'The status name, e.g. "Bad Request"' },
  },
  description:
    'Every error answer. Some carry extra fields (e.g. `issues` for invalid input, `allowed` next states for a refused transition).',
};

/** What each error status means here, for its response description. */
const ERROR_MEANING: Readonly<Record<number, string>> = {
  400: 'Invalid input: the message names the field and where it was sent (body, query, path)',
  401: 'No credential, or one that does not verify',
  403: 'The credential may not call this operation (role or scope), or x-tenant-id names another tenant',
  404: 'No such resource in this tenant (another tenant\'s ids are "not found" too)',
  409: 'The current state refuses the request (taken slot, forbidden transition, duplicate)',
  415: 'The body is not JSON (Content-Type must be application/json)',
  429: 'Too many requests; see the Retry-After header',
  500: 'Internal error; the message quotes the request id',
  503: 'A dependency is unavailable; retry later',
};

/** Component names must match `^[a-zA-Z0-9.\-_]+$`. */
const componentName = (opName: string, part: 'Input' | 'Output' | 'Body') =>
  `${opName.replace(/[^A-Za-z0-9._-]/g, '_')}.${part}`;

/** zod's JSON Schema without the document-level keywords OpenAPI's components must not repeat. */
export function toSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Schema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Schema;
  delete out.$schema;
  delete out.$id;
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

interface Built {
  paths: Record<string, Record<string, Schema>>;
  schemas: Record<string, Schema>;
}

function errorResponses(statuses: readonly number[]): Record<string, Schema> {
  return Object.fromEntries(
    statuses.map((s) => [String(s), { $ref: `#/components/responses/E${s}` }]),
  );
}

function operationStatuses(route: OperationRoute): number[] {
  const statuses = new Set<number>([400, 429, 500]);
  if (!route.op.access.public) for (const s of [401, 403]) statuses.add(s);
  if (pathParams(route.path).length) statuses.add(404);
  if (route.op.kind === 'write') statuses.add(STATUS_OF.conflict);
  if (route.body !== null) statuses.add(415);
  return [...statuses].sort((a, b) => a - b);
}

function operationObject(route: OperationRoute, built: Built): Schema {
  const op: AnyOperation = route.op;
  const input = toSchema(op.input, 'input');
  const props = (input.properties ?? {}) as Record<string, Schema>;
  const required = new Set((input.required as string[] | undefined) ?? []);
  const inPath = pathParams(route.path);
  // Fields the route takes from request headers: header parameters, never body or query fields.
  const headerFields = new Map(Object.entries(route.headers).map(([name, field]) => [field, name]));
  const keyField = toSchema(IdempotencyKeyField, 'input').properties as Record<string, Schema>;

  const parameters: Schema[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[name] ?? { type: 'string' },
  }));
  for (const [field, header] of headerFields) {
    const isKey = field === IDEMPOTENCY_KEY_FIELD;
    parameters.push({
      name: isKey ? IDEMPOTENCY_KEY_HEADER : header,
      in: 'header',
      required: required.has(field),
      schema: (isKey ? keyField[field] : props[field]) ?? { type: 'string' },
      ...(isKey ? { description: IDEMPOTENCY_KEY_DESCRIPTION } : {}),
    });
    delete props[field];
    required.delete(field);
  }
  let requestBody: Schema | undefined;
  if (route.body === null) {
    for (const [name, schema] of Object.entries(props)) {
      if (inPath.includes(name)) continue;
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  } else if (route.body === 'fields' && !input.properties) {
    // A union of input shapes (e.g. an encounter from an appointment or a walk-in): the body is it.
    const name = componentName(op.name, 'Body');
    built.schemas[name] = input;
    requestBody = { required: true, content: { 'application/json': { schema: ref(name) } } };
  } else if (route.body === 'fields') {
    const bodyProps = Object.fromEntries(
      Object.entries(props).filter(([name]) => !inPath.includes(name)),
    );
    const body: Schema = { ...input, properties: bodyProps };
    const bodyRequired = [...required].filter((name) => !inPath.includes(name));
    if (bodyRequired.length) body.required = bodyRequired;
    else delete body.required;
    const name = componentName(op.name, 'Body');
    built.schemas[name] = body;
    requestBody = {
      required: bodyRequired.length > 0,
      content: { 'application/json': { schema: ref(name) } },
    };
  } else {
    const name = componentName(op.name, 'Body');
    built.schemas[name] = props[route.body.field] ?? {};
    requestBody = {
      required: required.has(route.body.field),
      content: { 'application/json': { schema: ref(name) } },
    };
  }

  const outputName = componentName(op.name, 'Output');
  built.schemas[outputName] = toSchema(op.output, 'output');
  const access = op.access;
  const who = access.public
    ? 'Public.'
    : `Roles: ${access.roles === 'any' ? 'any signed-in user' : allowedRoles(access).join(', ')}; API key scope: ${keysMayUse(access) ? access.scope : 'none (keys are refused)'}.`;

  return {
    operationId: op.name,
    summary: op.summary,
    description: `${who} ${op.kind === 'read' ? 'Read' : 'Write'}${op.idempotent ? ', idempotent (safe to retry)' : takesIdempotencyKey(op) ? `, not idempotent: send an ${IDEMPOTENCY_KEY_HEADER} to retry it safely` : ''}.`,
    tags: [route.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.status)]:
        route.status === 204
          ? { description: statusName(route.status) }
          : {
              description: 'Success',
              content: { 'application/json': { schema: ref(outputName) } },
            },
      ...errorResponses(operationStatuses(route)),
    },
    security: access.public ? [] : PROTECTED_SECURITY,
  };
}

/** The JSON-RPC endpoint: any JSON-RPC 2.0 request in, a JSON-RPC response out (errors in the body). */
function rpcObject(r: Extract<Route, { kind: 'rpc' }>): Schema {
  const envelope = {
    type: 'object',
    required: ['jsonrpc', 'method'],
    properties: {
      jsonrpc: { const: '2.0' },
      method: { type: 'string' },
      id: { type: ['string', 'integer', 'null'] },
      params: { type: 'object' },
    },
  };
  return {
    operationId: routeName(r),
    summary: r.summary,
    description:
      'JSON-RPC 2.0. Methods: tasks/send (A2A 0.1), message/send, tasks/get, tasks/cancel (0.3), SendMessage, GetTask, ListTasks, CancelTask (1.0). JSON-RPC errors are answered with HTTP 200 and an `error` member; HTTP errors are only for the transport (credentials, content type).',
    tags: [r.tag],
    requestBody: { required: true, content: { 'application/json': { schema: envelope } } },
    responses: {
      '200': {
        description: 'A JSON-RPC response: `result` or `error`',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['jsonrpc'],
              properties: {
                jsonrpc: { const: '2.0' },
                id: { type: ['string', 'integer', 'null'] },
                result: {},
                error: {
                  type: 'object',
                  required: ['code', 'message'],
                  properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
                },
              },
            },
          },
        },
      },
      ...errorResponses([401, 403, 415, 429, 500]),
    },
    security: PROTECTED_SECURITY,
  };
}

function plainObject(r: Exclude<Route, OperationRoute | { kind: 'rpc' }>): Schema {
  const contentType =
    r.kind === 'page'
      ? 'text/html'
      : r.kind === 'static'
        ? 'application/json'
        : 'application/octet-stream';
  return {
    operationId: routeName(r),
    summary: routeSummary(r),
    tags: [r.tag],
    ...(r.kind === 'asset'
      ? {
          parameters: pathParams(r.path).map((name) => ({
            name,
            in: 'path',
            required: true,
            schema: { type: 'string' },
          })),
        }
      : {}),
    responses: {
      ...(r.kind === 'static' && r.status === 404
        ? {
            '404': {
              description: 'Not here: the answer points to where it is',
              content: { [contentType]: { schema: {} } },
            },
          }
        : { '200': { description: 'Success', content: { [contentType]: { schema: {} } } } }),
      ...(r.kind === 'asset' ? errorResponses([404]) : {}),
    },
    security: [],
  };
}

/** The document for these routes; `serverUrl` is where the API is mounted (its stage prefix). */
export function openApiDocument(
  routes: readonly Route[],
  info: OpenApiInfo,
  serverUrl = '/',
): Schema {
  const built: Built = { paths: {}, schemas: { Error: ERROR_SCHEMA } };
  for (const r of routes) {
    built.paths[r.path] ??= {};
    built.paths[r.path]![r.method.toLowerCase()] =
      r.kind === 'operation'
        ? operationObject(r, built)
        : r.kind === 'rpc'
          ? rpcObject(r)
          : plainObject(r);
  }
  const statuses = Object.keys(ERROR_MEANING).map(Number);
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: serverUrl }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths: built.paths,
    components: {
      schemas: built.schemas,
      responses: Object.fromEntries(
        statuses.map((s) => [
          `E${s}`,
          {
            description: `${statusName(s)}: ${ERROR_MEANING[s]}`,
            ...(s === 429
              ? {
                  headers: {
                    'Retry-After': {
                      description: 'Seconds to wait before retrying',
                      schema: { type: 'integer' },
                    },
                  },
                }
              : {}),
            content: { 'application/json': { schema: ref('Error') } },
          },
        ]),
      ),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
