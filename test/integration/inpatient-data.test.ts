/**
 * Inpatient data rules through the local runtime: availability counters against a recount of the
 * beds after 150 admissions and the moves that follow, another hospital's ids, bad input on every
 * route (400 naming the field, nothing written), and admission lists with cursors.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/api';
import { inpatientHospital, must, NORMAL_VITALS } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const rt = opdRuntime(TZ);

/** Runs `tasks` with at most `n` at a time. */
async function inBatches<T>(
  items: readonly T[],
  n: number,
  task: (item: T, i: number) => Promise<unknown>,
) {
  for (let i = 0; i < items.length; i += n)
    await Promise.all(items.slice(i, i + n).map((item, j) => task(item, i + j)));
}

const STATES = [
  'unoccupied',
  'occupied',
  'housekeeping',
  'closed',
  'isolated',
  'contaminated',
] as const;

describe('availability counters', () => {
  it('equal a recount of the beds after 150 admissions, transfers, discharges, cleaning and closures', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const bm = h.bedManager.api;
    const specs = [
      { type: 'general', sexPolicy: 'mixed', beds: 70, features: ['oxygen'] },
      { type: 'general', sexPolicy: 'female', beds: 40, features: [] },
      { type: 'surgical', sexPolicy: 'male', beds: 40, features: ['oxygen', 'suction'] },
      { type: 'icu', sexPolicy: 'mixed', beds: 30, features: ['oxygen', 'monitor', 'ventilator'] },
    ];
    const wards: any[] = [];
    for (const [i, s] of specs.entries()) {
      const w = await h.ward(
        { name: `Counted ${i}`, type: s.type, sexPolicy: s.sexPolicy },
        Math.min(40, s.beds),
        s.features,
      );
      if (s.beds > 40)
        await must(
          bm.post(`/wards/${w.id}/beds`, {
            series: { prefix: 'B', count: s.beds - 40, features: s.features },
          }),
          201,
          'more beds',
        );
      wards.push(w);
    }
    // 150 patients: 60 women to the mixed ward, 40 women to the female ward, 30 men to the male
    // ward, 20 to the ICU; by ward, so the first suitable free bed is taken.
    const plan = [
      ...Array.from({ length: 60 }, () => ({ ward: 0, sex: 'female' })),
      ...Array.from({ length: 40 }, () => ({ ward: 1, sex: 'female' })),
      ...Array.from({ length: 30 }, () => ({ ward: 2, sex: 'male' })),
      ...Array.from({ length: 20 }, () => ({ ward: 3, sex: 'male' })),
    ];
    const admissions: any[] = [];
    await inBatches(plan, 10, async (p, i) => {
      const patient = await h.patient({ sex: p.sex });
      admissions[i] = await must(
        h.admit(patient.id, { wardId: wards[p.ward].id }),
        201,
        `admission ${i}`,
      );
    });
    expect(admissions.filter(Boolean)).toHaveLength(150);
    // The female ward is full: the 151st woman is refused.
    const woman = await h.patient({ sex: 'female' });
    expectError(await h.admit(woman.id, { wardId: wards[1].id }), 409, /no unoccupied bed/);

    // 10 ICU patients to the mixed ward, 20 discharges from the mixed ward, 10 of those beds cleaned,
    // 5 free ICU beds closed and 2 isolated.
    await inBatches(admissions.slice(130, 140), 5, (a) =>
      must(
        h.doctorUser.api.post(`/admissions/${a.id}/transfer`, {
          wardId: wards[0].id,
          reason: 'Stepped down',
        }),
        200,
        'transfer',
      ),
    );
    const leaving = admissions.slice(0, 20);
    await inBatches(leaving, 5, (a) =>
      must(
        h.doctorUser.api.post(`/admissions/${a.id}/discharge`, {
          finalDiagnoses: [{ text: 'Recovered' }],
          conditionAtDischarge: 'Well',
          disposition: 'home',
        }),
        200,
        'discharge',
      ),
    );
    await inBatches(leaving.slice(0, 10), 5, (a) =>
      must(h.nurse.api.post(`/beds/${a.bedId}/clean`), 200, 'clean'),
    );
    const icuBoard = (await h.nurse.api.get(`/wards/${wards[3].id}/board`)).body;
    const freeIcu = icuBoard.beds.filter((b: any) => b.state === 'unoccupied');
    await inBatches(freeIcu.slice(0, 7), 7, (b: any, i) =>
      must(
        bm.patch(`/beds/${b.id}/state`, {
          state: i < 5 ? 'closed' : 'isolated',
          reason: 'Staffing',
        }),
        200,
        'close',
      ),
    );

    // The counters against the beds, one by one.
    const avail = (await h.reception.api.get('/beds/availability')).body;
    const grand = Object.fromEntries(STATES.map((s) => [s, 0]));
    let grandFree = 0;
    for (const w of wards) {
      const board = (await h.nurse.api.get(`/wards/${w.id}/board`)).body;
      const recount = Object.fromEntries(
        STATES.map((s) => [s, board.beds.filter((b: any) => b.state === s).length]),
      );
      const row = avail.wards.find((r: any) => r.wardId === w.id);
      expect(row.counts, w.name).toEqual(recount);
      expect(row.free, w.name).toBe(recount.unoccupied);
      expect(row.total, w.name).toBe(board.beds.length);
      expect(board.ward.bedCounts).toEqual(recount);
      for (const f of ['oxygen', 'suction', 'monitor', 'ventilator'])
        expect(board.ward.freeByFeature[f], `${w.name} ${f}`).toBe(
          board.beds.filter((b: any) => b.state === 'unoccupied' && b.features.includes(f)).length,
        );
      // Every occupied bed holds exactly one active admission, and it is that bed's.
      for (const b of board.beds.filter((b: any) => b.state === 'occupied'))
        expect(admissions.some((a) => a.id === b.admissionId)).toBe(true);
      for (const s of STATES) grand[s]! += recount[s]!;
      grandFree += recount.unoccupied!;
    }
    expect(avail.total).toEqual({ total: 180, counts: grand, free: grandFree });
    // The expected numbers, worked out by hand: mixed 70 beds, 60 + 10 transferred in, 20 left,
    // 10 cleaned → occupied 50, housekeeping 10, unoccupied 10. ICU 30 beds, 20 admitted, 10
    // transferred out (their beds to housekeeping) → occupied 10, housekeeping 10, 10 free of
    // which 5 closed and 2 isolated → unoccupied 3.
    expect(avail.wards.find((r: any) => r.wardId === wards[0].id).counts).toEqual({
      unoccupied: 10,
      occupied: 50,
      housekeeping: 10,
      closed: 0,
      isolated: 0,
      contaminated: 0,
    });
    expect(avail.wards.find((r: any) => r.wardId === wards[3].id).counts).toEqual({
      unoccupied: 3,
      occupied: 10,
      housekeeping: 10,
      closed: 5,
      isolated: 2,
      contaminated: 0,
    });
    expect(avail.total.counts.housekeeping).toBe(20);

    // Filters: by type, sex policy and feature.
    const icu = (await h.reception.api.get('/beds/availability?type=icu&feature=ventilator')).body;
    expect(icu.wards.map((r: any) => [r.name, r.free])).toEqual([['Counted 3', 3]]);
    const female = (await h.reception.api.get('/beds/availability?sexPolicy=female')).body;
    expect(female.total).toMatchObject({ total: 40, free: 0 });
    const suction = (await h.reception.api.get('/beds/availability?feature=suction')).body;
    expect(suction.total.free).toBe(10);

    // Lists: by ward with cursors, by status.
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: any = (
        await h.nurse.api.get(
          `/admissions?wardId=${wards[3].id}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
      ).body;
      for (const a of page.items) seen.add(a.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(10);
    const discharged = (
      await h.nurse.api.get(`/admissions?wardId=${wards[0].id}&status=discharged&limit=100`)
    ).body;
    expect(discharged.items).toHaveLength(20);
    const byDoctor = (
      await h.nurse.api.get(
        `/admissions?doctorId=${h.doctor.id}&from=${rt.today}&to=${rt.today}&limit=100`,
      )
    ).body;
    expect(byDoctor.items.length).toBe(100);
    // A cursor is bound to its query.
    const first = (await h.nurse.api.get(`/admissions?wardId=${wards[3].id}&limit=2`)).body;
    expectError(
      await h.nurse.api.get(
        `/admissions?wardId=${wards[2].id}&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
      ),
      400,
      /cursor/,
    );
  }, 300_000);
});

describe('tenancy and input', () => {
  it("another hospital's wards, beds and admissions answer 404", async () => {
    const [h, other] = await Promise.all([
      inpatientHospital(rt.url, TZ),
      inpatientHospital(rt.url, TZ),
    ]);
    const w = await h.ward({}, 2);
    const p = await h.patient();
    const adm = await must(h.admit(p.id, { bedId: w.beds[0].id }), 201, 'admission');
    const theirs = other.admin;
    const otherPatient = await other.patient();
    const otherWard = await other.ward({}, 1);
    const calls = [
      theirs.get(`/wards/${w.id}`),
      theirs.get(`/wards/${w.id}/board`),
      theirs.post(`/wards/${w.id}/beds`, { series: { prefix: 'X', count: 1 } }),
      theirs.get(`/beds/${w.beds[1].id}`),
      theirs.patch(`/beds/${w.beds[1].id}/state`, { state: 'closed' }),
      theirs.post(`/beds/${w.beds[1].id}/clean`),
      theirs.get(`/admissions/${adm.id}`),
      theirs.post(`/admissions/${adm.id}/transfer`, { wardId: otherWard.id, reason: 'x' }),
      theirs.post(`/admissions/${adm.id}/observations`, NORMAL_VITALS),
      theirs.post(`/admissions/${adm.id}/nursing-notes`, { text: 'x' }),
      theirs.post(`/admissions/${adm.id}/round-notes`, { text: 'x' }),
      theirs.post(`/admissions/${adm.id}/discharge`, {
        finalDiagnoses: [{ text: 'x' }],
        conditionAtDischarge: 'x',
        disposition: 'home',
      }),
      theirs.post(`/admissions/${adm.id}/entered-in-error`, { reason: 'x' }),
      // Their patient into our bed, and our patient into their ward.
      other.admit(otherPatient.id, { bedId: w.beds[1].id }, theirs),
      other.admit(p.id, { wardId: otherWard.id }, theirs),
    ];
    for (const reply of await Promise.all(calls)) expectError(reply, 404, /not found/);
    // Their lists do not show ours.
    expect((await theirs.get(`/admissions?wardId=${w.id}`)).body.items).toEqual([]);
    expect((await theirs.get('/beds/availability')).body.wards.map((r: any) => r.wardId)).toEqual([
      otherWard.id,
    ]);
    // Nothing of ours changed.
    expect((await h.nurse.api.get(`/beds/${w.beds[1].id}`)).body.state).toBe('unoccupied');
    expect((await h.nurse.api.get(`/admissions/${adm.id}`)).body).toMatchObject({
      status: 'in-progress',
      observations: [],
      notes: [],
    });
  });

  it('bad input on every route is a 400 naming the field, and writes nothing', async () => {
    const h = await inpatientHospital(rt.url, TZ);
    const w = await h.ward({}, 2);
    const p = await h.patient();
    const adm = await must(h.admit(p.id, { bedId: w.beds[0].id }), 201, 'admission');
    const bm = h.bedManager.api;
    const doc = h.doctorUser.api;
    const before = {
      avail: (await bm.get('/beds/availability')).body,
      wards: (await bm.get('/wards')).body,
      detail: (await doc.get(`/admissions/${adm.id}`)).body,
      admissions: (await doc.get('/admissions')).body,
    };
    const cases: [Promise<any>, RegExp][] = [
      [
        bm.post('/wards', { name: 'Ward X', type: 'spa', sexPolicy: 'mixed', dailyCharge: 1 }),
        /type must be one of/,
      ],
      [
        bm.post('/wards', { name: 'Ward X', type: 'icu', sexPolicy: 'mixed', dailyCharge: -5 }),
        /dailyCharge must be between 0/,
      ],
      [
        bm.post('/wards', { name: 'Ward X', type: 'icu', sexPolicy: 'men', dailyCharge: 5 }),
        /sexPolicy must be one of/,
      ],
      [bm.get('/wards?limit=0'), /Invalid query: limit/],
      [bm.get('/wards?type=spa'), /Invalid query: type/],
      [bm.get('/wards/not%20an%20id'), /Invalid path: id/],
      [
        bm.post(`/wards/${w.id}/beds`, { series: { prefix: 'A', count: 0 } }),
        /count must be between 1/,
      ],
      [
        bm.post(`/wards/${w.id}/beds`, { beds: [{ code: 'C1', features: ['jetpack'] }] }),
        /feature must be one of/,
      ],
      [bm.post(`/wards/${w.id}/beds`, {}), /give either beds or series/],
      [
        bm.post(`/wards/${w.id}/beds`, { series: { prefix: 'A', count: 41 } }),
        /count must be between 1 and 40/,
      ],
      [bm.get('/wards/x!/board'), /Invalid path: id/],
      [bm.get('/beds/availability?feature=jetpack'), /Invalid query: feature/],
      [bm.get('/beds/no%20bed'), /Invalid path: id/],
      [bm.patch(`/beds/${w.beds[1].id}/state`, { state: 'occupied' }), /state must be one of/],
      [bm.patch(`/beds/${w.beds[1].id}/state`, { state: 'closed', reason: '' }), /reason/],
      [h.nurse.api.post(`/beds/${w.beds[1].id}/clean`, { force: true }), /force/],
      [
        h.reception.api.post('/admissions', {
          patientId: p.id,
          source: 'opd',
          doctorId: h.doctor.id,
          reason: 'x',
          wardId: w.id,
        }),
        /encounterId: is required when source is 'opd'/,
      ],
      [
        h.reception.api.post('/admissions', {
          patientId: p.id,
          source: 'direct',
          doctorId: h.doctor.id,
          reason: 'x',
        }),
        /bedId: give either bedId/,
      ],
      [
        h.reception.api.post('/admissions', {
          patientId: p.id,
          source: 'walk',
          doctorId: h.doctor.id,
          reason: 'x',
          wardId: w.id,
        }),
        /source must be one of/,
      ],
      [doc.get('/admissions?from=2026-13-01'), /Invalid query: from/],
      [doc.get('/admissions?from=2026-11-20&to=2026-11-01'), /to: must not be before from/],
      [doc.get('/admissions?status=admitted'), /Invalid query: status/],
      [doc.get('/admissions/%20'), /Invalid path: id/],
      [doc.post(`/admissions/${adm.id}/transfer`, { wardId: w.id, reason: '' }), /reason/],
      [
        doc.post(`/admissions/${adm.id}/transfer`, {
          wardId: w.id,
          bedId: w.beds[1].id,
          reason: 'x',
        }),
        /bedId: give either/,
      ],
      [
        h.nurse.api.post(`/admissions/${adm.id}/observations`, { ...NORMAL_VITALS, pulse: 999 }),
        /pulse must be between/,
      ],
      [h.nurse.api.post(`/admissions/${adm.id}/nursing-notes`, { text: '  ' }), /text/],
      [doc.post(`/admissions/${adm.id}/round-notes`, {}), /text/],
      [
        doc.post(`/admissions/${adm.id}/discharge`, {
          finalDiagnoses: [],
          conditionAtDischarge: 'Well',
          disposition: 'home',
        }),
        /finalDiagnoses: must list at least one diagnosis/,
      ],
      [
        doc.post(`/admissions/${adm.id}/discharge`, {
          finalDiagnoses: [{ text: 'x' }],
          conditionAtDischarge: 'Well',
          disposition: 'moon',
        }),
        /disposition must be one of/,
      ],
      [
        doc.post(`/admissions/${adm.id}/discharge`, {
          finalDiagnoses: [{ text: 'x' }],
          conditionAtDischarge: 'Well',
          disposition: 'home',
          medications: [{ drugName: 'Paracetamol' }],
        }),
        /strength is required/,
      ],
      [doc.post(`/admissions/${adm.id}/entered-in-error`, {}), /reason/],
    ];
    for (const [reply, message] of cases) {
      const r = await reply;
      expectError(r, 400, message);
    }
    expect((await bm.get('/beds/availability')).body).toEqual(before.avail);
    expect((await bm.get('/wards')).body).toEqual(before.wards);
    expect((await doc.get(`/admissions/${adm.id}`)).body).toEqual(before.detail);
    expect((await doc.get('/admissions')).body).toEqual(before.admissions);
  });
});
