import { describe, expect, it } from 'vitest';
import { shiftClock, systemClock } from '../../shared/kernel/clock';
import { addDays, utcToZonedParts } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { inpatientHospital, must } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

// Reports answer from aggregates kept with the writes: each figure below is computed by the test
// from the records it created (their dates and statuses as the API answers them), never read from
// the code under test.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

const SUMMARY = {
  finalDiagnoses: [{ text: 'Community-acquired pneumonia', code: 'J18.9', system: 'ICD-10' }],
  procedures: [],
  conditionAtDischarge: 'Improved',
  disposition: 'home',
};

const todayNow = () => utcToZonedParts(systemClock.now(), TZ).date;

describe('inpatient report', () => {
  it('counts admissions, discharges, the midnight census and the length of stay per hospital day', async () => {
    // 23:40 in the hospital (the runtime's clock starts at 09:00), so that the next day is 30
    // minutes away and the staff's one-hour tokens still hold after midnight.
    shiftClock((14 * 60 + 40) * 60_000);
    const h = await inpatientHospital(opd.url, TZ);
    const manager = await h.staff('MANAGER');
    const ward = await h.ward({ name: 'Report Ward' }, 6);
    const day0 = todayNow();
    const admitted: any[] = [];
    // Day 0: three admissions, concurrently (the counter rides in each admission's transaction).
    const patients = await Promise.all([h.patient(), h.patient(), h.patient()]);
    admitted.push(
      ...(await Promise.all(
        patients.map((p) => must(h.admit(p.id, { wardId: ward.id }), 201, 'admit')),
      )),
    );
    // One of them was a mistake: it leaves the census.
    await must(
      h.reception.api.post(`/admissions/${admitted[2].id}/entered-in-error`, {
        reason: 'Wrong patient',
      }),
      200,
      'entered in error',
    );
    shiftClock(30 * 60_000);
    const day1 = todayNow();
    expect(day1).toBe(addDays(day0, 1));
    const p4 = await h.patient();
    admitted.push(await must(h.admit(p4.id, { wardId: ward.id }), 201, 'admit'));
    await must(
      h.doctorUser.api.post(`/admissions/${admitted[0].id}/discharge`, SUMMARY),
      200,
      'discharge',
    );

    // What the records say, day by day.
    const records = await Promise.all(
      admitted.map(async (a) => (await h.doctorUser.api.get(`/admissions/${a.id}`)).body),
    );
    const real = records.filter((r) => r.status !== 'entered-in-error');
    const admissionsOn = (d: string) => real.filter((r) => r.admittedDate === d).length;
    const dischargedOn = (d: string) =>
      real.filter(
        (r) => r.status === 'discharged' && utcToZonedParts(new Date(r.endedAt), TZ).date === d,
      );
    const stayDays = dischargedOn(day0)
      .concat(dischargedOn(day1))
      .reduce((n, r) => n + r.lengthOfStay.days, 0);
    expect(stayDays).toBe(1);
    const census0 = admissionsOn(day0) - dischargedOn(day0).length;
    const census1 = census0 + admissionsOn(day1) - dischargedOn(day1).length;

    const r = await manager.api.get(`/reports/inpatient?from=${day0}&to=${day1}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ report: 'inpatient', from: day0, to: day1, timeZone: TZ });
    expect(r.body.days).toEqual([
      { date: day0, values: { admissions: 2, discharges: 0, midnightCensus: census0 } },
      { date: day1, values: { admissions: 1, discharges: 1, midnightCensus: census1 } },
    ]);
    expect(census1).toBe(2);
    expect(r.body.totals).toMatchObject({
      admissions: admissionsOn(day0) + admissionsOn(day1),
      discharges: 1,
      stayDays,
      averageLengthOfStayDays: stayDays / 1,
      censusAtEnd: census1,
    });
    expect(r.body.breakdowns[0]).toEqual({
      dimension: 'ward',
      rows: [{ key: 'Report Ward', label: 'Report Ward', values: { admitted: 3, discharged: 1 } }],
    });

    // The census runs on from before the range: day 1 alone starts from day 0's midnight.
    const only1 = await manager.api.get(`/reports/inpatient?from=${day1}&to=${day1}`);
    expect(only1.body.days).toEqual([
      { date: day1, values: { admissions: 1, discharges: 1, midnightCensus: census1 } },
    ]);

    // CSV: the same figures, as text/csv.
    const csv = await manager.api.get(`/reports/inpatient?from=${day0}&to=${day1}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(String(csv.body).split('\r\n').slice(0, 3)).toEqual([
      'date,admissions,discharges,midnightCensus',
      `${day0},2,0,${census0}`,
      `${day1},1,1,${census1}`,
    ]);
    expect(String(csv.body)).toContain(
      '\r\nward,label,admitted,discharged\r\nReport Ward,Report Ward,3,1\r\n',
    );

    // Another hospital sees none of it.
    const other = await inpatientHospital(opd.url, TZ);
    const otherManager = await other.staff('MANAGER');
    const theirs = await otherManager.api.get(`/reports/inpatient?from=${day0}&to=${day1}`);
    expect(theirs.body.totals).toMatchObject({ admissions: 0, discharges: 0, censusAtEnd: 0 });
  });

  it('counts concurrent admissions exactly once each', async () => {
    const h = await inpatientHospital(opd.url, TZ);
    const manager = await h.staff('MANAGER');
    const ward = await h.ward({}, 8);
    const patients = await Promise.all(Array.from({ length: 6 }, () => h.patient()));
    const replies = await Promise.all(patients.map((p) => h.admit(p.id, { wardId: ward.id })));
    const created = replies.filter((x) => x.status === 201).length;
    expect(created).toBe(6);
    const today = todayNow();
    const r = await manager.api.get(`/reports/inpatient?from=${today}&to=${today}`);
    expect(r.body.totals.admissions).toBe(created);
    expect(r.body.days[0].values.midnightCensus).toBe(created);
  });
});

describe('outpatient report', () => {
  it('counts bookings, visits, no-shows and cancellations by department and doctor', async () => {
    const h = await inpatientHospital(opd.url, TZ);
    const manager = await h.staff('MANAGER');
    const today = todayNow();
    const slots = (await h.reception.api.get(`/doctors/${h.doctor.id}/availability?date=${today}`))
      .body.slots as { start: string }[];
    const patients = await Promise.all([h.patient(), h.patient(), h.patient(), h.patient()]);
    const booked = await Promise.all(
      patients.map((p, i) =>
        must(
          h.reception.api.post('/appointments', {
            patientId: p.id,
            doctorId: h.doctor.id,
            start: slots[i + 4]!.start,
            reason: 'Cough',
            priority: 'routine',
          }),
          201,
          'book',
        ),
      ),
    );
    const setStatus = (id: string, status: string, reason?: string) =>
      must(
        h.reception.api.patch(`/appointments/${id}/status`, {
          status,
          ...(reason ? { reason } : {}),
        }),
        200,
        status,
      );
    await setStatus(booked[0].id, 'checked-in');
    await setStatus(booked[1].id, 'checked-in');
    await setStatus(booked[2].id, 'noshow');
    await setStatus(booked[3].id, 'cancelled', 'Patient called');

    const appts = await Promise.all(
      booked.map(async (a) => (await h.reception.api.get(`/appointments/${a.id}`)).body),
    );
    const count = (pred: (a: any) => boolean) => appts.filter(pred).length;
    const visits = count((a) => a.checkedInAt !== undefined);
    const noShows = count((a) => a.status === 'noshow');
    const cancelled = count((a) => a.status === 'cancelled');
    const values = {
      booked: appts.length,
      visits,
      noShows,
      cancelled,
      noShowRatePercent: Math.round((noShows / (visits + noShows)) * 1000) / 10,
    };
    expect(values).toEqual({
      booked: 4,
      visits: 2,
      noShows: 1,
      cancelled: 1,
      noShowRatePercent: 33.3,
    });

    const r = await manager.api.get(`/reports/outpatient?from=${today}&to=${today}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.totals).toEqual(values);
    expect(r.body.breakdowns).toEqual([
      {
        dimension: 'department',
        rows: [{ key: h.department.id, label: h.department.name, values }],
      },
      { dimension: 'doctor', rows: [{ key: h.doctor.id, label: h.doctor.name, values }] },
    ]);
  });
});

describe('report input and access', () => {
  it('validates the range and the report, and lets only report readers in', async () => {
    const h = await inpatientHospital(opd.url, TZ);
    const manager = await h.staff('MANAGER');
    expectError(await manager.api.get('/reports/theatre'), 400, /report/);
    expectError(await manager.api.get('/reports/inpatient?from=2026-02-30'), 400, /from/);
    expectError(
      await manager.api.get('/reports/inpatient?from=2026-03-02&to=2026-03-01'),
      400,
      /from/,
    );
    expectError(
      await manager.api.get('/reports/inpatient?from=2024-01-01&to=2026-01-01'),
      400,
      /366 days/,
    );
    expectError(await manager.api.get('/reports/inpatient?format=xml'), 400, /format/);
    expectError(await h.doctorUser.api.get('/reports/inpatient'), 403, /MANAGER|may not/);
    const key = await h.key(['reports:read']);
    expect((await key.api.get('/reports/outpatient')).status).toBe(200);
    const week = await manager.api.get('/reports/outpatient');
    expect(week.body.days).toHaveLength(7);
    expect(week.body.to).toBe(todayNow());
  });
});
