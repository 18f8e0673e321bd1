/**
 * `/billing-health` — the accountant's month-end panel: the billing health check's findings, each
 * with its evidence (the ids) and the suggested fix. Static markup; its script
 * (shared/web/client/billing-health.ts) runs the check with the signed-in session.
 */
export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <div class="page-head"><h1>Billing health check</h1></div>
  <div id="app-status" class="status-region" role="status" aria-live="polite"></div>
  <section id="health" class="card" aria-labelledby="health-title">
    <div class="card__header">
      <h2 id="health-title">Before month end <span class="muted small" id="health-date"></span></h2>
      <button type="button" class="btn btn-primary btn-sm" id="health-run">Run the check</button>
    </div>
    <div class="card__body">
      <p id="health-summary" class="muted"></p>
      <div class="table-wrap">
        <table class="table" id="health-findings" data-sortable data-search-label="Search findings">
          <thead><tr><th scope="col">Severity</th><th scope="col">Finding</th><th scope="col" class="num">Amount</th><th scope="col">Evidence</th><th scope="col">Suggested fix</th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
    </div>
  </section>
</main>`;
}
