/**
 * `/manager-reports` — the managers' reports: a report, a range of the hospital's days, a chart
 * drawn by the page's own script (inline SVG: nothing from another origin), the daily table, the
 * breakdowns and a CSV download. Static markup; its script (shared/web/client/reports.ts) loads
 * the report with the signed-in session.
 */
/** The chart scales to the card (its viewBox keeps the drawing): no sideways scrolling at 320 px. */
const REPORT_STYLES = `
.report-figure { margin: 0; }
.report-chart { display: block; width: 100%; max-width: 720px; height: auto; }
`;

export function render(): string {
  return `<style>${REPORT_STYLES}</style>
<main id="main" class="container page" tabindex="-1">
  <div class="page-head"><h1>Reports</h1></div>
  <div id="app-status" class="status-region" role="status" aria-live="polite"></div>
  <section class="card" aria-labelledby="choose-title">
    <div class="card__header"><h2 id="choose-title">Report</h2></div>
    <div class="card__body">
      <form id="report-form" class="form-grid">
        <div class="field">
          <label for="report-name">Report</label>
          <select id="report-name" name="report">
            <option value="inpatient">Inpatient: admissions, discharges, midnight census</option>
            <option value="outpatient">Outpatient: bookings, visits, no-shows</option>
            <option value="lab-turnaround">Lab turnaround: median and p90 minutes</option>
            <option value="pharmacy">Pharmacy: dispensing, stock value, short-dated stock, stock-outs</option>
            <option value="theatre-utilisation">Theatre utilisation: session and used minutes</option>
            <option value="revenue">Revenue: invoiced, collected, outstanding (minor units)</option>
          </select>
        </div>
        <div class="field"><label for="report-from">From</label><input id="report-from" name="from" type="date"></div>
        <div class="field"><label for="report-to">To</label><input id="report-to" name="to" type="date"></div>
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" id="report-submit">Show</button>
          <button type="button" class="btn btn-ghost" id="report-csv">Download CSV</button>
        </div>
      </form>
    </div>
  </section>
  <section class="card mt-1" aria-labelledby="result-title">
    <div class="card__header"><h2 id="result-title">Days <span class="muted small" id="report-range"></span></h2></div>
    <div class="card__body">
      <figure class="report-figure">
        <svg id="report-chart" class="report-chart" role="img" aria-labelledby="report-chart-caption" viewBox="0 0 720 260"></svg>
        <figcaption id="report-chart-caption" class="muted small"></figcaption>
      </figure>
      <div class="stats" id="report-totals"></div>
      <div class="table-wrap">
        <table class="table" id="report-days" data-sortable data-search-label="Search days"><thead></thead><tbody></tbody></table>
      </div>
      <div id="report-breakdowns"></div>
    </div>
  </section>
</main>`;
}
