/**
 * Web pages served by the "web" Lambda. Each function returns a complete HTML document with its
 * CSS inlined and, for pages with a script, a same-origin `<script src>` to its built bundle
 * (./page-scripts.ts), ready to send as `text/html; charset=utf-8`.
 */
export { type AdminPageOptions, renderAdmin, type ScopeCatalogue } from './admin';
export { renderBedBoard } from './bed-board';
export { renderBillingDesk } from './billing-desk';
export { renderBillingHealth } from './billing-health';
export { contentSecurityPolicy } from './csp';
export { renderDiagnostics } from './diagnostics';
export { renderGetStarted } from './get-started';
export { renderHome } from './home';
export type { ScriptedPageOptions } from './layout';
export { renderLogin } from './login';
export { renderNotFound } from './not-found';
export { renderOAuthConsent } from './oauth-consent';
export { renderReportsPage } from './reports-page';
