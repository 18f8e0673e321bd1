/**
 * The billing desk (/billing-desk): the dashboard with its chart (inline SVG, drawn here), the
 * bills, and one invoice with payment entry. Each payment form carries an Idempotency-Key made
 * when the form is shown, so a double click or a retried request posts the payment once.
 */

import { $, clear, h, setStatus } from './common/dom';
import { formatDate } from './common/format';
import { errorMessage, readJson, url } from './common/http';
import { live } from './common/live';
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

class ApiError extends Error {}

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<T> {
  if (!session) throw new ApiError('Not signed in');
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${session.accessToken}`,
    'x-tenant-id': session.tenantId,
    ...extra,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await readJson(res);
  if (res.status === 401) {
    clearSession();
    setFlash('Your session has ended. Please sign in again.');
    window.location.replace(url('/login'));
  }
  if (!res.ok) throw new ApiError(errorMessage(data, `Request failed (HTTP ${res.status}).`));
  return data as T;
}

function digits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
    .maximumFractionDigits as number;
}

/** Minor units as money in the hospital's currency, e.g. 65050 → ₹650.50. */
function money(minor: number, code = currency): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: code }).format(
    minor / 10 ** digits(code),
  );
}

/** "650.5" → 65050 minor units, by string arithmetic (no floating point); null if not an amount. */
export function parseAmount(text: string, code = currency): number | null {
  const d = digits(code);
  const m = /^\s*(\d{1,12})(?:[.,](\d+))?\s*$/.exec(text);
  if (!m || (m[2] && m[2].length > d)) return null;
  return Number(m[1]) * 10 ** d + Number((m[2] ?? '').padEnd(d, '0') || 0);
}

function newKey(): string {
  const c = globalThis.crypto as Crypto & { randomUUID?: () => string };
  if (c.randomUUID) return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
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
}

async function showInvoice(id: string): Promise<void> {
  const inv = await api<Invoice>('GET', `/billing/${encodeURIComponent(id)}`);
  if (openInvoice !== id) {
    paymentKey = newKey();
    setStatus($('pay-status'), '');
    ($('pay-amount') as HTMLInputElement).value = (
      inv.balance /
      10 ** digits(inv.currency)
    ).toFixed(digits(inv.currency));
  }
  openInvoice = id;
  renderInvoice(inv);
}

async function takePayment(event: Event): Promise<void> {
  event.preventDefault();
  if (!openInvoice) return;
  const status = $('pay-status');
  const amount = parseAmount(($('pay-amount') as HTMLInputElement).value);
  if (amount === null || amount <= 0) {
    setStatus(status, `Enter an amount in ${currency}, e.g. 500.00`, 'error');
    return;
  }
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
  } catch (err) {
    setStatus(status, err instanceof Error ? err.message : String(err), 'error');
  } finally {
    submit.disabled = false;
  }
}

function route(): void {
  const m = /^#\/invoice\/([A-Za-z0-9-]{1,64})$/.exec(window.location.hash);
  if (m)
    showInvoice(m[1]!).catch((err) =>
      setStatus($('app-status'), String(err.message ?? err), 'error'),
    );
}

if (!session) {
  setFlash('Sign in to use the billing desk.');
  window.location.replace(url('/login'));
} else {
  $('payment-form').addEventListener('submit', (e) => {
    takePayment(e);
  });
  window.addEventListener('hashchange', route);
  live(() => Promise.all([loadDashboard(), loadBills()]), 'billing-live');
  Promise.all([loadDashboard(), loadBills()])
    .then(route)
    .catch((err) =>
      setStatus($('app-status'), err instanceof Error ? err.message : String(err), 'error'),
    );
}
