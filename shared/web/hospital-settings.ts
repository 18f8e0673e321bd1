/**
 * `/hospital-settings` — the hospital's settings on one page (docs/settings.md): profile, billing,
 * agents. Country and currency are chosen from lists rendered here (ISO codes with their names),
 * the person auto-approved actions run as from the hospital's staff; its script
 * (shared/web/client/hospital-settings.ts) reads `GET /settings` and saves with `PUT /settings`,
 * sending the version it read. An administrator also finds the one-click demo data here
 * (shared/web/client/demo-data.ts).
 */
import { COUNTRY_CODES } from '../kernel/countries';
import { escapeHtml } from './layout';

function options(codes: readonly string[], kind: 'region' | 'currency'): string {
  const names = new Intl.DisplayNames(['en'], { type: kind });
  return codes
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((o) => `<option value="${o.code}">${escapeHtml(o.name)} (${o.code})</option>`)
    .join('');
}

export function render(): string {
  const countries = options(COUNTRY_CODES, 'region');
  const currencies = options(Intl.supportedValuesOf('currency'), 'currency');
  const field = (id: string, label: string, input: string, hint = '') =>
    `<div class="field"><label for="${id}">${label}</label>${input}${hint ? `<p class="hint small muted" id="${id}-hint">${hint}</p>` : ''}<p class="field-error" id="${id}-error"></p></div>`;
  return `<main id="main" class="container page" tabindex="-1">
  <div class="page-head"><h1>Settings</h1><p class="muted small">Version <span id="settings-version">…</span></p></div>
  <div id="app-status" class="status-region" role="status" aria-live="polite"></div>
  <form id="settings-form" novalidate>
    <section class="card" aria-labelledby="hospital-title">
      <div class="card__header"><h2 id="hospital-title">Hospital</h2></div>
      <div class="card__body">
        ${field('hospital-name', 'Name', '<input id="hospital-name" name="name" type="text" maxlength="120" required>')}
        ${field('hospital-country', 'Country of phone numbers', `<select id="hospital-country"><option value="">None (every number needs its country code)</option>${countries}</select>`)}
        <p class="small">Time zone <strong id="hospital-timezone"></strong> (fixed: stored dates were worked out in it) · address <code id="hospital-slug"></code></p>
      </div>
    </section>
    <section class="card" aria-labelledby="billing-title">
      <div class="card__header"><h2 id="billing-title">Billing</h2></div>
      <div class="card__body">
        ${field('billing-currency', 'Currency', `<select id="billing-currency">${currencies}</select>`)}
        ${field('billing-tax', 'Tax on consultation fees (%)', '<input id="billing-tax" type="number" min="0" max="100" step="0.01" inputmode="decimal">')}
        <div class="field"><label><input id="billing-tax-inclusive" type="checkbox"> Consultation fees include the tax</label></div>
        ${field('billing-discount', 'Discount above which ADMIN or ACCOUNTANT must give it (% of a line)', '<input id="billing-discount" type="number" min="0" max="100" step="0.01" inputmode="decimal">')}
        ${field('billing-refund', 'Refund above which ADMIN or ACCOUNTANT must give it (minor units, e.g. cents)', '<input id="billing-refund" type="number" min="0" step="1" inputmode="numeric">')}
      </div>
    </section>
    <section class="card" aria-labelledby="agents-title">
      <div class="card__header"><h2 id="agents-title">Agents</h2></div>
      <div class="card__body">
        ${field('agents-rate', 'Agent calls per credential and minute', '<input id="agents-rate" type="number" min="1" max="100000" step="1" inputmode="numeric">', 'MCP and A2A calls together.')}
        <div class="table-wrap">
          <table class="table" id="action-types">
            <caption class="visually-hidden">Auto-approval and lifetime of each agent action type</caption>
            <thead><tr><th scope="col">Action type</th><th scope="col">Approve automatically</th><th scope="col">Runs as</th><th scope="col" class="num">Lifetime (minutes)</th></tr></thead>
            <tbody></tbody>
          </table>
        </div>
      </div>
    </section>
    <div class="form-actions"><button type="submit" class="btn btn-primary" id="settings-save">Save settings</button></div>
  </form>
  <section class="card" aria-labelledby="demo-title" id="demo-data" hidden>
    <div class="card__header"><h2 id="demo-title">Demo data</h2></div>
    <div class="card__body">
      <p class="small" id="demo-intro">While the hospital is on its trial and has no patients yet, fill it with the demo hospital to look around first: about 30 patients with today's clinics, wards, stock, results, bills, theatre lists, an ED board, a ward's roster set-up and a claim, all made through the service's own operations, with staff users of each role. Once per hospital; it takes a few seconds.</p>
      <div class="form-actions"><button type="button" class="btn btn-secondary" id="demo-fill">Fill with demo data</button></div>
      <progress id="demo-progress" max="1" value="0" aria-labelledby="demo-title" hidden></progress>
      <div id="demo-status" class="status-region" role="status" aria-live="polite"></div>
    </div>
  </section>
  <section class="card" aria-labelledby="changes-title">
    <div class="card__header"><h2 id="changes-title">Latest changes</h2></div>
    <div class="card__body"><ul class="plain small" id="settings-changes"></ul></div>
  </section>
</main>`;
}
