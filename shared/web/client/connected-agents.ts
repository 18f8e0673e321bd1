/**
 * The connected-agents page (/connected-agents): the OAuth grants the signed-in user may see
 * (`GET /oauth/grants`: their own; every grant of the hospital for an administrator) and, for an
 * administrator, the API keys (`GET /api-keys`), each with its Disconnect / Revoke button
 * (`POST /oauth/grants/{id}/revoke`, `POST /api-keys/{id}/revoke`). Who consented is named from
 * `GET /users` when the administrator may read it; otherwise the user's own grants say "You".
 * `grantRow` and `keyRow` are the page's logic, independent of the surrounding layout.
 */
import { call } from './common/api';
import { $, clear, h, setStatus } from './common/dom';
import { formatDateTime } from './common/format';
import { errorMessage } from './common/http';
import { readSession } from './common/storage';

export interface Grant {
  id: string;
  userId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  status: 'active' | 'revoked';
  createdAt: string;
  lastUsedAt?: string;
  revokedAt?: string;
  revokedBecause?: string;
  tokensActiveUntil?: string;
}

export interface Key {
  id: string;
  name?: string;
  prefix?: string;
  scopes?: string[];
  status?: string;
  lastUsedAt?: string;
}

const REVOKED_BECAUSE: Record<string, string> = {
  user: 'by the user',
  admin: 'by an administrator',
  client: 'by the agent',
  replay: 'a token was used twice',
};

/** A cell with its column's name, for the stacked small-screen layout. */
const cell = (label: string, children: (Node | string)[], className?: string) =>
  h('td', { 'data-label': label, className }, children);

/** What a grant's tokens can still do, in words. */
export function tokenState(g: Grant, tz: string | undefined, now = Date.now()): string {
  if (g.status === 'revoked')
    return `Disconnected ${formatDateTime(g.revokedAt, tz)}${g.revokedBecause ? ` (${REVOKED_BECAUSE[g.revokedBecause] ?? g.revokedBecause})` : ''}`;
  if (g.tokensActiveUntil && Date.parse(g.tokensActiveUntil) <= now)
    return 'Expired: the agent must be connected again';
  return `Active until ${formatDateTime(g.tokensActiveUntil, tz)}`;
}

export function grantRow(
  g: Grant,
  who: string,
  tz: string | undefined,
  onDisconnect: (g: Grant, button: HTMLButtonElement) => void,
): HTMLTableRowElement {
  const button = h('button', {
    type: 'button',
    className: 'btn btn-danger btn-sm',
    text: 'Disconnect',
    'aria-label': `Disconnect ${g.clientName}`,
  });
  button.addEventListener('click', () => onDisconnect(g, button));
  return h('tr', { dataset: { grant: g.id, status: g.status } }, [
    cell('Agent', [
      h('strong', { text: g.clientName }),
      h('br'),
      h('code', { className: 'small', text: g.clientId }),
    ]),
    cell('Connected by', [who]),
    cell('Scopes', [
      h(
        'ul',
        { className: 'plain small' },
        g.scopes.map((s) => h('li', null, [h('code', { text: s })])),
      ),
    ]),
    cell('Last used', [g.lastUsedAt ? formatDateTime(g.lastUsedAt, tz) : 'Never']),
    cell('Tokens', [tokenState(g, tz)]),
    h('td', { className: 'actions' }, g.status === 'active' ? [button] : []),
  ]);
}

export function keyRow(
  k: Key,
  tz: string | undefined,
  onRevoke: (k: Key, button: HTMLButtonElement) => void,
): HTMLTableRowElement {
  const label = k.name || k.prefix || k.id;
  const button = h('button', {
    type: 'button',
    className: 'btn btn-danger btn-sm',
    text: 'Revoke',
    'aria-label': `Revoke ${label}`,
  });
  button.addEventListener('click', () => onRevoke(k, button));
  return h('tr', { dataset: { key: k.id, status: k.status ?? '' } }, [
    cell('Key', [
      h('strong', { text: label }),
      ...(k.prefix ? [h('br'), h('code', { className: 'small', text: k.prefix })] : []),
    ]),
    cell('Scopes', [
      h(
        'ul',
        { className: 'plain small' },
        (k.scopes ?? []).map((s) => h('li', null, [h('code', { text: s })])),
      ),
    ]),
    cell('Last used', [k.lastUsedAt ? formatDateTime(k.lastUsedAt, tz) : 'Never']),
    cell('Status', [k.status ?? '']),
    h('td', { className: 'actions' }, k.status === 'active' ? [button] : []),
  ]);
}

const status = () => $('app-status');

async function load(): Promise<void> {
  const session = readSession();
  if (!session) {
    setStatus(status(), 'Sign in to see the connected agents.', 'info');
    return;
  }
  try {
    const admin = session.user?.role === 'ADMIN';
    const [grants, tenant, users, keys] = await Promise.all([
      call<{ items: Grant[] }>('GET', '/oauth/grants?limit=100'),
      call<{ timezone?: string }>('GET', '/tenants/current'),
      admin ? call<{ items: { id: string; name: string }[] }>('GET', '/users?limit=100') : null,
      admin ? call<{ items: Key[] }>('GET', '/api-keys') : null,
    ]);
    if (!grants.ok) {
      setStatus(
        status(),
        errorMessage(grants.body, `Could not load the agents (${grants.status})`),
        'error',
      );
      return;
    }
    const tz = tenant.body?.timezone;
    const names = new Map((users?.body?.items ?? []).map((u) => [u.id, u.name]));
    const who = (id: string) => (id === session.user?.id ? 'You' : (names.get(id) ?? id));
    const tbody = $('grants').querySelector('tbody')!;
    clear(tbody);
    const items = grants.body?.items ?? [];
    for (const g of items) tbody.append(grantRow(g, who(g.userId), tz, disconnect));
    if (!items.length)
      tbody.append(
        h('tr', null, [
          h('td', { colspan: 6, className: 'empty', text: 'No agent is connected with OAuth.' }),
        ]),
      );
    $('grants-count').textContent = `${items.filter((g) => g.status === 'active').length} active`;
    if (keys?.ok) {
      $('keys-card').hidden = false;
      const kbody = $('keys').querySelector('tbody')!;
      clear(kbody);
      const list = keys.body?.items ?? [];
      for (const k of list) kbody.append(keyRow(k, tz, revokeKey));
      if (!list.length)
        kbody.append(
          h('tr', null, [h('td', { colspan: 5, className: 'empty', text: 'No API key.' })]),
        );
      $('keys-count').textContent = `${list.filter((k) => k.status === 'active').length} active`;
    }
    setStatus(status(), '', 'info');
  } catch {
    setStatus(status(), 'The service could not be reached; try again.', 'error');
  }
}

async function disconnect(g: Grant, button: HTMLButtonElement): Promise<void> {
  if (!window.confirm(`Disconnect ${g.clientName}? Its tokens stop at their next request.`)) return;
  button.disabled = true;
  const res = await call('POST', `/oauth/grants/${encodeURIComponent(g.id)}/revoke`, {});
  if (!res.ok) {
    button.disabled = false;
    setStatus(status(), errorMessage(res.body, `Could not disconnect (${res.status})`), 'error');
    return;
  }
  await load();
  setStatus(status(), `${g.clientName} is disconnected.`, 'success');
}

async function revokeKey(k: Key, button: HTMLButtonElement): Promise<void> {
  const label = k.name || k.prefix || k.id;
  if (!window.confirm(`Revoke the API key ${label}? Agents using it are refused from now on.`))
    return;
  button.disabled = true;
  const res = await call('POST', `/api-keys/${encodeURIComponent(k.id)}/revoke`, {});
  if (!res.ok) {
    button.disabled = false;
    setStatus(status(), errorMessage(res.body, `Could not revoke (${res.status})`), 'error');
    return;
  }
  await load();
  setStatus(status(), `The API key ${label} is revoked.`, 'success');
}

void load();
