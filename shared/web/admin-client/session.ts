/** Session guard, authenticated API calls, formatting helpers, header and the hash router. Part of the /admin page script (see ../admin-client.ts). */
export const SESSION_CODE = String.raw`
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

`;
