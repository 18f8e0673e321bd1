/** Form helpers shared by the pages: field errors, busy buttons, the password Show/Hide toggle. */
import { find } from './dom';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an e-mail field ('' when nothing): `missing` when empty, `invalid` when malformed. */
export function emailProblem(
  value: string,
  missing: string,
  invalid = 'Enter a valid email address.',
): string {
  if (!value) return missing;
  return EMAIL_RE.test(value) ? '' : invalid;
}

/** A chosen password is optional; when given it must meet the API's 12-character minimum. */
export function optionalPasswordProblem(value: string): string {
  return value && value.length < 12
    ? 'Use at least 12 characters, or leave blank to generate one.'
    : '';
}

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Marks a field invalid and writes the message into `#<id>-error`; an empty message clears both. */
export function fieldError(input: Field, message: string): void {
  const errorEl = find(`${input.id}-error`);
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  if (errorEl) errorEl.textContent = message;
}

/** Disables a button while its request runs, with an optional busy label; restores it afterwards. */
export function setBusy(button: HTMLButtonElement | null, busy: boolean, busyLabel?: string): void {
  if (!button) return;
  if (busy) {
    if (!button.dataset.label) button.dataset.label = button.textContent ?? '';
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
export function passwordToggle(toggle: HTMLButtonElement, input: HTMLInputElement): void {
  toggle.addEventListener('click', () => {
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    toggle.textContent = show ? 'Hide' : 'Show';
    toggle.setAttribute('aria-pressed', show ? 'true' : 'false');
    toggle.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
  });
}
