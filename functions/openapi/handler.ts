import '../../shared/kernel/stack-traces';
import { openapiGroup } from '../../shared/api/openapi';
import { createRestHandler } from '../../shared/http/rest-handler';

/**
 * The OpenAPI document's function. The document is generated from every route's schemas on the
 * first request; the modules are loaded then, not when the function starts (a chunk of their own
 * when bundled, lib/bundling.ts), so a cold start does not pay for every module.
 */
export const handler = createRestHandler(
  openapiGroup(async () => (await import('../../shared/api/index')).allRoutes()),
);
