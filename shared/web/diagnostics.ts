/**
 * `/diagnostics`: the lab and radiology workbench for signed-in staff. Lab worklists (pending
 * collection, result entry, verification, unacknowledged criticals), result entry with the flags
 * the service computes, a patient's cumulative results, and the radiology worklists. Its script
 * is shared/web/client/diagnostics.ts; every action is an API call with the signed-in user's token,
 * so the service's access rules decide what each role may do.
 */

const worklistTabs = (prefix: string, lists: [string, string][]) =>
  lists
    .map(
      ([value, label], i) =>
        `<button type="button" class="btn ${i === 0 ? 'btn-primary' : 'btn-secondary'} btn-sm" data-${prefix}-list="${value}" aria-pressed="${i === 0}">${label}</button>`,
    )
    .join('\n        ');

export function render(): string {
  const body = `<main id="main" class="container stack">
  <div id="dx-status" class="status-region" aria-live="polite"></div>
  <p class="live-line" id="dx-live"></p>

  <section class="card" id="lab-section" aria-labelledby="lab-title">
    <div class="card__header"><h1 id="lab-title" class="section-title">Laboratory worklists</h1></div>
    <div class="card__body stack">
      <div class="btn-row" role="group" aria-label="Lab worklist">
        ${worklistTabs('lab', [
          ['collection', 'Pending collection'],
          ['entry', 'Pending result entry'],
          ['verification', 'Pending verification'],
          ['criticals', 'Unacknowledged criticals'],
        ])}
      </div>
      <div class="table-wrap">
        <table class="table" id="lab-table" data-sortable data-search-label="Search lab orders">
          <thead><tr><th>Priority</th><th>Patient</th><th>Tests</th><th>Ordered</th><th>Specimen</th><th>Action</th></tr></thead>
          <tbody id="lab-body"></tbody>
        </table>
      </div>
    </div>
  </section>

  <section class="card" id="entry-card" hidden aria-labelledby="entry-title">
    <div class="card__header"><h2 id="entry-title" class="section-title">Result entry</h2></div>
    <div class="card__body stack">
      <p id="entry-patient" class="muted"></p>
      <form id="entry-form" class="stack" novalidate>
        <div class="table-wrap">
          <table class="table" id="entry-table">
            <thead><tr><th>Test</th><th>Result</th><th>Unit</th><th>Reference range</th><th>Flag</th></tr></thead>
            <tbody id="entry-body"></tbody>
          </table>
        </div>
        <div id="entry-error" class="status-region" role="alert" aria-live="assertive"></div>
        <div class="btn-row">
          <button type="submit" class="btn btn-primary" id="entry-save">Save results</button>
          <button type="button" class="btn btn-secondary" id="entry-verify">Verify report</button>
          <button type="button" class="btn btn-ghost" id="entry-cumulative">Cumulative results</button>
        </div>
      </form>
    </div>
  </section>

  <section class="card" id="cumulative-section" aria-labelledby="cumulative-title">
    <div class="card__header"><h2 id="cumulative-title" class="section-title">Cumulative results</h2></div>
    <div class="card__body stack">
      <form id="cumulative-form" class="toolbar" novalidate>
        <label for="cumulative-patient">Patient id</label>
        <input id="cumulative-patient" name="patientId" required maxlength="64">
        <button type="submit" class="btn btn-secondary btn-sm">Show</button>
      </form>
      <div class="table-wrap">
        <table class="table" id="cumulative-table">
          <thead id="cumulative-head"></thead>
          <tbody id="cumulative-body"></tbody>
        </table>
      </div>
    </div>
  </section>

  <section class="card" id="rad-section" aria-labelledby="rad-title">
    <div class="card__header"><h2 id="rad-title" class="section-title">Radiology worklists</h2></div>
    <div class="card__body stack">
      <div class="btn-row" role="group" aria-label="Radiology worklist">
        ${worklistTabs('rad', [
          ['requested', 'Requested'],
          ['scheduled', 'Scheduled'],
          ['in-progress', 'In progress'],
          ['completed', 'To report'],
        ])}
      </div>
      <div class="table-wrap">
        <table class="table" id="rad-table" data-sortable data-search-label="Search imaging orders">
          <thead><tr><th>Accession</th><th>Priority</th><th>Patient</th><th>Procedure</th><th>Safety</th><th>Slot</th></tr></thead>
          <tbody id="rad-body"></tbody>
        </table>
      </div>
    </div>
  </section>
</main>`;
  return body;
}
