/** `/login` — staff sign-in; its script is shared/web/client/login.ts. */
import { brandMark, publicHeader, siteFooter } from './layout';

export function render(): string {
  const body = `${publicHeader('login')}
<main id="main" class="auth-wrap">
  <div class="card auth-card">
    <div class="card__body">
      <div class="success-head">
        ${brandMark(40)}
        <div>
          <h1>Sign in</h1>
          <p class="muted small">Access your hospital workspace.</p>
        </div>
      </div>
      <div id="login-notice" class="status-region" aria-live="polite"></div>
      <form id="login-form" class="form-grid" novalidate>
        <div class="field">
          <label for="email">Email</label>
          <input type="email" id="email" name="email" autocomplete="username" required maxlength="254" aria-describedby="email-error">
          <p class="field-error" id="email-error" aria-live="polite"></p>
        </div>
        <div class="field">
          <label for="password">Password</label>
          <div class="input-group">
            <input type="password" id="password" name="password" autocomplete="current-password" required aria-describedby="password-error">
            <button type="button" class="btn btn-secondary" id="toggle-password" aria-controls="password" aria-pressed="false">Show</button>
          </div>
          <p class="field-error" id="password-error" aria-live="polite"></p>
        </div>
        <div id="login-error" class="status-region" role="alert" aria-live="assertive"></div>
        <button type="submit" class="btn btn-primary btn-lg btn-block" id="login-submit">Sign in</button>
      </form>
      <p class="auth-foot muted">New to CareGrid HMS? <a href="/get-started">Create a hospital workspace</a></p>
    </div>
  </div>
</main>
${siteFooter()}`;
  return body;
}
