/**
 * `/bed-board` — the wards' bed board for the admitting desk, ward nurses, doctors and the bed
 * manager: beds coloured by their HL7 0116 state with the patient in each and the NEWS2
 * escalation flag, availability across wards, and the admit, transfer, discharge and mark-clean
 * actions. Static markup; its script (shared/web/client/bed-board.ts) loads the data with the
 * signed-in session and each action calls the same operations as the API.
 */

/** Bed colours by state (a second inline stylesheet, allowed by its hash like the first). */
const BOARD_STYLES = `
.board-grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); }
.bed { border: 2px solid #cbd5e1; border-radius: 10px; padding: 10px 12px; background: #fff; display: flex; flex-direction: column; gap: 4px; }
.bed__code { font-weight: 700; font-size: 1.05rem; }
.bed__state { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; }
.bed--unoccupied { border-color: #16a34a; background: #f0fdf4; }
.bed--occupied { border-color: #2563eb; background: #eff6ff; }
.bed--housekeeping { border-color: #d97706; background: #fffbeb; }
.bed--closed { border-color: #64748b; background: #f1f5f9; }
.bed--isolated { border-color: #7c3aed; background: #f5f3ff; }
.bed--contaminated { border-color: #dc2626; background: #fef2f2; }
.bed--escalate { box-shadow: 0 0 0 3px #dc2626; }
.bed--selected { outline: 3px solid #0f766e; outline-offset: 2px; }
.req { color: var(--danger); font-weight: 700; }
.board-layout { display: grid; gap: 20px; grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr); align-items: start; }
@media (max-width: 900px) { .board-layout { grid-template-columns: 1fr; } }
`;

const required = '<span class="req" aria-hidden="true">*</span>';
const error = (id: string) => `<p class="field-error" id="${id}-error" aria-live="polite"></p>`;

export function render(): string {
  const body = `<style>${BOARD_STYLES}</style>
<main id="main" class="container page">
  <div class="page-head">
    <h1>Bed board</h1>
    <p class="muted">Beds by state (HL7 0116), the patient in each and NEWS2 escalations. Fields marked <span class="req">*</span> are required.</p>
  </div>
  <div id="board-status" class="status-region" role="status" aria-live="polite" tabindex="-1"></div>
  <p class="live-line" id="board-live"></p>
  <section class="card" aria-labelledby="availability-title">
    <div class="card__body">
      <h2 class="section-title" id="availability-title">Availability</h2>
      <p id="availability-total" class="muted"></p>
      <div class="table-wrap"><table class="table" id="availability-table" data-sortable data-search-label="Search wards">
        <thead><tr><th scope="col">Ward</th><th scope="col">Type</th><th scope="col">Sex policy</th><th scope="col" class="num">Free</th><th scope="col" class="num">Occupied</th><th scope="col" class="num">Housekeeping</th><th scope="col" class="num">Closed</th><th scope="col" class="num">Beds</th></tr></thead>
        <tbody></tbody>
      </table></div>
    </div>
  </section>
  <div class="toolbar">
    <label for="ward-select">Ward</label>
    <select id="ward-select"></select>
    <span class="badge badge-danger" id="escalation-count" hidden></span>
  </div>
  <div class="board-layout">
    <section aria-labelledby="board-title">
      <h2 class="section-title" id="board-title">Beds</h2>
      <ul class="board-grid" id="bed-board" aria-live="polite"></ul>
    </section>
    <aside class="stack">
      <section class="card" aria-labelledby="admit-title">
        <div class="card__body">
          <h2 class="section-title" id="admit-title">Admit a patient</h2>
          <form id="admit-form" class="form-grid" novalidate>
            <div class="field">
              <label for="admit-patient-q">Find patient (name, MRN or phone)</label>
              <div class="input-group">
                <input id="admit-patient-q" type="search" autocomplete="off" aria-describedby="admit-patient-q-error">
                <button type="button" class="btn btn-secondary" id="admit-patient-search">Search</button>
              </div>
              ${error('admit-patient-q')}
            </div>
            <div class="field"><label for="admit-patient">Patient ${required}</label><select id="admit-patient" required aria-describedby="admit-patient-error"><option value="">Search for the patient first</option></select>${error('admit-patient')}</div>
            <div class="field"><label for="admit-doctor">Admitting doctor ${required}</label><select id="admit-doctor" required aria-describedby="admit-doctor-error"><option value="">Choose the admitting doctor…</option></select>${error('admit-doctor')}</div>
            <div class="field"><label for="admit-source">From</label>
              <select id="admit-source"><option value="direct">Direct admission</option><option value="emergency">Emergency department</option></select></div>
            <div class="field"><label for="admit-reason">Reason for admission ${required}</label><input type="text" id="admit-reason" required maxlength="500" aria-describedby="admit-reason-error">${error('admit-reason')}</div>
            <div class="field"><label for="admit-bed">Bed</label><select id="admit-bed" aria-describedby="admit-bed-error"></select>${error('admit-bed')}</div>
            <div id="admit-status" class="status-region" role="alert" aria-live="assertive"></div>
            <button type="submit" class="btn btn-primary" id="admit-submit">Admit</button>
          </form>
        </div>
      </section>
      <section class="card" id="admission-panel" aria-labelledby="admission-title" hidden>
        <div class="card__body">
          <h2 class="section-title" id="admission-title" tabindex="-1">Patient in bed <span id="admission-bed"></span></h2>
          <p><strong id="admission-patient"></strong> <span class="muted" id="admission-mrn"></span></p>
          <p id="admission-news2" class="small"></p>
          <h3 class="section-title">Transfer</h3>
          <form id="transfer-form" class="form-grid" novalidate>
            <div class="field"><label for="transfer-ward">To ward (first free bed) ${required}</label><select id="transfer-ward" required aria-describedby="transfer-ward-error"></select>${error('transfer-ward')}</div>
            <div class="field"><label for="transfer-reason">Reason ${required}</label><input type="text" id="transfer-reason" required maxlength="500" aria-describedby="transfer-reason-error">${error('transfer-reason')}</div>
            <div id="transfer-status" class="status-region" role="alert" aria-live="assertive"></div>
            <button type="submit" class="btn btn-secondary" id="transfer-submit">Transfer</button>
          </form>
          <h3 class="section-title">Discharge</h3>
          <form id="discharge-form" class="form-grid" novalidate>
            <div class="field"><label for="discharge-diagnosis">Final diagnosis ${required}</label><input type="text" id="discharge-diagnosis" required maxlength="300" aria-describedby="discharge-diagnosis-error">${error('discharge-diagnosis')}</div>
            <div class="field"><label for="discharge-condition">Condition at discharge ${required}</label><input type="text" id="discharge-condition" required maxlength="500" aria-describedby="discharge-condition-error">${error('discharge-condition')}</div>
            <div class="field"><label for="discharge-disposition">Disposition ${required}</label>
              <select id="discharge-disposition" required>
                <option value="home">Home</option><option value="home-with-support">Home with support</option>
                <option value="other-facility">Transferred to another facility</option><option value="rehabilitation">Rehabilitation</option>
                <option value="long-term-care">Long-term care</option><option value="against-medical-advice">Left against medical advice</option>
                <option value="absconded">Absconded</option><option value="deceased">Deceased</option><option value="other">Other</option>
              </select></div>
            <div class="field" id="discharge-death-field" hidden><label for="discharge-death">Time of death (<span id="discharge-death-zone">hospital time</span>) ${required}</label><input id="discharge-death" type="datetime-local" aria-describedby="discharge-death-error">${error('discharge-death')}</div>
            <div class="field"><label for="discharge-followup">Follow-up instructions</label><input type="text" id="discharge-followup" maxlength="2000" aria-describedby="discharge-followup-error">${error('discharge-followup')}</div>
            <div class="field"><label for="discharge-override">Reason to discharge despite a decision-support stop</label><input type="text" id="discharge-override" maxlength="500" aria-describedby="discharge-override-hint discharge-override-error"><p class="hint" id="discharge-override-hint">Only when the discharge is stopped (a critical result nobody has acknowledged); stored with the discharge.</p>${error('discharge-override')}</div>
            <div id="discharge-status" class="status-region" role="alert" aria-live="assertive"></div>
            <button type="submit" class="btn btn-danger" id="discharge-submit">Discharge</button>
          </form>
        </div>
      </section>
    </aside>
  </div>
</main>`;
  return body;
}
