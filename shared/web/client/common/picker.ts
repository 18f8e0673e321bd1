/**
 * The patient picker (markup: patientPicker in shared/web/front-desk.ts): staff type part of a
 * name, an MRN or a phone number and choose from the matches; the chosen patient's id goes into
 * the hidden field, so nobody types an id. Keyboard: Down from the search box moves into the
 * results, Up/Down move between them, Enter or Space chooses, Escape returns to the box.
 */
import { call } from './api';
import { $, clear, h } from './dom';

export interface PickedPatient {
  id: string;
  name: string;
  mrn: string;
  dateOfBirth?: string;
  phone?: string;
}

export interface Picker {
  /** The chosen patient, if any. */
  value(): PickedPatient | null;
  /** Chooses a patient (e.g. one just registered). */
  choose(p: PickedPatient): void;
  reset(): void;
}

const label = (p: PickedPatient) =>
  `${p.name} · ${p.mrn}${p.dateOfBirth ? ` · born ${p.dateOfBirth}` : ''}`;

/** What the picker says when nothing matches, on a page with a registration form beside it. */
const REGISTER_HINT = 'No patient matches. Register them in the form beside this one.';

export function patientPicker(
  id: string,
  onChoose?: (p: PickedPatient) => void,
  /** What it says when nothing matches (a page without a registration form says otherwise). */
  noMatch = REGISTER_HINT,
): Picker {
  const box = $<HTMLInputElement>(`${id}-q`);
  const results = $<HTMLUListElement>(`${id}-results`);
  const count = $(`${id}-count`);
  const hidden = $<HTMLInputElement>(id);
  const chosenEl = $(`${id}-chosen`);
  const error = $(`${id}-error`);
  let chosen: PickedPatient | null = null;
  let timer: number | undefined;
  let asked = 0;

  const buttons = () => [...results.querySelectorAll<HTMLButtonElement>('button')];

  function choose(p: PickedPatient) {
    chosen = p;
    hidden.value = p.id;
    chosenEl.textContent = `Chosen: ${label(p)}`;
    error.textContent = '';
    box.removeAttribute('aria-invalid');
    clear(results);
    count.textContent = '';
    onChoose?.(p);
  }

  async function search(q: string) {
    const mine = ++asked;
    count.textContent = 'Searching…';
    try {
      const { ok, status, body } = await call<{ items: PickedPatient[] }>(
        'GET',
        `/patients?q=${encodeURIComponent(q)}&limit=10`,
      );
      if (mine !== asked) return; // a later search answered first
      clear(results);
      if (!ok) {
        count.textContent =
          status === 403
            ? 'Your role may not search patients.'
            : 'The search did not work. Try again.';
        return;
      }
      const items = body?.items ?? [];
      for (const p of items) {
        const button = h('button', { type: 'button', className: 'btn btn-secondary btn-sm' }, [
          label(p),
        ]);
        button.addEventListener('click', () => {
          choose(p);
          box.focus();
        });
        results.appendChild(h('li', null, [button]));
      }
      count.textContent = items.length
        ? `${items.length} match${items.length === 1 ? '' : 'es'}: press Down to choose.`
        : noMatch;
    } catch {
      if (mine === asked) count.textContent = 'Could not reach the server.';
    }
  }

  box.addEventListener('input', () => {
    window.clearTimeout(timer);
    const q = box.value.trim();
    if (q.length < 2) {
      clear(results);
      count.textContent = '';
      return;
    }
    timer = window.setTimeout(() => void search(q), 250);
  });
  box.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' && buttons()[0]) {
      e.preventDefault();
      buttons()[0]?.focus();
    }
  });
  results.addEventListener('keydown', (e) => {
    const list = buttons();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? Math.min(at + 1, list.length - 1) : at - 1;
      if (next < 0) box.focus();
      else list[next]?.focus();
    } else if (e.key === 'Escape') {
      box.focus();
    }
  });

  return {
    value: () => chosen,
    choose,
    reset() {
      chosen = null;
      hidden.value = '';
      box.value = '';
      chosenEl.textContent = '';
      clear(results);
      count.textContent = '';
    },
  };
}
