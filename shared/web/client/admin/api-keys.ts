/** Automation → API keys section: create (secret shown once), list, revoke, rotate. */
import { copyText } from '../common/clipboard';
import { $, clear, h, setStatus } from '../common/dom';
import { formatDate } from '../common/format';
import { fieldError, setBusy } from '../common/forms';
import { asApiError, showError } from './api';
import type { AdminApp, Section } from './state';
import type { ApiKey, ApiKeySecret, Page } from './types';
import { badge, humanize, labelCells, messageRow } from './ui';

export function apiKeysSection({ api, state, isAdmin }: AdminApp): Section {
  const keysStatus = $('api-keys-status');
  const keyForm = $<HTMLFormElement>('api-key-form');
  const keyName = $<HTMLInputElement>('api-key-name');
  const keySubmit = $<HTMLButtonElement>('api-key-submit');
  const keyFormError = $('api-key-form-error');
  const scopesFieldset = $<HTMLFieldSetElement>('api-key-scopes');
  const tbody = $<HTMLTableSectionElement>('api-keys-tbody');

  async function load() {
    if (!isAdmin()) return;
    if (!tbody.firstChild) messageRow(tbody, 6, 'Loading API keys…', true);
    let list: Page<ApiKey> | null;
    try {
      list = await api<Page<ApiKey>>('GET', '/api-keys?limit=100');
    } catch (err) {
      const e = asApiError(err);
      if (e.silent) return;
      messageRow(tbody, 6, `Could not load API keys: ${e.message}`);
      return;
    }
    const items = list?.items ?? [];
    const active = items.filter((k) => k.status === 'active').length;
    $('api-keys-count').textContent = `${active} active · ${items.length - active} revoked`;
    if (!items.length) {
      messageRow(tbody, 6, 'No API keys yet. Create one above to connect an integration.');
      return;
    }
    clear(tbody);
    items.forEach((key, index) => {
      tbody.appendChild(keyRow(key, index));
    });
    labelCells(tbody);
  }

  function keyRow(key: ApiKey, index: number): HTMLTableRowElement {
    const nameId = `api-key-row-name-${index}`;
    const scopes = h('td');
    for (const s of key.scopes ?? []) scopes.appendChild(h('span', { className: 'chip', text: s }));

    const created = h('td', { className: 'nowrap' }, [formatDate(key.createdAt, state.tz)]);
    if (key.rotatedAt)
      created.appendChild(
        h('span', {
          className: 'cell-sub',
          text: `Rotated ${formatDate(key.rotatedAt, state.tz)}`,
        }),
      );
    if (key.revokedAt)
      created.appendChild(
        h('span', {
          className: 'cell-sub',
          text: `Revoked ${formatDate(key.revokedAt, state.tz)}`,
        }),
      );

    const actions = h('td', { className: 'actions' });
    if (key.status === 'active') {
      const rotate = h('button', {
        type: 'button',
        className: 'btn btn-secondary btn-sm key-rotate',
        'data-action': 'rotate',
        'aria-describedby': nameId,
        text: 'Rotate',
      });
      const revoke = h('button', {
        type: 'button',
        className: 'btn btn-danger btn-sm key-revoke',
        'data-action': 'revoke',
        'aria-describedby': nameId,
        text: 'Revoke',
      });
      rotate.addEventListener('click', () => rotateKey(key, rotate));
      revoke.addEventListener('click', () => revokeKey(key, revoke));
      actions.appendChild(rotate);
      actions.appendChild(revoke);
    }

    return h('tr', { dataset: { keyId: key.id } }, [
      h('td', null, [
        h('span', { className: 'cell-main', id: nameId, text: key.name || '' }),
        h('code', { className: 'cell-sub', text: key.prefix || '' }),
      ]),
      scopes,
      h('td', null, [
        key.status === 'active'
          ? badge('Active', 'success')
          : badge(humanize(key.status), 'neutral'),
      ]),
      created,
      h('td', { text: key.lastUsedAt ? formatDate(key.lastUsedAt, state.tz, true) : 'Never' }),
      actions,
    ]);
  }

  function showSecret(name: string, secret: string | undefined, action: 'created' | 'rotated') {
    $('api-key-secret-value').textContent = secret || '';
    $('api-key-secret-title').textContent =
      action === 'rotated'
        ? `New secret for \u201C${name}\u201D`
        : `API key \u201C${name}\u201D created`;
    $('api-key-secret-lead').textContent =
      action === 'rotated'
        ? 'The key was rotated. Update your integration with the new secret below.'
        : 'Use this secret as a Bearer token from your integration.';
    $('api-key-copy-status').textContent = '';
    const panel = $('api-key-secret');
    panel.hidden = false;
    panel.scrollIntoView({ block: 'start' });
    panel.focus();
  }

  $('api-key-copy').addEventListener('click', async () => {
    const valueEl = $('api-key-secret-value');
    const ok = await copyText(valueEl.textContent || '', valueEl);
    $('api-key-copy-status').textContent = ok
      ? 'Secret copied to the clipboard.'
      : 'Secret selected. Press Ctrl+C (or Cmd+C) to copy it.';
    const button = $('api-key-copy');
    button.textContent = ok ? 'Copied' : 'Selected';
    setTimeout(() => {
      button.textContent = 'Copy secret';
    }, 2000);
  });

  $('api-key-secret-dismiss').addEventListener('click', () => {
    $('api-key-secret').hidden = true;
    $('api-key-secret-value').textContent = '';
    keyName.focus();
  });

  keyName.addEventListener('input', () => fieldError(keyName, ''));
  scopesFieldset.addEventListener('change', () => {
    $('api-key-scopes-error').textContent = '';
    scopesFieldset.removeAttribute('aria-invalid');
  });

  keyForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    setStatus(keyFormError, '');
    keyName.value = keyName.value.trim();
    const scopes = Array.from(
      keyForm.querySelectorAll<HTMLInputElement>('input[type=checkbox][name=scope]:checked'),
      (input) => input.value,
    );
    fieldError(keyName, keyName.value ? '' : 'Give the key a name.');
    $('api-key-scopes-error').textContent = scopes.length ? '' : 'Select at least one scope.';
    if (!keyName.value) {
      keyName.focus();
      return;
    }
    if (!scopes.length) {
      keyForm.querySelector<HTMLInputElement>('input[type=checkbox][name=scope]')?.focus();
      return;
    }
    setBusy(keySubmit, true, 'Creating…');
    let created: ApiKeySecret | null;
    try {
      created = await api<ApiKeySecret>('POST', '/api-keys', { name: keyName.value, scopes });
    } catch (err) {
      setBusy(keySubmit, false);
      showError(keyFormError, err);
      return;
    }
    setBusy(keySubmit, false);
    keyForm.reset();
    setStatus(keysStatus, '');
    showSecret(created?.name || '', created?.secret, 'created');
    load();
  });

  async function revokeKey(key: ApiKey, button: HTMLButtonElement) {
    if (
      !window.confirm(
        `Revoke the API key \u201C${key.name}\u201D? Integrations using it will lose access immediately. This cannot be undone.`,
      )
    )
      return;
    setBusy(button, true, 'Revoking…');
    try {
      await api('POST', `/api-keys/${encodeURIComponent(key.id)}/revoke`);
    } catch (err) {
      setBusy(button, false);
      showError(keysStatus, err);
      return;
    }
    setStatus(keysStatus, `API key \u201C${key.name}\u201D was revoked.`, 'success');
    load();
  }

  async function rotateKey(key: ApiKey, button: HTMLButtonElement) {
    if (
      !window.confirm(
        `Rotate the API key \u201C${key.name}\u201D? A new secret will be generated and the current secret will stop working.`,
      )
    )
      return;
    setBusy(button, true, 'Rotating…');
    let rotated: ApiKeySecret | null;
    try {
      rotated = await api<ApiKeySecret>('POST', `/api-keys/${encodeURIComponent(key.id)}/rotate`);
    } catch (err) {
      setBusy(button, false);
      showError(keysStatus, err);
      return;
    }
    setStatus(keysStatus, '');
    showSecret(rotated?.name || key.name || '', rotated?.secret, 'rotated');
    load();
  }

  return { load };
}
