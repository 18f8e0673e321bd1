/**
 * The dashboard's Automation → Agents section: how to connect an MCP client or an A2A agent
 * (copy-paste snippets filled in by the page script from the discovery documents), the tools
 * and the scopes they need, and the agent audit log with its filters.
 */
import { ICONS } from './layout';

const SNIPPETS = [
  [
    'claude',
    'Claude Desktop',
    'claude_desktop_config.json: Claude Desktop has no header field, so mcp-remote carries the key.',
  ],
  ['cursor', 'Cursor', '.cursor/mcp.json (any client that takes a URL and headers).'],
  ['vscode', 'VS Code', '.vscode/mcp.json'],
  ['inspector-http', 'MCP Inspector, Streamable HTTP', 'Lists the tools from a terminal.'],
  ['inspector-sse', 'MCP Inspector, SSE', 'The legacy transport: GET /sse, then POST /messages.'],
  ['a2a', 'A2A agent card', 'A2A clients read the card, then send JSON-RPC to its url.'],
] as const;

function snippet([id, title, hint]: (typeof SNIPPETS)[number]): string {
  const codeId = `agents-snippet-${id}`;
  return `<div class="snippet">
          <div class="snippet__head">
            <h3 id="${codeId}-title">${title}</h3>
            <button type="button" class="btn btn-secondary btn-sm" data-copy-target="${codeId}" data-copy-label="${title} snippet" data-copy-status="agents-copy-status">Copy<span class="visually-hidden"> ${title} snippet</span></button>
          </div>
          <p class="hint">${hint}</p>
          <pre class="code-block" tabindex="0"><code id="${codeId}" aria-labelledby="${codeId}-title"></code></pre>
        </div>`;
}

export function agentsSection(): string {
  return `<section id="agents-section" class="app-section" aria-labelledby="agents-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="agents-title" tabindex="-1">Agents</h1>
          <p>Connect AI agents over MCP or A2A with an API key, and see afterwards exactly what each one did.</p>
        </div>
      </div>
      <div id="agents-notice" class="alert alert-info" hidden>${ICONS.info}<p>Only hospital administrators can read the agent audit log.</p></div>
      <div class="card">
        <div class="card__header"><h2>Connect an agent</h2></div>
        <div class="card__body">
          <div class="field">
            <label for="agents-key">API key for the snippets <span class="optional">(optional)</span></label>
            <input type="password" id="agents-key" autocomplete="off" spellcheck="false" placeholder="svc_sk_…" aria-describedby="agents-key-hint">
            <p class="hint" id="agents-key-hint">Paste a key to fill it in below; it stays in this page. Without one the snippets say <code>svc_sk_YOUR_KEY</code>. Create keys with the <code>agents:*</code> scopes under API Keys.</p>
          </div>
          <dl class="kv mt-1">
            <dt>MCP (Streamable HTTP)</dt><dd><code id="agents-url-mcp">…</code></dd>
            <dt>MCP (SSE)</dt><dd><code id="agents-url-sse">…</code></dd>
            <dt>A2A agent card</dt><dd><code id="agents-url-card">…</code></dd>
          </dl>
          <div id="agents-status" class="status-region" aria-live="polite"></div>
          <div class="snippets mt-1">
        ${SNIPPETS.map(snippet).join('\n        ')}
          </div>
          <p id="agents-copy-status" class="hint" aria-live="polite"></p>
        </div>
      </div>
      <div class="card">
        <div class="card__header"><h2 id="agents-tools-title">Tools and the scopes they need</h2><span class="muted small" id="agents-tools-count" aria-live="polite"></span></div>
        <div class="table-wrap">
          <table class="table table--stack" id="agents-tools" aria-labelledby="agents-tools-title">
            <thead><tr><th scope="col">Tool</th><th scope="col">What it does</th><th scope="col">Scope</th><th scope="col">Kind</th><th scope="col">A2A skill</th></tr></thead>
            <tbody id="agents-tools-body"></tbody>
          </table>
        </div>
      </div>
      <div class="card" id="audit-card">
        <div class="card__header"><h2 id="audit-title">Agent audit log</h2><span class="muted small" id="audit-count" aria-live="polite"></span></div>
        <div class="card__body">
          <form id="audit-filters" class="toolbar" novalidate>
            <div class="field">
              <label for="audit-capability">Tool</label>
              <select id="audit-capability" name="capability"><option value="">All tools</option></select>
            </div>
            <div class="field">
              <label for="audit-outcome">Outcome</label>
              <select id="audit-outcome" name="outcome">
                <option value="">All outcomes</option>
                <option value="success">Success</option>
                <option value="refused">Refused</option>
                <option value="failed">Failed</option>
              </select>
            </div>
            <div class="field">
              <label for="audit-actor">Key or user id</label>
              <input type="text" id="audit-actor" name="actor" autocomplete="off" spellcheck="false" maxlength="64">
            </div>
            <div class="field">
              <label for="audit-from">From</label>
              <input type="datetime-local" id="audit-from" name="from">
            </div>
            <div class="field">
              <label for="audit-to">To</label>
              <input type="datetime-local" id="audit-to" name="to">
            </div>
            <button type="submit" class="btn btn-secondary" id="audit-apply">Apply filters</button>
          </form>
          <div id="audit-status" class="status-region" aria-live="polite"></div>
        </div>
        <div class="table-wrap">
          <table class="table table--stack" id="audit-table" data-sortable data-search-label="Search the audit log" aria-labelledby="audit-title">
            <thead><tr><th scope="col">Time</th><th scope="col">Tool</th><th scope="col">Actor</th><th scope="col">Outcome</th><th scope="col">Operations</th><th scope="col">Duration</th><th scope="col">Arguments</th></tr></thead>
            <tbody id="audit-body"></tbody>
          </table>
        </div>
        <div class="card__body"><button type="button" class="btn btn-secondary" id="audit-more" hidden>Load more</button></div>
      </div>
    </section>`;
}
