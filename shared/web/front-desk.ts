/**
 * `/front-desk` — the receptionist's day in the browser: register a patient, book them with a
 * doctor (patients and doctors picked by searching, never by id), and work today's list: check
 * in, mark no-show or cancel. The list refreshes itself and says how old it is. Its script is
 * shared/web/client/front-desk.ts; the patient picker is shared/web/client/common/picker.ts.
 */

const required = '<span class="req" aria-hidden="true">*</span>';

function field(id: string, label: string, control: string, hint = ''): string {
  return `<div class="field">
          <label for="${id}">${label} ${required}</label>
          ${control}
          ${hint ? `<p class="hint" id="${id}-hint">${hint}</p>` : ''}
          <p class="field-error" id="${id}-error" aria-live="polite"></p>
        </div>`;
}

/** A patient picker: a search box, its results and the chosen patient (picker.ts). */
export function patientPicker(id: string, label: string): string {
  return `<div class="field picker" id="${id}-picker" data-picker="patient">
          <label for="${id}-q">${label} ${required}</label>
          <input type="search" id="${id}-q" autocomplete="off" aria-describedby="${id}-hint ${id}-error" aria-controls="${id}-results">
          <p class="hint" id="${id}-hint">Type at least two letters of the name, the MRN or the phone number.</p>
          <ul class="picker__results" id="${id}-results" aria-label="Matching patients"></ul>
          <p class="picker__count small muted" id="${id}-count" aria-live="polite"></p>
          <input type="hidden" id="${id}" name="${id}">
          <p class="picker__chosen" id="${id}-chosen" aria-live="polite"></p>
          <p class="field-error" id="${id}-error" aria-live="polite"></p>
        </div>`;
}

/** The styles the patient picker's markup needs (pages that use it include them). */
export const PICKER_STYLES = `
.req { color: var(--danger); font-weight: 700; }
.picker__results { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; }
.picker__results button { width: 100%; text-align: left; justify-content: flex-start; }
.picker__chosen { margin: 0; font-weight: 600; }
.picker__chosen:empty { display: none; }
`;

const STYLES = `${PICKER_STYLES}
.fd-grid { display: grid; gap: 1.25rem; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: start; }
.fd-list-head { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; justify-content: space-between; }
.fd-actions { display: flex; flex-wrap: wrap; gap: .35rem; }
@media (max-width: 960px) { .fd-grid { grid-template-columns: 1fr; } }
`;

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${STYLES}</style>
  <div class="content-head">
    <div>
      <h1 id="fd-title" tabindex="-1">Front desk</h1>
      <p>Register, book and check in patients. Fields marked <span class="req">*</span> are required.</p>
    </div>
  </div>
  <div id="fd-status" class="status-region" role="status" aria-live="polite"></div>
  <div class="fd-grid">
    <section class="card" aria-labelledby="reg-title">
      <div class="card__body">
        <h2 id="reg-title">Register a patient</h2>
        <form id="register-form" class="form-grid" novalidate>
        ${field('reg-name', 'Full name', '<input type="text" id="reg-name" autocomplete="off" required aria-describedby="reg-name-error">')}
        ${field('reg-dob', 'Date of birth', '<input type="date" id="reg-dob" required aria-describedby="reg-dob-error">')}
        ${field(
          'reg-sex',
          'Sex',
          '<select id="reg-sex" required aria-describedby="reg-sex-error"><option value="">Choose…</option><option value="female">Female</option><option value="male">Male</option><option value="other">Other</option><option value="unknown">Unknown</option></select>',
        )}
        ${field('reg-phone', 'Phone', '<input type="tel" id="reg-phone" autocomplete="off" required aria-describedby="reg-phone-hint reg-phone-error">', 'With the country code, e.g. +91 98765 43210.')}
          <div class="form-actions"><button type="submit" class="btn btn-primary" id="reg-submit">Register patient</button></div>
          <div id="reg-status" class="status-region" role="status" aria-live="polite"></div>
        </form>
      </div>
    </section>
    <section class="card" aria-labelledby="book-title">
      <div class="card__body">
        <h2 id="book-title">Book an appointment</h2>
        <form id="book-form" class="form-grid" novalidate>
        ${patientPicker('book-patient', 'Patient')}
        ${field('book-doctor', 'Doctor', '<select id="book-doctor" required aria-describedby="book-doctor-error"><option value="">Loading doctors…</option></select>')}
        ${field('book-date', 'Date', '<input type="date" id="book-date" required aria-describedby="book-date-error">')}
        ${field('book-slot', 'Time', '<select id="book-slot" required aria-describedby="book-slot-error"><option value="">Choose a doctor and a date</option></select>')}
        ${field('book-reason', 'Reason for the visit', '<input type="text" id="book-reason" autocomplete="off" required aria-describedby="book-reason-error">')}
          <div class="form-actions"><button type="submit" class="btn btn-primary" id="book-submit">Book appointment</button></div>
          <div id="book-status" class="status-region" role="status" aria-live="polite"></div>
        </form>
      </div>
    </section>
  </div>
  <section class="card mt-1" aria-labelledby="today-title">
    <div class="card__body">
      <div class="fd-list-head">
        <h2 id="today-title">Appointments on <span id="today-date"></span></h2>
        <div class="fd-actions">
          <span class="updated" id="today-updated" aria-live="off"></span>
          <button type="button" class="btn btn-secondary btn-sm" id="today-refresh">Refresh</button>
        </div>
      </div>
      <div id="today-status" class="status-region" role="status" aria-live="polite"></div>
      <div class="table-wrap" tabindex="0" role="region" aria-labelledby="today-title">
        <table class="table table--stack" id="today-table" data-sortable data-search-label="Search today's appointments">
          <thead><tr><th scope="col">Time</th><th scope="col">Token</th><th scope="col">Patient</th><th scope="col">Doctor</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody id="today-body"></tbody>
        </table>
      </div>
    </div>
  </section>
</main>`;
}
