/**
 * Page shell for the web function: the HTML document, the shared stylesheet and the brand mark.
 * The stylesheet, icons and favicon are inlined (no fonts or images by URL); the page's script is
 * a same-origin file served by the web function. Nothing comes from another origin, so pages work
 * offline.
 */
import { STYLES } from './styles';

export const PRODUCT_NAME = 'CareGrid HMS';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Inline brand mark (a cross inside a rounded square). Decorative: hidden from assistive tech. */
export function brandMark(size = 32): string {
  return `<svg class="brand-mark" width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#ffffff"/></svg>`;
}

/** Favicon as a base64 data URI (keeps the page free of external URLs and of a /favicon.ico hit). */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff"/></svg>';
const FAVICON_HREF = `data:image/svg+xml;base64,${Buffer.from(FAVICON_SVG, 'utf8').toString('base64')}`;

export interface DocumentOptions {
  /** Page title; the product name is appended. */
  title: string;
  description?: string;
  /** Body markup (already escaped). */
  body: string;
  /**
   * Root-relative URL(s) of the page's script files (from shared/web/page-scripts.ts), run in
   * this order; no inline scripts.
   */
  scriptSrc?: string | readonly string[];
  bodyClass?: string;
}

/** Options of a page that has a script. */
export interface ScriptedPageOptions {
  /** URL of the page's built script: `PageScripts.src(<page>)` from ./page-scripts. */
  scriptSrc: string;
}

export function renderDocument(opts: DocumentOptions): string {
  const description =
    opts.description ?? `${PRODUCT_NAME} — hospital management for modern care teams.`;
  const srcs = opts.scriptSrc === undefined ? [] : [opts.scriptSrc].flat();
  for (const src of srcs)
    if (!/^\/(?!\/)[A-Za-z0-9._/-]+$/.test(src))
      throw new Error(`Page script must be a root-relative path, not ${src}`);
  // Deferred: the script looks elements up by id, so it runs once the whole page is parsed
  // (deferred scripts run in document order: the shell's before the page's).
  const script = srcs.map((src) => `\n<script src="${src}" defer></script>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${escapeHtml(description)}">
<meta name="color-scheme" content="light">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(opts.title)} · ${PRODUCT_NAME}</title>
<link rel="icon" href="${FAVICON_HREF}">
<style>
${STYLES}
</style>
</head>
<body${opts.bodyClass ? ` class="${escapeHtml(opts.bodyClass)}"` : ''}>
<a class="skip-link" href="#main">Skip to main content</a>
${opts.body}${script}
</body>
</html>
`;
}

export type PublicNavItem = 'home' | 'get-started' | 'login' | 'none';

/** Header for the public (signed-out) pages. */
export function publicHeader(active: PublicNavItem): string {
  const link = (item: PublicNavItem, href: string, label: string, cls: string): string =>
    `<a class="${cls}" href="${href}"${active === item ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<header class="site-header">
  <div class="container site-header__inner">
    <a class="brand" href="/" aria-label="${PRODUCT_NAME} home">${brandMark()}<span class="brand__name">${PRODUCT_NAME}</span></a>
    <nav class="site-nav" aria-label="Primary">
      ${link('login', '/login', 'Sign in', 'btn btn-ghost')}
      ${link('get-started', '/get-started', 'Get started', 'btn btn-primary')}
    </nav>
  </div>
</header>`;
}

export function siteFooter(): string {
  return `<footer class="site-footer">
  <div class="container site-footer__inner">
    <span>&copy; ${PRODUCT_NAME}</span>
    <span class="muted">Secure, multi-tenant hospital operations.</span>
  </div>
</footer>`;
}

/** Small inline icons (decorative). */
export const ICONS = {
  check:
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor"/></svg>',
  warning:
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z" fill="currentColor"/></svg>',
  info: '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z" fill="currentColor"/></svg>',
  stethoscope:
    '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M19 8a3 3 0 0 0-1 5.83V15a4 4 0 0 1-8 0v-.1A6 6 0 0 0 15 9V3h-3v2h1v4a4 4 0 0 1-8 0V5h1V3H3v6a6 6 0 0 0 5 5.9v.1a6 6 0 0 0 12 0v-1.17A3 3 0 0 0 19 8zm0 4a1 1 0 1 1 0-2 1 1 0 0 1 0 2z" fill="currentColor"/></svg>',
  users:
    '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5C15 14.17 10.33 13 8 13zm8 0c-.29 0-.62.02-.97.05A4.22 4.22 0 0 1 17 16.5V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z" fill="currentColor"/></svg>',
  key: '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M12.65 10A6 6 0 1 0 12.65 14H17v4h4v-4h2v-4H12.65zM7 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4z" fill="currentColor"/></svg>',
  shield:
    '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4zm-2 16-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9l-8 8z" fill="currentColor"/></svg>',
  home: '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M10 20v-6h4v6h5v-8h3L12 3 2 12h3v8z" fill="currentColor"/></svg>',
  calendar:
    '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 16H5V9h14v11zM7 11h5v5H7z" fill="currentColor"/></svg>',
} as const;

/** A labelled value shown once (a generated password, an e-mail) with a copy button. */
export function credentialRow(opts: { id: string; label: string; statusId: string }): string {
  const { id, label, statusId } = opts;
  return `<div class="cred-row">
  <span class="label" id="${id}-label">${label}</span>
  <div class="secret-box">
    <code class="secret-value" id="${id}" aria-labelledby="${id}-label"></code>
    <button type="button" class="btn btn-secondary btn-sm" data-copy-target="${id}" data-copy-label="${label}" data-copy-status="${statusId}">Copy<span class="visually-hidden"> ${label.toLowerCase()}</span></button>
  </div>
</div>`;
}
