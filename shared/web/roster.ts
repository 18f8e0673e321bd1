/**
 * `/roster` — a ward's roster for a period as a grid (staff × days, each shift in its colour, with
 * a legend), who is on duty now, generating a draft (a waiting state while HiGHS solves, then
 * coverage, gaps and rule violations), publishing it, and leave requests with their approval.
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
`;

const req = '<span class="req" aria-hidden="true">*</span>';

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${STYLES}</style>
  <div class="content-head">
    <div>
      <h1 id="rs-title" tabindex="-1">Staff roster</h1>
      <p>A ward's roster for a period, who is on duty now, and leave.</p>
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
      <div id="rs-problems"></div>
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
