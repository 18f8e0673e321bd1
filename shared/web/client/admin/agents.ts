/**
 * Automation → Agents: connection snippets filled in from the public discovery documents
 * (/.well-known/ai-plugin.json names the MCP URLs, which on AWS are the MCP function's own host),
 * the tools with their scopes (/agenty/meta/tools), and the agent audit log with its filters
 * (GET /agenty/admin/audit, administrators). Also annotates the API-key form's scope checkboxes
 * with the MCP tools each scope opens.
 */
import { wireCopyButtons } from '../common/clipboard';
import { $, clear, h, setStatus } from '../common/dom';
import { formatDate } from '../common/format';
import { readJson, url } from '../common/http';
import { asApiError } from './api';
import type { AdminApp, Section } from './state';
import type { Page } from './types';
import { badge, labelCells, messageRow } from './ui';

interface MetaTool {
  name: string;
  title?: string;
  description?: string;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
  _meta?: { scope?: string; skill?: string | null };
}

interface Plugin {
  mcp?: { sse?: string; streamableHttp?: string };
  a2a?: { agentCard?: string };
}

interface AuditRecord {
  id: string;
  at?: string;
  capability?: string;
  actorKind?: string;
  actorId?: string;
  agent?: string;
  outcome?: string;
  errorCode?: string;
  operations?: string[];
  durationMs?: number;
  args?: Record<string, unknown>;
}

const PLACEHOLDER_KEY = 'svc_sk_YOUR_KEY';

async function publicJson<T>(path: string): Promise<T | null> {
  const res = await fetch(url(path), { headers: { accept: 'application/json' } });
  if (!res.ok) return null;
  return (await readJson(res)) as T | null;
}

let toolsPromise: Promise<MetaTool[]> | undefined;
/** The tool list, fetched once per page. */
function metaTools(): Promise<MetaTool[]> {
  toolsPromise ??= publicJson<{ tools?: MetaTool[] }>('/agenty/meta/tools').then(
    (r) => r?.tools ?? [],
  );
  return toolsPromise;
}

/** Under each scope checkbox of the API-key form, the MCP tools that scope opens. */
export async function describeScopeTools(): Promise<void> {
  const tools = await metaTools().catch(() => [] as MetaTool[]);
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="scope"]')) {
    const names = tools.filter((t) => t._meta?.scope === input.value).map((t) => t.name);
    const text = input.parentElement?.querySelector('.checkbox__text');
    if (!names.length || !text || text.querySelector('.scope-tools')) continue;
    text.appendChild(
      h('span', { className: 'scope-tools', text: `MCP tools: ${names.join(', ')}` }),
    );
  }
}

/** The snippets for a key (or the placeholder) and the deployment's URLs. */
export function snippets(urls: { mcp: string; sse: string; card: string }, key: string) {
  const auth = `Authorization: Bearer ${key}`;
  return {
    claude: JSON.stringify(
      {
        mcpServers: {
          hospital: { command: 'npx', args: ['-y', 'mcp-remote', urls.mcp, '--header', auth] },
        },
      },
      null,
      2,
    ),
    cursor: JSON.stringify(
      { mcpServers: { hospital: { url: urls.mcp, headers: { Authorization: `Bearer ${key}` } } } },
      null,
      2,
    ),
    vscode: JSON.stringify(
      {
        servers: {
          hospital: { type: 'http', url: urls.mcp, headers: { Authorization: `Bearer ${key}` } },
        },
      },
      null,
      2,
    ),
    'inspector-http': `npx @modelcontextprotocol/inspector --cli ${urls.mcp} --transport http --method tools/list --header "${auth}"`,
    'inspector-sse': `npx @modelcontextprotocol/inspector --cli ${urls.sse} --method tools/list --header "${auth}"`,
    a2a: `curl ${urls.card}`,
  };
}

export function agentsSection({ api, state, isAdmin }: AdminApp): Section {
  const status = $('agents-status');
  const keyInput = $<HTMLInputElement>('agents-key');
  const toolsBody = $<HTMLTableSectionElement>('agents-tools-body');
  const auditBody = $<HTMLTableSectionElement>('audit-body');
  const auditStatus = $('audit-status');
  const more = $<HTMLButtonElement>('audit-more');
  const capability = $<HTMLSelectElement>('audit-capability');
  let urls: { mcp: string; sse: string; card: string } | null = null;
  let cursor: string | null = null;
  let loaded = false;

  function renderSnippets() {
    if (!urls) return;
    const key = keyInput.value.trim() || PLACEHOLDER_KEY;
    for (const [id, text] of Object.entries(snippets(urls, key)))
      $(`agents-snippet-${id}`).textContent = text;
  }

  async function loadEndpoints() {
    const plugin = await publicJson<Plugin>('/.well-known/ai-plugin.json');
    if (!plugin?.mcp?.streamableHttp || !plugin.mcp.sse || !plugin.a2a?.agentCard) {
      setStatus(
        status,
        'Could not read the discovery document; the snippets are unavailable.',
        'error',
      );
      return;
    }
    urls = { mcp: plugin.mcp.streamableHttp, sse: plugin.mcp.sse, card: plugin.a2a.agentCard };
    $('agents-url-mcp').textContent = urls.mcp;
    $('agents-url-sse').textContent = urls.sse;
    $('agents-url-card').textContent = urls.card;
    renderSnippets();
  }

  async function loadTools() {
    messageRow(toolsBody, 5, 'Loading tools…', true);
    const tools = await metaTools();
    $('agents-tools-count').textContent = `${tools.length} tools`;
    clear(toolsBody);
    for (const t of tools) {
      const kind = t.annotations?.readOnlyHint
        ? badge('Read', 'neutral')
        : badge(t.annotations?.destructiveHint ? 'Write (destructive)' : 'Write', 'warning');
      toolsBody.appendChild(
        h('tr', null, [
          h('td', null, [h('code', { text: t.name })]),
          h('td', { text: t.description ?? '' }),
          h('td', null, [h('span', { className: 'chip', text: t._meta?.scope ?? '—' })]),
          h('td', null, [kind]),
          h('td', { text: t._meta?.skill ?? '—' }),
        ]),
      );
      if (![...capability.options].some((o) => o.value === t.name))
        capability.appendChild(h('option', { value: t.name, text: t.name }));
    }
    labelCells(toolsBody);
  }

  function filterQuery(): string {
    const q = new URLSearchParams({ limit: '25' });
    const form = new FormData($<HTMLFormElement>('audit-filters'));
    for (const field of ['capability', 'outcome', 'actor']) {
      const v = String(form.get(field) ?? '').trim();
      if (v) q.set(field, v);
    }
    for (const field of ['from', 'to']) {
      const v = String(form.get(field) ?? '');
      // datetime-local is the browser's local time: sent as a UTC instant.
      if (v) q.set(field, new Date(v).toISOString());
    }
    if (cursor) q.set('cursor', cursor);
    return q.toString();
  }

  function auditRow(r: AuditRecord): HTMLTableRowElement {
    const outcome = badge(
      r.outcome === 'success'
        ? 'Success'
        : `${r.outcome === 'refused' ? 'Refused' : 'Failed'}${r.errorCode ? ` (${r.errorCode})` : ''}`,
      r.outcome === 'success' ? 'success' : r.outcome === 'refused' ? 'warning' : 'danger',
    );
    return h('tr', { dataset: { outcome: r.outcome ?? '' } }, [
      h('td', { className: 'nowrap', text: r.at ? formatDate(r.at, state.tz, true) : '—' }),
      h('td', null, [h('code', { text: r.capability ?? '' })]),
      h('td', null, [
        `${r.actorKind === 'apiKey' ? 'Key' : 'User'} ${r.actorId ?? ''}`,
        r.agent ? h('span', { className: 'cell-sub', text: r.agent }) : null,
      ]),
      h('td', null, [outcome]),
      h(
        'td',
        null,
        (r.operations ?? []).map((o) => h('span', { className: 'chip', text: o })),
      ),
      h('td', { className: 'nowrap', text: `${r.durationMs ?? 0} ms` }),
      h('td', null, [h('code', { className: 'small', text: JSON.stringify(r.args ?? {}) })]),
    ]);
  }

  async function loadAudit(append: boolean) {
    if (!isAdmin()) return;
    if (!append) {
      cursor = null;
      messageRow(auditBody, 7, 'Loading the audit log…', true);
    }
    setStatus(auditStatus, '');
    let page: Page<AuditRecord> | null;
    try {
      page = await api<Page<AuditRecord>>('GET', `/agenty/admin/audit?${filterQuery()}`);
    } catch (err) {
      const e = asApiError(err);
      if (e.silent) return;
      if (!append) clear(auditBody);
      setStatus(auditStatus, `Could not load the audit log: ${e.message}`, 'error');
      return;
    }
    const items = page?.items ?? [];
    if (!append) clear(auditBody);
    if (!append && !items.length) messageRow(auditBody, 7, 'No agent calls match these filters.');
    for (const r of items) auditBody.appendChild(auditRow(r));
    labelCells(auditBody);
    cursor = page?.nextCursor ?? null;
    more.hidden = !cursor;
    $('audit-count').textContent = `${auditBody.querySelectorAll('tr[data-outcome]').length} shown`;
  }

  keyInput.addEventListener('input', renderSnippets);
  $<HTMLFormElement>('audit-filters').addEventListener('submit', (e) => {
    e.preventDefault();
    void loadAudit(false);
  });
  more.addEventListener('click', () => void loadAudit(true));
  wireCopyButtons($('agents-section'));

  return {
    load() {
      $('agents-notice').hidden = isAdmin();
      $('audit-card').hidden = !isAdmin();
      if (!loaded) {
        loaded = true;
        void loadEndpoints();
        void loadTools().catch(() => messageRow(toolsBody, 5, 'Could not load the tools.'));
      }
      void loadAudit(false);
    },
  };
}
