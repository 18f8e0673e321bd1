/**
 * The system monitor panel of the overview (GET /system/monitor): every item, those needing
 * attention first, each with its count, what to do and a link to where. Shown only to the roles
 * the route admits (administrators and managers): a 403 keeps the panel hidden.
 */
import { $, clear, h } from '../common/dom';
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

export function loadMonitor({ api }: Pick<AdminApp, 'api'>): void {
  const panel = $('monitor-panel');
  api<SystemMonitor>('GET', '/system/monitor')
    .then((m) => {
      if (!m) return;
      panel.hidden = false;
      const badge = $('monitor-badge');
      badge.textContent = m.attention ? `${m.attention} need attention` : 'All clear';
      badge.className = `badge ${m.attention ? 'badge-warning' : 'badge-success'}`;
      $('monitor-status').textContent = `As of ${new Date(m.asOf).toLocaleTimeString()}`;
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
