/**
 * `/theatre` — the theatre coordinator's lists: a day's sessions per theatre with their cases in
 * order (times in the hospital's time zone, surgeon, anaesthetist, state and checklist progress),
 * a bar of each session's booked time, and the forms to open a session and to book a case with
 * the patient, the theatre and the team picked by name. Script: shared/web/client/theatre.ts.
 */
import { patientPicker } from './front-desk';

const req = '<span class="req" aria-hidden="true">*</span>';

function field(id: string, label: string, control: string, required = true): string {
  return `<div class="field">
          <label for="${id}">${label}${required ? ` ${req}` : ''}</label>
          ${control}
          <p class="field-error" id="${id}-error" aria-live="polite"></p>
        </div>`;
}

const select = (id: string, options = '') =>
  `<select id="${id}" required aria-describedby="${id}-error">${options}</select>`;

const opts = (values: readonly string[]) =>
  values.map((v) => `<option value="${v}">${v.replace(/-/g, ' ')}</option>`).join('');

/** Styles of the theatre pages (the list and the checklist share the bar and the badges). */
export const THEATRE_STYLES = `
.req { color: var(--danger); font-weight: 700; }
.picker__results { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; }
.picker__results button { width: 100%; text-align: left; justify-content: flex-start; }
.picker__chosen { margin: 0; font-weight: 600; }
.picker__chosen:empty { display: none; }
.ot-grid { display: grid; gap: 1.25rem; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; }
@media (max-width: 960px) { .ot-grid { grid-template-columns: 1fr; } }
.ot-bar { position: relative; height: 1.75rem; border-radius: .35rem; background: var(--surface-2, #eef2f6); overflow: hidden; margin: .5rem 0; }
.ot-bar__case { position: absolute; top: 0; bottom: 0; background: #2563eb; border-right: 2px solid #fff; }
.ot-bar__case--done { background: #15803d; }
.ot-bar__case--live { background: #b45309; }
.ot-session { margin-top: 1rem; }
.ot-session .table-wrap { contain: inline-size; position: relative; }
.ot-session h3 { font-size: 1rem; margin: 0; }
.ot-conflict { white-space: pre-line; }
.ot-theatre h3, .ot-session p { overflow-wrap: anywhere; }
`;

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${THEATRE_STYLES}</style>
  <div class="content-head">
    <div>
      <h1 id="ot-title" tabindex="-1">Theatre lists</h1>
      <p>Each theatre's list for a day, cases in order. Fields marked <span class="req">*</span> are required.</p>
    </div>
  </div>
  <div id="ot-status" class="status-region" role="status" aria-live="polite"></div>
  <section class="card" aria-labelledby="ot-lists-title">
    <div class="card__body">
      <h2 id="ot-lists-title">Lists</h2>
      <form id="ot-day-form" class="toolbar" novalidate>
        <div class="field">
          <label for="ot-date">Date</label>
          <input type="date" id="ot-date" required>
        </div>
        <div class="field">
          <label for="ot-theatre-filter">Theatre</label>
          <select id="ot-theatre-filter"><option value="">All theatres</option></select>
        </div>
        <div class="form-actions"><button type="submit" class="btn btn-primary" id="ot-show">Show lists</button></div>
      </form>
      <p id="ot-updated" class="small muted"></p>
      <div id="ot-lists" aria-live="polite"></div>
    </div>
  </section>
  <div class="ot-grid mt-1">
    <section class="card" aria-labelledby="book-title">
      <div class="card__body">
        <h2 id="book-title">Book a case</h2>
        <p class="small muted">The case is requested from the patient's admission or today's encounter, then booked into a session. A clash is explained and nothing is booked.</p>
        <form id="book-form" class="form-grid" novalidate>
          ${patientPicker('book-patient', 'Patient')}
          ${field('book-source', 'Requested from', select('book-source', '<option value="">Choose a patient first</option>'))}
          ${field('book-procedure', 'Procedure', '<input type="text" id="book-procedure" required autocomplete="off" aria-describedby="book-procedure-error">')}
          ${field('book-site', 'Site', '<input type="text" id="book-site" required autocomplete="off" aria-describedby="book-site-error">')}
          ${field('book-laterality', 'Laterality', select('book-laterality', opts(['not-applicable', 'left', 'right', 'bilateral'])))}
          ${field('book-surgeon', 'Surgeon', select('book-surgeon'))}
          ${field('book-anaesthetist', 'Anaesthetist', select('book-anaesthetist'))}
          ${field('book-nurse', 'Scrub nurse', select('book-nurse'))}
          ${field('book-anaesthesia', 'Anaesthesia', select('book-anaesthesia', opts(['general', 'spinal', 'epidural', 'regional-block', 'local', 'sedation'])))}
          ${field('book-priority', 'Priority (NCEPOD)', select('book-priority', opts(['elective', 'expedited', 'urgent', 'immediate'])))}
          ${field('book-minutes', 'Expected minutes', '<input type="number" id="book-minutes" min="5" max="1440" step="5" value="60" required aria-describedby="book-minutes-error">')}
          <fieldset class="field">
            <legend>Before the day</legend>
            <label class="checkbox"><input type="checkbox" id="book-consent"> <span class="checkbox__text">Consent signed</span></label>
            <label class="checkbox"><input type="checkbox" id="book-site-marked"> <span class="checkbox__text">Site marked</span></label>
          </fieldset>
          ${field('book-session', 'Session', select('book-session', '<option value="">Show a day’s lists first</option>'))}
          ${field('book-start', 'Start time', '<input type="time" id="book-start" required aria-describedby="book-start-error">')}
          <div class="form-actions"><button type="submit" class="btn btn-primary" id="book-submit">Book the case</button></div>
        </form>
        <div id="book-status" class="status-region" role="status" aria-live="polite"></div>
      </div>
    </section>
    <section class="card" aria-labelledby="session-title">
      <div class="card__body">
        <h2 id="session-title">Open a session</h2>
        <form id="session-form" class="form-grid" novalidate>
          ${field('session-theatre', 'Theatre', select('session-theatre'))}
          ${field('session-date', 'Date', '<input type="date" id="session-date" required aria-describedby="session-date-error">')}
          ${field('session-from', 'From', '<input type="time" id="session-from" value="08:00" required aria-describedby="session-from-error">')}
          ${field('session-to', 'To', '<input type="time" id="session-to" value="13:00" required aria-describedby="session-to-error">')}
          ${field('session-surgeon', 'Surgeon', select('session-surgeon'))}
          ${field('session-anaesthetist', 'Anaesthetist', select('session-anaesthetist'))}
          ${field('session-kind', 'Kind', select('session-kind', opts(['elective', 'emergency'])))}
          <div class="form-actions"><button type="submit" class="btn btn-secondary" id="session-submit">Open the session</button></div>
        </form>
        <div id="session-status" class="status-region" role="status" aria-live="polite"></div>
      </div>
    </section>
  </div>
</main>`;
}
