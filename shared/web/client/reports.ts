/**
 * The managers' reports (/manager-reports): loads a report for a range of the hospital's days
 * and draws it. The chart is inline SVG drawn here (bars per measure and day, the census as a
 * line), no charting library and nothing from another origin; the page's logic is small functions
 * of the report's data (`chartModel`, `drawChart`, `drawTable`) so that it moves into the app
 * shell as it is.
 */
import { $, clear, h, setStatus } from './common/dom';
import { errorMessage, readJson, url } from './common/http';
import { clearSession, readSession, setFlash } from './common/storage';

interface Report {
  report: string;
  from: string;
  to: string;
  timeZone: string;
  measures: string[];
  days: { date: string; values: Record<string, number> }[];
  totals: Record<string, number>;
  breakdowns: {
    dimension: string;
    rows: { key: string; label: string; values: Record<string, number> }[];
  }[];
}

const session = readSession();
const COLOURS = ['#0f766e', '#b45309', '#1d4ed8', '#7c3aed'];
/** Measures drawn as a line over the bars (a running level, not a daily count). */
const LINES = new Set(['midnightCensus', 'medianMinutes', 'p90Minutes', 'outstanding']);
const LABELS: Record<string, string> = {
  admissions: 'Admissions',
  discharges: 'Discharges',
  midnightCensus: 'Midnight census',
  booked: 'Booked',
  visits: 'Visits',
  noShows: 'No-shows',
  cancelled: 'Cancelled',
  stayDays: 'Stay days',
  averageLengthOfStayDays: 'Average length of stay (days)',
  censusAtEnd: 'Census at the end',
  noShowRatePercent: 'No-show rate (%)',
  admitted: 'Admitted',
  discharged: 'Discharged',
  resulted: 'Tests reported',
  medianMinutes: 'Median (minutes)',
  p90Minutes: '90th percentile (minutes)',
  invoiced: 'Invoiced',
  collected: 'Collected',
  refunded: 'Refunded',
  outstanding: 'Outstanding',
  tax: 'Tax',
  netCollected: 'Net collected',
  outstandingAtEnd: 'Outstanding at the end',
  net: 'Net revenue',
};
const label = (m: string) => LABELS[m] ?? m;

async function get(path: string): Promise<Response> {
  if (!session) throw new Error('Not signed in');
  const res = await fetch(url(path), {
    headers: { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': session.tenantId },
  });
  if (res.status === 401) {
    clearSession();
    setFlash('Your session has ended. Please sign in again.');
    window.location.replace(url('/login'));
  }
  return res;
}

function query(): string {
  const report = ($('report-name') as HTMLSelectElement).value;
  const from = ($('report-from') as HTMLInputElement).value;
  const to = ($('report-to') as HTMLInputElement).value;
  const q = new URLSearchParams();
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  return `/reports/${encodeURIComponent(report)}?${q.toString()}`;
}

export interface ChartModel {
  max: number;
  bars: { measure: string; values: number[] }[];
  lines: { measure: string; values: number[] }[];
}

/** What the chart draws: bars for daily counts, lines for levels, one scale for both. */
export function chartModel(r: Report): ChartModel {
  const series = r.measures.map((m) => ({
    measure: m,
    values: r.days.map((d) => d.values[m] ?? 0),
  }));
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  return {
    max,
    bars: series.filter((s) => !LINES.has(s.measure)),
    lines: series.filter((s) => LINES.has(s.measure)),
  };
}

function svg(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS($('report-chart').namespaceURI, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

export function drawChart(r: Report): void {
  const chart = $('report-chart');
  clear(chart);
  const model = chartModel(r);
  const [width, top, base, left] = [720, 12, 200, 36];
  const n = Math.max(1, r.days.length);
  const slot = (width - left) / n;
  const barWidth = Math.max(2, (slot * 0.8) / Math.max(1, model.bars.length));
  const y = (v: number) => base - ((base - top) * v) / model.max;
  chart.appendChild(svg('line', { x1: left, y1: base, x2: width, y2: base, stroke: '#94a3b8' }));
  chart.appendChild(
    svg('text', { x: 0, y: top + 8, 'font-size': 11, fill: '#475569' }, String(model.max)),
  );
  chart.appendChild(svg('text', { x: 0, y: base, 'font-size': 11, fill: '#475569' }, '0'));
  model.bars.forEach((s, i) => {
    s.values.forEach((v, d) => {
      const rect = svg('rect', {
        x: left + d * slot + slot * 0.1 + i * barWidth,
        y: y(v),
        width: barWidth - 1,
        height: base - y(v),
        fill: COLOURS[i % COLOURS.length]!,
        'data-measure': s.measure,
        'data-date': r.days[d]!.date,
        'data-value': v,
      });
      rect.appendChild(svg('title', {}, `${r.days[d]!.date}: ${label(s.measure)} ${v}`));
      chart.appendChild(rect);
    });
  });
  model.lines.forEach((s, i) => {
    const points = s.values.map((v, d) => `${left + d * slot + slot / 2},${y(v)}`).join(' ');
    chart.appendChild(
      svg('polyline', {
        points,
        fill: 'none',
        stroke: COLOURS[(model.bars.length + i) % COLOURS.length]!,
        'stroke-width': 2,
        'data-measure': s.measure,
      }),
    );
  });
  const every = Math.ceil(n / 10);
  r.days.forEach((d, i) => {
    if (i % every === 0)
      chart.appendChild(
        svg(
          'text',
          { x: left + i * slot + 2, y: base + 14, 'font-size': 10, fill: '#475569' },
          d.date.slice(5),
        ),
      );
  });
  [...model.bars, ...model.lines].forEach((s, i) => {
    chart.appendChild(
      svg(
        'text',
        { x: left + i * 150, y: 250, 'font-size': 11, fill: COLOURS[i % COLOURS.length]! },
        `■ ${label(s.measure)}`,
      ),
    );
  });
  $('report-chart-caption').textContent =
    `${[...model.bars, ...model.lines].map((s) => label(s.measure)).join(', ')} per day, ${r.from} to ${r.to} (${r.timeZone})`;
}

export function drawTable(r: Report): void {
  const table = $('report-days');
  const head = table.querySelector('thead')!;
  const body = table.querySelector('tbody')!;
  clear(head);
  clear(body);
  head.appendChild(
    h('tr', null, [
      h('th', { scope: 'col', text: 'Date' }),
      ...r.measures.map((m) => h('th', { scope: 'col', className: 'num', text: label(m) })),
    ]),
  );
  for (const d of r.days)
    body.appendChild(
      h('tr', { dataset: { date: d.date } }, [
        h('td', { text: d.date }),
        ...r.measures.map((m) =>
          h('td', { className: 'num', dataset: { measure: m }, text: d.values[m] ?? 0 }),
        ),
      ]),
    );
  const totals = $('report-totals');
  clear(totals);
  for (const [k, v] of Object.entries(r.totals))
    totals.appendChild(
      h('div', { className: 'stat', dataset: { total: k } }, [
        h('div', { className: 'stat__label', text: label(k) }),
        h('div', { className: 'stat__value', text: v }),
      ]),
    );
  const breakdowns = $('report-breakdowns');
  clear(breakdowns);
  for (const b of r.breakdowns) {
    const measures = [...new Set(b.rows.flatMap((row) => Object.keys(row.values)))];
    breakdowns.appendChild(h('h3', { className: 'mt-1', text: `By ${b.dimension}` }));
    breakdowns.appendChild(
      h('div', { className: 'table-wrap' }, [
        h('table', { className: 'table', dataset: { dimension: b.dimension } }, [
          h('thead', null, [
            h('tr', null, [
              h('th', { scope: 'col', text: b.dimension }),
              ...measures.map((m) => h('th', { scope: 'col', className: 'num', text: label(m) })),
            ]),
          ]),
          h(
            'tbody',
            null,
            b.rows.map((row) =>
              h('tr', null, [
                h('td', { text: row.label }),
                ...measures.map((m) => h('td', { className: 'num', text: row.values[m] ?? 0 })),
              ]),
            ),
          ),
        ]),
      ]),
    );
  }
  $('report-range').textContent = `${r.from} to ${r.to}`;
}

async function show(): Promise<void> {
  const res = await get(query());
  const data = await readJson(res);
  if (!res.ok) throw new Error(errorMessage(data, `Request failed (HTTP ${res.status}).`));
  const r = data as Report;
  drawChart(r);
  drawTable(r);
  setStatus($('app-status'), `${r.report} report loaded`, 'info');
}

/** The CSV, fetched with the session and saved through a temporary link. */
async function downloadCsv(): Promise<void> {
  const res = await get(`${query()}&format=csv`);
  if (!res.ok)
    throw new Error(errorMessage(await readJson(res), `Request failed (HTTP ${res.status}).`));
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
  const href = URL.createObjectURL(await res.blob());
  const a = h('a', { href, download: name });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

const fail = (err: unknown) =>
  setStatus($('app-status'), err instanceof Error ? err.message : String(err), 'error');

if (!session) {
  setFlash('Sign in to read the reports.');
  window.location.replace(url('/login'));
} else {
  $('report-form').addEventListener('submit', (e) => {
    e.preventDefault();
    show().catch(fail);
  });
  $('report-csv').addEventListener('click', () => {
    downloadCsv().catch(fail);
  });
  show().catch(fail);
}
