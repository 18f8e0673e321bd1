import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../lib/function-specs';
import { ROLES } from '../../../shared/kernel/roles';
import { SCOPES } from '../../../shared/kernel/scopes';
import { renderAdmin } from '../../../shared/web/admin';
import type { PageScript } from '../../../shared/web/assets';
import { escapeHtml } from '../../../shared/web/layout';
import { contentSecurityPolicy, renderNotFound, renderPage } from '../../../shared/web/pages';
import { builtPageScripts } from '../../support/page-scripts';

// The pages load their scripts as files: render them with the real build, as the web function does.
const { scripts: built } = await builtPageScripts();

// The declared pages as the web function renders them (shared/web/pages.ts).
const pages: Record<string, () => string> = {
  home: () => renderPage('home', built),
  'get-started': () => renderPage('get-started', built),
  login: () => renderPage('login', built),
  admin: () => renderPage('admin', built),
  'billing-desk': () => renderPage('billing-desk', built),
  'bed-board': () => renderPage('bed-board', built),
  diagnostics: () => renderPage('diagnostics', built),
  'front-desk': () => renderPage('front-desk', built),
  'not-found': () => renderNotFound(),
};

/**
 * The scripts each page loads, in order (pages not listed load none): its own, then, inside the
 * app shell, the shell's.
 */
const PAGE_SCRIPT: Record<string, PageScript[]> = {
  'get-started': ['get-started'],
  login: ['login'],
  admin: ['admin', 'shell'],
  'billing-desk': ['billing-desk', 'shell'],
  'bed-board': ['bed-board', 'shell'],
  diagnostics: ['diagnostics', 'shell'],
  'front-desk': ['front-desk', 'shell'],
};

const REQUIRED_IDS: Record<string, string[]> = {
  home: ['main'],
  'get-started': [
    'get-started-form',
    'hospitalName',
    'slug',
    'adminName',
    'adminEmail',
    'adminPassword',
    'timezone',
    'get-started-submit',
    'get-started-error',
    'slug-error',
    'confirmation',
    'cred-email',
    'cred-password',
    'cred-tenant-id',
    'go-login',
  ],
  login: ['login-form', 'email', 'password', 'login-submit', 'login-error'],
  admin: [
    'nav-overview',
    'nav-opd',
    'nav-users',
    'nav-api-keys',
    'sign-out',
    'tenant-name',
    'trial-status',
    'overview-section',
    'opd-section',
    'opd-doctor',
    'opd-date',
    'opd-refresh',
    'opd-appointments',
    'opd-queue',
    'users-section',
    'users-table',
    'user-form',
    'api-keys-section',
    'api-keys-table',
    'api-key-form',
    'api-key-name',
    'api-key-submit',
    'api-key-secret',
    'api-key-secret-value',
    'api-key-copy',
  ],
  'billing-desk': [
    'main',
    'dash-chart',
    'dash-billed-today',
    'dash-outstanding',
    'bill-list',
    'invoice',
    'invoice-lines',
    'invoice-payments',
    'payment-form',
    'pay-method',
    'pay-amount',
    'pay-submit',
    'pay-status',
  ],
  'not-found': ['main'],
};

function ids(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
}

/** The src of every script tag; each must be a classic script file with nothing inline. */
function scriptSrcs(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => {
    expect(m[1]).not.toMatch(/type\s*=\s*["']?module/);
    expect(m[2], 'inline script').toBe('');
    const src = /\ssrc="([^"]+)"/.exec(m[1] ?? '')?.[1];
    expect(src, `script without src: ${m[0]}`).toBeDefined();
    return src ?? '';
  });
}

/** The code of the scripts a page loads, as the web function serves it. */
function scripts(html: string): string[] {
  return scriptSrcs(html).map((src) => {
    const body = built.body(src.replace(/^\/assets\//, ''));
    expect(body, `${src} is served`).toBeDefined();
    return body ?? '';
  });
}

/** A client module's source (shared/web/client/…). */
const clientSource = (file: string) =>
  readFileSync(join(PROJECT_ROOT, 'shared/web/client', file), 'utf8');

function markupOnly(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
}

describe.each(Object.entries(pages))('%s page', (name, render) => {
  const html = render();

  it('is a complete HTML document', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<meta charset="utf-8">/);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
    expect(html).toMatch(/<title>[^<]+ · CareGrid HMS<\/title>/);
    expect(html).toMatch(/<main id="main"/);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain('CareGrid HMS');
  });

  it('has the required element ids, each exactly once', () => {
    const all = ids(html);
    for (const id of REQUIRED_IDS[name] ?? []) expect(all, `#${id}`).toContain(id);
    const duplicates = all.filter((id, i) => all.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it('binds every label to an existing control and every control to a label', () => {
    const all = new Set(ids(html));
    const labelled = new Set([...html.matchAll(/<label[^>]*\sfor="([^"]+)"/g)].map((m) => m[1]));
    for (const target of labelled) expect(all.has(target ?? ''), `label for=${target}`).toBe(true);
    const controls = [...markupOnly(html).matchAll(/<(input|select|textarea)\b([^>]*)>/g)];
    for (const [, , attrs = ''] of controls) {
      if (/type="hidden"/.test(attrs)) continue;
      const id = /\sid="([^"]+)"/.exec(attrs)?.[1];
      expect(id, `control without id: ${attrs}`).toBeDefined();
      expect(labelled.has(id) || /aria-label="/.test(attrs), `control #${id} has a label`).toBe(
        true,
      );
    }
  });

  it('references no external URL (offline, no CDN)', () => {
    const refs = [
      ...html.matchAll(/\s(?:src|href|action|srcset|poster|data)\s*=\s*["']?([^"'\s>]*)/g),
    ].map((m) => m[1] ?? '');
    for (const ref of refs) {
      expect(ref, ref).not.toMatch(/^(?:https?:)?\/\//i);
    }
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/@import|<link[^>]+rel="stylesheet"/i);
    for (const src of scriptSrcs(html)) expect(src).toMatch(/^\/(?!\/)/);
    for (const code of scripts(html)) {
      expect(code).not.toMatch(/https?:\/\//i);
      expect(code).not.toMatch(/\bimport\s*\(|importScripts/);
    }
  });

  it('never writes HTML strings into the DOM', () => {
    expect(html).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    for (const code of scripts(html))
      expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  it('keeps markup free of inline handlers and style attributes (hash-based CSP)', () => {
    const markup = markupOnly(html);
    expect(markup).not.toMatch(/\son[a-z]+\s*=/i);
    expect(markup).not.toMatch(/\sstyle\s*=/i);
    expect(markup).not.toMatch(/javascript:/i);
  });

  it('loads exactly its own built script, which compiles', () => {
    const page = PAGE_SCRIPT[name];
    expect(scriptSrcs(html)).toEqual(page ? page.map((s) => built.src(s)) : []);
    for (const code of scripts(html)) {
      expect(() => new Function(code)).not.toThrow();
    }
  });

  it('gets a CSP that allows its own script file and exactly its inline styles', () => {
    const csp = contentSecurityPolicy(html);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${PAGE_SCRIPT[name] ? "'self'" : "'none'"};`);
    for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
    }
  });
});

describe('page specifics', () => {
  it('the workspace outpatients table names who may check in, mark a no-show or cancel', () => {
    // appointments.setStatus: the front desk roles, and ADMIN (not a clinical decision).
    expect(pages.admin!()).toMatch(
      /<table [^>]*id="opd-appointments"[^>]*data-action-roles="ADMIN RECEPTIONIST NURSE DOCTOR"/,
    );
  });

  it('home links to Get started and Sign in', () => {
    const html = pages.home!();
    expect(html).toContain('href="/get-started"');
    expect(html).toContain('href="/login"');
  });

  it('get-started has the form fields, optional password hint and a hidden confirmation', () => {
    const html = pages['get-started']!();
    expect(html).toMatch(/<form id="get-started-form"/);
    expect(html).toMatch(/<button type="submit"[^>]*id="get-started-submit"/);
    expect(html).toMatch(/<section id="confirmation" hidden/);
    expect(html).toMatch(/<a [^>]*id="go-login" href="\/login"/);
    expect(html).toContain('Leave blank to generate a strong one');
    expect(html).toContain('shown only once');
    const [code] = scripts(html);
    expect(code).toContain('Intl.DateTimeFormat().resolvedOptions().timeZone');
    expect(code).toMatch(/["']\/tenants["']/);
    expect(clientSource('get-started.ts')).toContain(
      'Intl.DateTimeFormat().resolvedOptions().timeZone',
    );
    expect(clientSource('get-started.ts')).toContain("fetch(url('/tenants')");
  });

  it('login posts to /auth/login and stores hms.session', () => {
    const html = pages.login!();
    expect(html).toMatch(/<div id="login-error"[^>]*aria-live=/);
    const [code] = scripts(html);
    expect(code).toMatch(/["']\/auth\/login["']/);
    expect(code).toMatch(/["']hms\.session["']/);
    expect(code).toMatch(/location\.assign\(/);
    expect(code).toMatch(/["']\/admin["']/);
    expect(clientSource('login.ts')).toContain("fetch(url('/auth/login')");
    expect(clientSource('common/storage.ts')).toContain("'hms.session'");
    // Back to the page that asked for the sign-in (`?next=`), else the workspace.
    expect(clientSource('login.ts')).toContain(
      'location.assign(url(nextPath(window.location.search)))',
    );
    expect(clientSource('common/storage.ts')).toContain(": '/admin'");
  });

  it('admin navigation uses the hash routes', () => {
    const html = pages.admin!();
    expect(html).toMatch(/id="nav-overview" href="#\/overview"/);
    expect(html).toMatch(/id="nav-opd" href="#\/opd"/);
    expect(html).toMatch(/id="nav-users" href="#\/users"/);
    expect(html).toMatch(/id="nav-api-keys" href="#\/automation\/api-keys"/);
    expect(html).toContain('This secret is shown only once. Store it in your secret manager now.');
    const [code] = scripts(html);
    expect(code).toMatch(/["']x-tenant-id["']/);
    expect(code).toMatch(/location\.replace\(/);
    expect(code).toMatch(/["']\/login["']/);
    expect(clientSource('admin/api.ts')).toContain("'x-tenant-id'");
    expect(clientSource('admin.ts')).toContain("window.location.replace(url('/login'))");
  });

  it('admin renders one checkbox per scope, labelled with its description, grouped by resource', () => {
    const html = pages.admin!();
    const boxes = [
      ...html.matchAll(/<input type="checkbox" id="([^"]+)" name="scope" value="([^"]+)">/g),
    ];
    expect(boxes.map((m) => m[2])).toEqual(Object.keys(SCOPES));
    for (const [scope, description] of Object.entries(SCOPES)) {
      expect(html).toContain(escapeHtml(description));
      expect(html).toContain(`value="${scope}"`);
    }
    for (const prefix of new Set(Object.keys(SCOPES).map((s) => s.split(':')[0]))) {
      expect(html).toContain(`data-scope-group="${prefix}"`);
    }
  });

  it('admin renders whatever catalogue it is given, escaped', () => {
    const html = renderAdmin({
      scopes: { 'x:read': 'Read <x> & "y"', 'x:write': 'Write x', 'zeta:run': 'Run' },
    });
    expect([...html.matchAll(/name="scope"/g)]).toHaveLength(3);
    expect(html).toContain('Read &lt;x&gt; &amp; &quot;y&quot;');
    expect(html).not.toContain('Read <x>');
  });

  it('admin offers every staff role', () => {
    const html = pages.admin!();
    for (const role of ROLES) expect(html).toContain(`<option value="${role}"`);
  });

  it('not-found links home', () => {
    const html = renderNotFound();
    expect(html).toContain('Page not found');
    expect(html).toContain('href="/"');
  });
});

describe('escapeHtml', () => {
  it('escapes markup-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
