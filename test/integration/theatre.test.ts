/**
 * The operating theatre through the local runtime, as a theatre team works (issue 17): booking
 * without overlaps for every resource (theatre, surgeon, anaesthetist, scrub nurse, patient), under
 * concurrency and when moving a case; emergencies bumping elective cases; the WHO checklist in
 * phase order by the named member; the timeline it guards; counts; charges, the discharge hold,
 * lists and utilisation; tenant isolation; 400/403/404/409 forms.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { opdRuntime } from '../support/opd';
import { startTestRuntime } from '../support/runtime';
import {
  CORE_ITEMS,
  confirmPhase,
  EVEN_COUNTS,
  must,
  type TheatreHospital,
  theatreHospital,
} from '../support/theatre';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let rt: LocalRuntime;
let h: TheatreHospital;
let tomorrow: string;
/** A day of its own for each test that books the hospital's team (people are booked across theatres). */
const day = (n: number) => addDays(opd.today, n);

beforeAll(async () => {
  rt = await startTestRuntime();
  h = await theatreHospital(opd.url, TZ);
  tomorrow = addDays(opd.today, 1);
}, 60_000);

const schedule = (api = h.coordinator.api, id: string, body: Record<string, unknown>) =>
  api.post(`/theatre/cases/${id}/schedule`, body);

describe('booking without overlaps', () => {
  it('10 concurrent bookings of one theatre, a few minutes apart, give exactly one success', async () => {
    const ot = await h.theatre();
    const s = await h.session(ot.code, tomorrow, '08:00', '18:00');
    const cases = await Promise.all(Array.from({ length: 10 }, () => h.requestCase()));
    // 09:00, 09:03, … 09:27, each 60 minutes: every pair overlaps.
    const replies = await Promise.all(
      cases.map((c, i) =>
        schedule(h.coordinator.api, c.id, {
          sessionId: s.id,
          start: h.at(tomorrow, `09:${String(i * 3).padStart(2, '0')}`),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(replies.map((r) => r.body))).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    for (const r of replies.filter((x) => x.status === 409))
      expect(r.body.message).toMatch(/is already booked from/);
    const list = await must(
      h.coordinator.api.get(`/theatre/lists?date=${tomorrow}&theatre=${ot.code}`),
      200,
      'list',
    );
    expect(list.theatres[0].sessions[0].cases).toHaveLength(1);
  });

  it('refuses a clash of each resource alone, concurrently: theatre, surgeon, anaesthetist, nurse, patient', async () => {
    const [otA, otB, otC] = await Promise.all([h.theatre(), h.theatre(), h.theatre()]);
    const [sA, sB, sC] = await Promise.all([
      h.session(otA.code, day(5), '08:00', '20:00'),
      h.session(otB.code, day(5), '08:00', '20:00'),
      h.session(otC.code, day(5), '08:00', '20:00'),
    ]);
    const [s2, a2, n2, s3, a3, n3] = await Promise.all([
      h.staff('DOCTOR'),
      h.staff('DOCTOR'),
      h.staff('NURSE'),
      h.staff('DOCTOR'),
      h.staff('DOCTOR'),
      h.staff('NURSE'),
    ]);
    const team1 = {
      surgeonId: h.surgeon.user.id,
      anaesthetistId: h.anaesthetist.user.id,
      scrubNurseId: h.scrubNurse.user.id,
    };
    const team2 = { surgeonId: s2.user.id, anaesthetistId: a2.user.id, scrubNurseId: n2.user.id };
    const team3 = { surgeonId: s3.user.id, anaesthetistId: a3.user.id, scrubNurseId: n3.user.id };
    const race = async (
      time: string,
      a: { team: Record<string, unknown>; session: string; patient?: string },
      b: { team: Record<string, unknown>; session: string; patient?: string },
      expected: RegExp,
    ) => {
      const mk = async (x: typeof a) =>
        h.requestCase(
          x.team,
          x.patient
            ? { kind: 'encounter', id: (await h.encounter(x.patient)).encounterId }
            : undefined,
        );
      const [ca, cb] = await Promise.all([mk(a), mk(b)]);
      const replies = await Promise.all([
        schedule(h.coordinator.api, ca!.id, { sessionId: a.session, start: h.at(day(5), time) }),
        // Starts 10 minutes into the other: the whole interval counts, not the start time.
        schedule(h.coordinator.api, cb!.id, {
          sessionId: b.session,
          start: new Date(Date.parse(h.at(day(5), time)) + 10 * 60_000).toISOString(),
        }),
      ]);
      expect(
        replies.map((r) => r.status).sort(),
        JSON.stringify(replies.map((r) => r.body)),
      ).toEqual([200, 409]);
      const refused = replies.find((r) => r.status === 409)!;
      expectError(refused, 409, expected);
    };
    // The theatre: different teams and patients in one theatre.
    await race(
      '08:00',
      { team: team2, session: sA.id },
      { team: team3, session: sA.id },
      new RegExp(`Theatre ${otA.code} is already booked`),
    );
    // The surgeon: in two theatres at once (other anaesthetists and nurses).
    await race(
      '10:00',
      { team: { ...team2, surgeonId: h.surgeon.user.id }, session: sA.id },
      { team: { ...team3, surgeonId: h.surgeon.user.id }, session: sB.id },
      new RegExp(`${h.surgeon.user.name} is already booked`),
    );
    // The anaesthetist.
    await race(
      '12:00',
      { team: { ...team2, anaesthetistId: h.anaesthetist.user.id }, session: sA.id },
      { team: { ...team3, anaesthetistId: h.anaesthetist.user.id }, session: sB.id },
      new RegExp(`${h.anaesthetist.user.name} is already booked`),
    );
    // The scrub nurse.
    await race(
      '14:00',
      { team: { ...team2, scrubNurseId: h.scrubNurse.user.id }, session: sA.id },
      { team: { ...team3, scrubNurseId: h.scrubNurse.user.id }, session: sB.id },
      new RegExp(`${h.scrubNurse.user.name} is already booked`),
    );
    // The patient: one person, two theatres, two teams.
    const patient = (await h.patient()).id;
    await race(
      '16:00',
      { team: team2, session: sB.id, patient },
      { team: team3, session: sC.id, patient },
      /The patient is already booked/,
    );
    // Back to back (half-open intervals) is not an overlap.
    const [c1, c2] = await Promise.all([h.requestCase(team1), h.requestCase(team2)]);
    await must(
      schedule(undefined, c1.id, { sessionId: sC.id, start: h.at(day(5), '08:00') }),
      200,
      'c1',
    );
    await must(
      schedule(undefined, c2.id, { sessionId: sC.id, start: h.at(day(5), '09:00') }),
      200,
      'c2',
    );
  });

  it('re-checks when a case moves or its duration changes, and frees what it left', async () => {
    const ot = await h.theatre();
    const s = await h.session(ot.code, day(2), '08:00', '18:00');
    const [a, b] = await Promise.all([h.requestCase(), h.requestCase()]);
    await must(
      schedule(undefined, a.id, { sessionId: s.id, start: h.at(day(2), '10:00') }),
      200,
      'a',
    );
    await must(
      schedule(undefined, b.id, { sessionId: s.id, start: h.at(day(2), '11:00') }),
      200,
      'b',
    );
    // B moved into A's hour, or A lengthened into B's: refused.
    expectError(
      await schedule(undefined, b.id, { sessionId: s.id, start: h.at(day(2), '10:30') }),
      409,
      /already booked/,
    );
    expectError(
      await schedule(undefined, a.id, {
        sessionId: s.id,
        start: h.at(day(2), '10:00'),
        expectedMinutes: 90,
      }),
      409,
      /already booked/,
    );
    // A moves to 12:30; its 10:00 hour is free for B.
    const moved = await must(
      schedule(undefined, a.id, { sessionId: s.id, start: h.at(day(2), '12:30') }),
      200,
      'move a',
    );
    expect(moved.schedule.start).toBe(h.at(day(2), '12:30'));
    await must(
      schedule(undefined, b.id, { sessionId: s.id, start: h.at(day(2), '10:00') }),
      200,
      'b into 10:00',
    );
    // A case must fit its session.
    expectError(
      await schedule(undefined, a.id, { sessionId: s.id, start: h.at(day(2), '17:30') }),
      400,
      /must fit in the session/,
    );
  });

  it('lets an urgent case bump elective ones with a reason; the bumped case is visibly waiting', async () => {
    const ot = await h.theatre();
    const s = await h.session(ot.code, day(3), '08:00', '18:00');
    const elective = await h.requestCase();
    await must(
      schedule(undefined, elective.id, { sessionId: s.id, start: h.at(day(3), '09:00') }),
      200,
      'elective',
    );
    const urgent = await h.requestCase({
      priority: 'urgent',
      procedure: { text: 'Laparotomy for perforated viscus' },
    });
    expectError(
      await schedule(undefined, urgent.id, { sessionId: s.id, start: h.at(day(3), '09:00') }),
      409,
      /already booked/,
    );
    const another = await h.requestCase({ priority: 'expedited' });
    expectError(
      await schedule(undefined, another.id, {
        sessionId: s.id,
        start: h.at(day(3), '09:00'),
        bump: { caseIds: [elective.id], reason: 'Not urgent enough' },
      }),
      400,
      /only an immediate or urgent case may bump/,
    );
    const booked = await must(
      schedule(undefined, urgent.id, {
        sessionId: s.id,
        start: h.at(day(3), '09:00'),
        bump: { caseIds: [elective.id], reason: 'NCEPOD urgent laparotomy takes the slot' },
      }),
      200,
      'bump',
    );
    expect(booked.status).toBe('scheduled');
    const bumped = await must(
      h.coordinator.api.get(`/theatre/cases/${elective.id}`),
      200,
      'bumped',
    );
    expect(bumped).toMatchObject({
      status: 'waiting',
      bumped: {
        byCaseId: urgent.id,
        reason: 'NCEPOD urgent laparotomy takes the slot',
        from: { theatre: ot.code },
      },
    });
    expect(bumped.schedule).toBeUndefined();
    // Only a scheduled elective case of the same theatre is bumped.
    const another2 = await h.requestCase({ priority: 'immediate' });
    expectError(
      await schedule(undefined, another2.id, {
        sessionId: s.id,
        start: h.at(day(3), '11:00'),
        bump: { caseIds: [urgent.id], reason: 'x' },
      }),
      409,
      /not a scheduled elective case/,
    );
    await rt.events.bus.idle();
    const event = rt.events.bus.published.find(
      (e) =>
        (e.detail as { caseId?: string }).caseId === urgent.id &&
        e['detail-type'] === 'TheatreCaseBooked',
    );
    expect(event).toMatchObject({
      source: 'hms.theatre',
      detail: { bumpedCaseIds: [elective.id], theatre: ot.code },
    });
  });
});

describe('the WHO checklist and the timeline', () => {
  it('runs a whole case: phases in order, named confirmers, guarded steps, counts, charges, lists, utilisation', async () => {
    const ot = await h.theatre();
    const s = await h.session(ot.code, opd.today, '10:00', '18:00');
    const c = await h.requestCase();
    await must(
      schedule(undefined, c.id, { sessionId: s.id, start: h.at(opd.today, '10:00') }),
      200,
      'book',
    );
    const url = `/theatre/cases/${c.id}/checklist/confirmations`;

    // Phase order: a Time Out item waits for Sign In.
    expectError(
      await h.scrubNurse.api.post(url, { item: 'team-introduced' }),
      409,
      /Sign In .* not complete: patient-confirmed, site-marked/,
    );
    // The named member only: the anaesthetist cannot confirm the nurse's item, nor ADMIN, nor the coordinator.
    expectError(
      await h.anaesthetist.api.post(url, { item: 'patient-confirmed' }),
      403,
      new RegExp(`confirmed by the case's nurse, ${h.scrubNurse.user.name}`),
    );
    expectError(await h.admin.post(url, { item: 'patient-confirmed' }), 403);
    expectError(await h.coordinator.api.post(url, { item: 'patient-confirmed' }), 403);
    // A wrong answer for the item.
    expectError(
      await h.scrubNurse.api.post(url, { item: 'site-marked', answer: 'maybe' }),
      400,
      /answer: must be one of: yes, not-applicable/,
    );

    const tl = (event: string, api = h.scrubNurse.api) =>
      api.post(`/theatre/cases/${c.id}/timeline`, { event });
    expectError(await tl('incision'), 409, /in-room comes before incision/);
    await must(tl('in-room'), 200, 'in room');
    expectError(
      await tl('anaesthesia-start', h.anaesthetist.api),
      409,
      /Sign In .* not complete: patient-confirmed, site-marked, anaesthesia-check, pulse-oximeter, known-allergy, difficult-airway, blood-loss-risk/,
    );
    await confirmPhase(h, c.id, 'sign-in');
    await must(tl('anaesthesia-start', h.anaesthetist.api), 200, 'anaesthesia');
    expectError(
      await tl('incision', h.surgeon.api),
      409,
      /Time Out .* not complete: team-introduced, patient-procedure-site, antibiotic-prophylaxis, surgeon-critical-events, anaesthetist-concerns, sterility-equipment, imaging-displayed/,
    );
    await confirmPhase(h, c.id, 'time-out');
    await must(tl('incision', h.surgeon.api), 200, 'incision');
    await must(tl('closure', h.surgeon.api), 200, 'closure');
    expectError(
      await tl('out-of-room'),
      409,
      /Sign Out .* not complete: procedure-recorded, counts-complete/,
    );

    // Counts that do not reconcile need the action taken.
    await must(h.scrubNurse.api.post(url, { item: 'procedure-recorded' }), 200, 'procedure');
    const off = { counts: { ...EVEN_COUNTS.counts, swabs: { before: 20, after: 19 } } };
    expectError(
      await h.scrubNurse.api.post(url, { item: 'counts-complete', ...off }),
      400,
      /counts: the swabs count does not reconcile/,
    );
    expectError(
      await h.scrubNurse.api.post(url, { item: 'counts-complete' }),
      400,
      /counts: the counts of instruments, swabs and needles are required/,
    );
    const counted = await must(
      h.scrubNurse.api.post(url, {
        item: 'counts-complete',
        ...off,
        discrepancyAction: 'Wound re-explored; X-ray negative; incident reported',
      }),
      200,
      'counts',
    );
    expect(counted.counts.discrepancyAction).toMatch(/X-ray negative/);
    for (const [item, who] of CORE_ITEMS['sign-out']!.slice(2)) {
      const api = who === 'nurse' ? h.scrubNurse.api : h.surgeon.api;
      await must(api.post(url, { item }), 200, item);
    }
    const view = await must(h.scrubNurse.api.get(`/theatre/cases/${c.id}/checklist`), 200, 'view');
    expect(view.phases.map((p: { complete: boolean }) => p.complete)).toEqual([true, true, true]);
    expect(view.outstanding).toEqual([]);
    expect(view.phases[0].items[0].confirmation).toMatchObject({
      by: h.scrubNurse.user.id,
      role: 'nurse',
    });

    await must(
      h.surgeon.api.patch(`/theatre/cases/${c.id}/record`, {
        operationNote: 'Appendix removed laparoscopically',
        estimatedBloodLossMl: 50,
        implants: [{ description: 'Hem-o-lok clip', lot: 'L2026-11' }],
      }),
      200,
      'record',
    );
    const done = await must(tl('out-of-room'), 200, 'out');
    expect(done).toMatchObject({ status: 'completed', fhirStatus: 'completed' });
    expectError(await tl('out-of-room'), 409);
    await must(
      h.scrubNurse.api.post(`/theatre/cases/${c.id}/handover`, {
        to: 'Recovery nurse',
        notes: 'Stable',
      }),
      200,
      'handover',
    );

    // Charges: theatre time, the procedure (anaesthesia has no tariff here).
    const cashier = await h.staff('CASHIER');
    const charges = await must(
      cashier.api.get(`/billing/charges?patientId=${c.patientId}`),
      200,
      'charges',
    );
    const mine = charges.items.filter(
      (x: { source: { type: string } }) => x.source.type === 'theatre-case',
    );
    expect(mine.map((x: { serviceType: string }) => x.serviceType).sort()).toEqual([
      'procedure',
      'theatre',
    ]);
    expect(mine.find((x: { serviceType: string }) => x.serviceType === 'procedure')).toMatchObject({
      unitPrice: 2_500_000,
      quantity: 1,
    });

    const list = await must(
      h.coordinator.api.get(`/theatre/lists?date=${opd.today}&theatre=${ot.code}`),
      200,
      'list',
    );
    expect(list.theatres[0].sessions[0].cases[0]).toMatchObject({
      id: c.id,
      status: 'completed',
      checklist: { currentPhase: null, confirmed: 19, total: 19 },
    });
    const util = await must(
      h.coordinator.api.get(`/theatre/utilisation?date=${opd.today}`),
      200,
      'util',
    );
    expect(util.theatres.find((t: { theatre: string }) => t.theatre === ot.code)).toMatchObject({
      sessionMinutes: 480,
      bookedMinutes: 60,
      casesCompleted: 1,
      usedMinutes: 1,
      lateStarts: 0,
      cancellationsOnTheDay: {},
    });
  });

  it('adds a hospital’s local items to a phase without removing core ones', async () => {
    expectError(
      await h.coordinator.api.put('/theatre/settings', {
        localItems: [{ code: 'site-marked', phase: 'sign-in', text: 'x', confirmer: 'nurse' }],
      }),
      400,
      /core WHO item/,
    );
    await must(
      h.coordinator.api.put('/theatre/settings', {
        localItems: [
          {
            code: 'vte-prophylaxis',
            phase: 'time-out',
            text: 'VTE prophylaxis prescribed',
            confirmer: 'surgeon',
          },
        ],
      }),
      200,
      'settings',
    );
    const c = await h.requestCase();
    const view = await must(h.surgeon.api.get(`/theatre/cases/${c.id}/checklist`), 200, 'view');
    const timeOut = view.phases[1].items.map((i: { code: string }) => i.code);
    expect(timeOut).toEqual([...CORE_ITEMS['time-out']!.map(([code]) => code), 'vte-prophylaxis']);
    await must(h.coordinator.api.put('/theatre/settings', { localItems: [] }), 200, 'reset');
  });
});

describe('cancellation, discharge hold, isolation and error forms', () => {
  it('cancels on the day with a reason: time freed, counted in utilisation, event published', async () => {
    const ot = await h.theatre();
    const s = await h.session(ot.code, opd.today, '10:00', '18:00');
    const [a, b] = await Promise.all([h.requestCase(), h.requestCase()]);
    await must(
      schedule(undefined, a.id, { sessionId: s.id, start: h.at(opd.today, '11:00') }),
      200,
      'a',
    );
    expectError(
      await h.coordinator.api.post(`/theatre/cases/${a.id}/cancel`, { reason: 'bored' }),
      400,
      /reason: must be one of/,
    );
    const cancelled = await must(
      h.coordinator.api.post(`/theatre/cases/${a.id}/cancel`, { reason: 'no-bed' }),
      200,
      'cancel',
    );
    expect(cancelled.cancellation).toMatchObject({ reason: 'no-bed', onTheDay: true });
    await must(
      schedule(undefined, b.id, { sessionId: s.id, start: h.at(opd.today, '11:00') }),
      200,
      'b takes the time',
    );
    expectError(
      await h.coordinator.api.post(`/theatre/cases/${a.id}/cancel`, { reason: 'no-bed' }),
      409,
    );
    const util = await must(
      h.coordinator.api.get(`/theatre/utilisation?date=${opd.today}`),
      200,
      'util',
    );
    expect(util.theatres.find((t: { theatre: string }) => t.theatre === ot.code)).toMatchObject({
      bookedMinutes: 60,
      cancellationsOnTheDay: { 'no-bed': 1 },
    });
    // The reports module's theatre-utilisation report reads the same day figures: its row of
    // this theatre and its day total equal the sums of the utilisation answer.
    const report = await must(
      h.admin.get(`/reports/theatre-utilisation?from=${opd.today}&to=${opd.today}`),
      200,
      'report',
    );
    const mine = report.breakdowns[0].rows.find((r: { key: string }) => r.key === ot.code);
    const theirs = util.theatres.find((t: { theatre: string }) => t.theatre === ot.code);
    expect(mine.values).toMatchObject({
      sessionMinutes: theirs.sessionMinutes,
      bookedMinutes: theirs.bookedMinutes,
      usedMinutes: theirs.usedMinutes,
      cancelledOnTheDay: 1,
    });
    const sum = (f: string) =>
      util.theatres.reduce((n: number, t: Record<string, number>) => n + t[f]!, 0);
    expect(report.days).toEqual([
      {
        date: opd.today,
        values: {
          sessionMinutes: sum('sessionMinutes'),
          usedMinutes: sum('usedMinutes'),
          utilisationPercent: expect.any(Number),
        },
      },
    ]);
    expect(report.breakdowns[1]).toEqual({
      dimension: 'cancellationReason',
      rows: [{ key: 'no-bed', label: 'no-bed', values: { cancelled: 1 } }],
    });
  });

  it('holds an admitted patient’s discharge while in theatre', async () => {
    const ot = await h.theatre();
    const s = await h.session(ot.code, opd.today, '10:00', '18:00');
    const w = await h.ward();
    const p = await h.patient();
    const adm = await must(h.admit(p.id, { wardId: w.id }), 201, 'admission');
    const c = await h.requestCase({}, { kind: 'admission', id: adm.id });
    expect(c.admissionId).toBe(adm.id);
    await must(
      schedule(undefined, c.id, { sessionId: s.id, start: h.at(opd.today, '12:00') }),
      200,
      'book',
    );
    await must(
      h.scrubNurse.api.post(`/theatre/cases/${c.id}/timeline`, { event: 'in-room' }),
      200,
      'in room',
    );
    const discharge = await h.doctorUser.api.post(`/admissions/${adm.id}/discharge`, {
      finalDiagnoses: [{ text: 'Appendicitis' }],
      conditionAtDischarge: 'Improved',
      disposition: 'home',
    });
    expectError(discharge, 409, new RegExp(`theatre-${c.id}`));
    const ofAdmission = await must(
      h.doctorUser.api.get(`/theatre/admissions/${adm.id}/cases`),
      200,
      'cases',
    );
    expect(ofAdmission.items.map((x: { id: string }) => x.id)).toEqual([c.id]);
    // Another hospital's admission, or none, is not found (not an empty list).
    const other = await theatreHospital(opd.url, TZ);
    expectError(await other.coordinator.api.get(`/theatre/admissions/${adm.id}/cases`), 404);
    expectError(
      await h.coordinator.api.get('/theatre/admissions/00000000-0000-0000-0000-000000000000/cases'),
      404,
    );
    // An unknown admission's cases are not found, not an empty list (issue 16, item 9).
    expectError(
      await h.doctorUser.api.get(`/theatre/admissions/${crypto.randomUUID()}/cases`),
      404,
      /Admission .* not found/,
    );
  });

  it('holds an admitted patient’s discharge from the booking (issue 16, item 4); cancelling or bumping the case releases it; a waiting case holds nothing', async () => {
    const ot = await h.theatre();
    const s = await h.session(ot.code, day(6), '08:00', '18:00');
    const w = await h.ward();
    const discharge = (id: string) =>
      h.doctorUser.api.post(`/admissions/${id}/discharge`, {
        finalDiagnoses: [{ text: 'Gallstones' }],
        conditionAtDischarge: 'Improved',
        disposition: 'home',
      });
    const admitted = async () =>
      must(h.admit((await h.patient()).id, { wardId: w.id }), 201, 'admission');

    // Booked, then cancelled: the hold stands from the booking and goes with the cancellation.
    const first = await admitted();
    const c = await h.requestCase({}, { kind: 'admission', id: first.id });
    await must(
      schedule(undefined, c.id, { sessionId: s.id, start: h.at(day(6), '09:00') }),
      200,
      'book',
    );
    expectError(
      await discharge(first.id),
      409,
      new RegExp(`open theatre-case theatre-${c.id}: Booked for theatre on ${day(6)}`),
    );
    // Moving the booking keeps the hold.
    await must(
      schedule(undefined, c.id, { sessionId: s.id, start: h.at(day(6), '10:00') }),
      200,
      'move',
    );
    expectError(await discharge(first.id), 409, new RegExp(`theatre-${c.id}`));
    await must(
      h.coordinator.api.post(`/theatre/cases/${c.id}/cancel`, { reason: 'patient-unfit' }),
      200,
      'cancel',
    );
    expect((await discharge(first.id)).status).toBe(200);

    // Bumped back to the waiting list by an urgent case: released; the patient may go home to wait.
    const second = await admitted();
    const elective = await h.requestCase({}, { kind: 'admission', id: second.id });
    await must(
      schedule(undefined, elective.id, { sessionId: s.id, start: h.at(day(6), '14:00') }),
      200,
      'book elective',
    );
    expectError(await discharge(second.id), 409, new RegExp(`theatre-${elective.id}`));
    const urgent = await h.requestCase({
      priority: 'urgent',
      procedure: { text: 'Laparotomy for perforated viscus' },
    });
    await must(
      schedule(undefined, urgent.id, {
        sessionId: s.id,
        start: h.at(day(6), '14:00'),
        bump: { caseIds: [elective.id], reason: 'NCEPOD urgent laparotomy takes the slot' },
      }),
      200,
      'bump',
    );
    expect((await discharge(second.id)).status).toBe(200);

    // A case of an admission that has ended books without a hold.
    await must(
      schedule(undefined, elective.id, { sessionId: s.id, start: h.at(day(6), '16:00') }),
      200,
      'rebook after discharge',
    );
  });

  it('keeps hospitals apart: another hospital’s ids are not found', async () => {
    const other = await theatreHospital(opd.url, TZ);
    const ot = await h.theatre();
    const s = await h.session(ot.code, day(4), '08:00', '18:00');
    const c = await h.requestCase();
    expectError(await other.coordinator.api.get(`/theatre/cases/${c.id}`), 404);
    expectError(await other.coordinator.api.get(`/theatre/cases/${c.id}/checklist`), 404);
    const theirs = await other.requestCase();
    expectError(
      await schedule(other.coordinator.api, theirs.id, {
        sessionId: s.id,
        start: h.at(day(4), '09:00'),
      }),
      404,
    );
    expectError(
      await schedule(other.coordinator.api, c.id, {
        sessionId: s.id,
        start: h.at(day(4), '09:00'),
      }),
      404,
    );
    const list = await must(
      other.coordinator.api.get(`/theatre/lists?date=${day(4)}`),
      200,
      'list',
    );
    expect(list.theatres).toEqual([]);
    // Another hospital's surgeon is not a doctor of this one.
    const { encounterId } = await h.encounter();
    const foreign = await h.surgeon.api.post('/theatre/cases', {
      source: { kind: 'encounter', id: encounterId },
      procedure: { text: 'Hernia repair' },
      site: 'Groin',
      laterality: 'left',
      surgeonId: other.surgeon.user.id,
      anaesthetistId: h.anaesthetist.user.id,
      scrubNurseId: h.scrubNurse.user.id,
      anaesthesiaType: 'general',
      expectedMinutes: 45,
      priority: 'elective',
    });
    expectError(foreign, 400, /surgeonId: .* is not an active doctor of this hospital/);
  });

  it('answers malformed input with 400 naming the field, never 5xx', async () => {
    const c = await h.requestCase();
    const bad: [string, string, unknown, RegExp][] = [
      ['POST', `/theatre/cases/${c.id}/schedule`, { sessionId: 'x', start: 'tomorrow' }, /start/],
      [
        'POST',
        `/theatre/cases/${c.id}/schedule`,
        { sessionId: 'a/b', start: h.at(tomorrow, '09:00') },
        /sessionId/,
      ],
      [
        'POST',
        `/theatre/cases/${c.id}/schedule`,
        { sessionId: 'x', start: h.at(tomorrow, '09:00'), extra: 1 },
        /extra/,
      ],
      ['POST', `/theatre/cases/${c.id}/timeline`, { event: 'suture' }, /event/],
      ['POST', `/theatre/cases/${c.id}/checklist/confirmations`, { item: 'DROP TABLE' }, /item/],
      [
        'POST',
        '/theatre/cases',
        { source: { kind: 'encounter', id: c.id }, procedure: { text: 'x', icd10pcs: 'IIIIIII' } },
        /icd10pcs/,
      ],
      [
        'POST',
        '/theatre/sessions',
        {
          theatre: 'OT1',
          start: h.at(tomorrow, '10:00'),
          end: h.at(tomorrow, '09:00'),
          surgeonId: 'a',
          anaesthetistId: 'b',
        },
        /end/,
      ],
      ['PUT', '/theatre/theatres/OT%2F1', { name: 'x', type: 'general' }, /code/],
      ['GET', '/theatre/lists?date=2026-02-30', undefined, /date/],
      ['POST', `/theatre/cases/${c.id}/schedule`, ['not', 'an', 'object'], /body/i],
    ];
    for (const [method, path, body, field] of bad) {
      const api =
        path.includes('confirmations') || path.includes('timeline')
          ? h.scrubNurse.api
          : path.startsWith('/theatre/cases') && method === 'POST' && !path.includes('/schedule')
            ? h.surgeon.api
            : h.coordinator.api;
      const r = await api.call(method, path, body);
      expectError(r, 400, field);
    }
    expectError(
      await h.coordinator.api.get('/theatre/cases/00000000-0000-0000-0000-000000000000'),
      404,
    );
    expectError(
      await h.coordinator.api.post(`/theatre/cases/${c.id}/schedule`, {
        sessionId: '00000000-0000-0000-0000-000000000000',
        start: h.at(tomorrow, '09:00'),
      }),
      404,
    );
  });
});
