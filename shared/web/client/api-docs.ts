/**
 * `/api/docs`: starts Swagger UI (loaded before this script from `/api/docs/swagger-ui-bundle.js`)
 * on the OpenAPI document named by `data-spec`. BaseLayout, not StandaloneLayout: the latter
 * injects an inline `<style>` the page's CSP refuses. "Authorize" offers the document's security
 * schemes: a user token with `x-tenant-id`, or an API key.
 */
import { $ } from './common/dom';
import { url } from './common/http';

interface SwaggerUiBundle {
  (options: Record<string, unknown>): unknown;
  presets: { apis: unknown };
}
declare const SwaggerUIBundle: SwaggerUiBundle;

const root = $('swagger-ui');
SwaggerUIBundle({
  url: url(root.dataset.spec ?? '/.well-known/openapi.json'),
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: false,
  tryItOutEnabled: false,
  // Tags start folded, with a filter box: the API has well over a hundred operations, and
  // Swagger UI 5 stops rendering operations past about 120 open at once (measured in Chromium:
  // it falls back to the first tag), so a reader opens the tags they need.
  docExpansion: 'none',
  filter: true,
});
