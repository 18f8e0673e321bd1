/**
 * REST bindings. A route binds an operation to a method and a path and says how the request forms
 * the operation's input; a page route serves HTML. A group is one Lambda function: its routes and
 * what the function may touch. API Gateway, the in-function router, the local runtime, the docs,
 * the OpenAPI document and the access tests are all generated from these declarations.
 */
import {
  IDEMPOTENCY_KEY_FIELD,
  IDEMPOTENCY_KEY_HEADER,
  takesIdempotencyKey,
} from '../kernel/idempotency';
import type { AnyOperation } from '../kernel/operation';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a request's body forms the input, besides its path parameters (which always become input
 * fields of the same name): `fields` spreads a JSON object's fields into the input (the default
 * for POST, PUT and PATCH); `{ field }` puts the whole body under one input field (a PUT of a
 * document, e.g. a weekly schedule). GET and DELETE take their query parameters as fields.
 */
export type BodyBinding = 'fields' | { field: string };

export interface OperationRoute {
  kind: 'operation';
  op: AnyOperation;
  method: HttpMethod;
  /** API Gateway style template, e.g. `/patients/{id}`. */
  path: string;
  /** Success status; 200 unless given (201 for creations). */
  status: number;
  body: BodyBinding | null;
  /** Docs and OpenAPI grouping. */
  tag: string;
  /** Request headers that become input fields: lower-case header name → field (e.g. Idempotency-Key). */
  headers: Readonly<Record<string, string>>;
}

/** An HTML page; it calls no operation (its script calls the API with the signed-in session). */
export interface PageRoute {
  kind: 'page';
  name: string;
  method: 'GET';
  path: string;
  summary: string;
  tag: string;
  render: (basePath: string) => string;
}

/** A file a page loads (its script), named by a path parameter; public, served as is. */
export interface AssetRoute {
  kind: 'asset';
  name: string;
  method: 'GET';
  /** Ends in `{name}`: the file name. */
  path: string;
  summary: string;
  tag: string;
  /** The file's content, or undefined for a name that serves nothing (404). */
  serve: (fileName: string) => string | undefined;
  /**
   * How long browsers may keep a file: `immutable` (a year) for content-hashed names, or seconds
   * for files whose names do not change with their content (a vendored library). Default immutable.
   */
  cache?: 'immutable' | number;
}

/** What a fixed answer may depend on: where the service was reached (discovery documents). */
export interface StaticRequest {
  /** Scheme, host and mount prefix of the request, e.g. `https://api.example/prod`. */
  baseUrl: string;
}

/**
 * A JSON answer that needs no operation and no table (the liveness check, the agent discovery
 * documents); public.
 */
export interface StaticRoute {
  kind: 'static';
  name: string;
  method: 'GET';
  path: string;
  summary: string;
  tag: string;
  body: (request: StaticRequest) => unknown;
}

/**
 * A JSON-RPC endpoint (A2A): one POST path behind the authorizer, like an operation route, but the
 * group's function speaks the protocol itself (shared/a2a/) and calls operations through the agent
 * catalogue, so no single operation is bound to it.
 */
export interface RpcRoute {
  kind: 'rpc';
  name: string;
  method: 'POST';
  path: string;
  summary: string;
  tag: string;
}

export type Route = OperationRoute | PageRoute | AssetRoute | StaticRoute | RpcRoute;

const takesBody = (method: HttpMethod) =>
  method === 'POST' || method === 'PUT' || method === 'PATCH';

export function route(
  op: AnyOperation,
  binding: {
    method: HttpMethod;
    path: string;
    tag: string;
    status?: number;
    body?: BodyBinding;
    headers?: Readonly<Record<string, string>>;
  },
): OperationRoute {
  return {
    kind: 'operation',
    op,
    method: binding.method,
    path: binding.path,
    status: binding.status ?? 200,
    body: takesBody(binding.method) ? (binding.body ?? 'fields') : null,
    tag: binding.tag,
    headers: Object.fromEntries(
      Object.entries({
        // Every POST that a retry could repeat takes an Idempotency-Key (kernel/idempotency.ts).
        ...(binding.method === 'POST' && takesIdempotencyKey(op)
          ? { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_FIELD }
          : {}),
        ...binding.headers,
      }).map(([name, field]) => [name.toLowerCase(), field]),
    ),
  };
}

export function page(def: Omit<PageRoute, 'kind' | 'method'>): PageRoute {
  return { kind: 'page', method: 'GET', ...def };
}

export function asset(def: Omit<AssetRoute, 'kind' | 'method'>): AssetRoute {
  return { kind: 'asset', method: 'GET', ...def };
}

export function fixed(def: Omit<StaticRoute, 'kind' | 'method'>): StaticRoute {
  return { kind: 'static', method: 'GET', ...def };
}

export function rpc(def: Omit<RpcRoute, 'kind' | 'method'>): RpcRoute {
  return { kind: 'rpc', method: 'POST', ...def };
}

const KIND_PREFIX = { page: 'pages', asset: 'assets', static: 'system', rpc: 'rpc' } as const;

/** The route's operation name (`patients.register`), or `pages.login`, `assets.pageScript`, `system.health`. */
export function routeName(r: Route): string {
  return r.kind === 'operation' ? r.op.name : `${KIND_PREFIX[r.kind]}.${r.name}`;
}

export function routeSummary(r: Route): string {
  return r.kind === 'operation' ? r.op.summary : r.summary;
}

export function isPublicRoute(r: Route): boolean {
  if (r.kind === 'operation') return r.op.access.public === true;
  return r.kind !== 'rpc';
}

/** Path parameter names of a template: `/doctors/{id}/availability` → `['id']`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** What a function may touch; the CDK stack turns it into least-privilege grants. */
export interface Permissions {
  table: 'none' | 'read' | 'readwrite';
  jwtSecret?: boolean;
  events?: boolean;
}

export interface GroupDef {
  /** Function name, also the folder under functions/. */
  name: string;
  description: string;
  memoryMb: number;
  timeoutSeconds: number;
  permissions: Permissions;
  routes: readonly Route[];
}

/** What most groups need: declared once, so a group states only where it differs. */
export const GROUP_DEFAULTS = {
  memoryMb: 512,
  timeoutSeconds: 10,
  permissions: { table: 'readwrite' } as Permissions,
} as const;

export function defineGroup(
  def: Pick<GroupDef, 'name' | 'description' | 'routes'> &
    Partial<Omit<GroupDef, 'name' | 'description' | 'routes'>>,
): GroupDef {
  return { ...GROUP_DEFAULTS, ...def };
}

/** Entry file of a group's function, relative to the project root. */
export function groupEntry(group: Pick<GroupDef, 'name'>): string {
  return `functions/${group.name}/handler.ts`;
}
