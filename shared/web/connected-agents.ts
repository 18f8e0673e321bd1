/**
 * `/connected-agents` — who acts for the hospital besides its staff: the agents people connected
 * with OAuth (client, who consented, scopes, last call, until when its tokens work) and, for an
 * administrator, the API keys. Each can be disconnected here. Static markup; its script
 * (shared/web/client/connected-agents.ts) reads `GET /oauth/grants` and `GET /api-keys` with the
 * signed-in session.
 */
export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <div class="page-head"><h1>Connected agents</h1></div>
  <p class="muted">Agents act with the scopes they were given and never more than the role of the person who connected them. Disconnecting one stops its tokens at their next request.</p>
  <div id="app-status" class="status-region" role="status" aria-live="polite"></div>
  <section class="card" aria-labelledby="grants-title">
    <div class="card__header"><h2 id="grants-title">Agents connected with OAuth</h2><span class="muted small" id="grants-count"></span></div>
    <div class="table-wrap">
      <table class="table table--stack" id="grants" aria-labelledby="grants-title">
        <thead><tr><th scope="col">Agent</th><th scope="col">Connected by</th><th scope="col">Scopes</th><th scope="col">Last used</th><th scope="col">Tokens</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
        <tbody></tbody>
      </table>
    </div>
  </section>
  <section class="card" id="keys-card" aria-labelledby="keys-title" hidden>
    <div class="card__header"><h2 id="keys-title">API keys</h2><span class="muted small" id="keys-count"></span></div>
    <div class="table-wrap">
      <table class="table table--stack" id="keys" aria-labelledby="keys-title">
        <thead><tr><th scope="col">Key</th><th scope="col">Scopes</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Action</span></th></tr></thead>
        <tbody></tbody>
      </table>
    </div>
  </section>
</main>`;
}
