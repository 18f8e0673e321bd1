/**
 * `/roster` — a ward's roster for a period as a grid (staff × days, each shift in its colour, with
 * a legend), a coverage heat map (shift types × days, staffed against the requirement), editing a
 * draft's cells (managers), who is on duty now, generating a draft (a waiting state while HiGHS
 * solves, then coverage, gaps and rule violations), publishing it, swap requests on a published
 * roster with their approval, and leave requests with their approval.
 * Script: shared/web/client/roster.ts.
 */
const STYLES = `
.req { color: var(--danger); font-weight: 700; }
.rs-grid-wrap { overflow-x: auto; contain: inline-size; position: relative; } /* the grid (and its visually hidden "off" cells) scrolls inside, never the page */
.rs-grid { border-collapse: collapse; font-size: .9rem; }
.rs-grid th, .rs-grid td { border: 1px solid var(--border, #cbd5e1); padding: .3rem .45rem; text-align: center; min-width: 2.6rem; }
.rs-grid th[scope="row"] { text-align: left; white-space: nowrap; }
.rs-shift { display: inline-block; min-width: 1.8rem; border-radius: .3rem; font-weight: 700; color: #fff; padding: .1rem .3rem; }
.rs-c0 { background: #1d4ed8; } .rs-c1 { background: #6d28d9; } .rs-c2 { background: #047857; } .rs-c3 { background: #b45309; }
.rs-c4 { background: #be123c; } .rs-c5 { background: #0f766e; } .rs-c6 { background: #4d7c0f; } .rs-c7 { background: #374151; }
.rs-legend { display: flex; flex-wrap: wrap; gap: .5rem 1rem; list-style: none; padding: 0; margin: .5rem 0; }
.rs-grid-2 { display: grid; gap: 1.25rem; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; }
@media (max-width: 960px) { .rs-grid-2 { grid-template-columns: 1fr; } }
.rs-cell { font: inherit; min-width: 2.2rem; min-height: 1.8rem; padding: .05rem .2rem; border: 1px dashed var(--border, #94a3b8); border-radius: .3rem; background: transparent; cursor: pointer; }
.rs-cell .rs-off { color: var(--muted, #475569); }
/* The heat map: a colour, a symbol and words for each state (colour is never the only signal). */
.rs-cov td { font-weight: 700; white-space: nowrap; }
.rs-cov-met { background: #dcfce7; color: #14532d; }
.rs-cov-below-target { background: #fef3c7; color: #78350f; }
.rs-cov-below-minimum { background: #fee2e2; color: #7f1d1d; outline: 2px solid #b91c1c; outline-offset: -3px; }
.rs-cov-key { display: inline-block; padding: 0 .4rem; border-radius: .3rem; font-weight: 700; }
`;

const req = '<span class="req" aria-hidden="true">*</span>';

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${STYLES}</style>
  <div class="content-head">
    <div>
      <h1 id="rs-title" tabindex="-1">Staff roster</h1>
      <p>A ward's roster for a period with its coverage, swaps, who is on duty now, and leave.</p>
    </div>
  </div>
  <div id="rs-status" class="status-region" role="status" aria-live="polite"></div>
  <section class="card" aria-labelledby="rs-period-title">
    <div class="card__body">
      <h2 id="rs-period-title">Roster</h2>
      <form id="rs-form" class="toolbar" novalidate>
        <div class="field">
          <label for="rs-ward">Ward ${req}</label>
          <input type="text" id="rs-ward" list="rs-wards" required autocomplete="off" aria-describedby="rs-ward-error">
          <datalist id="rs-wards"></datalist>
          <p class="field-error" id="rs-ward-error" aria-live="polite"></p>
        </div>
        <div class="field">
          <label for="rs-start">First day ${req}</label>
          <input type="date" id="rs-start" required aria-describedby="rs-start-error">
          <p class="field-error" id="rs-start-error" aria-live="polite"></p>
        </div>
        <div class="field">
          <label for="rs-days">Days</label>
          <input type="number" id="rs-days" min="1" max="42" value="7">
        </div>
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" id="rs-show">Show</button>
          <button type="button" class="btn btn-secondary" id="rs-generate">Generate a draft</button>
          <button type="button" class="btn btn-secondary" id="rs-publish" hidden>Publish</button>
        </div>
      </form>
      <div id="rs-job" class="status-region" role="status" aria-live="polite"></div>
      <p id="rs-meta" class="small muted"></p>
      <ul class="rs-legend" id="rs-legend" aria-label="Shift colours"></ul>
      <div class="rs-grid-wrap" id="rs-grid" tabindex="0" role="region" aria-label="Roster grid"></div>
      <form id="rs-edit" class="toolbar mt-1" hidden novalidate aria-labelledby="rs-edit-title">
        <h3 id="rs-edit-title" tabindex="-1">Change a day</h3>
        <div class="field">
          <label for="rs-edit-shift">Shift</label>
          <select id="rs-edit-shift"></select>
        </div>
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" id="rs-edit-save">Save</button>
          <button type="button" class="btn btn-secondary" id="rs-edit-cancel">Cancel</button>
        </div>
      </form>
      <div id="rs-edit-status" class="status-region" role="status" aria-live="polite"></div>
      <div id="rs-coverage-wrap" hidden>
        <h3 id="rs-coverage-title">Coverage</h3>
        <p class="small muted">Each shift of each day: people on it against its minimum and target.</p>
        <ul class="rs-legend" id="rs-coverage-legend" aria-label="Coverage states">
          <li><span class="rs-cov-key rs-cov-met" aria-hidden="true">✓</span> met (at least the target)</li>
          <li><span class="rs-cov-key rs-cov-below-target" aria-hidden="true">▽</span> below target (the minimum met)</li>
          <li><span class="rs-cov-key rs-cov-below-minimum" aria-hidden="true">✗</span> below minimum (a gap, listed below)</li>
        </ul>
        <div class="rs-grid-wrap" id="rs-coverage" tabindex="0" role="region" aria-labelledby="rs-coverage-title"></div>
      </div>
      <div id="rs-problems"></div>
    </div>
  </section>
  <section class="card mt-1" aria-labelledby="swap-title">
    <div class="card__body">
      <h2 id="swap-title">Swaps</h2>
      <p id="swap-help" class="small muted">A published roster changes by swaps: two people exchange what they work on a day; a ward manager approves, re-checked against the rules.</p>
      <form id="swap-form" class="form-grid" novalidate hidden>
        <div class="field" id="swap-from-field" hidden>
          <label for="swap-from">Whose shift</label>
          <select id="swap-from"></select>
        </div>
        <div class="field">
          <label for="swap-date">Day ${req}</label>
          <select id="swap-date" required aria-describedby="swap-date-error"></select>
          <p class="field-error" id="swap-date-error" aria-live="polite"></p>
        </div>
        <div class="field">
          <label for="swap-to">Colleague ${req}</label>
          <select id="swap-to" required aria-describedby="swap-to-error"></select>
          <p class="field-error" id="swap-to-error" aria-live="polite"></p>
        </div>
        <div class="form-actions"><button type="submit" class="btn btn-primary" id="swap-submit">Request the swap</button></div>
      </form>
      <div id="swap-status" class="status-region" role="status" aria-live="polite"></div>
      <h3>Waiting for a decision</h3>
      <ul id="swap-list" class="stack"></ul>
    </div>
  </section>
  <div class="rs-grid-2 mt-1">
    <section class="card" aria-labelledby="rs-duty-title">
      <div class="card__body">
        <h2 id="rs-duty-title">On duty now</h2>
        <p id="rs-duty-updated" class="small muted"></p>
        <ul id="rs-duty" class="stack"></ul>
      </div>
    </section>
    <section class="card" aria-labelledby="rs-leave-title">
      <div class="card__body">
        <h2 id="rs-leave-title">Leave</h2>
        <form id="leave-form" class="form-grid" novalidate>
          <div class="field">
            <label for="leave-user">For</label>
            <select id="leave-user"><option value="">Myself</option></select>
          </div>
          <div class="field">
            <label for="leave-kind">Kind ${req}</label>
            <select id="leave-kind" required>
              <option value="annual">annual</option><option value="sick">sick</option><option value="study">study</option>
              <option value="parental">parental</option><option value="unavailable">unavailable</option><option value="other">other</option>
            </select>
          </div>
          <div class="field">
            <label for="leave-start">From ${req}</label>
            <input type="date" id="leave-start" required aria-describedby="leave-start-error">
            <p class="field-error" id="leave-start-error" aria-live="polite"></p>
          </div>
          <div class="field">
            <label for="leave-end">To ${req}</label>
            <input type="date" id="leave-end" required aria-describedby="leave-end-error">
            <p class="field-error" id="leave-end-error" aria-live="polite"></p>
          </div>
          <div class="field">
            <label for="leave-note">Note</label>
            <input type="text" id="leave-note" autocomplete="off">
          </div>
          <div class="form-actions"><button type="submit" class="btn btn-primary" id="leave-submit">Request leave</button></div>
        </form>
        <div id="leave-status" class="status-region" role="status" aria-live="polite"></div>
        <h3>Waiting for a decision</h3>
        <ul id="leave-list" class="stack"></ul>
      </div>
    </section>
  </div>
</main>`;
}
