/**
 * `/get-started` — self-service hospital (tenant) sign-up and the one-time credentials screen; its
 * script is shared/web/client/get-started.ts.
 */
import { credentialRow, ICONS, publicHeader, siteFooter } from './layout';

export function render(): string {
  const body = `${publicHeader('get-started')}
<main id="main" class="page">
  <div class="container">
    <div id="signup-view">
      <div class="page-head">
        <span class="eyebrow">Free trial</span>
        <h1>Create your hospital workspace</h1>
        <p>One workspace per hospital. You'll become its first administrator and can invite your team afterwards.</p>
      </div>
      <div class="two-col">
        <div class="card">
          <div class="card__body">
            <form id="get-started-form" novalidate aria-describedby="get-started-intro">
              <p id="get-started-intro" class="visually-hidden">All fields are required unless marked optional.</p>
              <fieldset class="form-grid form-section">
                <legend>Hospital</legend>
                <div class="field">
                  <label for="hospitalName">Hospital name</label>
                  <input type="text" id="hospitalName" name="hospitalName" autocomplete="organization" required maxlength="120" aria-describedby="hospitalName-error">
                  <p class="field-error" id="hospitalName-error" aria-live="polite"></p>
                </div>
                <div class="field">
                  <label for="slug">Workspace address (slug)</label>
                  <div class="input-group">
                    <span class="input-group__prefix" aria-hidden="true">caregrid/</span>
                    <input type="text" id="slug" name="slug" required minlength="3" maxlength="40" pattern="[a-z0-9-]{3,40}" autocomplete="off" autocapitalize="none" spellcheck="false" inputmode="url" aria-describedby="slug-hint slug-error">
                  </div>
                  <p class="hint" id="slug-hint">3–40 characters: lowercase letters, numbers and hyphens. Suggested from the hospital name.</p>
                  <p class="field-error" id="slug-error" aria-live="polite"></p>
                </div>
                <div class="field">
                  <label for="timezone">Hospital timezone</label>
                  <input type="text" id="timezone" name="timezone" list="timezone-list" autocomplete="off" spellcheck="false" aria-describedby="timezone-hint timezone-error">
                  <datalist id="timezone-list"></datalist>
                  <p class="hint" id="timezone-hint">IANA name such as Asia/Kolkata or Europe/London. Used for appointment days and times.</p>
                  <p class="field-error" id="timezone-error" aria-live="polite"></p>
                </div>
              </fieldset>
              <fieldset class="form-grid form-section">
                <legend>Administrator</legend>
                <div class="form-grid form-grid--2">
                  <div class="field">
                    <label for="adminName">Full name</label>
                    <input type="text" id="adminName" name="adminName" autocomplete="name" required maxlength="120" aria-describedby="adminName-error">
                    <p class="field-error" id="adminName-error" aria-live="polite"></p>
                  </div>
                  <div class="field">
                    <label for="adminEmail">Work email</label>
                    <input type="email" id="adminEmail" name="adminEmail" autocomplete="email" required maxlength="254" aria-describedby="adminEmail-error">
                    <p class="field-error" id="adminEmail-error" aria-live="polite"></p>
                  </div>
                </div>
                <div class="field">
                  <label for="adminPassword">Password <span class="optional">(optional)</span></label>
                  <div class="input-group">
                    <input type="password" id="adminPassword" name="adminPassword" autocomplete="new-password" minlength="12" aria-describedby="adminPassword-hint adminPassword-error">
                    <button type="button" class="btn btn-secondary" id="toggle-password" aria-controls="adminPassword" aria-pressed="false">Show</button>
                  </div>
                  <p class="hint" id="adminPassword-hint">Leave blank to generate a strong one. If you choose your own, use at least 12 characters.</p>
                  <p class="field-error" id="adminPassword-error" aria-live="polite"></p>
                </div>
              </fieldset>
              <div id="get-started-error" class="status-region" role="alert" aria-live="assertive"></div>
              <div class="form-actions">
                <button type="submit" class="btn btn-primary btn-lg" id="get-started-submit">Create hospital workspace</button>
                <span class="muted small">Already registered? <a href="/login">Sign in</a></span>
              </div>
            </form>
          </div>
        </div>
        <aside class="card" aria-labelledby="included-title">
          <div class="card__body">
            <h2 id="included-title">Included in your trial</h2>
            <ul class="checklist">
              <li>${ICONS.check}<span>Outpatient appointments, tokens and live queues</span></li>
              <li>${ICONS.check}<span>Staff accounts with role-based access</span></li>
              <li>${ICONS.check}<span>Scoped API keys for integrations and agents</span></li>
              <li>${ICONS.check}<span>An isolated workspace for your hospital's data</span></li>
            </ul>
            <p class="muted small mt-1">No card required. Your administrator password is shown once when the workspace is created.</p>
          </div>
        </aside>
      </div>
    </div>

    <section id="confirmation" hidden aria-labelledby="confirmation-title" tabindex="-1">
      <div class="card">
        <div class="card__body">
          <div class="success-head">
            <span class="success-icon">${ICONS.check}</span>
            <div>
              <h1 id="confirmation-title">Your hospital workspace is ready</h1>
              <p class="muted" id="conf-lead">Your free trial has started.</p>
            </div>
          </div>
          <div class="grid-2">
            <div>
              <h2>Workspace</h2>
              <dl class="dl">
                <dt>Hospital</dt><dd id="conf-hospital-name"></dd>
                <dt>Slug</dt><dd><code id="conf-slug"></code></dd>
                <dt>Tenant ID</dt>
                <dd>
                  <div class="secret-box">
                    <code class="secret-value" id="cred-tenant-id"></code>
                    <button type="button" class="btn btn-secondary btn-sm" data-copy-target="cred-tenant-id" data-copy-label="Tenant ID" data-copy-status="copy-status">Copy<span class="visually-hidden"> tenant ID</span></button>
                  </div>
                </dd>
                <dt>Timezone</dt><dd id="conf-timezone"></dd>
                <dt>Trial ends</dt><dd id="conf-trial-ends"></dd>
              </dl>
            </div>
            <div>
              <h2>Administrator sign-in</h2>
              <div class="alert alert-warning" role="note">
                ${ICONS.warning}
                <p><strong>This password is shown only once.</strong> Copy it now and store it somewhere safe — it cannot be displayed again.</p>
              </div>
              <div class="cred-list mt-1">
                ${credentialRow({ id: 'cred-email', label: 'Email', statusId: 'copy-status' })}
                ${credentialRow({ id: 'cred-password', label: 'Password', statusId: 'copy-status' })}
              </div>
              <p id="copy-status" class="hint" aria-live="polite"></p>
            </div>
          </div>
          <div class="form-actions">
            <a class="btn btn-primary btn-lg" id="go-login" href="/login">Sign in</a>
            <span class="muted small">Use the email and password above.</span>
          </div>
        </div>
      </div>
    </section>
  </div>
</main>
${siteFooter()}`;
  return body;
}
