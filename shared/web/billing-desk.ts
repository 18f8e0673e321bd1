/**
 * `/billing-desk` — the cashier's and accountant's page: a new invoice (patient picked by
 * searching, charges added from the price list, the ticked charges billed and issued), the billing dashboard with a chart drawn
 * in the page (inline SVG built by the script: nothing from another origin), the hospital's bills,
 * and one invoice with its lines, payments, credit notes and the payment entry form. Static
 * markup; its script (shared/web/client/billing.ts) loads data with the signed-in session.
 */

import { patientPicker } from './front-desk';

const required = '<span class="req" aria-hidden="true">*</span>';

/** Picker and required-marker styles (the same as the front desk's). */
const STYLES = `
.req { color: var(--danger); font-weight: 700; }
.picker__results { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; }
.picker__results button { width: 100%; text-align: left; justify-content: flex-start; }
.picker__chosen { margin: 0; font-weight: 600; }
.picker__chosen:empty { display: none; }
.bd-new { display: grid; gap: 1.25rem; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; }
@media (max-width: 960px) { .bd-new { grid-template-columns: 1fr; } }
`;

const stat = (id: string, label: string) => `<div class="stat">
        <div class="stat__label">${label}</div>
        <div class="stat__value" id="${id}">–</div>
      </div>`;

export function render(): string {
  const body = `<main id="main" class="container page" tabindex="-1">
  <style>${STYLES}</style>
  <div class="page-head"><h1>Billing desk</h1></div>
  <div id="app-status" class="status-region" role="status" aria-live="polite"></div>
  <p class="live-line" id="billing-live"></p>

  <section id="new-invoice" class="card" aria-labelledby="new-invoice-title">
    <div class="card__header"><h2 id="new-invoice-title">New invoice</h2></div>
    <div class="card__body">
      <p class="muted small">Find the patient, add charges from the price list, tick what to bill and create the invoice. Fields marked <span class="req">*</span> are required.</p>
      <div class="bd-new">
        <div>
          ${patientPicker('bill-patient', 'Patient')}
          <form id="charge-form" class="form-section" novalidate>
            <h3>Add a charge</h3>
            <div class="form-grid form-grid--2">
              <div class="field">
                <label for="charge-tariff">Service from the price list ${required}</label>
                <select id="charge-tariff" required aria-describedby="charge-tariff-error"><option value="">Loading the price list…</option></select>
                <p class="field-error" id="charge-tariff-error" aria-live="polite"></p>
              </div>
              <div class="field">
                <label for="charge-qty">Quantity ${required}</label>
                <input type="text" id="charge-qty" inputmode="numeric" autocomplete="off" value="1" required aria-describedby="charge-qty-error">
                <p class="field-error" id="charge-qty-error" aria-live="polite"></p>
              </div>
            </div>
            <p class="muted small" id="charge-price" aria-live="polite"></p>
            <div class="form-actions"><button type="submit" class="btn btn-secondary" id="charge-submit">Add charge</button></div>
            <div id="charge-status" class="status-region" role="status" aria-live="polite" tabindex="-1"></div>
          </form>
        </div>
        <form id="invoice-form" novalidate>
          <fieldset class="form-section" aria-describedby="charges-error">
            <legend>Charges to bill ${required}</legend>
            <p class="muted small" id="charges-empty">Choose a patient to see their charges not yet billed.</p>
            <div class="table-wrap">
              <table class="table" id="charge-list" hidden>
                <thead><tr><th scope="col">Bill</th><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col">Tax</th><th scope="col" class="num">Amount</th></tr></thead>
                <tbody></tbody>
              </table>
            </div>
            <p class="field-error" id="charges-error" aria-live="polite"></p>
          </fieldset>
          <div class="form-actions"><button type="submit" class="btn btn-primary" id="invoice-submit">Create and issue invoice</button></div>
          <div id="invoice-form-status" class="status-region" role="status" aria-live="polite" tabindex="-1"></div>
        </form>
      </div>
    </div>
  </section>

  <section id="dashboard" class="card mt-1" aria-labelledby="dashboard-title">
    <div class="card__header"><h2 id="dashboard-title">Billing dashboard <span class="muted small" id="dash-date"></span></h2></div>
    <div class="card__body">
      <div class="stats">
      ${stat('dash-billed-today', 'Billed today')}
      ${stat('dash-collected-today', 'Collected today')}
      ${stat('dash-billed-month', 'Billed this month')}
      ${stat('dash-collected-month', 'Collected this month')}
      ${stat('dash-refunds-month', 'Refunds this month')}
      ${stat('dash-outstanding', 'Outstanding')}
      </div>
      <figure class="mt-1">
        <svg id="dash-chart" role="img" aria-labelledby="dash-chart-caption" width="640" height="240" viewBox="0 0 640 240"></svg>
        <figcaption id="dash-chart-caption" class="muted small">Collected this month by payment method, and outstanding by month of issue</figcaption>
      </figure>
    </div>
  </section>

  <section id="bills" class="card mt-1" aria-labelledby="bills-title">
    <div class="card__header"><h2 id="bills-title">Bills</h2></div>
    <div class="card__body table-wrap">
      <table class="table" id="bill-list" data-sortable data-search-label="Search bills">
        <thead><tr><th scope="col">Number</th><th scope="col">Patient</th><th scope="col">Status</th><th scope="col" class="num">Total</th><th scope="col" class="num">Due</th></tr></thead>
        <tbody></tbody>
      </table>
    </div>
  </section>

  <section id="invoice" class="card mt-1" aria-labelledby="invoice-title" hidden>
    <div class="card__header"><h2 id="invoice-title" tabindex="-1">Invoice</h2> <span class="badge badge-neutral" id="invoice-status"></span></div>
    <div class="card__body">
      <p id="invoice-patient" class="muted"></p>
      <div class="table-wrap">
        <table class="table" id="invoice-lines">
          <thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Discount</th><th scope="col" class="num">Tax</th><th scope="col" class="num">Amount</th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <dl class="dl" id="invoice-totals"></dl>
      <div class="form-actions" id="issue-actions" hidden><button type="button" class="btn btn-primary" id="issue-invoice">Issue invoice</button></div>
      <h3>Payments</h3>
      <div class="table-wrap">
        <table class="table" id="invoice-payments">
          <thead><tr><th scope="col">Received</th><th scope="col">Method</th><th scope="col">Reference</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Refunded</th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <h3>Credit notes</h3>
      <ul id="invoice-credit-notes"></ul>
      <form id="payment-form" class="form-section" novalidate hidden>
        <h3>Take a payment</h3>
        <div class="form-grid form-grid--2">
          <div class="field">
            <label for="pay-method">Method ${required}</label>
            <select id="pay-method" name="method">
              <option value="cash">Cash</option>
              <option value="card">Card</option>
              <option value="upi">UPI</option>
              <option value="bank-transfer">Bank transfer</option>
              <option value="insurance">Insurance</option>
            </select>
          </div>
          <div class="field">
            <label for="pay-amount">Amount (<span id="pay-currency"></span>) ${required}</label>
            <input type="text" id="pay-amount" name="amount" inputmode="decimal" autocomplete="off" required aria-describedby="pay-amount-hint pay-amount-error">
            <p class="hint" id="pay-amount-hint">Major units of the currency shown, e.g. 1,000 or 650.50.</p>
            <p class="field-error" id="pay-amount-error" aria-live="polite"></p>
          </div>
          <div class="field">
            <label for="pay-reference">Reference <span class="muted">(slip, UTR, claim number)</span></label>
            <input type="text" id="pay-reference" name="reference" autocomplete="off">
          </div>
        </div>
        <div class="form-actions"><button type="submit" class="btn btn-primary" id="pay-submit">Record payment</button></div>
        <div id="pay-status" class="status-region" role="status" aria-live="polite" tabindex="-1"></div>
      </form>
    </div>
  </section>
</main>`;
  return body;
}
