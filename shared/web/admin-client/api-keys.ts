/** Automation → API keys section: create (secret shown once), list, revoke, rotate. Part of the /admin page script (see ../admin-client.ts). */
export const API_KEYS_CODE = String.raw`
  // ---------------------------------------------------------------- API keys

  var keysStatus = $('api-keys-status');
  var keyForm = $('api-key-form');
  var keyName = $('api-key-name');
  var keySubmit = $('api-key-submit');
  var keyFormError = $('api-key-form-error');
  var scopesFieldset = $('api-key-scopes');

  async function loadKeys() {
    if (!isAdmin()) return;
    var tbody = $('api-keys-tbody');
    if (!tbody.firstChild) messageRow(tbody, 6, 'Loading API keys…', true);
    var list;
    try {
      list = await api('GET', '/api-keys?limit=100');
    } catch (err) {
      if (err.silent) return;
      messageRow(tbody, 6, 'Could not load API keys: ' + err.message);
      return;
    }
    var items = (list && list.items) || [];
    var active = items.filter(function (k) { return k.status === 'active'; }).length;
    $('api-keys-count').textContent = active + ' active · ' + (items.length - active) + ' revoked';
    if (!items.length) {
      messageRow(tbody, 6, 'No API keys yet. Create one above to connect an integration.');
      return;
    }
    clear(tbody);
    items.forEach(function (key, index) { tbody.appendChild(keyRow(key, index)); });
    labelCells(tbody);
  }

  function keyRow(key, index) {
    var nameId = 'api-key-row-name-' + index;
    var scopes = h('td');
    (key.scopes || []).forEach(function (s) { scopes.appendChild(h('span', { className: 'chip', text: s })); });

    var created = h('td', { className: 'nowrap' }, [formatDate(key.createdAt, state.tz)]);
    if (key.rotatedAt) created.appendChild(h('span', { className: 'cell-sub', text: 'Rotated ' + formatDate(key.rotatedAt, state.tz) }));
    if (key.revokedAt) created.appendChild(h('span', { className: 'cell-sub', text: 'Revoked ' + formatDate(key.revokedAt, state.tz) }));

    var actions = h('td', { className: 'actions' });
    if (key.status === 'active') {
      var rotate = h('button', { type: 'button', className: 'btn btn-secondary btn-sm key-rotate', 'data-action': 'rotate', 'aria-describedby': nameId, text: 'Rotate' });
      var revoke = h('button', { type: 'button', className: 'btn btn-danger btn-sm key-revoke', 'data-action': 'revoke', 'aria-describedby': nameId, text: 'Revoke' });
      rotate.addEventListener('click', function () { rotateKey(key, rotate); });
      revoke.addEventListener('click', function () { revokeKey(key, revoke); });
      actions.appendChild(rotate);
      actions.appendChild(revoke);
    }

    return h('tr', { dataset: { keyId: key.id } }, [
      h('td', null, [
        h('span', { className: 'cell-main', id: nameId, text: key.name || '' }),
        h('code', { className: 'cell-sub', text: key.prefix || '' }),
      ]),
      scopes,
      h('td', null, [key.status === 'active' ? badge('Active', 'success') : badge(humanize(key.status), 'neutral')]),
      created,
      h('td', { text: key.lastUsedAt ? formatDate(key.lastUsedAt, state.tz, true) : 'Never' }),
      actions,
    ]);
  }

  function showSecret(name, secret, action) {
    $('api-key-secret-value').textContent = secret || '';
    $('api-key-secret-title').textContent = action === 'rotated' ? 'New secret for \u201C' + name + '\u201D' : 'API key \u201C' + name + '\u201D created';
    $('api-key-secret-lead').textContent = action === 'rotated'
      ? 'The key was rotated. Update your integration with the new secret below.'
      : 'Use this secret as a Bearer token from your integration.';
    $('api-key-copy-status').textContent = '';
    var panel = $('api-key-secret');
    panel.hidden = false;
    panel.scrollIntoView({ block: 'start' });
    panel.focus();
  }

  $('api-key-copy').addEventListener('click', async function () {
    var valueEl = $('api-key-secret-value');
    var ok = await copyText(valueEl.textContent || '', valueEl);
    $('api-key-copy-status').textContent = ok
      ? 'Secret copied to the clipboard.'
      : 'Secret selected. Press Ctrl+C (or Cmd+C) to copy it.';
    var button = $('api-key-copy');
    button.textContent = ok ? 'Copied' : 'Selected';
    setTimeout(function () { button.textContent = 'Copy secret'; }, 2000);
  });

  $('api-key-secret-dismiss').addEventListener('click', function () {
    $('api-key-secret').hidden = true;
    $('api-key-secret-value').textContent = '';
    keyName.focus();
  });

  keyName.addEventListener('input', function () { fieldError(keyName, ''); });
  scopesFieldset.addEventListener('change', function () {
    $('api-key-scopes-error').textContent = '';
    scopesFieldset.removeAttribute('aria-invalid');
  });

  keyForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    setStatus(keyFormError, '');
    keyName.value = keyName.value.trim();
    var scopes = Array.prototype.map.call(
      keyForm.querySelectorAll('input[type=checkbox][name=scope]:checked'),
      function (input) { return input.value; });
    fieldError(keyName, keyName.value ? '' : 'Give the key a name.');
    $('api-key-scopes-error').textContent = scopes.length ? '' : 'Select at least one scope.';
    if (!keyName.value) { keyName.focus(); return; }
    if (!scopes.length) {
      var first = keyForm.querySelector('input[type=checkbox][name=scope]');
      if (first) first.focus();
      return;
    }
    setBusy(keySubmit, true, 'Creating…');
    var created;
    try {
      created = await api('POST', '/api-keys', { name: keyName.value, scopes: scopes });
    } catch (err) {
      setBusy(keySubmit, false);
      showError(keyFormError, err);
      return;
    }
    setBusy(keySubmit, false);
    keyForm.reset();
    setStatus(keysStatus, '');
    showSecret((created && created.name) || '', created && created.secret, 'created');
    loadKeys();
  });

  async function revokeKey(key, button) {
    if (!window.confirm('Revoke the API key \u201C' + key.name + '\u201D? Integrations using it will lose access immediately. This cannot be undone.')) return;
    setBusy(button, true, 'Revoking…');
    try {
      await api('POST', '/api-keys/' + encodeURIComponent(key.id) + '/revoke');
    } catch (err) {
      setBusy(button, false);
      showError(keysStatus, err);
      return;
    }
    setStatus(keysStatus, 'API key \u201C' + key.name + '\u201D was revoked.', 'success');
    loadKeys();
  }

  async function rotateKey(key, button) {
    if (!window.confirm('Rotate the API key \u201C' + key.name + '\u201D? A new secret will be generated and the current secret will stop working.')) return;
    setBusy(button, true, 'Rotating…');
    var rotated;
    try {
      rotated = await api('POST', '/api-keys/' + encodeURIComponent(key.id) + '/rotate');
    } catch (err) {
      setBusy(button, false);
      showError(keysStatus, err);
      return;
    }
    setStatus(keysStatus, '');
    showSecret((rotated && rotated.name) || key.name, rotated && rotated.secret, 'rotated');
    loadKeys();
  }

`;
