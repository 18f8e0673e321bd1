/**
 * `/patient-access-log` — who viewed or changed a patient's record (issue 23 item 5, HIPAA audit
 * controls): an administrator picks the patient by name, MRN or phone and reads the records of
 * `GET /patients/{id}/access-log` as a table, newest first, a page at a time ("Load more").
 * Script: shared/web/client/patient-access-log.ts.
 */
import { PICKER_STYLES, patientPicker } from './front-desk';

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${PICKER_STYLES}</style>
  <div class="content-head">
    <div>
      <h1 id="pal-title" tabindex="-1">Patient access log</h1>
      <p>Who viewed or changed a patient's record, when, and through which route, tool or skill. Newest first; kept for the retention the hospital set (six years by default).</p>
    </div>
  </div>
  <div id="pal-status" class="status-region" role="status" aria-live="polite"></div>
  <section class="card" aria-labelledby="pal-patient-title">
    <div class="card__body">
      <h2 id="pal-patient-title">Patient</h2>
      ${patientPicker('pal-patient', 'Patient')}
    </div>
  </section>
  <section class="card mt-1" aria-labelledby="pal-log-title">
    <div class="card__body">
      <h2 id="pal-log-title">Accesses</h2>
      <p id="pal-summary" class="small muted" aria-live="polite">Choose a patient to see who accessed their record.</p>
      <div class="table-wrap">
        <table class="table table--stack" id="pal-table" data-sortable data-search-label="Search the accesses" aria-labelledby="pal-log-title">
          <thead><tr><th scope="col">Time</th><th scope="col">Who</th><th scope="col">Actor</th><th scope="col">Role</th><th scope="col">Access</th><th scope="col">Operation</th><th scope="col">Through</th><th scope="col">Request</th></tr></thead>
          <tbody id="pal-rows"></tbody>
        </table>
      </div>
      <div class="form-actions"><button type="button" class="btn btn-secondary" id="pal-more" hidden>Load more</button></div>
    </div>
  </section>
</main>`;
}
