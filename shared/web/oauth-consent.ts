/**
 * `/oauth/consent?request=<id>` — where an agent's authorization request lands: the signed-in user
 * sees which agent asks, for which hospital data, and chooses the scopes it gets (never more than
 * their role allows), or declines. Its script is shared/web/client/oauth-consent.ts; like every
 * page it cannot be framed (frame-ancestors 'none', X-Frame-Options DENY), so no other site can
 * overlay it to trick a click.
 */
import { brandMark, publicHeader, siteFooter } from './layout';

export function render(): string {
  return `${publicHeader('none')}
<main id="main" class="auth-wrap">
  <div class="card auth-card">
    <div class="card__body">
      <div class="success-head">
        ${brandMark(40)}
        <div>
          <h1 id="consent-title">Connect an agent</h1>
          <p class="muted small" id="consent-subtitle">Checking the request…</p>
        </div>
      </div>
      <div id="consent-status" class="status-region" role="alert" aria-live="assertive"></div>
      <p id="consent-signin" hidden>You need to sign in first. <a id="consent-signin-link" class="btn btn-primary" href="/login">Sign in</a></p>
      <form id="consent-form" class="form-grid" hidden novalidate>
        <p><strong id="consent-client"></strong> wants to act for you at <strong id="consent-hospital"></strong>. It will return to <code id="consent-redirect"></code>.</p>
        <fieldset>
          <legend>What it may do (untick what it should not)</legend>
          <ul id="consent-scopes" class="plain-list"></ul>
        </fieldset>
        <p class="muted small">You can disconnect it at any time. It never approves clinical actions; it can only propose them.</p>
        <div class="btn-row">
          <button type="submit" class="btn btn-primary" id="consent-allow">Allow</button>
          <button type="button" class="btn btn-secondary" id="consent-deny">Deny</button>
        </div>
      </form>
    </div>
  </div>
</main>
${siteFooter()}`;
}
