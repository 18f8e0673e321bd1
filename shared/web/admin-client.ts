/**
 * Client script for `/admin`: session guard, authenticated API calls, hash router and the
 * overview / outpatients / staff / API keys sections. All data is inserted with textContent.
 */
import { clientScript } from './client-common';

const ADMIN_CODE = String.raw`
  var session = readSession();
  if (!session) {
    clearSession();
    window.location.replace(url('/login'));
    return;
  }

  var state = {
    me: session.user || null,
    tenant: null,
    tz: undefined,
    current: null,
    opdReady: null,
    opdSeq: 0,
    opdTimer: null,
    redirecting: false,
  };

  // ---------------------------------------------------------------- API

  function apiError(status, message, silent) {
    var err = new Error(message);
    err.status = status;
    err.silent = !!silent;
    return err;
  }

  function endSession(message) {
    if (state.redirecting) return;
    state.redirecting = true;
    clearSession();
    try { sessionStorage.setItem(FLASH_KEY, message || 'Your session has ended. Please sign in again.'); } catch (e) { /* ignore */ }
    window.location.replace(url('/login'));
  }

  async function api(method, path, body) {
    var headers = {
      accept: 'application/json',
      authorization: 'Bearer ' + session.accessToken,
      'x-tenant-id': session.tenantId,
    };
    var init = { method: method, headers: headers };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    var res;
    try {
      res = await fetch(url(path), init);
    } catch (e) {
      throw apiError(0, 'Could not reach the server. Check your connection and try again.');
    }
    var data = await readJson(res);
    if (res.status === 401) {
      endSession();
      throw apiError(401, 'Your session has ended.', true);
    }
    if (!res.ok) throw apiError(res.status, errorMessage(data, 'Request failed (HTTP ' + res.status + ').'));
    return data;
  }

  function showError(region, err) {
    if (err && err.silent) return;
    setStatus(region, (err && err.message) || 'Something went wrong. Please try again.', 'error');
  }

  // Sign the user out when the token expires.
  if (typeof session.expiresAt === 'number') {
    setTimeout(function () { endSession('Your session expired. Please sign in again.'); },
      Math.min(Math.max(session.expiresAt - Date.now(), 0), 2147483647));
  }

  // ---------------------------------------------------------------- Formatting

  var ROLE_LABELS = {};
  Array.prototype.forEach.call($('user-role').options, function (opt) { ROLE_LABELS[opt.value] = opt.textContent; });

  function roleLabel(role) { return ROLE_LABELS[role] || humanize(role); }

  function humanize(value) {
    var s = String(value || '').replace(/[-_]+/g, ' ').toLowerCase();
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  function isAdmin() { return !!(state.me && state.me.role === 'ADMIN'); }

  function timeIn(iso, withSeconds) {
    if (!iso) return '';
    var d = new Date(iso);
    if (isNaN(d.getTime())) return String(iso);
    var opts = { hour: 'numeric', minute: '2-digit' };
    if (withSeconds) opts.second = '2-digit';
    if (state.tz) opts.timeZone = state.tz;
    return new Intl.DateTimeFormat(undefined, opts).format(d);
  }

  function todayIn(tz) {
    var opts = { year: 'numeric', month: '2-digit', day: '2-digit' };
    if (tz) opts.timeZone = tz;
    var parts = new Intl.DateTimeFormat('en-US', opts).formatToParts(new Date());
    function part(type) {
      var found = parts.find(function (p) { return p.type === type; });
      return found ? found.value : '';
    }
    return part('year') + '-' + part('month') + '-' + part('day');
  }

  function badge(text, variant) { return h('span', { className: 'badge badge-' + variant, text: text }); }

  var APPOINTMENT_STATUS = {
    scheduled: 'neutral', booked: 'neutral', confirmed: 'neutral',
    'checked-in': 'brand', checked_in: 'brand', waiting: 'brand',
    'in-consultation': 'info', in_consultation: 'info',
    completed: 'success', done: 'success',
    cancelled: 'neutral', canceled: 'neutral', left: 'neutral',
    'no-show': 'danger', no_show: 'danger',
  };
  var QUEUE_STATUS = { waiting: 'neutral', 'in-consultation': 'info', done: 'success', left: 'neutral' };

  function statusBadge(status, map) { return badge(humanize(status), map[status] || 'neutral'); }
  function priorityBadge(priority) {
    return priority === 'urgent' ? badge('Urgent', 'danger') : badge(humanize(priority || 'routine'), 'neutral');
  }

  function messageRow(tbody, cols, text, loading) {
    clear(tbody);
    var cell = h('td', { className: 'empty', colspan: cols });
    if (loading) {
      cell.appendChild(h('span', { className: 'loading' }, [h('span', { className: 'spinner', 'aria-hidden': 'true' }), text]));
    } else {
      cell.textContent = text;
    }
    tbody.appendChild(h('tr', null, [cell]));
  }

  /** Copies column headers onto cells (data-label) for the stacked small-screen table layout. */
  function labelCells(tbody) {
    var table = tbody.closest('table');
    var heads = Array.prototype.map.call(table.querySelectorAll('thead th'), function (th) { return th.textContent.trim(); });
    Array.prototype.forEach.call(tbody.rows, function (row) {
      Array.prototype.forEach.call(row.cells, function (cell, i) {
        if (heads[i] && !cell.classList.contains('empty') && !cell.classList.contains('actions')) cell.setAttribute('data-label', heads[i]);
      });
    });
  }

  function trialInfo(tenant) {
    if (!tenant || !tenant.trialEndsAt) return null;
    var end = new Date(tenant.trialEndsAt).getTime();
    if (isNaN(end)) return null;
    var ended = end <= Date.now();
    var date = formatDate(tenant.trialEndsAt, state.tz);
    return {
      ended: ended,
      date: date,
      daysLeft: Math.max(0, Math.ceil((end - Date.now()) / 86400000)),
      text: ended ? 'Trial ended' : 'Trial ends ' + date,
    };
  }

  // ---------------------------------------------------------------- Header / identity

  function renderIdentity() {
    var me = state.me || {};
    $('current-user-name').textContent = me.name || me.email || '';
    $('current-user-role').textContent = me.role ? roleLabel(me.role) : '';
    var initials = String(me.name || me.email || '?').split(/\s+/).filter(Boolean).slice(0, 2)
      .map(function (w) { return w.charAt(0).toUpperCase(); }).join('');
    $('current-user-avatar').textContent = initials;
    var first = String(me.name || '').split(/\s+/)[0];
    if (first) $('overview-welcome').textContent = 'Welcome back, ' + first + '. Here is how your workspace looks today.';
    applyRole();
  }

  function applyRole() {
    var admin = isAdmin();
    $('api-keys-notice').hidden = admin;
    $('api-keys-admin').hidden = !admin;
    $('users-notice').hidden = admin;
    $('user-create-card').hidden = !admin;
  }

  function renderTenant() {
    var t = state.tenant;
    if (!t) return;
    $('tenant-name').textContent = t.name || t.slug || '';
    var trial = trialInfo(t);
    var chip = $('trial-status');
    chip.hidden = false;
    if (trial) {
      chip.textContent = trial.text;
      chip.className = 'badge trial-chip ' + (trial.ended ? 'badge-danger' : trial.daysLeft <= 7 ? 'badge-warning' : 'badge-brand');
    } else {
      chip.textContent = humanize(t.status || 'active');
      chip.className = 'badge trial-chip badge-success';
    }

    $('profile-name').textContent = t.name || '—';
    $('profile-slug').textContent = t.slug || '—';
    $('profile-id').textContent = t.id || '—';
    $('profile-timezone').textContent = t.timezone || '—';
    $('profile-created').textContent = t.createdAt ? formatDate(t.createdAt, state.tz) : '—';
    $('profile-trial').textContent = trial ? (trial.ended ? 'Ended ' + trial.date : 'Ends ' + trial.date) : 'Not on a trial';
    var statusBadgeEl = $('profile-status-badge');
    statusBadgeEl.hidden = !t.status;
    statusBadgeEl.textContent = humanize(t.status);
    statusBadgeEl.className = 'badge ' + (t.status === 'suspended' ? 'badge-danger' : 'badge-success');

    var banner = $('trial-banner');
    if (trial) {
      banner.hidden = false;
      banner.className = 'alert ' + (trial.ended ? 'alert-warning' : 'alert-info');
      $('trial-banner-text').textContent = trial.ended
        ? 'Your free trial ended on ' + trial.date + '. Contact your account manager to keep full access.'
        : 'You are on a free trial: ' + trial.daysLeft + (trial.daysLeft === 1 ? ' day' : ' days') + ' left (ends ' + trial.date + ').';
    } else {
      banner.hidden = true;
    }
  }

  $('sign-out').addEventListener('click', function () {
    state.redirecting = true;
    clearSession();
    try { sessionStorage.setItem(FLASH_KEY, 'You have signed out.'); } catch (e) { /* ignore */ }
    window.location.replace(url('/login'));
  });

  var meReady = api('GET', '/auth/me').then(function (me) {
    if (me) {
      state.me = me;
      renderIdentity();
    }
  }).catch(function (err) { showError($('app-status'), err); });

  var tenantReady = api('GET', '/tenants/current').then(function (tenant) {
    state.tenant = tenant;
    state.tz = tenant && validTimeZone(tenant.timezone) ? tenant.timezone : undefined;
    renderTenant();
  }).catch(function (err) {
    $('tenant-name').textContent = 'Hospital workspace';
    showError($('app-status'), err);
  });

  renderIdentity();

  // ---------------------------------------------------------------- Router

  var ROUTES = {
    '#/overview': 'overview',
    '#/opd': 'opd',
    '#/users': 'users',
    '#/automation': 'api-keys',
    '#/automation/api-keys': 'api-keys',
  };
  var VIEWS = {
    overview: { section: 'overview-section', nav: 'nav-overview', title: 'Overview', heading: 'overview-title', load: loadOverview },
    opd: { section: 'opd-section', nav: 'nav-opd', title: 'Outpatients', heading: 'opd-title', load: openOpd },
    users: { section: 'users-section', nav: 'nav-users', title: 'Staff', heading: 'users-title', load: loadUsers },
    'api-keys': { section: 'api-keys-section', nav: 'nav-api-keys', title: 'API Keys', heading: 'api-keys-title', load: loadKeys },
  };

  function route(initial) {
    var name = ROUTES[window.location.hash];
    if (!name) {
      if (state.current) return; // e.g. the skip link (#main): keep the current view
      name = 'overview';
      if (window.location.hash !== '#/overview') history.replaceState(null, '', '#/overview');
    }
    state.current = name;
    Object.keys(VIEWS).forEach(function (key) {
      var view = VIEWS[key];
      $(view.section).hidden = key !== name;
      if (key === name) $(view.nav).setAttribute('aria-current', 'page');
      else $(view.nav).removeAttribute('aria-current');
    });
    if (name !== 'opd') stopQueuePolling();
    setStatus($('app-status'), '');
    document.title = VIEWS[name].title + ' · CareGrid HMS';
    if (!initial) $(VIEWS[name].heading).focus();
    VIEWS[name].load();
  }

  window.addEventListener('hashchange', function () { route(false); });

  // ---------------------------------------------------------------- Overview

  function setStat(id, value, foot) {
    $(id).textContent = value;
    $(id + '-foot').textContent = foot;
  }

  function countText(list) {
    var n = (list && list.items ? list.items.length : 0);
    return list && list.nextCursor ? n + '+' : String(n);
  }

  function unavailable(err) {
    if (err && err.status === 403) return 'Not available for your role';
    return (err && err.message) || 'Could not load';
  }

  function loadOverview() {
    api('GET', '/users?limit=100').then(function (list) {
      var items = (list && list.items) || [];
      var active = items.filter(function (u) { return u.active !== false; }).length;
      setStat('stat-users', countText(list), active + ' active');
    }).catch(function (err) { if (!err.silent) setStat('stat-users', '—', unavailable(err)); });

    api('GET', '/doctors?limit=100').then(function (list) {
      var items = (list && list.items) || [];
      var departments = {};
      items.forEach(function (d) { if (d.departmentId) departments[d.departmentId] = true; });
      var n = Object.keys(departments).length;
      setStat('stat-doctors', countText(list), n + (n === 1 ? ' department' : ' departments'));
    }).catch(function (err) { if (!err.silent) setStat('stat-doctors', '—', unavailable(err)); });

    if (!isAdmin()) {
      setStat('stat-api-keys', '—', 'Managed by administrators');
      return;
    }
    api('GET', '/api-keys?limit=100').then(function (list) {
      var items = (list && list.items) || [];
      var active = items.filter(function (k) { return k.status === 'active'; }).length;
      setStat('stat-api-keys', String(active), items.length - active + ' revoked');
    }).catch(function (err) { if (!err.silent) setStat('stat-api-keys', '—', unavailable(err)); });
  }

  // ---------------------------------------------------------------- Outpatients

  var opdDoctor = $('opd-doctor');
  var opdDate = $('opd-date');
  var opdStatus = $('opd-status');

  function openOpd() {
    if (!state.opdReady) state.opdReady = initOpd();
    state.opdReady.then(function (hasDoctors) {
      if (hasDoctors && state.current === 'opd') {
        loadOpd(false);
        startQueuePolling();
      }
    });
  }

  async function initOpd() {
    await tenantReady;
    $('opd-tz').textContent = state.tz || 'your browser\u2019s timezone';
    if (!opdDate.value) opdDate.value = todayIn(state.tz);
    clear(opdDoctor);
    opdDoctor.appendChild(h('option', { value: '', text: 'Loading doctors…' }));
    var list;
    try {
      list = await api('GET', '/doctors?limit=100');
    } catch (err) {
      clear(opdDoctor);
      opdDoctor.appendChild(h('option', { value: '', text: 'Doctors unavailable' }));
      showError(opdStatus, err);
      state.opdReady = null; // retry on the next visit
      return false;
    }
    var doctors = (list && list.items) || [];
    clear(opdDoctor);
    if (!doctors.length) {
      opdDoctor.appendChild(h('option', { value: '', text: 'No doctors yet' }));
      opdDoctor.disabled = true;
      $('opd-no-doctors').hidden = false;
      $('opd-content').hidden = true;
      state.opdReady = null; // doctors may be added later
      return false;
    }
    opdDoctor.disabled = false;
    $('opd-no-doctors').hidden = true;
    $('opd-content').hidden = false;
    doctors.forEach(function (d) {
      var detail = [d.departmentName, d.specialty].filter(Boolean).join(' · ');
      opdDoctor.appendChild(h('option', { value: d.id, text: d.name + (detail ? ' — ' + detail : '') }));
    });
    return true;
  }

  async function loadOpd(quiet) {
    var doctorId = opdDoctor.value;
    var date = opdDate.value;
    if (!doctorId || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      if (!quiet) setStatus(opdStatus, 'Choose a doctor and a valid date.', 'warning');
      return;
    }
    var seq = ++state.opdSeq;
    if (!quiet) {
      setStatus(opdStatus, '');
      messageRow($('opd-appointments-body'), 7, 'Loading appointments…', true);
      messageRow($('opd-queue-body'), 7, 'Loading queue…', true);
      clear($('opd-appointments-summary'));
    }
    var q = 'doctorId=' + encodeURIComponent(doctorId) + '&date=' + encodeURIComponent(date);
    var appointments = api('GET', '/appointments?date=' + encodeURIComponent(date) + '&doctorId=' + encodeURIComponent(doctorId) + '&limit=100')
      .then(function (list) { if (seq === state.opdSeq) renderAppointments((list && list.items) || [], list && list.nextCursor); })
      .catch(function (err) {
        if (seq !== state.opdSeq || err.silent) return;
        messageRow($('opd-appointments-body'), 7, 'Could not load appointments: ' + err.message);
      });
    var queue = api('GET', '/appointments/queue?' + q)
      .then(function (result) { if (seq === state.opdSeq) renderQueue((result && result.items) || []); })
      .catch(function (err) {
        if (seq !== state.opdSeq || err.silent) return;
        messageRow($('opd-queue-body'), 7, 'Could not load the queue: ' + err.message);
      });
    await Promise.all([appointments, queue]);
  }

  function renderAppointments(items, more) {
    var tbody = $('opd-appointments-body');
    var summary = $('opd-appointments-summary');
    clear(summary);
    if (!items.length) {
      messageRow(tbody, 7, 'No appointments for this day');
      return;
    }
    clear(tbody);
    items.slice().sort(function (a, b) { return String(a.start).localeCompare(String(b.start)); }).forEach(function (a) {
      tbody.appendChild(h('tr', { dataset: { appointmentId: a.id } }, [
        h('td', { className: 'num' }, [
          h('time', { className: 'cell-main', datetime: a.start, text: timeIn(a.start) }),
          a.end ? h('span', { className: 'cell-sub', text: 'until ' + timeIn(a.end) }) : null,
        ]),
        h('td', null, [a.token !== undefined && a.token !== null && a.token !== '' ? h('span', { className: 'token', text: a.token }) : h('span', { className: 'muted', text: '—' })]),
        h('td', { className: 'cell-main', text: a.patientName || '' }),
        h('td', null, [h('code', { text: a.mrn || '' })]),
        h('td', { text: a.reason || '—' }),
        h('td', null, [priorityBadge(a.priority)]),
        h('td', null, [statusBadge(a.status, APPOINTMENT_STATUS)]),
      ]));
    });
    labelCells(tbody);
    var urgent = items.filter(function (a) { return a.priority === 'urgent'; }).length;
    summary.appendChild(badge(items.length + (more ? '+' : '') + (items.length === 1 ? ' appointment' : ' appointments'), 'neutral'));
    if (urgent) summary.appendChild(badge(urgent + ' urgent', 'danger'));
  }

  function renderQueue(items) {
    var tbody = $('opd-queue-body');
    $('opd-queue-updated').textContent = 'Updated ' + timeIn(new Date().toISOString(), true);
    if (!items.length) {
      messageRow(tbody, 7, 'No patients in the queue');
      return;
    }
    clear(tbody);
    items.forEach(function (entry) {
      var wait = entry.status === 'waiting' && typeof entry.estimatedWaitMinutes === 'number'
        ? '~' + entry.estimatedWaitMinutes + ' min' : '—';
      tbody.appendChild(h('tr', { dataset: { token: entry.token } }, [
        h('td', null, [h('span', { className: 'token', text: entry.token })]),
        h('td', { className: 'cell-main', text: entry.patientName || '' }),
        h('td', null, [h('code', { text: entry.mrn || '' })]),
        h('td', null, [priorityBadge(entry.priority)]),
        h('td', null, [statusBadge(entry.status, QUEUE_STATUS)]),
        h('td', { className: 'num' }, [entry.checkedInAt ? h('time', { datetime: entry.checkedInAt, text: timeIn(entry.checkedInAt) }) : '—']),
        h('td', { className: 'num', text: wait }),
      ]));
    });
    labelCells(tbody);
  }

  function startQueuePolling() {
    stopQueuePolling();
    state.opdTimer = setInterval(function () {
      if (state.current === 'opd' && document.visibilityState === 'visible') loadOpd(true);
    }, 30000);
  }
  function stopQueuePolling() {
    if (state.opdTimer) clearInterval(state.opdTimer);
    state.opdTimer = null;
  }

  opdDoctor.addEventListener('change', function () { loadOpd(false); });
  opdDate.addEventListener('change', function () { loadOpd(false); });
  $('opd-refresh').addEventListener('click', function () {
    if (!state.opdReady) openOpd();
    else loadOpd(false);
  });

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

  // ---------------------------------------------------------------- Start

  var initialRole = state.me && state.me.role;
  route(true);
  // Role-dependent views re-render if /auth/me reports a different role than the stored session.
  meReady.then(function () {
    if (!state.me || state.me.role === initialRole) return;
    if (state.current) VIEWS[state.current].load();
  });
`;

export function adminScript(): string {
  return clientScript(ADMIN_CODE);
}
