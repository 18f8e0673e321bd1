/**
 * Content-Security-Policy for the rendered pages. Every script and stylesheet is inline, so the
 * policy allows exactly those blocks by SHA-256 hash (no 'unsafe-inline') and nothing external.
 * Usage in the web handler: `headers['content-security-policy'] = contentSecurityPolicy(html)`.
 */
import { createHash } from 'node:crypto';

function hashes(html: string, tag: 'script' | 'style'): string[] {
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

export function contentSecurityPolicy(html: string): string {
  const scripts = hashes(html, 'script');
  const styles = hashes(html, 'style');
  return [
    "default-src 'none'",
    `script-src ${scripts.length ? scripts.join(' ') : "'none'"}`,
    `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
