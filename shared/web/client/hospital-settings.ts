/**
 * The settings page (/hospital-settings): reads `GET /settings`, fills the form, and saves the
 * fields that changed with `PUT /settings` and the version it read, so a change made meanwhile is
 * never overwritten unseen (409: the page says so and shows the settings as they are now).
 */
import { call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { formatDateTime } from './common/format';
import { type Field, fieldError, setBusy } from './common/forms';
import { errorMessage } from './common/http';
import { startDemoCard } from './demo-data';

interface ActionType {
  type: string;
  autoApprove: boolean;
  autoApproveAs?: string;
  lifetimeMinutes: number;
}

interface Settings {
  version: number;
  hospital: { name: string; slug: string; timezone: string; country?: string };
  billing: {
    currency: string;
    discountThresholdBp: number;
    refundThreshold: number;
    consultationTaxRateBp: number;
    consultationTaxInclusive: boolean;
  };
  agents: { rateLimitPerMinute: number; actionTypes: ActionType[] };
  changes: { at: string; by: string; fields: string[] }[];
}

interface Person {
  id: string;
  name: string;
  role: string;
}

let current: Settings | null = null;
let staff: Person[] = [];

const input = (id: string) => $<HTMLInputElement>(id);
const select = (id: string) => $<HTMLSelectElement>(id);
/** Basis points shown as a percentage with up to two decimals. */
const percent = (bp: number) => String(bp / 100);

function actionRow(t: ActionType): HTMLTableRowElement {
  const label = t.type.replace(/-/g, ' ');
  const runsAs = h(
    'select',
    { id: `as-${t.type}`, 'aria-label': `Person ${label} actions run as` } as never,
    [
      h('option', { value: '', text: 'Me (the administrator turning it on)' }),
      ...staff.map((p) =>
        h('option', {
          value: p.id,
          text: `${p.name} (${p.role})`,
          selected: p.id === t.autoApproveAs,
        } as never),
      ),
    ],
  );
  return h('tr', { dataset: { type: t.type } }, [
    h('th', { scope: 'row', text: label } as never),
    h('td', null, [
      h('input', {
        type: 'checkbox',
        id: `auto-${t.type}`,
        checked: t.autoApprove,
        'aria-label': `Approve ${label} actions automatically`,
      } as never),
    ]),
    h('td', null, [runsAs]),
    h('td', { className: 'num' }, [
      h('input', {
        type: 'number',
        id: `life-${t.type}`,
        min: '5',
        max: '10080',
        step: '1',
        value: String(t.lifetimeMinutes),
        'aria-label': `Lifetime of ${label} actions in minutes`,
      } as never),
    ]),
  ]);
}

function show(s: Settings): void {
  current = s;
  $('settings-version').textContent = String(s.version);
  input('hospital-name').value = s.hospital.name;
  select('hospital-country').value = s.hospital.country ?? '';
  $('hospital-timezone').textContent = s.hospital.timezone;
  $('hospital-slug').textContent = s.hospital.slug;
  select('billing-currency').value = s.billing.currency;
  input('billing-tax').value = percent(s.billing.consultationTaxRateBp);
  input('billing-tax-inclusive').checked = s.billing.consultationTaxInclusive;
  input('billing-discount').value = percent(s.billing.discountThresholdBp);
  input('billing-refund').value = String(s.billing.refundThreshold);
  input('agents-rate').value = String(s.agents.rateLimitPerMinute);
  const body = $('action-types').querySelector('tbody')!;
  clear(body);
  for (const t of s.agents.actionTypes) body.append(actionRow(t));
  const changes = $('settings-changes');
  clear(changes);
  for (const c of [...s.changes].reverse())
    changes.append(
      h('li', { text: `${formatDateTime(c.at, s.hospital.timezone)}: ${c.fields.join(', ')}` }),
    );
  if (s.changes.length === 0)
    changes.append(h('li', { className: 'muted', text: 'No change yet.' }));
}

/** The form as an update: the fields that differ from what was read, with that version. */
function changes(s: Settings): Record<string, unknown> {
  const hospital: Record<string, unknown> = {};
  const name = input('hospital-name').value.trim();
  if (name !== s.hospital.name) hospital.name = name;
  const country = select('hospital-country').value || null;
  if (country !== (s.hospital.country ?? null)) hospital.country = country;
  const billing: Record<string, unknown> = {};
  const num = (id: string) => Number(input(id).value);
  const bp = (id: string) => Math.round(num(id) * 100);
  if (select('billing-currency').value !== s.billing.currency)
    billing.currency = select('billing-currency').value;
  if (bp('billing-tax') !== s.billing.consultationTaxRateBp)
    billing.consultationTaxRateBp = bp('billing-tax');
  if (input('billing-tax-inclusive').checked !== s.billing.consultationTaxInclusive)
    billing.consultationTaxInclusive = input('billing-tax-inclusive').checked;
  if (bp('billing-discount') !== s.billing.discountThresholdBp)
    billing.discountThresholdBp = bp('billing-discount');
  if (num('billing-refund') !== s.billing.refundThreshold)
    billing.refundThreshold = num('billing-refund');
  const agents: Record<string, unknown> = {};
  if (num('agents-rate') !== s.agents.rateLimitPerMinute)
    agents.rateLimitPerMinute = num('agents-rate');
  const types: Record<string, Record<string, unknown>> = {};
  for (const t of s.agents.actionTypes) {
    const change: Record<string, unknown> = {};
    const auto = input(`auto-${t.type}`).checked;
    const as = select(`as-${t.type}`).value;
    const life = num(`life-${t.type}`);
    if (auto !== t.autoApprove) change.autoApprove = auto;
    if (auto && as && as !== t.autoApproveAs) change.autoApproveAs = as;
    if (life !== t.lifetimeMinutes) change.lifetimeMinutes = life;
    if (Object.keys(change).length) types[t.type] = change;
  }
  if (Object.keys(types).length) agents.actionTypes = types;
  return {
    version: s.version,
    ...(Object.keys(hospital).length ? { hospital } : {}),
    ...(Object.keys(billing).length ? { billing } : {}),
    ...(Object.keys(agents).length ? { agents } : {}),
  };
}

/** The input a 400 names (`billing.currency` → #billing-currency), when the page has it. */
const FIELD_IDS: Record<string, string> = {
  'hospital.name': 'hospital-name',
  'hospital.country': 'hospital-country',
  'billing.currency': 'billing-currency',
  'billing.consultationTaxRateBp': 'billing-tax',
  'billing.discountThresholdBp': 'billing-discount',
  'billing.refundThreshold': 'billing-refund',
  'agents.rateLimitPerMinute': 'agents-rate',
};

async function load(): Promise<void> {
  const status = $('app-status');
  const [settings, people] = await Promise.all([
    call<Settings>('GET', '/settings'),
    call<{ items: Person[] }>('GET', '/users/directory'),
  ]);
  if (!settings.ok || !settings.body) {
    setStatus(
      status,
      errorMessage(settings.body, `Could not read the settings (${settings.status})`),
      'error',
    );
    return;
  }
  staff = people.body?.items ?? [];
  show(settings.body);
}

async function save(event: Event): Promise<void> {
  event.preventDefault();
  if (!current) return;
  const status = $('app-status');
  const button = $<HTMLButtonElement>('settings-save');
  for (const id of Object.values(FIELD_IDS)) fieldError($<Field>(id), '');
  setBusy(button, true, 'Saving…');
  try {
    const res = await call<
      Settings & { message?: string; issues?: { field: string; message: string }[] }
    >('PUT', '/settings', changes(current));
    if (res.ok && res.body) {
      show(res.body);
      setStatus(status, `Saved: version ${res.body.version}.`, 'success');
      return;
    }
    for (const issue of res.body?.issues ?? []) {
      const id = FIELD_IDS[issue.field];
      if (id) fieldError($<Field>(id), issue.message);
    }
    setStatus(status, errorMessage(res.body, `Not saved (${res.status})`), 'error');
    if (res.status === 409) await load();
  } finally {
    setBusy(button, false);
  }
}

$('settings-form').addEventListener('submit', (e) => void save(e));
void load();
void startDemoCard();
