/**
 * The passages `support-query` searches, cut from the service's own documentation at build time
 * (`npm run docs`): every section of docs/*.md (a heading and its text, up to the next heading),
 * one passage per route (from the route declarations, the rows of docs/routes.md) and one per agent
 * capability (the tools and skills of docs/agents.md). Each passage links to its doc and heading
 * anchor, and a route's passage names the route, its operation and the tools that call it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { CapabilityInfo } from '../agents/capability';
import { actionTypesOf, agentInfosOf, routesOf } from '../manifest/derive';
import type { ModuleManifest } from '../manifest/module';
import type { Passage } from '../modules/support/index';

export type { Passage };

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown to searchable words: code blocks, link targets, tables' pipes and emphasis dropped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_|>#]/g, ' ')
    .replace(/-{3,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const MAX_TEXT = 1000;
const TOOL_TEXT = 400;

/** One passage per section (`#`, `##`, `###`) of a markdown document. */
export function sectionsOf(path: string, markdown: string): Omit<Passage, 'id'>[] {
  const out: Omit<Passage, 'id'>[] = [];
  const seen = new Map<string, number>();
  let title = '';
  let anchor = '';
  let body: string[] = [];
  let inCode = false;
  const flush = () => {
    const text = plainText(body.join('\n')).slice(0, MAX_TEXT);
    if (title && text) out.push({ title, link: `${path}#${anchor}`, text, kind: 'doc' });
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const heading = inCode ? null : /^(#{1,3})\s+(.*)$/.exec(line);
    if (!heading) {
      body.push(line);
      continue;
    }
    flush();
    title = plainText(heading[2]!);
    const base = anchorOf(heading[2]!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchor = n ? `${base}-${n}` : base;
    body = [];
  }
  flush();
  return out;
}

/** The hand-written docs (the generated routes and agents documents come from their declarations). */
const GENERATED = new Set([
  'routes.md',
  'agents.md',
  'state-machines.md',
  'modules.md',
  'benchmarks.md',
]);

export function docPassages(dir = 'docs'): Omit<Passage, 'id'>[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && !GENERATED.has(f))
    .sort()
    .flatMap((f) => sectionsOf(`${dir}/${f}`, readFileSync(`${dir}/${f}`, 'utf8')));
}

/**
 * One passage per operation route: its summary and operation (what docs/routes.md's table says),
 * linked to its section there, with the tools that call its operation. The section's field tables
 * and role lists are left out: they match every question and would weigh the index down.
 */
export function routePassages(
  modules: readonly ModuleManifest[],
  capabilities: readonly CapabilityInfo[],
): Omit<Passage, 'id'>[] {
  // An agent reaches an operation people decide on through its proposal tool (docs/hitl.md).
  const proposalTools = new Map(
    actionTypesOf(modules).map((t) => [t.target.name, `propose-${t.type}`]),
  );
  return routesOf(modules).flatMap((r) => {
    if (r.kind !== 'operation') return [];
    const route = `${r.method} ${r.path}`;
    const proposal = proposalTools.get(r.op.name);
    const tools = [
      ...capabilities
        .filter((c) => c.tool && c.operations.some((o) => o.name === r.op.name))
        .map((c) => c.name),
      ...(proposal && capabilities.some((c) => c.name === proposal) ? [proposal] : []),
    ];
    return [
      {
        title: route,
        link: `docs/routes.md#${anchorOf(route)}`,
        text: `${r.op.summary}. ${r.op.name}.${tools.length ? ` Agent tools: ${tools.join(', ')}.` : ''}`,
        kind: 'route' as const,
        route,
        operation: r.op.name,
        tools,
      },
    ];
  });
}

/** docs/agents.md's sections, a tool's with its name. */
export function toolPassages(
  agentsMd: string,
  modules: readonly ModuleManifest[],
  capabilities: readonly CapabilityInfo[],
): Omit<Passage, 'id'>[] {
  const byName = new Map(capabilities.map((c) => [c.name, c]));
  const routeOf = new Map(
    routesOf(modules).flatMap((r) =>
      r.kind === 'operation' ? [[r.op.name, `${r.method} ${r.path}`] as const] : [],
    ),
  );
  return sectionsOf('docs/agents.md', agentsMd).map((p) => {
    const name = p.title.split(' ')[0]!;
    const cap = byName.get(name);
    if (!cap) return p;
    // The route of the (first) operation it calls that has one: the same job over REST.
    const op = cap.operations.find((o) => routeOf.has(o.name));
    return {
      ...p,
      // Its argument table follows the description: the description is what a question matches.
      text: p.text.slice(0, TOOL_TEXT),
      kind: 'tool' as const,
      tools: [name],
      ...(op ? { route: routeOf.get(op.name)!, operation: op.name } : {}),
    };
  });
}

/** Every passage, numbered: the generated routes and agents documents, then the other docs. */
export function allPassages(modules: readonly ModuleManifest[], agentsMd: string): Passage[] {
  const { capabilities } = agentInfosOf(modules);
  return [
    ...routePassages(modules, capabilities),
    ...toolPassages(agentsMd, modules, capabilities),
    ...docPassages(),
  ].map((p, id) => ({ id, ...p }));
}

const HEADER =
  '// Generated by `npm run docs` from docs/ and the declarations; do not edit.\n' +
  '// A test fails when it is stale (test/unit/docs/generated-docs.test.ts).\n';

/** shared/modules/support/docs-index.generated.ts: the serialised search index, as one string. */
export function docsIndexSource(index: string): string {
  return `${HEADER}\n/** The MiniSearch index of the documentation passages (support-query). */\nexport const DOCS_INDEX = ${JSON.stringify(index)};\n`;
}
