/** Overview section: hospital profile, trial banner and counts. Part of the /admin page script (see ../admin-client.ts). */
export const OVERVIEW_CODE = `
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

`;
