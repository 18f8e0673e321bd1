import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { client, expectError, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

type Tenant = Awaited<ReturnType<typeof newTenant>>;

/** A staff user with a chosen name and role, signed in. */
async function user(t: Tenant, name: string, role = 'DOCTOR') {
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`;
  const created = await t.admin.post('/users', { name, email, role });
  expect(created.status).toBe(201);
  const login = await t.anon.post('/auth/login', {
    email,
    password: created.body.credentials.password,
  });
  return {
    id: created.body.user.id as string,
    api: client(rt.url, { token: login.body.accessToken, tenantId: t.tenantId }),
  };
}

const SCHEDULE = {
  slotMinutes: 15,
  sessions: [
    { day: 'MON', start: '09:00', end: '13:00' },
    { day: 'MON', start: '14:00', end: '17:00' },
    { day: 'THU', start: '09:00', end: '12:00' },
  ],
};

describe('departments', () => {
  it('admin creates; names are unique ignoring case and spacing; list is in name order', async () => {
    const t = await newTenant(rt.url);
    const cardio = await t.admin.post('/departments', {
      name: 'Cardiology',
      code: 'CARD',
      description: 'Heart',
    });
    expect(cardio.status).toBe(201);
    expect(cardio.body).toEqual({
      id: expect.any(String),
      name: 'Cardiology',
      code: 'CARD',
      description: 'Heart',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    expectError(
      await t.admin.post('/departments', { name: '  cardiology ' }),
      409,
      /Cardiology|cardiology/,
    );
    expectError(await t.admin.post('/departments', { name: 'CARDIOLOGY' }), 409, /already exists/);
    expectError(
      await t.admin.post('/departments', { name: 'Heart Unit', code: 'CARD' }),
      409,
      /code CARD/,
    );

    expect((await t.admin.post('/departments', { name: 'orthopaedics' })).status).toBe(201);
    expect(
      (await t.admin.post('/departments', { name: 'Accident and Emergency', code: 'AE' })).status,
    ).toBe(201);
    expect((await t.admin.post('/departments', { name: 'Heart Unit', code: 'HU2' })).status).toBe(
      201,
    );

    const nurse = await t.staff('NURSE');
    const list = await nurse.api.get('/departments');
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: any) => d.name)).toEqual([
      'Accident and Emergency',
      'Cardiology',
      'Heart Unit',
      'orthopaedics',
    ]);
    expect(JSON.stringify(list.body)).not.toMatch(/"(pk|sk|gsi1pk|gsi1sk|tenantId|entity)"/);

    const page1 = await t.admin.get('/departments?limit=3');
    expect(page1.body.items).toHaveLength(3);
    const page2 = await t.admin.get(`/departments?limit=3&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((d: any) => d.name)).toEqual(['orthopaedics']);

    // Another tenant may use the same name.
    const t2 = await newTenant(rt.url);
    expect((await t2.admin.post('/departments', { name: 'Cardiology', code: 'CARD' })).status).toBe(
      201,
    );
    expect((await t2.admin.get('/departments')).body.items).toHaveLength(1);
  });

  it('validation and access', async () => {
    const t = await newTenant(rt.url);
    expectError(await t.admin.post('/departments', { name: '' }), 400, /name: must not be empty/);
    expectError(
      await t.admin.post('/departments', { name: 'x'.repeat(101) }),
      400,
      /name: must be at most 100/,
    );
    expectError(
      await t.admin.post('/departments', { name: 'Neuro', code: 'neu' }),
      400,
      /code: must be 2 to 10 uppercase/,
    );
    expectError(await t.admin.post('/departments', { name: 'Neuro', code: 'N' }), 400, /code/);
    expectError(
      await t.admin.post('/departments', { name: 'Neuro', head: 'X' }),
      400,
      /head|Unrecognized/i,
    );
    const doctor = await t.staff('DOCTOR');
    expectError(await doctor.api.post('/departments', { name: 'Neuro' }), 403, /DOCTOR/);
    expect((await t.admin.get('/departments')).body.items).toEqual([]);

    const reader = await t.key(['doctors:read']);
    expect((await reader.api.get('/departments')).status).toBe(200);
    expectError(await reader.api.post('/departments', { name: 'Neuro' }), 403, /doctors:write/);
    const writer = await t.key(['doctors:write']);
    expect((await writer.api.post('/departments', { name: 'Neuro' })).status).toBe(201);
  });
});

describe('doctor profiles', () => {
  it('creates a profile for a DOCTOR user, reads it and lists by department', async () => {
    const t = await newTenant(rt.url);
    const cardio = (await t.admin.post('/departments', { name: 'Cardiology' })).body;
    const ortho = (await t.admin.post('/departments', { name: 'Orthopaedics' })).body;
    const meera = await user(t, 'Dr Meera Iyer');
    const anil = await user(t, 'Dr Anil Kumar');
    const zoya = await user(t, 'Dr Zoya Khan');

    const created = await t.admin.post('/doctors', {
      userId: meera.id,
      departmentId: cardio.id,
      specialty: 'Interventional cardiology',
      consultationFee: 800.5,
      currency: 'INR',
      schedule: SCHEDULE,
    });
    expect(created.status).toBe(201);
    const meeraMe = await meera.api.get('/auth/me');
    expect(created.body).toEqual({
      id: meera.id,
      userId: meera.id,
      name: 'Dr Meera Iyer',
      email: meeraMe.body.email,
      departmentId: cardio.id,
      departmentName: 'Cardiology',
      specialty: 'Interventional cardiology',
      consultationFee: 800.5,
      currency: 'INR',
      schedule: SCHEDULE,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const anilProfile = await t.admin.post('/doctors', {
      userId: anil.id,
      departmentId: cardio.id,
      specialty: 'Cardiology',
      consultationFee: 500,
    });
    expect(anilProfile.status).toBe(201);
    expect(anilProfile.body).toMatchObject({ currency: 'USD', schedule: null });
    expect(
      (
        await t.admin.post('/doctors', {
          userId: zoya.id,
          departmentId: ortho.id,
          specialty: 'Spine',
          consultationFee: 0,
        })
      ).status,
    ).toBe(201);

    const nurse = await t.staff('NURSE');
    const got = await nurse.api.get(`/doctors/${meera.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const all = await nurse.api.get('/doctors');
    expect(all.status).toBe(200);
    expect(all.body.items.map((d: any) => d.name)).toEqual([
      'Dr Anil Kumar',
      'Dr Meera Iyer',
      'Dr Zoya Khan',
    ]);
    expect(JSON.stringify(all.body)).not.toMatch(/"(pk|sk|gsi[12](pk|sk)|tenantId|entity)"/);

    const inCardio = await nurse.api.get(`/doctors?departmentId=${cardio.id}`);
    expect(inCardio.body.items.map((d: any) => d.id)).toEqual([anil.id, meera.id]);
    const inOrtho = await nurse.api.get(`/doctors?departmentId=${ortho.id}`);
    expect(inOrtho.body.items.map((d: any) => d.id)).toEqual([zoya.id]);
    expect((await nurse.api.get(`/doctors?departmentId=${randomUUID()}`)).body).toEqual({
      items: [],
      nextCursor: null,
    });

    const page1 = await nurse.api.get('/doctors?limit=2');
    const page2 = await nurse.api.get(`/doctors?limit=2&cursor=${page1.body.nextCursor}`);
    expect([...page1.body.items, ...page2.body.items].map((d: any) => d.name)).toEqual([
      'Dr Anil Kumar',
      'Dr Meera Iyer',
      'Dr Zoya Khan',
    ]);
    expect(page2.body.nextCursor).toBeNull();
    // A cursor of the all-doctors list does not fit a department's list.
    expectError(
      await nurse.api.get(`/doctors?departmentId=${cardio.id}&cursor=${page1.body.nextCursor}`),
      400,
      /cursor/,
    );

    expectError(await nurse.api.get(`/doctors/${randomUUID()}`), 404);
    const t2 = await newTenant(rt.url);
    expectError(await t2.admin.get(`/doctors/${meera.id}`), 404);
    expect((await t2.admin.get('/doctors')).body.items).toEqual([]);
  });

  it('refuses non-DOCTOR users, unknown users and departments, and a second profile', async () => {
    const t = await newTenant(rt.url);
    const dept = (await t.admin.post('/departments', { name: 'General Medicine' })).body;
    const nurse = await user(t, 'Nora Nurse', 'NURSE');
    const doc = await user(t, 'Dr Dev Shah');
    const base = { departmentId: dept.id, specialty: 'General medicine', consultationFee: 300 };

    expectError(
      await t.admin.post('/doctors', { ...base, userId: nurse.id }),
      409,
      /role NURSE; only users with role DOCTOR/,
    );
    expectError(
      await t.admin.post('/doctors', { ...base, userId: t.registration.admin.id }),
      409,
      /role ADMIN/,
    );
    expectError(
      await t.admin.post('/doctors', { ...base, userId: randomUUID() }),
      404,
      /User .* not found/,
    );
    expectError(
      await t.admin.post('/doctors', { ...base, userId: doc.id, departmentId: randomUUID() }),
      404,
      /Department .* not found/,
    );

    // Another tenant's department and user are unknown here.
    const t2 = await newTenant(rt.url);
    const otherDept = (await t2.admin.post('/departments', { name: 'General Medicine' })).body;
    expectError(
      await t.admin.post('/doctors', { ...base, userId: doc.id, departmentId: otherDept.id }),
      404,
      /Department/,
    );
    expectError(
      await t2.admin.post('/doctors', { ...base, departmentId: otherDept.id, userId: doc.id }),
      404,
      /User/,
    );

    expect((await t.admin.post('/doctors', { ...base, userId: doc.id })).status).toBe(201);
    expectError(
      await t.admin.post('/doctors', { ...base, userId: doc.id }),
      409,
      /already has a doctor profile/,
    );

    // A deactivated doctor cannot get a profile.
    const gone = await user(t, 'Dr Gone');
    expect((await t.admin.patch(`/users/${gone.id}`, { active: false })).status).toBe(200);
    expectError(await t.admin.post('/doctors', { ...base, userId: gone.id }), 409, /deactivated/);

    // Only administrators create profiles.
    expectError(await doc.api.post('/doctors', { ...base, userId: doc.id }), 403);
    expect((await t.admin.get('/doctors')).body.items).toHaveLength(1);
  });

  it.each([
    [{ consultationFee: 10.555 }, /consultationFee: must have at most 2 decimal places/],
    [{ consultationFee: -1 }, /consultationFee: must be between 0 and 1000000/],
    [{ consultationFee: 1_000_001 }, /consultationFee: must be between 0 and 1000000/],
    [{ consultationFee: '500' }, /consultationFee: must be a number/],
    [{ currency: 'usd' }, /currency: must be an ISO 4217 code/],
    [{ currency: 'ABC' }, /currency: is not a known ISO 4217/],
    [{ specialty: '' }, /specialty: must not be empty/],
    [{ userId: 'bad id!' }, /userId: must be a valid id/],
    [
      { schedule: { slotMinutes: 3, sessions: [{ day: 'MON', start: '09:00', end: '10:00' }] } },
      /schedule\.slotMinutes/,
    ],
    [{ extra: true }, /extra|Unrecognized/i],
  ])('bad profile body %# answers 400 naming the field', async (overrides, message) => {
    const t = await newTenant(rt.url);
    const dept = (await t.admin.post('/departments', { name: 'Dermatology' })).body;
    const doc = await user(t, 'Dr Val');
    const r = await t.admin.post('/doctors', {
      userId: doc.id,
      departmentId: dept.id,
      specialty: 'Skin',
      consultationFee: 100,
      ...overrides,
    });
    expectError(r, 400, message);
    expect((await t.admin.get('/doctors')).body.items).toEqual([]);
  });
});

describe('weekly schedule', () => {
  it('a doctor sets their own schedule, not another doctor’s; admin sets any; invalid schedules are refused', async () => {
    const t = await newTenant(rt.url);
    const dept = (await t.admin.post('/departments', { name: 'Paediatrics' })).body;
    const a = await user(t, 'Dr Asha');
    const b = await user(t, 'Dr Bala');
    for (const d of [a, b]) {
      expect(
        (
          await t.admin.post('/doctors', {
            userId: d.id,
            departmentId: dept.id,
            specialty: 'Paediatrics',
            consultationFee: 250,
          })
        ).status,
      ).toBe(201);
    }

    const own = await a.api.put(`/doctors/${a.id}/schedule`, SCHEDULE);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: a.id, schedule: SCHEDULE });
    expect((await t.admin.get(`/doctors/${a.id}`)).body.schedule).toEqual(SCHEDULE);

    expectError(
      await a.api.put(`/doctors/${b.id}/schedule`, SCHEDULE),
      403,
      /only their own schedule/,
    );
    expect((await t.admin.get(`/doctors/${b.id}`)).body.schedule).toBeNull();

    const byAdmin = await t.admin.put(`/doctors/${b.id}/schedule`, {
      slotMinutes: 20,
      sessions: [{ day: 'SAT', start: '10:00', end: '12:00' }],
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.schedule).toEqual({
      slotMinutes: 20,
      sessions: [{ day: 'SAT', start: '10:00', end: '12:00' }],
    });
    expect(byAdmin.body.updatedAt >= byAdmin.body.createdAt).toBe(true);

    const overlapping = await a.api.put(`/doctors/${a.id}/schedule`, {
      slotMinutes: 15,
      sessions: [
        { day: 'MON', start: '09:00', end: '12:00' },
        { day: 'MON', start: '11:00', end: '13:00' },
      ],
    });
    expectError(overlapping, 400, /sessions\.1\.start: .*overlaps sessions\.0/);
    expectError(
      await a.api.put(`/doctors/${a.id}/schedule`, {
        slotMinutes: 15,
        sessions: [{ day: 'FUNDAY', start: '09:00', end: '10:00' }],
      }),
      400,
      /sessions\.0\.day/,
    );
    expectError(
      await a.api.put(`/doctors/${a.id}/schedule`, {
        slotMinutes: 15,
        sessions: [{ day: 'MON', start: '10:00', end: '09:00' }],
      }),
      400,
      /sessions\.0\.end/,
    );
    expectError(
      await a.api.put(`/doctors/${a.id}/schedule`, {
        slotMinutes: 15,
        sessions: [{ day: 'MON', start: '9am', end: '10:00' }],
      }),
      400,
      /sessions\.0\.start/,
    );
    expectError(
      await a.api.put(`/doctors/${a.id}/schedule`, { slotMinutes: 15, sessions: [] }),
      400,
      /sessions/,
    );
    expect((await t.admin.get(`/doctors/${a.id}`)).body.schedule).toEqual(SCHEDULE);

    const nurse = await t.staff('NURSE');
    expectError(await nurse.api.put(`/doctors/${a.id}/schedule`, SCHEDULE), 403, /NURSE/);
    expectError(await t.admin.put(`/doctors/${randomUUID()}/schedule`, SCHEDULE), 404);
    // A DOCTOR user without a profile gets 404 for their own id.
    const c = await user(t, 'Dr Chandra');
    expectError(await c.api.put(`/doctors/${c.id}/schedule`, SCHEDULE), 404);

    const reader = await t.key(['doctors:read']);
    expect((await reader.api.get(`/doctors/${a.id}`)).status).toBe(200);
    expectError(await reader.api.put(`/doctors/${a.id}/schedule`, SCHEDULE), 403, /doctors:write/);
  });
});
