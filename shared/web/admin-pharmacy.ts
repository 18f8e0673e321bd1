/**
 * The pharmacy's part of `/admin`: its navigation group and three sections, stock (the
 * formulary with stock on hand and one item's batches), expiry (the expiry scan) and dispensing
 * (a prescription's dispenses, first expiry first out). Their script is
 * shared/web/client/admin/pharmacy.ts.
 */

function stockSection(): string {
  return `<section id="pharmacy-stock-section" class="app-section" aria-labelledby="pharmacy-stock-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="pharmacy-stock-title" tabindex="-1">Pharmacy stock</h1>
          <p>The formulary with stock on hand. Choose an item to see its batches, first expiry first.</p>
        </div>
        <button type="button" class="btn btn-secondary" id="pharmacy-stock-refresh">Refresh</button>
      </div>
      <div id="pharmacy-stock-status" class="status-region" aria-live="polite"></div>
      <div class="card">
        <div class="card__header"><h2 id="pharmacy-items-title">Formulary</h2><span class="muted small" id="pharmacy-items-count" aria-live="polite"></span></div>
        <div class="table-wrap">
          <table class="table table--stack" id="pharmacy-items" data-sortable data-search-label="Search medicines" aria-labelledby="pharmacy-items-title">
            <thead><tr><th scope="col">Code</th><th scope="col">Item</th><th scope="col">ATC</th><th scope="col">On hand</th><th scope="col">Reorder level</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody id="pharmacy-items-body"><tr><td class="empty" colspan="7">Loading…</td></tr></tbody>
          </table>
        </div>
      </div>
      <div class="card" id="pharmacy-batches-card" hidden>
        <div class="card__header"><h2 id="pharmacy-batches-title">Batches</h2><div class="summary-pills" id="pharmacy-batches-summary" aria-live="polite"></div></div>
        <div class="table-wrap">
          <table class="table table--stack" id="pharmacy-batches" data-sortable data-search-label="Search batches" aria-labelledby="pharmacy-batches-title">
            <thead><tr><th scope="col">Batch</th><th scope="col">Expiry</th><th scope="col">Quantity</th><th scope="col">Unit cost</th><th scope="col">Supplier</th><th scope="col">Status</th></tr></thead>
            <tbody id="pharmacy-batches-body"></tbody>
          </table>
        </div>
      </div>
    </section>`;
}

function expirySection(): string {
  return `<section id="pharmacy-expiry-section" class="app-section" aria-labelledby="pharmacy-expiry-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="pharmacy-expiry-title" tabindex="-1">Expiry scan</h1>
          <p>Batches with stock that have expired or expire soon, their value at cost and what to do.</p>
        </div>
      </div>
      <div class="card">
        <div class="card__body">
          <div class="toolbar">
            <div class="field">
              <label for="pharmacy-expiry-days">Expiring within (days)</label>
              <input type="number" id="pharmacy-expiry-days" name="withinDays" min="0" max="730" value="90">
            </div>
            <button type="button" class="btn btn-secondary" id="pharmacy-expiry-run">Scan</button>
          </div>
          <div id="pharmacy-expiry-status" class="status-region" aria-live="polite"></div>
        </div>
      </div>
      <div class="card">
        <div class="card__header"><h2 id="pharmacy-expiry-table-title">Batches</h2><div class="summary-pills" id="pharmacy-expiry-summary" aria-live="polite"></div></div>
        <div class="table-wrap">
          <table class="table table--stack" id="pharmacy-expiry" data-sortable data-search-label="Search expiring batches" aria-labelledby="pharmacy-expiry-table-title">
            <thead><tr><th scope="col">Item</th><th scope="col">Batch</th><th scope="col">Expiry</th><th scope="col">State</th><th scope="col">Quantity</th><th scope="col">Value at cost</th><th scope="col">Suggested action</th></tr></thead>
            <tbody id="pharmacy-expiry-body"><tr><td class="empty" colspan="7">Run a scan.</td></tr></tbody>
          </table>
        </div>
      </div>
    </section>`;
}

function dispenseSection(): string {
  return `<section id="pharmacy-dispense-section" class="app-section" aria-labelledby="pharmacy-dispense-title" hidden>
      <div class="content-head">
        <div>
          <h1 id="pharmacy-dispense-title" tabindex="-1">Dispensing</h1>
          <p>Open an encounter, choose a prescription and the item to dispense. Batches are taken first expiry first out; a part dispense leaves the rest owed.</p>
        </div>
      </div>
      <div class="card">
        <div class="card__body">
          <form id="pharmacy-encounter-form" class="toolbar" novalidate>
            <div class="field field--grow">
              <label for="pharmacy-encounter-id">Encounter ID</label>
              <input type="text" id="pharmacy-encounter-id" name="encounterId" autocomplete="off" required maxlength="64">
            </div>
            <button type="submit" class="btn btn-secondary" id="pharmacy-encounter-open">Open</button>
          </form>
          <div id="pharmacy-dispense-status" class="status-region" aria-live="polite"></div>
        </div>
      </div>
      <div class="card" id="pharmacy-rx-card" hidden>
        <div class="card__header"><h2 id="pharmacy-rx-title">Prescriptions</h2><span class="muted small" id="pharmacy-rx-patient"></span></div>
        <div class="table-wrap">
          <table class="table table--stack" id="pharmacy-rx" data-sortable data-search-label="Search prescriptions" aria-labelledby="pharmacy-rx-title">
            <thead><tr><th scope="col">Drug</th><th scope="col">Dose</th><th scope="col">Prescribed</th><th scope="col">Dispensed</th><th scope="col">Owed</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody id="pharmacy-rx-body"></tbody>
          </table>
        </div>
      </div>
      <div class="card" id="pharmacy-dispense-card" hidden>
        <div class="card__header"><h2 id="pharmacy-dispense-form-title">Dispense</h2></div>
        <div class="card__body">
          <form id="pharmacy-dispense-form" novalidate>
            <p id="pharmacy-dispense-drug" class="muted"></p>
            <div class="form-grid form-grid--2">
              <div class="field">
                <label for="pharmacy-dispense-item">Item</label>
                <select id="pharmacy-dispense-item" name="itemId"></select>
              </div>
              <div class="field">
                <label for="pharmacy-dispense-quantity">Quantity</label>
                <input type="number" id="pharmacy-dispense-quantity" name="quantity" min="1" step="1" aria-describedby="pharmacy-dispense-quantity-error">
                <p class="field-error" id="pharmacy-dispense-quantity-error" aria-live="polite"></p>
              </div>
            </div>
            <div id="pharmacy-dispense-error" class="status-region" role="alert" aria-live="assertive"></div>
            <div class="form-actions"><button type="submit" class="btn btn-primary" id="pharmacy-dispense-submit">Dispense</button></div>
          </form>
          <div id="pharmacy-dispense-result" hidden>
            <h3 id="pharmacy-dispense-result-title">Dispensed</h3>
            <table class="table" id="pharmacy-dispense-lines" aria-labelledby="pharmacy-dispense-result-title">
              <thead><tr><th scope="col">Batch</th><th scope="col">Expiry</th><th scope="col">Quantity</th></tr></thead>
              <tbody id="pharmacy-dispense-lines-body"></tbody>
            </table>
            <p id="pharmacy-dispense-owed"></p>
          </div>
        </div>
      </div>
    </section>`;
}

export function pharmacySections(): string {
  return `${stockSection()}
    ${expirySection()}
    ${dispenseSection()}`;
}
