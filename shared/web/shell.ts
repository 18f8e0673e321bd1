/**
 * The app shell: every signed-in page is one document with the same header (hospital, signed-in
 * user, sign-out, the session warning), the same nav of areas and the page's own `<main>`. The
 * nav is derived from the pages the module manifests declare (shared/web/pages.generated.ts):
 * each entry carries the roles that may use it, and the shell's script
 * (shared/web/client/shell.ts) shows a signed-in user only their role's entries. Public pages
 * (home, sign-in, get started) keep the signed-out header.
 */
import { ROLE_LABELS, ROLES } from '../kernel/roles';
import { NAV_SECTIONS, type NavSection, type ShellPageInfo } from '../manifest/module';
import { icon } from './icons';
import { brandMark, escapeHtml, PRODUCT_NAME, renderDocument } from './layout';
import type { PageScripts } from './page-scripts';

/** The shell's own script (declared by the web platform's manifest, `pageScripts`). */
export const SHELL_SCRIPT = 'shell';

/** Shell-only styles (a second inline stylesheet, allowed by its hash like the first). */
export const SHELL_STYLES = `
.app-header { scroll-margin-top: 0; }
main[id="main"], main .card, main section { scroll-margin-top: 84px; }
html { scroll-padding-top: 84px; }
.shell-nav .nav-link .icon { flex: none; }
.shell-body { min-width: 0; }
.shell-body > main { max-width: 1320px; margin: 0; padding: 1.75rem 2rem 3rem; }
.session-warning { margin: 0; border-radius: 0; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
.session-warning form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
.shell-notice { margin: 1rem 1.25rem 0; }
.shell-nav-toggle { display: none; }
@media (max-width: 960px) {
  .shell-body > main { padding: 1.25rem; }
  .sidebar nav { flex-wrap: wrap; }
  .shell-nav .nav-list { display: flex; flex-wrap: wrap; gap: .25rem; }
  .sidebar { overflow-x: visible; }
}
@media (max-width: 640px) {
  .tenant-meta__name { max-width: 9rem; }
  .app-header__inner { padding: 0 .75rem; gap: .5rem; }
  .shell-nav-toggle { display: inline-flex; }
  .sidebar[data-collapsed="true"] .shell-nav { display: none; }
}
`;

export interface NavEntry {
  id: string;
  href: string;
  title: string;
  icon: ShellPageInfo['icon'];
  section: NavSection;
  roles: readonly string[];
  /** The page path it marks current (hash entries are marked by their page's script). */
  current?: string;
  /** For a hash entry, its page's path (on that page the link is the hash alone). */
  page?: string;
}

/** Every nav entry of the app's pages, grouped in NAV_SECTIONS order, manifest order within. */
export function navEntries(pages: readonly ShellPageInfo[]): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const p of pages) {
    if (p.layout !== 'app' || p.roles === 'public') continue;
    if (p.section !== 'none')
      entries.push({
        id: `nav-${p.name}`,
        href: p.path,
        title: p.title,
        icon: p.icon,
        section: p.section,
        roles: p.roles,
        current: p.path,
      });
    for (const n of p.nav)
      entries.push({
        id: n.id,
        href: `${p.path}${n.hash}`,
        title: n.title,
        icon: n.icon,
        section: n.section,
        roles: n.roles,
        page: p.path,
      });
  }
  return NAV_SECTIONS.flatMap((s) => entries.filter((e) => e.section === s));
}

function navMarkup(entries: readonly NavEntry[], path: string): string {
  const groups = NAV_SECTIONS.map((section) => {
    const items = entries.filter((e) => e.section === section);
    if (!items.length) return '';
    const gid = `navg-${section.toLowerCase().replace(/[^a-z]+/g, '-')}`;
    const links = items
      .map(
        (e) =>
          `<li data-roles="${e.roles.join(' ')}" hidden><a class="nav-link" id="${e.id}" href="${escapeHtml(e.page === path ? e.href.slice(path.length) : e.href)}"${e.current === path ? ' aria-current="page"' : ''}>${icon(e.icon)}<span>${escapeHtml(e.title)}</span></a></li>`,
      )
      .join('\n          ');
    return `<div class="nav-group" data-nav-group hidden>
        <p class="nav-group__title" id="${gid}">${escapeHtml(section)}</p>
        <ul class="nav-list" aria-labelledby="${gid}">
          ${links}
        </ul>
      </div>`;
  }).filter(Boolean);
  return groups.join('\n      ');
}

function header(): string {
  return `<header class="app-header">
  <div class="app-header__inner">
    <a class="brand" href="/admin" id="shell-home" aria-label="${PRODUCT_NAME} home">${brandMark(30)}<span class="brand__name">${PRODUCT_NAME}</span></a>
    <div class="tenant-meta">
      <span class="tenant-meta__name" id="tenant-name">Loading workspace…</span>
      <span class="badge badge-neutral trial-chip" id="trial-status" hidden></span>
    </div>
    <div class="user-meta">
      <div class="user-meta__text">
        <span class="user-meta__name" id="current-user-name"></span>
        <span class="user-meta__role" id="current-user-role"></span>
      </div>
      <span class="avatar" id="current-user-avatar" aria-hidden="true"></span>
      <button type="button" class="btn btn-secondary btn-sm" id="sign-out">Sign out</button>
    </div>
  </div>
  <div class="alert alert-warning session-warning" id="session-warning" role="alert" hidden>
    <span id="session-warning-text"></span>
    <form id="session-extend-form" novalidate>
      <label for="session-password">Password</label>
      <input type="password" id="session-password" autocomplete="current-password" required>
      <button type="submit" class="btn btn-primary btn-sm" id="session-extend">Stay signed in</button>
      <span id="session-extend-status" class="small" aria-live="polite"></span>
    </form>
  </div>
</header>`;
}

/**
 * A page inside the shell: the header, the nav (every entry hidden until the shell's script has
 * read the signed-in role) and the page's markup, which holds its `<main id="main">`.
 */
export function renderShellPage(
  page: ShellPageInfo,
  pages: readonly ShellPageInfo[],
  body: string,
  scripts: Pick<PageScripts, 'src'>,
): string {
  // The page's script first, then the shell's: each finds the whole document parsed (deferred),
  // and the shell's draft keeping starts once the page's script has built its forms.
  const scriptSrc = [
    ...(page.script ? [scripts.src(page.script)] : []),
    ...(page.layout === 'app' ? [scripts.src(SHELL_SCRIPT)] : []),
  ];
  if (page.layout === 'public')
    return renderDocument({ title: page.title, description: page.summary, body, scriptSrc });
  const roles = page.roles === 'public' ? '' : page.roles.join(' ');
  // Scrollable tables must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
  const markup = body.replace(
    /<div class="([^"]*\btable-wrap\b[^"]*)"(?![^>]*\btabindex=)/g,
    '<div class="$1" tabindex="0"',
  );
  return renderDocument({
    title: page.title,
    description: page.summary,
    scriptSrc,
    bodyClass: 'admin',
    body: `<style>${SHELL_STYLES}</style>
${header()}
<div class="app" id="shell" data-page="${escapeHtml(page.name)}" data-page-title="${escapeHtml(page.title)}" data-page-roles="${roles}" data-role-labels="${escapeHtml(ROLES.map((r) => `${r}=${ROLE_LABELS[r]}`).join(';'))}">
  <aside class="sidebar" id="shell-sidebar">
    <button type="button" class="btn btn-secondary btn-sm shell-nav-toggle" id="shell-nav-toggle" aria-controls="shell-nav" aria-expanded="true">Menu</button>
    <nav class="shell-nav" id="shell-nav" aria-label="Areas">
      ${navMarkup(navEntries(pages), page.path)}
    </nav>
  </aside>
  <div class="shell-body">
    <div class="alert alert-info shell-notice" id="shell-notice" role="status" hidden></div>
    ${markup}
  </div>
</div>`,
  });
}
