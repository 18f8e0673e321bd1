/**
 * The billing health check panel (/billing-health): runs `GET /claims/health-check` with the
 * signed-in session and lists the findings. `findingRow` is the page's logic, independent of the
 * surrounding layout (to move into the app shell as it is).
 */
import { $, clear, h, setStatus } from './common/dom';
import { errorMessage, readJson, url } from './common/http';
import { readSession } from './common/storage';

export interface Finding {
  kind: string;
  severity: 'high' | 'medium' | 'low';
  title: string;
  evidence: string[];
  amount?: number;
  suggestedFix: string;
}

interface HealthCheck {
  date: string;
  currency: string;
  checked: Record<string, number>;
  findings: Finding[];
}

/** Minor units as money in the hospital's currency (its own number of decimals). */
export function money(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(
    minor / 10 ** digits,
  );
}

/** One table row of a finding. */
export function findingRow(f: Finding, currency: string): HTMLTableRowElement {
  const badge =
    f.severity === 'high'
      ? 'badge-danger'
      : f.severity === 'medium'
        ? 'badge-warning'
        : 'badge-neutral';
  return h('tr', { dataset: { kind: f.kind } }, [
    h('td', null, [h('span', { className: `badge ${badge}`, text: f.severity })]),
    h('td', { text: f.title }),
    h('td', { className: 'num', text: f.amount === undefined ? '' : money(f.amount, currency) }),
    h('td', null, [
      h(
        'ul',
        { className: 'plain small' },
        f.evidence.map((id) => h('li', null, [h('code', { text: id })])),
      ),
    ]),
    h('td', { className: 'small', text: f.suggestedFix }),
  ]);
}

async function run(): Promise<void> {
  const session = readSession();
  const status = $('app-status');
  if (!session) {
    setStatus(status, 'Sign in to run the billing health check.', 'info');
    return;
  }
  const button = $<HTMLButtonElement>('health-run');
  button.disabled = true;
  try {
    const res = await fetch(url('/claims/health-check'), {
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${session.accessToken}`,
        'x-tenant-id': session.tenantId,
      },
    });
    const body = await readJson(res);
    if (!res.ok) {
      setStatus(status, errorMessage(body, `The check failed (${res.status})`), 'error');
      return;
    }
    const check = body as HealthCheck;
    $('health-date').textContent = check.date;
    const tbody = $('health-findings').querySelector('tbody')!;
    clear(tbody);
    for (const f of check.findings) tbody.append(findingRow(f, check.currency));
    $('health-summary').textContent =
      check.findings.length === 0
        ? `Nothing to fix: ${check.checked.invoices} invoices, ${check.checked.claims} claims and ${check.checked.remittances} open remittances checked.`
        : `${check.findings.length} finding${check.findings.length === 1 ? '' : 's'} to fix.`;
    setStatus(status, '', 'info');
  } catch {
    setStatus(status, 'The service could not be reached; try again.', 'error');
  } finally {
    button.disabled = false;
  }
}

$('health-run').addEventListener('click', () => void run());
void run();
