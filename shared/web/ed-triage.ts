/**
 * `/ed/triage` — the triage form, made for speed: the patient picked by name (an arrival is
 * registered when the patient is not yet in the department), the ESI decision points, the
 * arrival observations, and the answer: the triage category and the score (NEWS2, or a child's
 * Bedside PEWS). Script: shared/web/client/ed-triage.ts.
 */
import { ED_STYLES } from './ed-board';
import { patientPicker } from './front-desk';

const req = '<span class="req" aria-hidden="true">*</span>';

function num(id: string, label: string, min: number, max: number, step = '1'): string {
  return `<div class="field">
          <label for="${id}">${label}</label>
          <input type="number" id="${id}" min="${min}" max="${max}" step="${step}" inputmode="decimal" aria-describedby="${id}-error">
          <p class="field-error" id="${id}-error" aria-live="polite"></p>
        </div>`;
}

const check = (id: string, label: string) =>
  `<label><input type="checkbox" id="${id}"> ${label}</label>`;

const RESOURCES: [string, string][] = [
  ['labs', 'Laboratory tests'],
  ['ecg', 'ECG'],
  ['xray', 'X-ray'],
  ['ct-mri-ultrasound', 'CT, MRI or ultrasound'],
  ['iv-fluids', 'IV fluids'],
  ['iv-im-neb-medication', 'IV, IM or nebulised medication'],
  ['specialty-consultation', 'Specialty consultation'],
  ['simple-procedure', 'Simple procedure'],
  ['complex-procedure', 'Complex procedure'],
];

export function render(): string {
  return `<main id="main" class="container page" tabindex="-1">
  <style>${ED_STYLES}</style>
  <div class="content-head">
    <div>
      <h1 id="triage-title" tabindex="-1">ED triage</h1>
      <p>Emergency Severity Index v4. Fields marked <span class="req">*</span> are required.</p>
    </div>
  </div>
  <form id="triage-form" novalidate>
    <div class="ed-grid">
      <section class="card" aria-labelledby="who-title">
        <div class="card__body form-grid">
          <h2 id="who-title">Patient</h2>
          ${patientPicker('triage-patient', 'Patient')}
          <p id="triage-visit" class="small" aria-live="polite"></p>
          <div class="field">
            <label for="triage-mode">Arrival</label>
            <select id="triage-mode">
              <option value="walk-in">walk in</option>
              <option value="ambulance">ambulance</option>
              <option value="referral">referral</option>
            </select>
          </div>
          <div class="field">
            <label for="triage-complaint">Presenting complaint ${req}</label>
            <input type="text" id="triage-complaint" maxlength="300" aria-describedby="triage-complaint-error">
            <p class="field-error" id="triage-complaint-error" aria-live="polite"></p>
          </div>
          <div class="field">
            <label for="triage-handover">Ambulance handover, or who referred</label>
            <input type="text" id="triage-handover" maxlength="300" aria-describedby="triage-handover-error">
            <p class="field-error" id="triage-handover-error" aria-live="polite"></p>
          </div>
        </div>
      </section>
      <section class="card" aria-labelledby="esi-title">
        <div class="card__body">
          <h2 id="esi-title">Decision points</h2>
          <fieldset class="ed-checks">
            <legend>A and B</legend>
            ${check('esi-a', 'A: needs an immediate life-saving intervention')}
            ${check('esi-b-risk', 'B: high-risk situation')}
            ${check('esi-b-confusion', 'B: new confusion, lethargy or disorientation')}
            ${check('esi-b-pain', 'B: severe pain or distress')}
          </fieldset>
          <fieldset class="ed-checks mt-1">
            <legend>C: resources expected</legend>
            ${RESOURCES.map(([v, l]) => `<label><input type="checkbox" name="resource" value="${v}"> ${l}</label>`).join('\n            ')}
          </fieldset>
          <fieldset class="ed-checks mt-1">
            <legend>Other</legend>
            ${check('triage-infection', 'Suspected infection')}
          </fieldset>
        </div>
      </section>
    </div>
    <section class="card mt-1" aria-labelledby="obs-title">
      <div class="card__body">
        <h2 id="obs-title">Observations</h2>
        <div class="form-grid">
          ${num('obs-rr', 'Respiratory rate (/min)', 1, 80)}
          ${num('obs-spo2', 'SpO2 (%)', 20, 100)}
          ${num('obs-sbp', 'Systolic BP (mmHg)', 10, 300)}
          ${num('obs-pulse', 'Pulse (/min)', 1, 300)}
          ${num('obs-temp', 'Temperature (°C)', 13, 45, '0.1')}
          ${num('obs-pain', 'Pain (0–10)', 0, 10)}
          <div class="field">
            <label for="obs-avpu">Consciousness (ACVPU)</label>
            <select id="obs-avpu">
              <option value="">not recorded</option>
              <option value="A">A: alert</option>
              <option value="C">C: new confusion</option>
              <option value="V">V: responds to voice</option>
              <option value="P">P: responds to pain</option>
              <option value="U">U: unresponsive</option>
            </select>
          </div>
          <div class="field"><label><input type="checkbox" id="obs-oxygen"> On oxygen</label></div>
        </div>
        <div class="form-actions mt-1"><button type="submit" class="btn btn-primary" id="triage-submit">Triage</button></div>
        <div id="triage-status" class="status-region" role="status" aria-live="polite"></div>
        <div id="triage-result" class="ed-result" aria-live="polite"></div>
      </div>
    </section>
  </form>
</main>`;
}
