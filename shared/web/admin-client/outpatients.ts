/** Outpatients section: a doctor's appointments for a day and the live queue (polled while open). Part of the /admin page script (see ../admin-client.ts). */
export const OUTPATIENTS_CODE = String.raw`
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

`;
