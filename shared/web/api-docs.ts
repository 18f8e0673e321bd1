/**
 * `/api/docs`: Swagger UI over `/.well-known/openapi.json`. A page of its own (not the product
 * shell): Swagger UI brings its stylesheet, and its same-origin init script reads the document's
 * URL from `data-spec` (under the mount prefix that `<html data-base>` carries).
 */
import { escapeHtml, PRODUCT_NAME } from './layout';
import { SWAGGER_UI_PATH } from './swagger-ui';

export const OPENAPI_PATH = '/.well-known/openapi.json';

export function renderApiDocs(opts: { scriptSrc: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>API reference · ${PRODUCT_NAME}</title>
<link rel="stylesheet" href="${SWAGGER_UI_PATH}/swagger-ui.css">
</head>
<body>
<main id="swagger-ui" data-spec="${OPENAPI_PATH}"></main>
<script src="${SWAGGER_UI_PATH}/swagger-ui-bundle.js" defer></script>
<script src="${escapeHtml(opts.scriptSrc)}" defer></script>
</body>
</html>
`;
}
