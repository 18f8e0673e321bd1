import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/kernel/roles';
import { SCOPES } from '../../../shared/kernel/scopes';
import { escapeHtml } from '../../../shared/web/layout';
import {
  contentSecurityPolicy,
  renderAdmin,
  renderGetStarted,
  renderHome,
  renderLogin,
  renderNotFound,
} from '../../../shared/web/pages';

const pages: Record<string, () => string> = {
  home: () => renderHome(),
  'get-started': () => renderGetStarted(),
  login: () => renderLogin(),
  admin: () => renderAdmin({ scopes: SCOPES }),
  'not-found': () => renderNotFound(),
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
  'not-found': ['main'],
};

function ids(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
}

function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => {
    expect(m[1]).not.toMatch(/type\s*=\s*["']?module/);
    expect(m[1]).not.toMatch(/\ssrc\s*=/);
    return m[2] ?? '';
  });
}

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
  });

  it('never writes HTML strings into the DOM', () => {
    expect(html).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  it('keeps markup free of inline handlers and style attributes (hash-based CSP)', () => {
    const markup = markupOnly(html);
    expect(markup).not.toMatch(/\son[a-z]+\s*=/i);
    expect(markup).not.toMatch(/\sstyle\s*=/i);
    expect(markup).not.toMatch(/javascript:/i);
  });

  it('embeds client scripts that compile', () => {
    for (const code of scripts(html)) {
      expect(() => new Function(code)).not.toThrow();
    }
  });

  it('gets a CSP that allows exactly its inline blocks', () => {
    const csp = contentSecurityPolicy(html);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("default-src 'none'");
    for (const code of scripts(html)) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    }
  });
});

describe('page specifics', () => {
  it('home links to Get started and Sign in', () => {
    const html = renderHome();
    expect(html).toContain('href="/get-started"');
    expect(html).toContain('href="/login"');
  });

  it('get-started has the form fields, optional password hint and a hidden confirmation', () => {
    const html = renderGetStarted();
    expect(html).toMatch(/<form id="get-started-form"/);
    expect(html).toMatch(/<button type="submit"[^>]*id="get-started-submit"/);
    expect(html).toMatch(/<section id="confirmation" hidden/);
    expect(html).toMatch(/<a [^>]*id="go-login" href="\/login"/);
    expect(html).toContain('Leave blank to generate a strong one');
    expect(html).toContain('shown only once');
    expect(html).toContain('Intl.DateTimeFormat().resolvedOptions().timeZone');
    expect(html).toContain("fetch(url('/tenants')");
  });

  it('login posts to /auth/login and stores hms.session', () => {
    const html = renderLogin();
    expect(html).toMatch(/<div id="login-error"[^>]*aria-live=/);
    expect(html).toContain("fetch(url('/auth/login')");
    expect(html).toContain("'hms.session'");
    expect(html).toContain("location.assign(url('/admin'))");
  });

  it('admin navigation uses the hash routes', () => {
    const html = renderAdmin({ scopes: SCOPES });
    expect(html).toMatch(/id="nav-overview" href="#\/overview"/);
    expect(html).toMatch(/id="nav-opd" href="#\/opd"/);
    expect(html).toMatch(/id="nav-users" href="#\/users"/);
    expect(html).toMatch(/id="nav-api-keys" href="#\/automation\/api-keys"/);
    expect(html).toContain('This secret is shown only once. Store it in your secret manager now.');
    expect(html).toContain("'x-tenant-id'");
    expect(html).toContain("window.location.replace(url('/login'))");
  });

  it('admin renders one checkbox per scope, labelled with its description, grouped by resource', () => {
    const html = renderAdmin({ scopes: SCOPES });
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
    const html = renderAdmin({ scopes: SCOPES });
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
