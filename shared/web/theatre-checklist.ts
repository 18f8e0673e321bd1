/**
 * `/theatre/checklist` — the WHO Surgical Safety Checklist on a tablet in theatre: one phase at a
 * time (Sign In, Time Out, Sign Out, in order), each item with the team member who must confirm
 * it, a large Confirm button for that member only, who confirmed what and when, the counts at
 * Sign Out and the case's timeline. Script: shared/web/client/theatre-checklist.ts.
 */
const STYLES = `
.ck-head { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: space-between; }
.ck-phases { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: .5rem; margin: 1rem 0; }
.ck-phases button { min-height: 3.25rem; font-size: 1.05rem; white-space: normal; }
.ck-timeline button, .ck-confirm { white-space: normal; }
.ck-answers label { overflow-wrap: anywhere; }
#ck-case-title, .ck-item__text { overflow-wrap: anywhere; }
.ck-phases button[aria-current="step"] { outline: 3px solid var(--brand, #1d4ed8); outline-offset: 2px; }
.ck-items { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; }
.ck-item { border: 1px solid var(--border, #cbd5e1); border-radius: .5rem; padding: .85rem 1rem; }
.ck-item--done { border-color: #15803d; background: #f0fdf4; }
.ck-item p { margin: .25rem 0; }
.ck-item__text { font-size: 1.1rem; font-weight: 600; }
.ck-answers { border: 0; padding: 0; margin: .5rem 0; display: flex; flex-wrap: wrap; gap: .5rem; }
.ck-answers label { display: inline-flex; align-items: center; gap: .5rem; min-height: 3rem; padding: .25rem .85rem; border: 1px solid var(--border, #cbd5e1); border-radius: .5rem; }
.ck-answers input { width: 1.4rem; height: 1.4rem; }
.ck-confirm { min-height: 3.25rem; min-width: 10rem; font-size: 1.05rem; }
.ck-counts { display: grid; gap: .5rem; grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr)); }
.ck-counts input, .ck-item textarea { min-height: 3rem; font-size: 1.05rem; width: 100%; }
.ck-timeline { display: flex; flex-wrap: wrap; gap: .5rem; }
.ck-timeline button { min-height: 3.25rem; }
@media (max-width: 520px) { .ck-phases { grid-template-columns: 1fr; } }
`;

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${STYLES}</style>
  <div class="ck-head">
    <h1 id="ck-title" tabindex="-1">Surgical safety checklist</h1>
    <a class="btn btn-secondary" href="/theatre">Back to the lists</a>
  </div>
  <form id="ck-find" class="toolbar" novalidate>
    <div class="field">
      <label for="ck-theatre">The case in theatre now or next</label>
      <select id="ck-theatre"><option value="">Choose a theatre…</option></select>
    </div>
    <div class="form-actions"><button type="submit" class="btn btn-secondary">Open its checklist</button></div>
  </form>
  <div id="ck-status" class="status-region" role="status" aria-live="polite"></div>
  <section id="ck-case" class="card" aria-labelledby="ck-case-title" hidden>
    <div class="card__body">
      <h2 id="ck-case-title"></h2>
      <p id="ck-case-meta" class="muted"></p>
      <p id="ck-next" class="alert alert-info"></p>
      <nav class="ck-phases" aria-label="Checklist phases" id="ck-phases"></nav>
      <h3 id="ck-phase-title" tabindex="-1"></h3>
      <ol class="ck-items" id="ck-items"></ol>
      <h3 class="mt-1">Timeline</h3>
      <p class="small muted">Incision needs Time Out complete; leaving the room needs Sign Out complete.</p>
      <div class="ck-timeline" id="ck-timeline"></div>
      <div id="ck-timeline-status" class="status-region" role="status" aria-live="polite"></div>
    </div>
  </section>
</main>`;
}
