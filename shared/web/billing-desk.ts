/**
 * `/billing-desk` — the cashier's and accountant's page: the billing dashboard with a chart drawn
 * in the page (inline SVG built by the script: nothing from another origin), the hospital's bills,
 * and one invoice with its lines, payments, credit notes and the payment entry form. Static
 * markup; its script (shared/web/client/billing.ts) loads data with the signed-in session.
 */

const stat = (id: string, label: string) => `<div class="stat">
        <div class="stat__label">${label}</div>
        <div class="stat__value" id="${id}">–</div>
      </div>`;

export function render(): string {
  const body = `<main id="main" class="container page" tabindex="-1">
  <div class="page-head"><h1>Billing desk</h1></div>
  <div id="app-status" class="status-region" role="status" aria-live="polite"></div>
  <p class="live-line" id="billing-live"></p>

  <section id="dashboard" class="card" aria-labelledby="dashboard-title">
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
      <table class="table" id="bill-list">
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
            <label for="pay-method">Method</label>
            <select id="pay-method" name="method">
              <option value="cash">Cash</option>
              <option value="card">Card</option>
              <option value="upi">UPI</option>
              <option value="bank-transfer">Bank transfer</option>
              <option value="insurance">Insurance</option>
            </select>
          </div>
          <div class="field">
            <label for="pay-amount">Amount (<span id="pay-currency"></span>)</label>
            <input id="pay-amount" name="amount" inputmode="decimal" autocomplete="off" required>
          </div>
          <div class="field">
            <label for="pay-reference">Reference <span class="muted">(slip, UTR, claim number)</span></label>
            <input id="pay-reference" name="reference" autocomplete="off">
          </div>
        </div>
        <div class="form-actions"><button type="submit" class="btn btn-primary" id="pay-submit">Record payment</button></div>
        <div id="pay-status" class="status-region" role="status" aria-live="polite"></div>
      </form>
    </div>
  </section>
</main>`;
  return body;
}
