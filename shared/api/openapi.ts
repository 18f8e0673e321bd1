import { defineGroup, fixed, type Route } from '../http/route';
import { INTERFACE_VERSION } from '../kernel/version';
import { openApiDocument } from '../openapi/document';
import { OPENAPI_PATH } from '../web/api-docs';

/** The API's name and version as the document states them (the spec's current version). */
export const API_INFO = {
  title: 'Hospital Management Service API',
  version: INTERFACE_VERSION,
  description:
    'Multi-tenant hospital management: tenants, staff, API keys, patients, doctors, appointments and the queue, OPD encounters. Authenticate with a user token (`POST /auth/login`) and `x-tenant-id`, or with an API key (`svc_sk_…`). Errors are `{statusCode, message, error}`.',
} as const;

/** Every route to document, or a promise of them (the function loads the modules on demand). */
export type RouteSource = () => readonly Route[] | Promise<readonly Route[]>;

/**
 * The document of these routes, built on the first request (once per container: the manifest
 * does not change at run time), with `servers` naming the prefix each request came under, so
 * "Try it out" reaches the API under a stage.
 */
export function openApiServer(
  routes: RouteSource,
): (request: { baseUrl: string }) => Promise<Record<string, unknown>> {
  let document: Promise<Record<string, unknown>> | undefined;
  return async ({ baseUrl }) => {
    // Root-relative, so the document also serves whoever reached it by another host name.
    const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
    document ??= Promise.resolve(routes()).then((r) => openApiDocument(r, API_INFO));
    return { ...(await document), servers: [{ url: basePath || '/' }] };
  };
}

/**
 * The OpenAPI document of the whole manifest. Its own function: it bundles every operation's
 * schemas (the document is generated from them), which the pages' function should not carry.
 * The manifest (./index) creates this group, handing it its own route list, so the two files do
 * not import each other.
 */
export const openapiGroup = (routes: RouteSource) =>
  defineGroup({
    name: 'openapi',
    entry: 'functions/openapi/handler.ts',
    description: 'The OpenAPI 3.1 document of the REST API, generated from the operations',
    memoryMb: 512,
    timeoutSeconds: 10,
    permissions: { table: 'none' },
    routes: [
      fixed({
        name: 'openapi',
        path: OPENAPI_PATH,
        tag: 'Discovery',
        summary: 'OpenAPI 3.1 document of every REST route (generated from the operations)',
        body: openApiServer(routes),
      }),
    ],
  });
