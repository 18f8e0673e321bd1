/**
 * The system monitor panel of the overview (GET /system/monitor): every item, those needing
 * attention first, each with its count, what to do and a link to where. Shown only to the roles
 * the route admits (administrators and managers): a 403 keeps the panel hidden.
 *
 * The outbox panel beside it shows the delivery items of the same answer (event backlog, dead
 * events, failed notifications: one request, the monitor's own counts) and, for administrators,
 * the latest messages of the notifications outbox with their status and reason, and the webhook
 * deliveries whose last attempt failed (GET /webhooks/failing): last error, and when the retry
 * job tries next or that it gave up.
 */
import { $, clear, h } from '../common/dom';
import { formatDateTime, formatTime } from '../common/format';
import { url } from '../common/http';
import { asApiError } from './api';
import type { AdminApp } from './state';

interface MonitorItem {
  key: string;
  title: string;
  status: 'ok' | 'attention';
  count: number;
  detail: string;
  action: string;
  route?: string;
  page?: string;
}
interface SystemMonitor {
  asOf: string;
  attention: number;
  items: MonitorItem[];
}

function row(item: MonitorItem): HTMLElement {
  const attention = item.status === 'attention';
  return h('li', { className: 'monitor-item', dataset: { key: item.key, status: item.status } }, [
    h('div', { className: 'monitor-item__head' }, [
      h('span', {
        className: `badge ${attention ? 'badge-warning' : 'badge-success'}`,
        text: attention ? 'Needs attention' : 'OK',
      }),
      ' ',
      h('strong', { text: item.title }),
      ': ',
      h('span', { className: 'monitor-item__count', text: String(item.count) }),
    ]),
    h('p', { text: item.detail }),
    attention
      ? h('p', {}, [
          item.action,
          item.page ? ' — ' : '',
          item.page ? h('a', { href: url(item.page), text: `Open ${item.page}` }) : '',
        ])
      : null,
  ]);
}

/** The monitor's items that are about getting events and messages out. */
export const OUTBOX_ITEM_KEYS = [
  'outbox-backlog',
  'dead-events',
  'failed-notifications',
  'failed-webhooks',
];

interface OutboxMessage {
  id: string;
  kind: string;
  channel: string;
  to: string;
  status: string;
  reason?: string;
  createdAt: string;
}

function renderOutbox(m: SystemMonitor): void {
  const items = m.items.filter((i) => OUTBOX_ITEM_KEYS.includes(i.key));
  $('outbox-panel').hidden = false;
  const attention = items.filter((i) => i.status === 'attention').length;
  const badge = $('outbox-badge');
  badge.textContent = attention ? `${attention} need attention` : 'All delivered';
  badge.className = `badge ${attention ? 'badge-warning' : 'badge-success'}`;
  const list = $('outbox-items');
  clear(list);
  for (const item of items) list.appendChild(row(item));
}

function loadMessages({ api, state }: Pick<AdminApp, 'api' | 'state'>): void {
  api<{ items: OutboxMessage[] }>('GET', '/notifications/outbox?limit=10')
    .then((page) => {
      if (!page) return;
      const body = $('outbox-messages').querySelector('tbody')!;
      clear(body);
      for (const msg of page.items)
        body.appendChild(
          h('tr', { dataset: { id: msg.id, status: msg.status } }, [
            h('td', { text: formatDateTime(msg.createdAt, state.tz) }),
            h('td', { text: msg.kind }),
            h('td', { text: msg.channel }),
            h('td', { text: msg.to }),
            h('td', { text: msg.status }),
            h('td', { text: msg.reason ?? '' }),
          ]),
        );
      $('outbox-messages-block').hidden = page.items.length === 0;
    })
    // Not shown when the messages cannot be read (managers are refused: administrators only).
    .catch(() => undefined);
}

interface FailingDelivery {
  id: string;
  eventType: string;
  url?: string;
  status: 'pending' | 'failed';
  attempts: number;
  lastError: string;
  nextAttemptAt?: string;
}

function loadFailingWebhooks({ api, state }: Pick<AdminApp, 'api' | 'state'>): void {
  api<{ retrying: number; gaveUp: number; items: FailingDelivery[] }>('GET', '/webhooks/failing')
    .then((answer) => {
      if (!answer) return;
      $('outbox-webhooks-summary').textContent =
        `${answer.retrying} retrying, ${answer.gaveUp} given up`;
      const body = $('outbox-webhooks').querySelector('tbody')!;
      clear(body);
      for (const d of answer.items)
        body.appendChild(
          h('tr', { dataset: { id: d.id, status: d.status } }, [
            h('td', { text: d.eventType }),
            h('td', { text: d.url ?? '(subscription deleted)' }),
            h('td', { text: String(d.attempts) }),
            h('td', { text: d.lastError }),
            h('td', {
              text:
                d.status === 'failed'
                  ? 'Gave up: redeliver by hand'
                  : `Retry at ${formatDateTime(d.nextAttemptAt, state.tz)}`,
            }),
          ]),
        );
      $('outbox-webhooks-block').hidden = answer.items.length === 0;
    })
    // Not shown when the deliveries cannot be read (managers are refused: administrators only).
    .catch(() => undefined);
}

export function loadMonitor({ api, state }: Pick<AdminApp, 'api' | 'state'>): void {
  const panel = $('monitor-panel');
  api<SystemMonitor>('GET', '/system/monitor')
    .then((m) => {
      if (!m) return;
      renderOutbox(m);
      loadMessages({ api, state });
      loadFailingWebhooks({ api, state });
      panel.hidden = false;
      const badge = $('monitor-badge');
      badge.textContent = m.attention ? `${m.attention} need attention` : 'All clear';
      badge.className = `badge ${m.attention ? 'badge-warning' : 'badge-success'}`;
      $('monitor-status').textContent = `As of ${formatTime(m.asOf, state.tz, true)}`;
      const list = $('monitor-items');
      clear(list);
      const ordered = [...m.items].sort(
        (a, b) => Number(b.status === 'attention') - Number(a.status === 'attention'),
      );
      for (const item of ordered) list.appendChild(row(item));
    })
    .catch((err) => {
      const e = asApiError(err);
      // Not for this role: the panel stays hidden. Anything else says why.
      if (e.status === 403 || e.silent) return;
      panel.hidden = false;
      $('monitor-status').textContent = e.message || 'Could not load the system monitor';
    });
}
