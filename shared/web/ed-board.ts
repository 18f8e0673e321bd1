/**
 * `/ed` — the emergency department board: the patients in the department by triage category
 * (ESI 1 first, then those awaiting triage, then 3, 4, 5), each with minutes waiting against the
 * category's target to be seen, a breach in colour and in words, who is seeing whom, and the
 * arrival score (NEWS2, or a child's PEWS). Refreshes by itself. Script:
 * shared/web/client/ed-board.ts.
 */

/** Styles of the ED pages: the category colours, each paired with its words. */
export const ED_STYLES = `
.req { color: var(--danger); font-weight: 700; }
.ed-cat { display: inline-block; min-width: 4.5rem; padding: .15rem .5rem; border-radius: .35rem; font-weight: 700; color: #fff; }
.ed-cat--1 { background: #991b1b; }
.ed-cat--2 { background: #c2410c; }
.ed-cat--3 { background: #854d0e; }
.ed-cat--4 { background: #166534; }
.ed-cat--5 { background: #1e40af; }
.ed-cat--none { background: #374151; }
.ed-group { margin-top: 1rem; }
.ed-group h3 { font-size: 1rem; margin: 0 0 .25rem; display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
.ed-group .table-wrap { contain: inline-size; position: relative; }
.ed-breach { color: var(--danger); font-weight: 700; }
.ed-within { color: #166534; }
.ed-counts { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; padding: 0; margin: .5rem 0 0; }
.picker__results { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; }
.picker__results button { width: 100%; text-align: left; justify-content: flex-start; }
.picker__chosen { margin: 0; font-weight: 600; }
.picker__chosen:empty { display: none; }
.ed-grid { display: grid; gap: 1.25rem; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; }
@media (max-width: 960px) { .ed-grid { grid-template-columns: 1fr; } }
.ed-checks { display: grid; gap: .35rem; border: 0; padding: 0; margin: 0; }
.ed-checks label { display: flex; gap: .5rem; align-items: center; font-weight: 400; }
.ed-result { font-size: 1.1rem; }
`;

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${ED_STYLES}</style>
  <div class="content-head">
    <div>
      <h1 id="ed-title" tabindex="-1">ED board</h1>
      <p>Patients in the department by triage category (Emergency Severity Index v4), waits against each category's target to be seen.</p>
    </div>
  </div>
  <div id="ed-status" class="status-region" role="status" aria-live="polite"></div>
  <section class="card" aria-labelledby="ed-now-title">
    <div class="card__body">
      <h2 id="ed-now-title">In the department</h2>
      <p id="ed-updated" class="small muted"></p>
      <ul id="ed-counts" class="ed-counts" aria-label="Patients per category"></ul>
      <div id="ed-groups" aria-live="polite"></div>
    </div>
  </section>
</main>`;
}
