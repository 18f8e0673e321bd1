/** 404 page for unknown web routes. */
import { publicHeader, renderDocument, siteFooter } from './layout';

export function renderNotFound(): string {
  const body = `${publicHeader('none')}
<main id="main" class="notfound">
  <p class="code" aria-hidden="true">404</p>
  <h1>Page not found</h1>
  <p class="muted">The page you're looking for doesn't exist or has moved.</p>
  <div class="btn-row">
    <a class="btn btn-primary" href="/">Go to the home page</a>
    <a class="btn btn-secondary" href="/login">Sign in</a>
  </div>
</main>
${siteFooter()}`;
  return renderDocument({ title: 'Page not found', body });
}
