/**
 * The billing desk (/billing-desk): a new invoice (the patient picked by searching, charges added
 * from the price list, the ticked charges billed and issued), the dashboard with its chart (inline
 * SVG, drawn here), the bills, and one invoice with payment entry. Amounts are typed and shown in
 * major units with the currency (common/money.ts). Each write carries an Idempotency-Key made
 * when its form is shown, so a double click or a retried request posts it once.
 */

import { $, clear, h, setStatus } from './common/dom';
import { emptyRow } from './common/empty';
import { formatDate } from './common/format';
import { fieldError } from './common/forms';
import { errorMessage, readJson, url } from './common/http';
import { live } from './common/live';
import { amountText, formatMoney, parseAmount } from './common/money';
import { type PickedPatient, patientPicker } from './common/picker';
import { clearSession, readSession, setFlash } from './common/storage';

interface Period {
  billed: number;
  collected: Record<string, number>;
  collectedTotal: number;
  refunds: number;
}
interface Dashboard {
  currency: string;
  timeZone: string;
  date: string;
  today: Period;
  thisMonth: Period;
  outstanding: { total: number; buckets: { label: string; amount: number }[] };
}
interface Line {
  description: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  tax: number;
  taxRateBp: number;
  taxInclusive: boolean;
  total: number;
}
interface Tariff {
  code: string;
  name: string;
  unitPrice: number;
  taxRateBp: number;
  taxInclusive: boolean;
  active: boolean;
}
interface Charge {
  id: string;
  description: string;
  quantity: number;
  unitPrice: number;
  currency: string;
  taxRateBp: number;
  taxInclusive: boolean;
}
interface Invoice {
  id: string;
  number: string;
  status: string;
  patientName: string;
  mrn: string;
  currency: string;
  lines: Line[];
  net: number;
  tax: number;
  discount: number;
  total: number;
  paid: number;
  refunded: number;
  balance: number;
  payments: {
    id: string;
    method: string;
    amount: number;
    refunded: number;
    receivedAt: string;
    reference?: string;
  }[];
  creditNotes: { number: string; amount: number; reason: string; issuedAt: string }[];
}

const session = readSession();
let currency = 'USD';
let timeZone: string | undefined;
let openInvoice: string | null = null;
/** The key of the payment form on screen: new after each posted payment or another invoice. */
let paymentKey = '';
/** The keys of the charge and invoice forms: new after each posted charge or invoice. */
let chargeKey = '';
let invoiceKey = '';
let tariffs: Tariff[] = [];
let patient: PickedPatient | null = null;

/** A refused or failed call: the HTTP status and the service's body (its `issues`, `balance`). */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown> | null,
    message: string,
  ) {
    super(message);
  }
}

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<T> {
  if (!session) throw new ApiError(401, null, 'Not signed in');
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${session.accessToken}`,
    'x-tenant-id': session.tenantId,
    ...extra,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, null, 'Could not reach the server. Nothing was saved; try again.');
  }
  const data = (await readJson(res)) as Record<string, unknown> | null;
  if (res.status === 401) {
    clearSession();
    setFlash('Your session has ended. Please sign in again.');
    window.location.replace(url('/login'));
  }
  if (!res.ok)
    throw new ApiError(
      res.status,
      data,
      res.status === 403
        ? 'Your role may not do this on the billing desk.'
        : errorMessage(data, `Request failed (HTTP ${res.status}).`),
    );
  return data as T;
}

const money = (minor: number, code = currency) => formatMoney(minor, code);

/**
 * Puts the service's per-field issues (a 400's `issues`) under the fields they name; answers
 * whether any was placed (else the caller shows the message as one sentence).
 */
function placeIssues(err: unknown, fields: Record<string, string>): boolean {
  const issues = err instanceof ApiError ? err.body?.issues : undefined;
  if (!Array.isArray(issues)) return false;
  let placed = false;
  for (const issue of issues as { field?: string; message?: string }[]) {
    const id = fields[issue.field ?? ''];
    if (id && issue.message) {
      fieldError(
        $<HTMLInputElement>(id),
        issue.message.replace(/^./, (c) => c.toUpperCase()),
      );
      placed = true;
    }
  }
  return placed;
}

function failure(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function newKey(): string {
  const c = globalThis.crypto as Crypto & { randomUUID?: () => string };
  if (c.randomUUID) return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** "12% incl." or "5% added" or "no tax": how a line's tax is counted. */
function taxRule(rateBp: number, inclusive: boolean): string {
  if (!rateBp) return 'No tax';
  return `${rateBp / 100}% ${inclusive ? 'incl.' : 'added'}`;
}

/** A line's amount with its tax, as the invoice will count it (tax added when exclusive). */
function lineAmount(unitPrice: number, quantity: number, rateBp: number, inclusive: boolean) {
  const gross = unitPrice * quantity;
  return inclusive ? gross : gross + Math.round((gross * rateBp) / 10_000);
}

// ─── A new invoice: patient, charges from the price list, the ticked charges billed ─────────

async function loadTariffs(): Promise<void> {
  const select = $<HTMLSelectElement>('charge-tariff');
  const all: Tariff[] = [];
  let cursor: string | null = null;
  // The whole price list, a page at a time (at most 1,000 services).
  for (let i = 0; i < 10; i++) {
    const page: { items: Tariff[]; nextCursor: string | null } = await api(
      'GET',
      `/billing/tariffs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    all.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  tariffs = all.filter((t) => t.active).sort((a, b) => a.name.localeCompare(b.name));
  clear(select);
  select.appendChild(
    h('option', {
      value: '',
      text: tariffs.length
        ? 'Choose a service…'
        : 'The price list is empty: an accountant adds services',
    }),
  );
  for (const t of tariffs)
    select.appendChild(
      h('option', {
        value: t.code,
        text: `${t.name} — ${money(t.unitPrice)} (${taxRule(t.taxRateBp, t.taxInclusive).toLowerCase()})`,
      }),
    );
}

function showPrice(): void {
  const t = tariffs.find((x) => x.code === $<HTMLSelectElement>('charge-tariff').value);
  const qty = Number($<HTMLInputElement>('charge-qty').value);
  $('charge-price').textContent =
    t && Number.isInteger(qty) && qty > 0
      ? `${qty} × ${money(t.unitPrice)}, ${taxRule(t.taxRateBp, t.taxInclusive).toLowerCase()}: ${money(lineAmount(t.unitPrice, qty, t.taxRateBp, t.taxInclusive))}`
      : '';
}

async function loadCharges(): Promise<void> {
  const table = $<HTMLTableElement>('charge-list');
  const body = table.tBodies[0]!;
  const empty = $('charges-empty');
  if (!patient) {
    table.hidden = true;
    empty.textContent = 'Choose a patient to see their charges not yet billed.';
    return;
  }
  const page = await api<{ items: Charge[] }>(
    'GET',
    `/billing/charges?patientId=${encodeURIComponent(patient.id)}&status=billable&limit=100`,
  );
  clear(body);
  for (const c of page.items) {
    const box = h('input', {
      type: 'checkbox',
      id: `charge-${c.id}`,
      value: c.id,
      checked: true,
      'aria-label': `Bill ${c.description}`,
    });
    body.appendChild(
      h('tr', { dataset: { chargeId: c.id } }, [
        h('td', null, [box]),
        h('td', { text: c.description }),
        h('td', { className: 'num', text: c.quantity }),
        h('td', { className: 'num', text: money(c.unitPrice, c.currency) }),
        h('td', { text: taxRule(c.taxRateBp, c.taxInclusive) }),
        h('td', {
          className: 'num',
          text: money(lineAmount(c.unitPrice, c.quantity, c.taxRateBp, c.taxInclusive), c.currency),
        }),
      ]),
    );
  }
  table.hidden = page.items.length === 0;
  empty.textContent = page.items.length
    ? `${patient.name} has ${page.items.length} charge${page.items.length === 1 ? '' : 's'} not yet billed; untick any to leave out.`
    : `${patient.name} has no charges to bill yet: add one from the price list.`;
}

function choosePatient(p: PickedPatient): void {
  patient = p;
  $('charges-error').textContent = '';
  setStatus($('invoice-form-status'), '');
  setStatus($('charge-status'), '');
  loadCharges().catch((err) => setStatus($('invoice-form-status'), failure(err), 'error'));
}

/** No patient chosen: the picker says so and takes the focus. */
function needPatient(): boolean {
  if (patient) return false;
  $('bill-patient-error').textContent = 'Choose a patient first: type part of their name.';
  $<HTMLInputElement>('bill-patient-q').setAttribute('aria-invalid', 'true');
  $<HTMLInputElement>('bill-patient-q').focus();
  return true;
}

async function addCharge(event: Event): Promise<void> {
  event.preventDefault();
  const tariffEl = $<HTMLSelectElement>('charge-tariff');
  const qtyEl = $<HTMLInputElement>('charge-qty');
  const status = $('charge-status');
  setStatus(status, '');
  const qty = Number(qtyEl.value.trim());
  const tariffProblem = tariffEl.value ? '' : 'Choose a service from the price list.';
  const qtyProblem =
    Number.isInteger(qty) && qty >= 1 && qty <= 10_000
      ? ''
      : 'Enter a whole number from 1 to 10,000.';
  fieldError(tariffEl, tariffProblem);
  fieldError(qtyEl, qtyProblem);
  if (needPatient()) return;
  if (tariffProblem || qtyProblem) {
    (tariffProblem ? tariffEl : qtyEl).focus();
    return;
  }
  const submit = $<HTMLButtonElement>('charge-submit');
  submit.disabled = true;
  try {
    const charge = await api<Charge>(
      'POST',
      '/billing/charges',
      { patientId: patient!.id, tariffCode: tariffEl.value, quantity: qty },
      { 'Idempotency-Key': chargeKey },
    );
    chargeKey = newKey();
    setStatus(status, `Added ${charge.quantity} × ${charge.description}.`, 'success');
    tariffEl.value = '';
    qtyEl.value = '1';
    showPrice();
    await loadCharges();
    tariffEl.focus();
  } catch (err) {
    if (!placeIssues(err, { tariffCode: 'charge-tariff', quantity: 'charge-qty' })) {
      setStatus(status, failure(err), 'error');
      status.focus();
    } else form('charge-form').querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  } finally {
    submit.disabled = false;
  }
}

function form(id: string): HTMLFormElement {
  return $<HTMLFormElement>(id);
}

async function createInvoice(event: Event): Promise<void> {
  event.preventDefault();
  const status = $('invoice-form-status');
  const error = $('charges-error');
  setStatus(status, '');
  error.textContent = '';
  if (needPatient()) return;
  const ticked = [
    ...$('charge-list').querySelectorAll<HTMLInputElement>('tbody input[type=checkbox]:checked'),
  ].map((b) => b.value);
  if (!ticked.length) {
    error.textContent = 'Tick at least one charge to bill, or add one from the price list.';
    ($('charge-list').querySelector<HTMLInputElement>('tbody input') ?? $('charge-tariff')).focus();
    return;
  }
  const submit = $<HTMLButtonElement>('invoice-submit');
  submit.disabled = true;
  try {
    const draft = await api<Invoice>(
      'POST',
      '/billing',
      { patientId: patient!.id, chargeItemIds: ticked },
      { 'Idempotency-Key': invoiceKey },
    );
    invoiceKey = newKey();
    await api('PATCH', `/billing/${encodeURIComponent(draft.id)}/status`, { status: 'issued' });
    setStatus(status, `Invoice ${draft.number} issued for ${draft.patientName}.`, 'success');
    await loadCharges();
    await Promise.all([loadBills(), loadDashboard()]);
    window.location.hash = `#/invoice/${draft.id}`;
  } catch (err) {
    setStatus(status, failure(err), 'error');
    status.focus();
  } finally {
    submit.disabled = false;
  }
}

// ─── Dashboard and its chart ────────────────────────────────────────────────────────────────

/** The chart's own namespace (the page's inline <svg>), so the script names no URL. */
function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS($('dash-chart').namespaceURI, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  upi: 'UPI',
  'bank-transfer': 'Bank',
  insurance: 'Insurance',
};

/** Bars: this month's collections by method, then outstanding by age, on one scale. */
function drawChart(d: Dashboard): void {
  const chart = $('dash-chart');
  clear(chart);
  const bars = [
    ...Object.entries(d.thisMonth.collected).map(([method, amount]) => ({
      key: `collected-${method}`,
      label: METHOD_LABELS[method] ?? method,
      amount,
      fill: '#0f766e',
    })),
    ...d.outstanding.buckets.map((b, i) => ({
      key: `outstanding-${i}`,
      label: b.label,
      amount: b.amount,
      fill: '#b45309',
    })),
  ];
  const max = Math.max(1, ...bars.map((b) => b.amount));
  const width = 640;
  const top = 20;
  const base = 200;
  const slot = width / bars.length;
  chart.appendChild(svg('line', { x1: 0, y1: base, x2: width, y2: base, stroke: '#94a3b8' }));
  bars.forEach((b, i) => {
    const height = Math.round(((base - top) * b.amount) / max);
    const x = i * slot + slot * 0.2;
    const rect = svg('rect', {
      x,
      y: base - height,
      width: slot * 0.6,
      height,
      fill: b.fill,
      'data-bar': b.key,
      'data-amount': b.amount,
    });
    rect.appendChild(svg('title', {}, `${b.label}: ${money(b.amount, d.currency)}`));
    chart.appendChild(rect);
    chart.appendChild(
      svg(
        'text',
        {
          x: x + slot * 0.3,
          y: base + 16,
          'text-anchor': 'middle',
          'font-size': 11,
          fill: '#334155',
        },
        b.label,
      ),
    );
    if (b.amount > 0)
      chart.appendChild(
        svg(
          'text',
          {
            x: x + slot * 0.3,
            y: base - height - 4,
            'text-anchor': 'middle',
            'font-size': 10,
            fill: '#0f172a',
          },
          money(b.amount, d.currency),
        ),
      );
  });
  chart.appendChild(
    svg('text', { x: 4, y: 236, 'font-size': 11, fill: '#0f766e' }, '■ collected this month'),
  );
  chart.appendChild(
    svg(
      'text',
      { x: 200, y: 236, 'font-size': 11, fill: '#b45309' },
      '■ outstanding by month of issue',
    ),
  );
}

async function loadDashboard(): Promise<void> {
  const d = await api<Dashboard>('GET', '/billing/dashboard');
  currency = d.currency;
  timeZone = d.timeZone;
  $('dash-date').textContent = `${d.date} (${d.timeZone})`;
  $('dash-billed-today').textContent = money(d.today.billed);
  $('dash-collected-today').textContent = money(d.today.collectedTotal);
  $('dash-billed-month').textContent = money(d.thisMonth.billed);
  $('dash-collected-month').textContent = money(d.thisMonth.collectedTotal);
  $('dash-refunds-month').textContent = money(d.thisMonth.refunds);
  $('dash-outstanding').textContent = money(d.outstanding.total);
  drawChart(d);
}

// ─── Bills and one invoice ──────────────────────────────────────────────────────────────────

async function loadBills(): Promise<void> {
  const page = await api<{ items: Invoice[] }>('GET', '/billing?limit=50');
  const body = $('bill-list').querySelector('tbody')!;
  clear(body);
  for (const inv of page.items) {
    body.appendChild(
      h('tr', { dataset: { invoiceId: inv.id } }, [
        h('td', null, [h('a', { href: `#/invoice/${inv.id}`, text: inv.number })]),
        h('td', { text: `${inv.patientName} (${inv.mrn})` }),
        h('td', { text: inv.status }),
        h('td', { className: 'num', text: money(inv.total, inv.currency) }),
        h('td', { className: 'num', text: money(inv.balance, inv.currency) }),
      ]),
    );
  }
  if (!page.items.length)
    emptyRow(
      body,
      5,
      'No bills yet: find a patient above, add their charges and create the first invoice.',
      [{ label: 'Start a new invoice', href: '/billing-desk#bill-patient-q' }],
    );
}

function renderInvoice(inv: Invoice): void {
  $('invoice').hidden = false;
  $('invoice-title').textContent = `Invoice ${inv.number}`;
  $('invoice-status').textContent = inv.status;
  $('invoice-patient').textContent = `${inv.patientName} · ${inv.mrn}`;
  const lines = $('invoice-lines').querySelector('tbody')!;
  clear(lines);
  for (const l of inv.lines)
    lines.appendChild(
      h('tr', null, [
        h('td', { text: l.description }),
        h('td', { className: 'num', text: l.quantity }),
        h('td', { className: 'num', text: money(l.unitPrice, inv.currency) }),
        h('td', { className: 'num', text: l.discount ? money(l.discount, inv.currency) : '' }),
        h('td', {
          className: 'num',
          text: `${money(l.tax, inv.currency)} (${l.taxRateBp / 100}%${l.taxInclusive ? ' incl.' : ''})`,
        }),
        h('td', { className: 'num', text: money(l.total, inv.currency) }),
      ]),
    );
  const totals = $('invoice-totals');
  clear(totals);
  for (const [label, amount, id] of [
    ['Net', inv.net, 'net'],
    ['Tax', inv.tax, 'tax'],
    ['Total', inv.total, 'total'],
    ['Paid', inv.paid, 'paid'],
    ['Refunded', inv.refunded, 'refunded'],
    ['Due', inv.balance, 'balance'],
  ] as const) {
    totals.appendChild(h('dt', { text: label }));
    totals.appendChild(h('dd', { id: `invoice-${id}`, text: money(amount, inv.currency) }));
  }
  const payments = $('invoice-payments').querySelector('tbody')!;
  clear(payments);
  for (const p of inv.payments)
    payments.appendChild(
      h('tr', { dataset: { paymentId: p.id } }, [
        h('td', { text: formatDate(p.receivedAt, timeZone, true) }),
        h('td', { text: METHOD_LABELS[p.method] ?? p.method }),
        h('td', { text: p.reference ?? '' }),
        h('td', { className: 'num', text: money(p.amount, inv.currency) }),
        h('td', { className: 'num', text: p.refunded ? money(p.refunded, inv.currency) : '' }),
      ]),
    );
  const notes = $('invoice-credit-notes');
  clear(notes);
  for (const c of inv.creditNotes)
    notes.appendChild(
      h('li', { text: `${c.number}: ${money(c.amount, inv.currency)} — ${c.reason}` }),
    );
  $('pay-currency').textContent = inv.currency;
  $('payment-form').hidden = inv.status !== 'issued';
  $('issue-actions').hidden = inv.status !== 'draft';
}

async function showInvoice(id: string, focus = false): Promise<void> {
  const inv = await api<Invoice>('GET', `/billing/${encodeURIComponent(id)}`);
  if (openInvoice !== id) {
    paymentKey = newKey();
    setStatus($('pay-status'), '');
    fieldError($<HTMLInputElement>('pay-amount'), '');
    $<HTMLInputElement>('pay-amount').value = amountText(inv.balance, inv.currency);
  }
  openInvoice = id;
  renderInvoice(inv);
  // A newly opened invoice: to the amount when a payment can be taken, else to its title.
  if (focus) (inv.status === 'issued' ? $('pay-amount') : $('invoice-title')).focus();
}

async function issueInvoice(): Promise<void> {
  if (!openInvoice) return;
  const button = $<HTMLButtonElement>('issue-invoice');
  button.disabled = true;
  try {
    await api('PATCH', `/billing/${encodeURIComponent(openInvoice)}/status`, { status: 'issued' });
    await Promise.all([showInvoice(openInvoice), loadBills(), loadDashboard()]);
    $('pay-amount').focus();
  } catch (err) {
    setStatus($('app-status'), failure(err), 'error');
  } finally {
    button.disabled = false;
  }
}

async function takePayment(event: Event): Promise<void> {
  event.preventDefault();
  if (!openInvoice) return;
  const status = $('pay-status');
  const amountEl = $<HTMLInputElement>('pay-amount');
  setStatus(status, '');
  const amount = parseAmount(amountEl.value, currency);
  if (amount === null || amount <= 0) {
    fieldError(amountEl, `Enter an amount in ${currency}, e.g. 1,000 or 650.50.`);
    amountEl.focus();
    return;
  }
  fieldError(amountEl, '');
  const method = ($('pay-method') as HTMLSelectElement).value;
  const reference = ($('pay-reference') as HTMLInputElement).value.trim();
  const submit = $('pay-submit') as HTMLButtonElement;
  submit.disabled = true;
  try {
    await api(
      'POST',
      `/billing/${encodeURIComponent(openInvoice)}/payments`,
      { method, amount, ...(reference ? { reference } : {}) },
      { 'Idempotency-Key': paymentKey },
    );
    paymentKey = newKey();
    ($('pay-reference') as HTMLInputElement).value = '';
    setStatus(
      status,
      `Payment of ${money(amount)} by ${METHOD_LABELS[method] ?? method} recorded.`,
      'success',
    );
    await Promise.all([showInvoice(openInvoice), loadDashboard(), loadBills()]);
    status.focus();
  } catch (err) {
    const balance = err instanceof ApiError ? err.body?.balance : undefined;
    if (err instanceof ApiError && err.status === 409 && typeof balance === 'number') {
      // Overpayment: said in the money the cashier typed, under the field.
      fieldError(amountEl, `That is more than the ${money(balance)} due on this invoice.`);
      amountEl.focus();
    } else if (placeIssues(err, { amount: 'pay-amount', reference: 'pay-reference' })) {
      amountEl.focus();
    } else {
      setStatus(status, failure(err), 'error');
      status.focus();
    }
  } finally {
    submit.disabled = false;
  }
}

function route(): void {
  const m = /^#\/invoice\/([A-Za-z0-9-]{1,64})$/.exec(window.location.hash);
  if (m) showInvoice(m[1]!, true).catch((err) => setStatus($('app-status'), failure(err), 'error'));
}

if (!session) {
  setFlash('Sign in to use the billing desk.');
  window.location.replace(url('/login'));
} else {
  paymentKey = newKey();
  chargeKey = newKey();
  invoiceKey = newKey();
  patientPicker('bill-patient', choosePatient);
  $('charge-form').addEventListener('submit', (e) => void addCharge(e));
  $('invoice-form').addEventListener('submit', (e) => void createInvoice(e));
  $('charge-tariff').addEventListener('change', showPrice);
  $('charge-qty').addEventListener('input', showPrice);
  $('issue-invoice').addEventListener('click', () => void issueInvoice());
  $('payment-form').addEventListener('submit', (e) => void takePayment(e));
  window.addEventListener('hashchange', route);
  live(() => Promise.all([loadDashboard(), loadBills()]), 'billing-live');
  loadTariffs().catch((err) => setStatus($('charge-status'), failure(err), 'error'));
  Promise.all([loadDashboard(), loadBills()])
    .then(route)
    .catch((err) =>
      setStatus($('app-status'), err instanceof Error ? err.message : String(err), 'error'),
    );
}
