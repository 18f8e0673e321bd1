/**
 * Web pages served by the "web" Lambda. Each function returns a complete HTML document with its
 * CSS and client script inlined (no external assets), ready to send as `text/html; charset=utf-8`.
 */
export { type AdminPageOptions, renderAdmin, type ScopeCatalogue } from './admin';
export { contentSecurityPolicy } from './csp';
export { renderGetStarted } from './get-started';
export { renderHome } from './home';
export { renderLogin } from './login';
export { renderNotFound } from './not-found';
