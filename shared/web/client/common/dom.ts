/**
 * DOM helpers for the page scripts. Data from the API reaches the DOM only through textContent,
 * createElement and setAttribute — never innerHTML — so no value is ever parsed as markup.
 */

/** The element with this id. The page markup (shared/web/*.ts) declares it; a missing one is a bug. */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from the page`);
  return el as T;
}

/** The element with this id, or null when the id comes from data (e.g. a data-copy-target). */
export function find<T extends HTMLElement = HTMLElement>(id: string): T | null {
  return id ? (document.getElementById(id) as T | null) : null;
}

export type Child = Node | string | number | null | undefined | false;

/** `className`, `text` (textContent) and `dataset` are special; any other key is an attribute. */
export interface Attrs {
  className?: string;
  text?: string | number;
  dataset?: Readonly<Record<string, string | number>>;
  [attribute: string]:
    | string
    | number
    | boolean
    | null
    | undefined
    | Readonly<Record<string, string | number>>;
}

/** Creates an element. Attributes that are null, undefined or false are left out; true sets an empty one. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  children: readonly Child[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'className') el.className = String(value);
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'dataset' && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) el.dataset[k] = String(v);
    } else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    el.appendChild(
      typeof child === 'string' || typeof child === 'number'
        ? document.createTextNode(String(child))
        : child,
    );
  }
  return el;
}

export function clear(el: Node): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

export type StatusKind = 'error' | 'success' | 'info' | 'warning';

/** Writes a message into a live region; an empty message clears it. */
export function setStatus(
  el: HTMLElement | null,
  message: string,
  kind: StatusKind = 'info',
): void {
  if (!el) return;
  clear(el);
  if (!message) return;
  el.appendChild(h('div', { className: `alert alert-${kind}` }, [h('p', { text: message })]));
}
