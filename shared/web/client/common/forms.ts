/** Form helpers shared by the pages: field errors, busy buttons, the password Show/Hide toggle. */
import { find } from './dom';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
