/**
 * The demo hospital (docs/demo.md): the same seed gives the same hospital, the data obeys the
 * rules other checks test (no bed double-booked, stock never negative, invoice numbers gap-free,
 * a consistent queue), and one hospital's demo is invisible to another. Read back over REST as
 * its administrator, with the password `createDemoHospital` answered (the sign-in works).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { createDemoHospital, type DemoHospital } from '../../shared/demo/hospital';
import { prng } from '../../shared/demo/prng';
import { systemClock } from '../../shared/kernel/clock';
import { client, newTenant } from '../support/api';
import { must } from '../support/inpatient';
import { finished } from '../support/roster';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
let first: DemoHospital;
let second: DemoHospital;
let other: DemoHospital;
const now = new Date(Math.floor(systemClock.now().getTime() / 60_000) * 60_000);

beforeAll(async () => {
  rt = await startTestRuntime();
  // Two hospitals from one seed at the same hospital clock, and one from another seed in the UK.
  [first, second, other] = await Promise.all([
    createDemoHospital({ seed: 'same-seed', size: 'small', now }),
    createDemoHospital({ seed: 'same-seed', size: 'small', now }),
    createDemoHospital({ seed: 'other-seed', size: 'small', now, timezone: 'Europe/London' }),
  ]);
}, 120_000);
afterAll(() => rt?.close());

async function signIn(h: DemoHospital, email = h.admin.email, password = h.admin.password) {
  const login = await must(client(rt.url).post('/auth/login', { email, password }), 200, 'login');
  return client(rt.url, { token: login.accessToken, tenantId: h.tenant.id });
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The domain content: ids, instants, the tenant's slug and who-did-it ids left out. */
function content(value: unknown, slug: string): unknown {
  // Records made at the same instant list in id order: compare them as sets.
  if (Array.isArray(value))
    return value
      .map((v) => content(v, slug))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/(^id$|Id$|Ids$|At$|^by$|By$|^nextCursor$|^accessToken$)/.test(k))
        .map(([k, v]) => [k, content(v, slug)]),
    );
  if (typeof value === 'string') return value.replaceAll(slug, '<slug>').replace(UUID, '<id>');
  return value;
}

async function snapshot(h: DemoHospital) {
  const api = await signIn(h);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: h.tenant.timeZone }).format(now);
  const get = (path: string) => must(api.get(path), 200, path);
  const wards = (await get('/wards?limit=100')).items;
  return {
    patients: await get('/patients?limit=100'),
    appointments: await get(`/appointments?date=${today}&limit=100`),
    invoices: await get('/billing?limit=100'),
    boards: await Promise.all(wards.map((w: any) => get(`/wards/${w.id}/board`))),
    items: await get('/pharmacy/items?limit=100'),
    criticals: await get('/lab/criticals'),
    pending: await get('/agent-actions/pending?limit=100'),
    users: await get('/users?limit=100'),
    tariffs: await get('/billing/tariffs?limit=100'),
    rosterWard: await get('/roster/wards/MMW'),
    rosterStaff: await get('/roster/staff?wardId=MMW'),
    payers: await get('/claims/payers'),
  };
}

describe('the seeded PRNG', () => {
  it('gives the same sequence for a seed and another for another seed', () => {
    const a = prng('seed-1');
    const b = prng('seed-1');
    const c = prng('seed-2');
    const seqA = Array.from({ length: 5 }, () => a.int(0, 1_000_000));
    expect(Array.from({ length: 5 }, () => b.int(0, 1_000_000))).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.int(0, 1_000_000))).not.toEqual(seqA);
  });
});

describe('the demo hospital', () => {
  it('the same seed gives the same hospital (ids, instants and the tenant aside)', async () => {
    expect(second.counts).toEqual(first.counts);
    const [a, b] = await Promise.all([snapshot(first), snapshot(second)]);
    expect(content(b, second.tenant.slug)).toEqual(content(a, first.tenant.slug));
    // And it is not empty: the comparison compares something.
    expect(a.patients.items.length).toBe(30);
  });

  it('another seed in the UK gives another hospital, with British names and numbers', async () => {
    const api = await signIn(other);
    const patients = (await must(api.get('/patients?limit=100'), 200, 'patients')).items;
    expect(patients).toHaveLength(30);
    for (const p of patients) expect(p.phoneE164).toMatch(/^\+447\d{9}$/);
    const indian = (await must((await signIn(first)).get('/patients?limit=100'), 200, 'p')).items;
    for (const p of indian) expect(p.phoneE164).toMatch(/^\+91[6-9]\d{9}$/);
    expect(patients.map((p: any) => p.name)).not.toEqual(indian.map((p: any) => p.name));
  });

  it('no bed is double-booked, and about 80 % of beds are occupied', async () => {
    const api = await signIn(first);
    const wards = (await must(api.get('/wards?limit=100'), 200, 'wards')).items;
    const admissions = (await must(api.get('/admissions?status=in-progress&limit=100'), 200, 'adm'))
      .items;
    const beds = admissions.map((a: any) => a.bedId);
    const patients = admissions.map((a: any) => a.patientId);
    expect(new Set(beds).size).toBe(beds.length);
    expect(new Set(patients).size).toBe(patients.length);
    let total = 0;
    let occupied = 0;
    for (const w of wards) {
      const board = await must(api.get(`/wards/${w.id}/board`), 200, 'board');
      for (const bed of board.beds) {
        total += 1;
        if (bed.state === 'occupied') {
          occupied += 1;
          expect(beds).toContain(bed.id);
        }
      }
    }
    expect(occupied).toBe(beds.length);
    expect(occupied / total).toBeGreaterThanOrEqual(0.75);
    expect(occupied / total).toBeLessThanOrEqual(0.85);
  });

  it('stock is never negative, some batches expire soon and one lot is recalled', async () => {
    const api = await signIn(first);
    const items = (await must(api.get('/pharmacy/items?limit=100'), 200, 'items')).items;
    expect(items.length).toBe(12);
    let recalled = 0;
    for (const item of items) {
      const stock = await must(api.get(`/pharmacy/items/${item.id}/stock`), 200, 'stock');
      expect(stock.available).toBeGreaterThanOrEqual(0);
      for (const b of stock.batches) {
        expect(b.quantity).toBeGreaterThanOrEqual(0);
        if (b.status === 'recalled') recalled += 1;
      }
    }
    expect(recalled).toBe(1);
    const expiring = await must(api.get('/pharmacy/expiry-scan'), 200, 'expiry');
    expect(JSON.stringify(expiring)).toMatch(/batch/i);
  });

  it('invoice numbers are gap-free; one invoice is overdue, one refunded', async () => {
    const api = await signIn(first);
    const invoices = (await must(api.get('/billing?limit=100'), 200, 'invoices')).items;
    const numbers = invoices
      .map((i: any) => i.number)
      .filter(Boolean)
      .map((n: string) => Number(/(\d+)$/.exec(n)![1]))
      .sort((a: number, b: number) => a - b);
    expect(numbers.length).toBe(invoices.length);
    expect(numbers).toEqual(numbers.map((_: number, i: number) => numbers[0] + i));
    const today = Date.parse(now.toISOString());
    const overdue = invoices.filter(
      (i: any) => i.balance > 0 && today - Date.parse(i.issuedAt) > 30 * 86_400_000,
    );
    expect(overdue).toHaveLength(1);
    expect(invoices.filter((i: any) => i.refunded > 0)).toHaveLength(1);
  });

  it("today's queue is consistent: tokens per doctor from 1 without gaps, every stage present", async () => {
    const api = await signIn(first);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: first.tenant.timeZone }).format(now);
    const appts = (await must(api.get(`/appointments?date=${today}&limit=100`), 200, 'appts'))
      .items;
    const statuses = new Set(appts.map((a: any) => a.status));
    for (const s of ['booked', 'arrived', 'checked-in', 'fulfilled']) expect(statuses).toContain(s);
    const byDoctor = new Map<string, number[]>();
    for (const a of appts)
      if (a.token !== undefined)
        byDoctor.set(a.doctorId, [...(byDoctor.get(a.doctorId) ?? []), a.token]);
    expect(byDoctor.size).toBeGreaterThan(0);
    for (const tokens of byDoctor.values())
      expect([...tokens].sort((x, y) => x - y)).toEqual(tokens.map((_, i) => i + 1));
    // Checked in, in consultation or done have a token; booked and arrived have none.
    for (const a of appts)
      expect(a.token !== undefined, `${a.status}`).toBe(
        a.status === 'checked-in' || a.status === 'fulfilled',
      );
  });

  it('two critical results wait unacknowledged, and one agent action of each risk is pending', async () => {
    const api = await signIn(first);
    const criticals = await must(api.get('/lab/criticals'), 200, 'criticals');
    expect(criticals.items).toHaveLength(2);
    const pending = (await must(api.get('/agent-actions/pending?limit=100'), 200, 'p')).items;
    expect(pending.map((a: any) => a.risk).sort()).toEqual(['CRITICAL', 'HIGH', 'LOW', 'MEDIUM']);
  });

  it("the billing desk has a price list with the country's tax on non-clinical services", async () => {
    const api = await signIn(first);
    const tariffs = (await must(api.get('/billing/tariffs?limit=100'), 200, 'tariffs')).items;
    const byCode = Object.fromEntries(tariffs.map((t: any) => [t.code, t]));
    expect(Object.keys(byCode).sort()).toEqual([
      'AMBULANCE',
      'ATTENDANT-MEAL',
      'DIETITIAN',
      'DRESSING',
      'ECG',
      'MED-CERT',
      'NEBULISATION',
      'PHYSIO',
      'PLASTER',
    ]);
    // India: GST 18 % on a medical certificate, healthcare services exempt; ₹300 for an ECG.
    expect(byCode['MED-CERT']).toMatchObject({ taxRateBp: 1800, serviceType: 'other' });
    expect(byCode.ECG).toMatchObject({ taxRateBp: 0, unitPrice: 30_000, active: true });
    // The UK: VAT 20 %, prices in pence.
    const uk = (await must((await signIn(other)).get('/billing/tariffs?limit=100'), 200, 't'))
      .items;
    expect(uk.find((t: any) => t.code === 'MED-CERT')).toMatchObject({
      taxRateBp: 2000,
      unitPrice: 2000,
    });
  });

  it('tomorrow has two theatre sessions with three cases booked and one waiting', async () => {
    const api = await signIn(first);
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: first.tenant.timeZone }).format(
      new Date(now.getTime() + 86_400_000),
    );
    const lists = await must(api.get(`/theatre/lists?date=${tomorrow}`), 200, 'lists');
    const cases = lists.theatres.flatMap((t: any) =>
      t.sessions.flatMap((s: any) => s.cases.map((c: any) => [t.theatre, c.procedure, c.status])),
    );
    expect(cases.sort()).toEqual([
      ['OT1', 'Laparoscopic cholecystectomy', 'scheduled'],
      ['OT1', 'Open inguinal hernia repair with mesh', 'scheduled'],
      ['OT2', 'Knee arthroscopy, partial meniscectomy', 'scheduled'],
    ]);
    const waiting = await must(api.get('/theatre/waiting-list'), 200, 'waiting');
    expect(JSON.stringify(waiting)).toContain('Excision of sebaceous cyst');
  });

  it('the roster ward is set up so that generation meets every minimum', async () => {
    const api = await signIn(first);
    const ward = await must(api.get('/roster/wards/MMW'), 200, 'ward');
    expect(ward.shifts.map((s: any) => s.code)).toEqual(['E', 'L', 'N']);
    const staff = (await must(api.get('/roster/staff?wardId=MMW'), 200, 'staff')).items;
    expect(staff).toHaveLength(6);
    const manager = first.staff.find((s) => s.role === 'WARD_MANAGER')!;
    const wm = await signIn(first, manager.email, first.staffPassword);
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: first.tenant.timeZone }).format(
      new Date(now.getTime() + 86_400_000),
    );
    const job = await finished(
      wm,
      await wm.post('/roster/wards/MMW/generations', { start: tomorrow, days: 7 }),
    );
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    expect(job.body.status).toBe('done');
    expect(job.body.summary.coverageMet).toBe(true);
    expect(job.body.summary.violations).toBe(0);
  }, 90_000);

  it('the ED board has an attendance at each ESI level and one waiting for triage', async () => {
    const api = await signIn(first);
    const board = await must(api.get('/emergency/board'), 200, 'board');
    expect(board.patients.map((p: any) => p.level).sort()).toEqual([1, 2, 3, 4, 5, null]);
    expect(board.patients.filter((p: any) => p.status === 'awaiting-triage')).toHaveLength(1);
    expect(board.patients.filter((p: any) => p.status === 'with-clinician')).toHaveLength(1);
  });

  it('an insurer, a covered patient and one submitted claim', async () => {
    const api = await signIn(first);
    const payers = (await must(api.get('/claims/payers'), 200, 'payers')).items;
    expect(payers.map((p: any) => p.name)).toEqual(['Star Health and Allied Insurance']);
    const claims = (await must(api.get('/claims?limit=100'), 200, 'claims')).items;
    expect(claims.map((c: any) => c.status)).toEqual(['submitted']);
    const coverages = await must(
      api.get(`/claims/coverages?patientId=${claims[0].patientId}`),
      200,
      'coverages',
    );
    expect(coverages.items).toHaveLength(1);
  });

  it('staff users sign in with the demo password and see their work', async () => {
    const doctor = first.staff.find((s) => s.role === 'DOCTOR')!;
    const api = await signIn(first, doctor.email, first.staffPassword);
    const me = await must(api.get('/auth/me'), 200, 'me');
    expect(me.role).toBe('DOCTOR');
  });

  it("one hospital's demo data is invisible to another", async () => {
    const a = await signIn(first);
    const patient = (await must(a.get('/patients?limit=1'), 200, 'p')).items[0];
    const stranger = await newTenant(rt.url);
    expect((await stranger.admin.get(`/patients/${patient.id}`)).status).toBe(404);
    expect((await must(stranger.admin.get('/patients?limit=100'), 200, 'p')).items).toEqual([]);
    // The other demo hospital sees its own 30 patients only.
    const b = await signIn(second);
    expect((await b.get(`/patients/${patient.id}`)).status).toBe(404);
  });
});
