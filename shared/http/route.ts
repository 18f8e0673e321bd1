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
  /**
   * Another representation of the answer than JSON (a report as CSV), chosen from the answer
   * itself: undefined keeps JSON. The operation's output schema still checked the answer.
   */
  text?: (result: unknown) => TextAnswer | undefined;
}

/** A non-JSON answer body and its media type. */
export interface TextAnswer {
  contentType: string;
  body: string;
  fileName?: string;
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
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag: string;
  /** The answer's status: 200 unless the route only points elsewhere (404). */
  status?: 200 | 404;
  /** The answer's body (or a promise of it: a document whose data loads on demand). */
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
    text?: (result: unknown) => TextAnswer | undefined;
  },
): OperationRoute {
  return {
    ...(binding.text ? { text: binding.text } : {}),
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

export function fixed(
  def: Omit<StaticRoute, 'kind' | 'method'> & { method?: StaticRoute['method'] },
): StaticRoute {
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
  /**
   * The access-token keys (shared/auth/signing-keys.ts): `sign` reads the private key set (only
   * the `auth` group); `verify` reads the public set (the authorizer, MCP).
   */
  tokenKeys?: 'sign' | 'verify';
  events?: boolean;
  /**
   * It runs agent calls (shared/agents/run.ts), so it appends agent audit records. IAM refuses
   * that append to every function without it (lib/table-grants.ts).
   */
  writesAgentAudit?: boolean;
  /**
   * false: no operation of the group touches a patient's items, so on AWS it may not append
   * patient access records (shared/kernel/patient-access.ts) either. Every other function with
   * table access may, read-only ones included.
   */
  patientData?: boolean;
}

/** A function's own bundle budget (`npm run bundles`), where the default does not fit. */
export interface BundleBudget {
  budgetKb: number;
  /** It carries classic zod (the MCP SDK's own), not only zod/mini. */
  classicZod?: boolean;
  /** Why it needs more than the default: the budget and its reason are reviewed together. */
  reason: string;
}

export interface GroupDef {
  /** Function name (and construct id). */
  name: string;
  description: string;
  memoryMb: number;
  timeoutSeconds: number;
  permissions: Permissions;
  routes: readonly Route[];
  /**
   * The file that declares the group, `import.meta.url`: the group's function bundles that file
   * and what it imports (functions/rest/handler.ts, lib/bundling.ts), so declare a group in a file
   * of its own (a module's routes.ts).
   */
  source?: string;
  /**
   * A handler of its own, relative to the project root, for a group that is not served by the
   * operation caller (the pages, the discovery documents, A2A). Without one, the group is served
   * by the generic REST entry, functions/rest/handler.ts.
   */
  entry?: string;
  bundle?: BundleBudget;
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

/** The Lambda entry of every group without a handler of its own (bundled per group). */
export const REST_ENTRY = 'functions/rest/handler.ts';

/** Entry file of a group's function, relative to the project root. */
export function groupEntry(group: Pick<GroupDef, 'entry'>): string {
  return group.entry ?? REST_ENTRY;
}

function isGroup(value: unknown): value is GroupDef {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as GroupDef).name === 'string' &&
    Array.isArray((value as GroupDef).routes)
  );
}

/** The group of this name among a file's exports (the generic REST entry's choice). */
export function declaredGroup(exports: Readonly<Record<string, unknown>>, name: unknown): GroupDef {
  const group = Object.values(exports).find((v) => isGroup(v) && v.name === name);
  if (!group) throw new Error(`The bundled file declares no REST group named ${String(name)}`);
  return group as GroupDef;
}
