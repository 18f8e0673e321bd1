/** Staff section: list, create, change role and (de)activate users. Part of the /admin page script (see ../admin-client.ts). */
export const STAFF_CODE = String.raw`
  // ---------------------------------------------------------------- Staff

  var usersStatus = $('users-status');

  async function loadUsers() {
    var tbody = $('users-tbody');
    if (!tbody.firstChild) messageRow(tbody, 6, 'Loading staff…', true);
    var list;
    try {
      list = await api('GET', '/users?limit=100');
    } catch (err) {
      if (err.silent) return;
      messageRow(tbody, 6, 'Could not load staff: ' + err.message);
      return;
    }
    var items = (list && list.items) || [];
    $('users-count').textContent = items.length + (list && list.nextCursor ? '+' : '') + (items.length === 1 ? ' person' : ' people');
    if (!items.length) {
      messageRow(tbody, 6, 'No staff users yet.');
      return;
    }
    clear(tbody);
    items.forEach(function (user, index) { tbody.appendChild(userRow(user, index)); });
    labelCells(tbody);
  }

  function userRow(user, index) {
    var self = state.me && state.me.id === user.id;
    var nameId = 'user-row-name-' + index;
    var roleCell = h('td');
    if (isAdmin() && !self) {
      var select = h('select', { 'aria-label': 'Role for ' + (user.name || user.email), className: 'user-role-select' });
      Object.keys(ROLE_LABELS).forEach(function (role) {
        var opt = h('option', { value: role, text: ROLE_LABELS[role] });
        if (role === user.role) opt.selected = true;
        select.appendChild(opt);
      });
      var save = h('button', { type: 'button', className: 'btn btn-secondary btn-sm user-role-save', 'aria-describedby': nameId, text: 'Save role' });
      save.disabled = true;
      select.addEventListener('change', function () { save.disabled = select.value === user.role; });
      save.addEventListener('click', function () { updateUser(user, { role: select.value }, save); });
      roleCell.appendChild(h('div', { className: 'btn-row' }, [select, save]));
    } else {
      roleCell.textContent = roleLabel(user.role);
    }

    var actions = h('td', { className: 'actions' });
    if (isAdmin() && !self) {
      var toggle = h('button', {
        type: 'button',
        className: 'btn btn-sm user-toggle-active ' + (user.active ? 'btn-danger' : 'btn-secondary'),
        'aria-describedby': nameId,
        text: user.active ? 'Deactivate' : 'Activate',
      });
      toggle.addEventListener('click', function () {
        if (user.active && !window.confirm('Deactivate ' + (user.name || user.email) + '? They will no longer be able to sign in.')) return;
        updateUser(user, { active: !user.active }, toggle);
      });
      actions.appendChild(toggle);
    } else if (self) {
      actions.appendChild(h('span', { className: 'muted small', text: 'This is you' }));
    }

    return h('tr', { dataset: { userId: user.id } }, [
      h('td', { className: 'cell-main', id: nameId, text: user.name || '' }),
      h('td', { text: user.email || '' }),
      roleCell,
      h('td', null, [user.active ? badge('Active', 'success') : badge('Inactive', 'neutral')]),
      h('td', { className: 'nowrap', text: formatDate(user.createdAt, state.tz) }),
      actions,
    ]);
  }

  async function updateUser(user, patch, button) {
    setBusy(button, true, 'Saving…');
    try {
      await api('PATCH', '/users/' + encodeURIComponent(user.id), patch);
    } catch (err) {
      setBusy(button, false);
      showError(usersStatus, err);
      return;
    }
    var who = user.name || user.email;
    var message = patch.role !== undefined
      ? who + ' is now ' + roleLabel(patch.role) + '.'
      : who + (patch.active ? ' was activated.' : ' was deactivated.');
    setStatus(usersStatus, message, 'success');
    loadUsers();
  }

  var userForm = $('user-form');
  var userName = $('user-name');
  var userEmail = $('user-email');
  var userRole = $('user-role');
  var userPassword = $('user-password');
  var userSubmit = $('user-submit');
  var userFormError = $('user-form-error');
  var EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  [userName, userEmail, userPassword].forEach(function (input) {
    input.addEventListener('input', function () { fieldError(input, ''); });
  });

  userForm.addEventListener('submit', async function (event) {
    event.preventDefault();
    setStatus(userFormError, '');
    userName.value = userName.value.trim();
    userEmail.value = userEmail.value.trim();
    var invalid = null;
    function check(input, message) {
      fieldError(input, message);
      if (message && !invalid) invalid = input;
    }
    check(userName, userName.value ? '' : 'Enter the staff member\u2019s name.');
    check(userEmail, !userEmail.value ? 'Enter an email address.' : EMAIL_RE.test(userEmail.value) ? '' : 'Enter a valid email address.');
    check(userPassword, userPassword.value && userPassword.value.length < 12 ? 'Use at least 12 characters, or leave blank to generate one.' : '');
    if (invalid) { invalid.focus(); return; }

    var payload = { name: userName.value, email: userEmail.value, role: userRole.value };
    if (userPassword.value) payload.password = userPassword.value;
    setBusy(userSubmit, true, 'Adding…');
    var result;
    try {
      result = await api('POST', '/users', payload);
    } catch (err) {
      setBusy(userSubmit, false);
      showError(userFormError, err);
      return;
    }
    setBusy(userSubmit, false);
    var creds = (result && result.credentials) || {};
    var created = (result && result.user) || {};
    $('user-cred-email').textContent = creds.email || payload.email;
    $('user-cred-password').textContent = creds.password || '';
    $('user-credentials-lead').textContent = (created.name || payload.name) + ' was added as ' + roleLabel(created.role || payload.role) + '. Share these sign-in details securely.';
    $('user-cred-copy-status').textContent = '';
    var panel = $('user-credentials');
    panel.hidden = false;
    wireCopyButtons(panel);
    userForm.reset();
    panel.scrollIntoView({ block: 'start' });
    panel.focus();
    loadUsers();
  });

  $('user-cred-dismiss').addEventListener('click', function () {
    $('user-credentials').hidden = true;
    $('user-cred-password').textContent = '';
    $('user-cred-email').textContent = '';
    userName.focus();
  });

`;
