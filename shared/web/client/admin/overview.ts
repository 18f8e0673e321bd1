/** Overview section: staff, doctor and API key counts (the hospital profile is in header.ts). */
import { $ } from '../common/dom';
import { asApiError } from './api';
import { loadMonitor } from './monitor';
import type { AdminApp, Section } from './state';
import type { ApiKey, Doctor, Page, StaffUser } from './types';

function setStat(id: string, value: string, foot: string): void {
  $(id).textContent = value;
  $(`${id}-foot`).textContent = foot;
}

/** `12`, or `100+` when there are more pages. */
function countText(list: Page<unknown> | null): string {
  const n = list?.items ? list.items.length : 0;
  return list?.nextCursor ? `${n}+` : String(n);
}

function unavailable(err: unknown): string {
  const e = asApiError(err);
  if (e.status === 403) return 'Not available for your role';
  return e.message || 'Could not load';
}

export function overviewSection({ api, isAdmin, state }: AdminApp): Section {
  /** A failed count shows why in its foot; a silent failure (session ended) shows nothing. */
  const failed = (id: string) => (err: unknown) => {
    if (!asApiError(err).silent) setStat(id, '—', unavailable(err));
  };

  function load() {
    loadMonitor({ api, state });
    api<Page<StaffUser>>('GET', '/users?limit=100')
      .then((list) => {
        const items = list?.items ?? [];
        const active = items.filter((u) => u.active !== false).length;
        setStat('stat-users', countText(list), `${active} active`);
      })
      .catch(failed('stat-users'));

    api<Page<Doctor>>('GET', '/doctors?limit=100')
      .then((list) => {
        const items = list?.items ?? [];
        const departments = new Set(items.map((d) => d.departmentId).filter(Boolean));
        const n = departments.size;
        setStat('stat-doctors', countText(list), n + (n === 1 ? ' department' : ' departments'));
      })
      .catch(failed('stat-doctors'));

    if (!isAdmin()) {
      setStat('stat-api-keys', '—', 'Managed by administrators');
      return;
    }
    api<Page<ApiKey>>('GET', '/api-keys?limit=100')
      .then((list) => {
        const items = list?.items ?? [];
        const active = items.filter((k) => k.status === 'active').length;
        setStat('stat-api-keys', String(active), `${items.length - active} revoked`);
      })
      .catch(failed('stat-api-keys'));
  }

  return { load };
}
