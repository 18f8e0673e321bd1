/**
 * Long tables staff can search and sort. Markup opts in with `<table data-sortable id="…">`
 * (optionally `data-search-label="Search bills"`); the shell enhances every such table
 * (`enhanceTables`), and a page may call `sortableTable(table)` on one it builds later. Each
 * header becomes a button (keyboard operable) that sorts ascending, then descending, and says so
 * with `aria-sort`; a search box above the table hides the rows that do not contain every word
 * typed, and says how many rows are shown. Rows a page re-renders (live lists) are sorted and
 * filtered again by themselves. A header with `data-sort="none"` or no visible text (an actions
 * column) is not sortable; a cell's `data-sort-value` overrides its text as the sort key; a row
 * with fewer cells than the header (an empty-state message) is neither sorted nor hidden.
 */

export type SortDirection = 'ascending' | 'descending';
export type SortKey = { kind: 'number' | 'date' | 'text'; value: number | string };

const NUMBER_RE = /^[^\d\-+]{0,4}([-+]?[\d,]*\.?\d+)\s*%?$/;
const DATE_RE = /^\d{1,2} [A-Z][a-z]{2} \d{4}(, \d{2}:\d{2})?$/;

/** Words of a text, case and accents folded, for matching what is typed. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A cell's sort key: a number ("₹1,200.50", "12", "40%"), a date ("25 Nov 2026, 14:05"), else text. */
export function sortKey(text: string): SortKey {
  const t = text.trim();
  const n = NUMBER_RE.exec(t);
  if (n && /\d/.test(n[1]!)) return { kind: 'number', value: Number(n[1]!.replace(/,/g, '')) };
  if (DATE_RE.test(t)) {
    const ms = Date.parse(`${t.replace(',', '')} UTC`);
    if (!Number.isNaN(ms)) return { kind: 'date', value: ms };
  }
  return { kind: 'text', value: fold(t) };
}

/** Order of two keys: numbers and dates before text when kinds differ, empty text last. */
export function compareKeys(a: SortKey, b: SortKey): number {
  if (a.kind === b.kind) {
    if (a.kind === 'text') {
      if (a.value === '' || b.value === '')
        return a.value === b.value ? 0 : a.value === '' ? 1 : -1;
      return String(a.value).localeCompare(String(b.value), 'en', { numeric: true });
    }
    return (a.value as number) - (b.value as number);
  }
  return a.kind === 'text' ? 1 : b.kind === 'text' ? -1 : a.kind === 'number' ? -1 : 1;
}

/** The indexes of `keys` in sorted order (stable: equal keys keep their order). */
export function sortOrder(keys: readonly SortKey[], direction: SortDirection): number[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return keys
    .map((key, index) => ({ key, index }))
    .sort((x, y) => sign * compareKeys(x.key, y.key) || x.index - y.index)
    .map((x) => x.index);
}

/** Whether a row's text holds every word of the query (an empty query matches every row). */
export function matchesQuery(rowText: string, query: string): boolean {
  const words = fold(query).split(' ').filter(Boolean);
  const text = fold(rowText);
  return words.every((w) => text.includes(w));
}

/** The next direction when a header is pressed: ascending first, then it alternates. */
export function nextDirection(current: SortDirection | null): SortDirection {
  return current === 'ascending' ? 'descending' : 'ascending';
}

// ─── In the page ────────────────────────────────────────────────────────────────────────────

function visibleText(el: Element): string {
  let text = '';
  el.childNodes.forEach((n) => {
    if (n.nodeType === Node.TEXT_NODE) text += n.textContent ?? '';
    else if (n instanceof Element && !n.classList.contains('visually-hidden'))
      text += visibleText(n);
  });
  return text.trim();
}

/** Makes one table sortable and searchable (idempotent). */
export function sortableTable(table: HTMLTableElement): void {
  if (table.dataset.enhanced === 'true') return;
  table.dataset.enhanced = 'true';
  const headRow = table.tHead?.rows[0];
  const maybeBody = table.tBodies[0];
  if (!headRow || !maybeBody) return;
  const body: HTMLTableSectionElement = maybeBody;
  const heads = Array.from(headRow.cells);
  const columns = headRow.cells.length;
  let sortColumn = -1;
  let direction: SortDirection | null = null;
  let applying = false;

  const key = table.id || `table-${Math.random().toString(36).slice(2, 8)}`;
  const search = document.createElement('div');
  search.className = 'table-search';
  const label = document.createElement('label');
  label.htmlFor = `${key}-search`;
  label.textContent = table.dataset.searchLabel ?? 'Search this table';
  const input = document.createElement('input');
  input.type = 'search';
  input.id = `${key}-search`;
  input.autocomplete = 'off';
  input.setAttribute('aria-controls', key);
  const count = document.createElement('span');
  count.className = 'table-search__count small muted';
  count.id = `${key}-search-count`;
  count.setAttribute('aria-live', 'polite');
  input.setAttribute('aria-describedby', count.id);
  search.append(label, input, count);
  const anchor = table.parentElement?.classList.contains('table-wrap')
    ? table.parentElement
    : table;
  anchor.parentElement?.insertBefore(search, anchor);

  const dataRows = () =>
    Array.from(body.rows).filter((r) => r.cells.length >= columns || r.dataset.row === 'data');

  function apply(): void {
    applying = true;
    const rows = dataRows();
    if (sortColumn >= 0 && direction) {
      const keys = rows.map((r) => {
        const cell = r.cells[sortColumn];
        return sortKey(cell?.dataset.sortValue ?? cell?.textContent ?? '');
      });
      const order = sortOrder(keys, direction);
      for (const i of order) body.appendChild(rows[i]!);
    }
    const q = input.value;
    let shown = 0;
    for (const r of rows) {
      const hit = matchesQuery(r.textContent ?? '', q);
      r.hidden = !hit;
      if (hit) shown++;
    }
    count.textContent = q.trim() ? `${shown} of ${rows.length} rows shown` : '';
    observer.takeRecords();
    applying = false;
  }

  const observer = new MutationObserver(() => {
    if (!applying && (direction || input.value.trim())) apply();
  });
  observer.observe(body, { childList: true });

  heads.forEach((th, index) => {
    if (th.dataset.sort === 'none' || !visibleText(th)) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'th-sort';
    while (th.firstChild) button.appendChild(th.firstChild);
    th.appendChild(button);
    button.addEventListener('click', () => {
      direction = sortColumn === index ? nextDirection(direction) : 'ascending';
      sortColumn = index;
      for (const other of heads) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', direction);
      apply();
    });
  });
  input.addEventListener('input', apply);
}

/** Enhances every `table[data-sortable]` under `root` (the shell calls it once per page). */
export function enhanceTables(root: ParentNode = document): void {
  root.querySelectorAll<HTMLTableElement>('table[data-sortable]').forEach(sortableTable);
}
