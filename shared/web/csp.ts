/**
 * Content-Security-Policy for the rendered pages. Stylesheets are inline and allowed by SHA-256
 * hash (no 'unsafe-inline'), or a same-origin file ('self') on a page that links one (the API
 * docs); scripts are same-origin files (`/assets/<name>.<hash>.js`, see
 * ./assets.ts), allowed by 'self' on pages that load one and refused everywhere else. Nothing
 * external, no inline script, no eval.
 * Usage in the web handler: `headers['content-security-policy'] = contentSecurityPolicy(html)`.
 */
import { createHash } from 'node:crypto';

function inlineHashes(html: string, tag: 'style'): string[] {
  const re = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g');
  const out: string[] = [];
  for (const match of html.matchAll(re)) {
    out.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return out;
}

/** True when the page loads a script file from its own origin (a root-relative src). */
export function loadsScriptFile(html: string): boolean {
  return /<script src="\/(?!\/)[^"]*"/.test(html);
}

/** True when the page links a stylesheet from its own origin (Swagger UI's). */
export function linksStylesheet(html: string): boolean {
  return /<link rel="stylesheet" href="\/(?!\/)[^"]*"/.test(html);
}

export function contentSecurityPolicy(html: string): string {
  const styles = [...(linksStylesheet(html) ? ["'self'"] : []), ...inlineHashes(html, 'style')];
  return [
    "default-src 'none'",
    `script-src ${loadsScriptFile(html) ? "'self'" : "'none'"}`,
    `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
