/**
 * Pages are written with root-relative links. On API Gateway's default URL the service lives under
 * the stage (`/prod/login`), so the web function rewrites links for the prefix it was reached
 * under (links, form actions and the page's script), and the page scripts read it from
 * `<html data-base>`.
 */
const SAFE_PREFIX = /^(\/[A-Za-z0-9_-]+)*$/;

/** The mount prefix: API Gateway's `requestContext.path` is the request path with the stage in front. */
export function basePathOf(requestPath: string | undefined, resourcePath: string): string {
  if (!requestPath?.endsWith(resourcePath)) return '';
  const prefix = requestPath.slice(0, requestPath.length - resourcePath.length).replace(/\/$/, '');
  return SAFE_PREFIX.test(prefix) ? prefix : '';
}

export function withBasePath(html: string, base: string): string {
  if (!base) return html;
  return html
    .replace(/<html lang="en"/, `<html lang="en" data-base="${base}"`)
    .replace(/ (href|action|src)="\//g, ` $1="${base}/`);
}
