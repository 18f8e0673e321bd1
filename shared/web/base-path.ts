/**
 * Pages are written with root-relative links. On API Gateway's default URL the service lives under
 * the stage (`/prod/login`), so the web function rewrites links for the prefix it was reached
 * under (shared/edge/request.ts's basePathOf: links, form actions and the page's script), and the
 * page scripts read it from `<html data-base>`.
 */
export function withBasePath(html: string, base: string): string {
  if (!base) return html;
  return html
    .replace(/<html lang="en"/, `<html lang="en" data-base="${base}"`)
    .replace(/ (href|action|src)="\//g, ` $1="${base}/`);
}
