/**
 * Browser helpers shared by the page scripts (emitted as plain ES2020 source into each page).
 *
 * Rules for every client script in this folder:
 *  - classic scripts wrapped in an IIFE (no modules, no globals leaked);
 *  - data reaches the DOM only through textContent / createElement / setAttribute (never innerHTML);
 *  - the source is written with String.raw, so it must not contain backticks or dollar-brace.
 */
export const CLIENT_COMMON = `
  // Where the service is mounted: '' on a custom domain or locally, '/prod' on API Gateway's default URL.
  var BASE = document.documentElement.getAttribute('data-base') || '';
  function url(path) { return BASE + path; }
  var SESSION_KEY = 'hms.session';
  var LOGIN_HINT_KEY = 'hms.loginHint';
  var FLASH_KEY = 'hms.flash';

  function $(id) { return document.getElementById(id); }

  /** Creates an element. attrs: { className, text, dataset, ...attributes }; children: nodes or strings. */
  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === undefined || value === null || value === false) return;
        if (key === 'className') el.className = value;
        else if (key === 'text') el.textContent = String(value);
        else if (key === 'dataset') Object.keys(value).forEach(function (k) { el.dataset[k] = String(value[k]); });
        else if (value === true) el.setAttribute(key, '');
        else el.setAttribute(key, String(value));
      });
    }
    (children || []).forEach(function (child) {
      if (child === undefined || child === null || child === false) return;
      el.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
    });
    return el;
  }

  function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); }

  /** Writes a message into a live region. kind: 'error' | 'success' | 'info' | 'warning'. */
  function setStatus(el, message, kind) {
    if (!el) return;
    clear(el);
    if (!message) return;
    el.appendChild(h('div', { className: 'alert alert-' + (kind || 'info') }, [h('p', { text: message })]));
  }

  function errorMessage(body, fallback) {
    if (body && typeof body.message === 'string' && body.message) return body.message;
    if (body && Array.isArray(body.message) && body.message.length) return body.message.join('. ');
    return fallback;
  }

  async function readJson(res) {
    var text = await res.text();
    if (!text) return null;
    try { return JSON.parse(text); } catch (e) { return null; }
  }

  function setBusy(button, busy, busyLabel) {
    if (!button) return;
    if (busy) {
      if (!button.dataset.label) button.dataset.label = button.textContent;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      if (busyLabel) button.textContent = busyLabel;
    } else {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      if (button.dataset.label) button.textContent = button.dataset.label;
    }
  }

  /** Wires a Show/Hide button to a password input. */
  function passwordToggle(toggle, input) {
    toggle.addEventListener('click', function () {
      var show = input.type === 'password';
      input.type = show ? 'text' : 'password';
      toggle.textContent = show ? 'Hide' : 'Show';
      toggle.setAttribute('aria-pressed', show ? 'true' : 'false');
      toggle.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
    });
  }

  function fieldError(input, message) {
    var errorEl = $(input.id + '-error');
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      if (errorEl) errorEl.textContent = message;
    } else {
      input.removeAttribute('aria-invalid');
      if (errorEl) errorEl.textContent = '';
    }
  }

  /** Copies text; falls back to selecting the element's text so the user can press Ctrl+C. */
  async function copyText(text, sourceEl) {
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        return true;
      }
    } catch (e) { /* fall through to the selection fallback */ }
    if (sourceEl) {
      var range = document.createRange();
      range.selectNodeContents(sourceEl);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      try { if (document.execCommand('copy')) return true; } catch (e) { /* ignore */ }
    }
    return false;
  }

  /** Wires every [data-copy-target] button inside root (announces the result in data-copy-status). */
  function wireCopyButtons(root) {
    Array.prototype.forEach.call(root.querySelectorAll('[data-copy-target]'), function (button) {
      if (button.dataset.copyWired) return;
      button.dataset.copyWired = '1';
      button.addEventListener('click', async function () {
        var target = $(button.getAttribute('data-copy-target'));
        if (!target) return;
        var ok = await copyText(target.textContent || '', target);
        var statusEl = $(button.getAttribute('data-copy-status') || '');
        var label = button.getAttribute('data-copy-label') || 'Value';
        var message = ok ? label + ' copied to the clipboard.' : label + ' selected. Press Ctrl+C (or Cmd+C) to copy.';
        if (statusEl) statusEl.textContent = message;
        var original = button.dataset.originalText || button.textContent;
        button.dataset.originalText = original;
        button.textContent = ok ? 'Copied' : 'Selected';
        setTimeout(function () { button.textContent = original; }, 2000);
      });
    });
  }

  function readSession() {
    try {
      var raw = sessionStorage.getItem(SESSION_KEY);
      if (!raw) return null;
      var s = JSON.parse(raw);
      if (!s || typeof s.accessToken !== 'string' || typeof s.tenantId !== 'string') return null;
      if (typeof s.expiresAt === 'number' && s.expiresAt <= Date.now()) return null;
      return s;
    } catch (e) { return null; }
  }

  function clearSession() {
    try { sessionStorage.removeItem(SESSION_KEY); } catch (e) { /* ignore */ }
  }

  function validTimeZone(tz) {
    if (!tz) return false;
    try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch (e) { return false; }
  }

  function formatDate(iso, tz, withTime) {
    if (!iso) return '';
    var d = new Date(iso);
    if (isNaN(d.getTime())) return String(iso);
    var opts = withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' };
    if (validTimeZone(tz)) opts.timeZone = tz;
    return new Intl.DateTimeFormat(undefined, opts).format(d);
  }
`;

/** Wraps page code (plus the shared helpers) in a strict IIFE. */
export function clientScript(pageCode: string): string {
  return `(function () {\n  'use strict';\n${CLIENT_COMMON}\n${pageCode}\n})();`;
}
