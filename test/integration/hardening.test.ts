/**
 * The hardening points of the current issue, through the local runtime over HTTP: list cursors
 * bound to their query, query keys named like Object.prototype members, JSON-only bodies, one
 * date bound, phone numbers in one normal form, and round-the-clock schedules.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, type ManifestRoute } from '../../shared/api/index';
import { isPublicRoute } from '../../shared/http/route';
import { open as openCursor, seal as sealCursor } from '../../shared/kernel/store/cursor';
import { addDays, zonedDateTimeToUtc } from '../../shared/kernel/time/zoned-time';
import { isMcpPath } from '../../shared/mcp/function';
import { type Client, client, expectError, newTenant, type Reply } from '../support/api';
import { DAY_SCHEDULE, opdHospital, opdRuntime } from '../support/opd';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);

type Hospital = Awaited<ReturnType<typeof opdHospital>>;

/** A request exactly as given: no content type added, the body sent as is. */
async function raw(
  method: string,
  path: string,
  options: {
    headers?: Record<string, string>;
    body?: string | Blob;
    token?: string;
    tenantId?: string;
  },
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.tenantId) headers['x-tenant-id'] = options.tenantId;
  const res = await fetch(opd.url + path, { method, headers, body: options.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* HTML or a script */
  }
  return { status: res.status, body, headers: res.headers };
}

/** A local wall-clock time in the hospital's zone as the ISO instant the API answers. */
const at = (date: string, time: string) => zonedDateTimeToUtc(date, time, TZ).toISOString();

// ---------------------------------------------------------------------------------------------
// 1. Cursors bound to their query
// ---------------------------------------------------------------------------------------------

interface CursorPayload {
  q: string;
  k: Record<string, string>;
}
// Cursors are sealed (shared/kernel/store/cursor.ts): these checks play a client that holds the
// deployment's key (the runtime's, in this process), to test the rules behind the seal.
const decode = (cursor: string) => JSON.parse(openCursor(cursor) ?? 'null') as CursorPayload;
const encode = (payload: unknown) => sealCursor(JSON.stringify(payload));
const withQuery = (path: string, query: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${query}`;

/**
 * Page 1 (limit=1) of a list, then page 2 with its cursor and the same query: page 2 answers 200
 * with another item. Answers page 1's cursor.
 */
async function twoPages(api: Client, path: string): Promise<string> {
  const first = await api.get(withQuery(path, 'limit=1'));
  expect(first.status, `${path}: ${JSON.stringify(first.body)}`).toBe(200);
  expect(first.body.items, path).toHaveLength(1);
  const cursor = first.body.nextCursor;
  expect(typeof cursor, `${path} has a second page`).toBe('string');
  const second = await api.get(withQuery(path, `limit=1&cursor=${encodeURIComponent(cursor)}`));
  expect(second.status, `${path} page 2: ${JSON.stringify(second.body)}`).toBe(200);
  expect(second.body.items, `${path} page 2`).toHaveLength(1);
  expect(second.body.items[0].id, `${path}: page 2 differs from page 1`).not.toBe(
    first.body.items[0].id,
  );
  return cursor;
}

/** The cursor on another query answers 400 `cursor: …` (not 500, not a page of another list). */
async function expectCursorRefused(
  api: Client,
  path: string,
  cursor: string,
  message = /^cursor: /,
) {
  const reply = await api.get(withQuery(path, `limit=1&cursor=${encodeURIComponent(cursor)}`));
  expectError(reply, 400, message);
}

const OTHER_QUERY = /^cursor: belongs to another list or to the same list with other filters/;
const EDITED = /^cursor: is not a valid cursor for this list/;

describe('1. list cursors are bound to their query', () => {
  let h: Hospital;
  let doctor2: any;
  let dept2: any;
  let patients: any[];
  let tomorrow: string;
  let dayAfter: string;

  beforeAll(async () => {
    h = await opdHospital(opd.url, TZ);
    tomorrow = addDays(opd.today, 1);
    dayAfter = addDays(opd.today, 2);
    // Patients named so that q=a and q=b each find two; every phone number ends in 4321.
    patients = [];
    for (const [i, name] of ['Anand Rao', 'Anita Rao', 'Bala Iyer', 'Bina Iyer'].entries())
      patients.push(await h.patient({ name, phone: `+91 98450 ${i + 1}4321` }));
    // A second doctor in the first department, and a second department with none.
    const user2 = await h.staff('DOCTOR');
    const d2 = await h.admin.post('/doctors', {
      userId: user2.user.id,
      departmentId: h.department.id,
      specialty: 'Paediatrics',
      consultationFee: 400,
      schedule: DAY_SCHEDULE,
    });
    expect(d2.status, JSON.stringify(d2.body)).toBe(201);
    doctor2 = d2.body;
    const dep = await h.admin.post('/departments', {
      name: `Cardiology ${randomUUID().slice(0, 4)}`,
    });
    expect(dep.status, JSON.stringify(dep.body)).toBe(201);
    dept2 = dep.body;
    for (const name of ['first key', 'second key']) await h.key(['patients:read'], name);
    // Tomorrow: two appointments with doctor 1 and one with doctor 2; patient 0 has two.
    for (const [patient, doctor, time] of [
      [patients[0], h.doctor, '10:00'],
      [patients[1], h.doctor, '10:15'],
      [patients[0], doctor2, '11:00'],
    ] as const) {
      const r = await h.reception.api.post('/appointments', {
        patientId: patient.id,
        doctorId: doctor.id,
        start: at(tomorrow, time),
        reason: 'Review',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    // Today: two walk-in encounters with doctor 1.
    for (const patient of patients.slice(2)) {
      const r = await h.admin.post('/encounters', {
        patientId: patient.id,
        doctorId: h.doctor.id,
        chiefComplaint: 'Cough',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
  }, 60_000);

  /** Every paginated list and filter, by name (built once the data exists). */
  const lists = (): Record<string, string> => ({
    patients: '/patients',
    patientsA: '/patients?q=a',
    patientsB: '/patients?q=b',
    patientsPhone: `/patients?q=${encodeURIComponent('+91 98')}`,
    patientsPhoneEnd: '/patients?q=4321',
    users: '/users',
    apiKeys: '/api-keys',
    departments: '/departments',
    doctors: '/doctors',
    doctorsOfDept: `/doctors?departmentId=${h.department.id}`,
    apptsTomorrow: `/appointments?date=${tomorrow}`,
    apptsTomorrowBooked: `/appointments?date=${tomorrow}&status=booked`,
    apptsDoctor: `/appointments?doctorId=${h.doctor.id}`,
    apptsDoctorTomorrow: `/appointments?doctorId=${h.doctor.id}&date=${tomorrow}`,
    apptsPatient: `/appointments?patientId=${patients[0].id}`,
    encounters: '/encounters',
    encountersToday: `/encounters?date=${opd.today}`,
    encountersDoctor: `/encounters?doctorId=${h.doctor.id}`,
    encountersInProgress: '/encounters?status=in-progress',
  });
  /** The nextCursor of page 1 (limit=1) of a named list. */
  async function cursorOf(name: string): Promise<string> {
    const path = lists()[name];
    if (!path) throw new Error(`no list ${name}`);
    const first = await h.admin.get(withQuery(path, 'limit=1'));
    expect(first.status, `${path}: ${JSON.stringify(first.body)}`).toBe(200);
    expect(typeof first.body.nextCursor, `${path} has a second page`).toBe('string');
    return first.body.nextCursor;
  }

  it('every paginated list pages on with the same query (page 2 differs from page 1)', async () => {
    for (const path of Object.values(lists())) await twoPages(h.admin, path);
  });

  it('a cursor reused after the query changed answers 400 "cursor: …"', async () => {
    const refused: [string, string][] = [
      // another q
      ['patientsA', '/patients?q=b'],
      ['patientsB', '/patients?q=a'],
      ['patientsA', '/patients?q=an'],
      ['patientsPhone', `/patients?q=${encodeURIComponent('+44 20')}`],
      ['patientsPhoneEnd', '/patients?q=14321'],
      ['patientsPhone', '/patients?q=4321'],
      // a list used as a search, and back
      ['patients', '/patients?q=a'],
      ['patientsA', '/patients'],
      // another list entirely
      ['users', '/api-keys'],
      ['apiKeys', '/users'],
      ['departments', '/doctors'],
      ['doctors', '/departments'],
      ['users', '/patients'],
      // another departmentId, or none
      ['doctors', `/doctors?departmentId=${h.department.id}`],
      ['doctorsOfDept', `/doctors?departmentId=${dept2.id}`],
      ['doctorsOfDept', '/doctors'],
      // another date
      ['apptsTomorrow', `/appointments?date=${dayAfter}`],
      ['apptsDoctorTomorrow', `/appointments?doctorId=${h.doctor.id}&date=${dayAfter}`],
      ['encountersToday', `/encounters?date=${addDays(opd.today, -1)}`],
      // another doctorId
      ['apptsDoctor', `/appointments?doctorId=${doctor2.id}`],
      ['apptsTomorrow', `/appointments?doctorId=${h.doctor.id}`],
      ['encounters', `/encounters?doctorId=${h.doctor.id}`],
      ['encountersDoctor', `/encounters?doctorId=${doctor2.id}`],
      // another patientId
      ['apptsPatient', `/appointments?patientId=${patients[1].id}`],
      // another status, or a status added
      ['apptsTomorrowBooked', `/appointments?date=${tomorrow}&status=cancelled`],
      ['apptsTomorrow', `/appointments?date=${tomorrow}&status=booked`],
      ['encountersInProgress', '/encounters?status=completed'],
      ['encounters', '/encounters?status=in-progress'],
    ];
    for (const [from, path] of refused) {
      const cursor = await cursorOf(from);
      const reply = await h.admin.get(
        withQuery(path, `limit=1&cursor=${encodeURIComponent(cursor)}`),
      );
      expect(reply.status, `${from} cursor on ${path}: ${JSON.stringify(reply.body)}`).toBe(400);
      expectError(reply, 400, OTHER_QUERY);
    }
  });

  it('another hospital\'s cursor for the same list answers 400 "cursor: …"', async () => {
    const other = await newTenant(opd.url, { timezone: TZ });
    await other.staff('NURSE');
    const cursor = await twoPages(other.admin, '/users');
    await expectCursorRefused(h.admin, '/users', cursor, OTHER_QUERY);
  });

  it('a hand-edited cursor (empty key values, a sort key outside the range, another partition) answers 400 "cursor: …"', async () => {
    // Empty strings, keeping the digest of the query: every key value, then one at a time.
    const users = decode(await cursorOf('users'));
    const emptied = Object.fromEntries(Object.keys(users.k).map((a) => [a, '']));
    await expectCursorRefused(h.admin, '/users', encode({ q: users.q, k: emptied }), EDITED);
    for (const attribute of Object.keys(users.k)) {
      const k = { ...users.k, [attribute]: '' };
      await expectCursorRefused(h.admin, '/users', encode({ q: users.q, k }), EDITED);
    }

    // A sort key outside the queried range: doctor 1's appointments of tomorrow, moved a day on
    // (same partition, same digest) and back before the range.
    const appts = decode(await cursorOf('apptsDoctorTomorrow'));
    const path = `/appointments?doctorId=${h.doctor.id}&date=${tomorrow}`;
    expect(appts.k.gsi2sk, 'by-doctor appointments sort by start').toMatch(/^\d{4}-\d{2}-\d{2}T/);
    for (const sk of [
      appts.k.gsi2sk!.replace(tomorrow, dayAfter),
      appts.k.gsi2sk!.replace(tomorrow, opd.today),
    ]) {
      const k = { ...appts.k, gsi2sk: sk };
      await expectCursorRefused(h.admin, path, encode({ q: appts.q, k }), EDITED);
    }

    // A name search's sort key that does not start with the searched prefix.
    const names = decode(await cursorOf('patientsA'));
    const nameSortAttr = Object.keys(names.k).find((a) => /^gsi\dsk$/.test(a))!;
    expect(names.k[nameSortAttr]!.startsWith('a')).toBe(true);
    await expectCursorRefused(
      h.admin,
      '/patients?q=a',
      encode({
        q: names.q,
        k: { ...names.k, [nameSortAttr]: `b${names.k[nameSortAttr]!.slice(1)}` },
      }),
      EDITED,
    );

    // Another department's partition under the digest of this department's query.
    const ofDept = decode(await cursorOf('doctorsOfDept'));
    const partAttr = Object.keys(ofDept.k).find((a) => /^gsi\dpk$/.test(a))!;
    expect(ofDept.k[partAttr]).toContain(h.department.id);
    await expectCursorRefused(
      h.admin,
      `/doctors?departmentId=${h.department.id}`,
      encode({
        q: ofDept.q,
        k: { ...ofDept.k, [partAttr]: ofDept.k[partAttr]!.replace(h.department.id, dept2.id) },
      }),
      EDITED,
    );

    // Not a cursor at all.
    for (const junk of ['not-a-cursor', encode({ q: users.q }), encode([1, 2]), encode('x')])
      await expectCursorRefused(h.admin, '/users', junk, /^cursor: is not a valid cursor/);

    // The untouched cursors still work.
    const again = await h.admin.get(`/users?limit=1&cursor=${await cursorOf('users')}`);
    expect(again.status).toBe(200);
    expect(again.body.items).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Query keys named like Object.prototype members
// ---------------------------------------------------------------------------------------------

const PROTOTYPE_QUERIES: [query: string, key: string][] = [
  ['constructor=1', 'constructor'],
  ['__proto__=1', '__proto__'],
  ['toString=x', 'toString'],
  ['hasOwnProperty=1', 'hasOwnProperty'],
  ['constructor=1&constructor=2', 'constructor'],
];
/**
 * Body operations that succeed with an empty body and happen once per hospital at a time: the
 * repeat (with the query) answers 409 while what the first call made is still there (an export
 * under way, the demo data), else the same success.
 */
const ONCE_PER_HOSPITAL = new Set(['POST /tenants/current/exports', 'POST /demo']);
const ZERO_ID = '00000000-0000-0000-0000-000000000000';
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const samplePath = (route: ManifestRoute) =>
  route.path.replace(/\{(\w+)\}/g, (_m, name) => (name === 'name' ? 'missing.js' : ZERO_ID));

describe('2. query keys named like Object.prototype members', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  beforeAll(async () => {
    t = await newTenant(opd.url, { timezone: TZ });
  });

  it.each(allRoutes().map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: never 500; an operation answers 4xx with the error body, a GET operation 400 naming the key',
    async (_label, route) => {
      const api = isPublicRoute(route) ? t.anon : t.admin;
      const path = samplePath(route);
      const send = (p: string) =>
        route.method === 'GET' ? api.get(p) : api.call(route.method, p, {});
      const plain = await send(path);
      for (const [query, key] of PROTOTYPE_QUERIES) {
        const reply = await send(`${path}?${query}`);
        const label = `${route.method} ${path}?${query}: ${reply.status} ${JSON.stringify(reply.body)}`;
        expect(reply.status, label).toBeLessThan(500);
        // Pages, page scripts and the health check take no query, and neither does a body
        // operation (POST/PUT/PATCH); one that needs no input (the lab starter catalogue) succeeds
        // with an empty body: the query changes nothing.
        if (route.kind !== 'operation' || (route.body !== null && plain.status < 400)) {
          const once = plain.status < 400 && ONCE_PER_HOSPITAL.has(`${route.method} ${route.path}`);
          if (once) expect([plain.status, 409], label).toContain(reply.status);
          else expect(reply.status, label).toBe(plain.status);
          if (reply.status >= 400) expectError(reply, reply.status);
          continue;
        }
        expect(reply.status, label).toBeGreaterThanOrEqual(400);
        expectError(reply, reply.status);
        if (route.body === null) {
          // A route whose input is path + query: the key is an unknown field, named.
          expectError(reply, 400, /^Invalid query: /);
          expect(reply.body.message, label).toMatch(
            new RegExp(`${escapeRegExp(key)}: is not a known field`),
          );
        }
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// 3. JSON only
// ---------------------------------------------------------------------------------------------

const BOUNDARY = 'hardening-boundary';
const NOT_JSON: { type: string; body: string }[] = [
  { type: 'text/plain', body: '{"name":"Plain Text"}' },
  { type: 'text/plain;charset=UTF-8', body: '{"name":"Plain Text"}' },
  { type: 'application/x-www-form-urlencoded', body: 'name=Form+Post&role=ADMIN' },
  {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nMultipart\r\n--${BOUNDARY}--\r\n`,
  },
];
const UNSUPPORTED = /^Send the body as JSON with Content-Type: application\/json \(got /;

describe('3. JSON only: a body of another content type is 415 and writes nothing', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  beforeAll(async () => {
    t = await newTenant(opd.url, { timezone: TZ });
  });

  it.each(
    allRoutes()
      .filter((r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH')
      // Locally MCP is served at the origin's root, so the REST API's /mcp and /messages
      // pointers answer only under a stage prefix (test/integration/mcp-pointer.test.ts).
      .filter((r) => !isMcpPath(r.path))
      .map((r) => [`${r.method} ${r.path}`, r] as const),
  )('%s refuses text/plain, form and multipart bodies with 415', async (_label, route) => {
    const auth = isPublicRoute(route) ? {} : { token: t.token, tenantId: t.tenantId };
    for (const { type, body } of NOT_JSON) {
      const reply = await raw(route.method, samplePath(route), {
        ...auth,
        headers: { 'content-type': type },
        body,
      });
      expectError(reply, 415, UNSUPPORTED);
      expect(reply.body.error).toBe('Unsupported Media Type');
      expect(reply.body.message).toContain(type);
    }
    // No content type at all, with a body: 415 too.
    const untyped = await raw(route.method, samplePath(route), {
      ...auth,
      // A Blob without a type: fetch adds no content type.
      body: new Blob(['{}']),
    });
    expectError(untyped, 415, /\(got none\)$/);
  });

  it('a form-encoded, text or multipart POST /tenants registers no hospital: the slug stays free', async () => {
    const suffix = randomUUID().slice(0, 8);
    const registration = {
      hospitalName: `Form Hospital ${suffix}`,
      slug: `form-${suffix}`,
      adminName: 'Farah Form',
      adminEmail: `form-${suffix}@example.test`,
      adminPassword: 'correct-horse-battery-staple',
    };
    const attempts = [
      {
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(registration).toString(),
      },
      { type: 'text/plain', body: JSON.stringify(registration) },
      {
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        body: `${Object.entries(registration)
          .map(
            ([k, v]) =>
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
          )
          .join('')}--${BOUNDARY}--\r\n`,
      },
    ];
    for (const { type, body } of attempts) {
      const reply = await raw('POST', '/tenants', { headers: { 'content-type': type }, body });
      expectError(reply, 415, UNSUPPORTED);
    }
    // Nobody can sign in as the would-be administrator, and the slug is still free.
    const login = await t.anon.post('/auth/login', {
      email: registration.adminEmail,
      password: registration.adminPassword,
    });
    expectError(login, 401);
    const json = await t.anon.post('/tenants', registration);
    expect(json.status, JSON.stringify(json.body)).toBe(201);
    expect(json.body.tenant.slug).toBe(registration.slug);
  });

  it('a text/plain sign-in with the right password is 415 and issues no token', async () => {
    const { email, password } = t.registration.credentials;
    const reply = await raw('POST', '/auth/login', {
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email, password }),
    });
    expectError(reply, 415, UNSUPPORTED);
    expect(reply.body).not.toHaveProperty('accessToken');
  });

  it('authorised writes with another content type change nothing', async () => {
    const auth = { token: t.token, tenantId: t.tenantId };
    const nurse = await t.staff('NURSE');
    const key = await t.key(['patients:read'], 'kept key');

    const patient = JSON.stringify({
      name: 'Text Plain',
      dateOfBirth: '1980-01-01',
      sex: 'male',
      phone: '+91 98450 99999',
    });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded'])
      expectError(
        await raw('POST', '/patients/register', {
          ...auth,
          headers: { 'content-type': type },
          body: patient,
        }),
        415,
      );
    expect((await t.admin.get('/patients')).body).toEqual({ items: [], nextCursor: null });

    expectError(
      await raw('PATCH', `/users/${nurse.user.id}`, {
        ...auth,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'active=false&name=Changed',
      }),
      415,
    );
    const users = (await t.admin.get('/users')).body.items;
    expect(users.find((u: any) => u.id === nurse.user.id)).toMatchObject({
      name: nurse.user.name,
      active: true,
    });

    expectError(
      await raw('POST', `/api-keys/${key.key.id}/revoke`, {
        ...auth,
        headers: { 'content-type': 'text/plain' },
        body: 'revoke',
      }),
      415,
    );
    const keys = (await t.admin.get('/api-keys')).body.items;
    expect(keys.find((k: any) => k.id === key.key.id)).toMatchObject({ status: 'active' });
    expect((await key.api.get('/patients')).status).toBe(200);
  });

  it('accepts application/json with a charset and +json types; a request without a body needs no content type', async () => {
    const auth = { token: t.token, tenantId: t.tenantId };
    const dept = await raw('POST', '/departments', {
      ...auth,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ name: 'Charset Medicine' }),
    });
    expect(dept.status, JSON.stringify(dept.body)).toBe(201);
    expect(dept.body.name).toBe('Charset Medicine');

    const nurse = await t.staff('NURSE');
    const patched = await raw('PATCH', `/users/${nurse.user.id}`, {
      ...auth,
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ name: 'Merge Patched' }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.name).toBe('Merge Patched');

    const suffix = randomUUID().slice(0, 8);
    const registered = await raw('POST', '/tenants', {
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
      body: JSON.stringify({
        hospitalName: `Charset Hospital ${suffix}`,
        slug: `charset-${suffix}`,
        adminName: 'Carla Charset',
        adminEmail: `charset-${suffix}@example.test`,
      }),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);

    const key = await t.key(['patients:read'], 'to revoke');
    const rotated = await raw('POST', `/api-keys/${key.key.id}/rotate`, auth);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const revoked = await raw('POST', `/api-keys/${key.key.id}/revoke`, auth);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body).toMatchObject({ id: key.key.id, status: 'revoked' });
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Dates bounded in one place
// ---------------------------------------------------------------------------------------------

describe('4. dates are bounded in one place', () => {
  let h: Hospital;
  beforeAll(async () => {
    h = await opdHospital(opd.url, TZ);
  }, 60_000);

  it('a booking start beyond 2999 or past the 365-day horizon answers 400 naming start, and nothing is written', async () => {
    const patient = await h.patient();
    const book = (start: string) =>
      h.reception.api.post('/appointments', {
        patientId: patient.id,
        doctorId: h.doctor.id,
        start,
        reason: 'Annual review',
      });
    /** 400 with the message, and `start` the one field named. */
    const refused = async (start: string, message: RegExp) => {
      const reply = await book(start);
      expectError(reply, 400, message);
      expect(
        reply.body.issues.map((i: any) => i.field),
        start,
      ).toEqual(['start']);
    };
    const BOUNDS = /^Invalid body: start: must be between 1900-01-01 and 2999-12-31$/;
    await refused('3026-05-04T10:00:00+05:30', BOUNDS);
    await refused('3026-05-04T04:30:00Z', BOUNDS);
    await refused('9999-12-31T10:00:00+05:30', BOUNDS);
    // 9999-12-31T23:00-05:00 is in year 10000 in UTC.
    await refused('9999-12-31T23:00:00-05:00', BOUNDS);
    await refused('3000-01-01T00:00:00Z', BOUNDS);

    // 09:00 in Kolkata is 03:30Z the same day, so the latest bookable UTC date is a year on.
    const HORIZON = new RegExp(
      `^Invalid body: start: is more than 365 days ahead \\(latest ${addDays(opd.today, 365)}\\); book within a year$`,
    );
    await refused(at(addDays(opd.today, 400), '10:00'), HORIZON);
    await refused(at(addDays(opd.today, 366), '08:00'), HORIZON);
    // The clock says 09:00 today: a year on, 09:15 is past the horizon and 08:45 is not.
    await refused(at(addDays(opd.today, 365), '09:15'), HORIZON);
    await refused('2999-12-31T10:00:00+05:30', HORIZON);

    const list = await h.reception.api.get(`/appointments?patientId=${patient.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [], nextCursor: null });

    // The last day within the horizon still books (another patient, so the list above stays empty).
    const other = await h.patient();
    const edge = await h.reception.api.post('/appointments', {
      patientId: other.id,
      doctorId: h.doctor.id,
      start: at(addDays(opd.today, 365), '08:45'),
      reason: 'Annual review',
    });
    expect(edge.status, JSON.stringify(edge.body)).toBe(201);
  });

  it('list, queue and availability queries with a date in 3026 answer 400 naming date', async () => {
    const DATE = /^Invalid query: date: must be between 1900-01-01 and 2999-12-31$/;
    for (const path of [
      '/appointments?date=3026-01-05',
      `/appointments?doctorId=${h.doctor.id}&date=3026-01-05`,
      `/appointments/queue?doctorId=${h.doctor.id}&date=3026-01-05`,
      `/doctors/${h.doctor.id}/availability?date=3026-01-05`,
      `/doctors/${h.doctor.id}/availability?date=9999-12-31`,
      '/encounters?date=3026-01-05',
      '/appointments?date=1899-12-31',
    ])
      expectError(await h.admin.get(path), 400, DATE);
    // The bounds themselves are valid dates to ask about.
    expect((await h.admin.get('/appointments?date=2999-12-31')).status).toBe(200);
    expect((await h.admin.get(`/doctors/${h.doctor.id}/availability?date=2999-12-31`)).status).toBe(
      200,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// 5. Phone numbers in one normal form
// ---------------------------------------------------------------------------------------------

describe('5. phone numbers in one normal form', () => {
  const DOB = '1975-03-14';
  const person = (phone: string, extra: Record<string, unknown> = {}) => ({
    name: 'Meera Nair',
    dateOfBirth: DOB,
    sex: 'female',
    phone,
    ...extra,
  });

  it('a hospital in Asia/Kolkata reads national numbers as Indian: duplicates, search and the stored forms', async () => {
    const t = await newTenant(opd.url, { timezone: 'Asia/Kolkata' });
    const current = await t.admin.get('/tenants/current');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ timezone: 'Asia/Kolkata', country: 'IN' });
    expect(t.registration.tenant.country).toBe('IN');

    const first = await t.admin.post('/patients/register', person('+91 98450 12345'));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const p = first.body;
    expect(p).toMatchObject({ phone: '+91 98450 12345', phoneE164: '+919845012345' });

    for (const phone of ['9845012345', '098450-12345', '098450 12345', '91 98450 12345']) {
      const dup = await t.admin.post('/patients/register', person(phone));
      expectError(
        dup,
        409,
        new RegExp(`^A patient with the same phone and date of birth exists \\(${p.mrn}\\)`),
      );
      expect(dup.body).toMatchObject({ existingMrn: p.mrn, existingPatientId: p.id });
    }
    // The same number with another date of birth is another person.
    const sibling = await t.admin.post(
      '/patients/register',
      person('9845012345', { name: 'Meena Nair', dateOfBirth: '1978-06-01' }),
    );
    expect(sibling.status, JSON.stringify(sibling.body)).toBe(201);

    for (const q of ['9845012345', '09845012345', '+91 98450', '12345', '+919845012345']) {
      const r = await t.admin.get(`/patients?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      const found = r.body.items.find((x: any) => x.id === p.id);
      expect(found, `q=${q}`).toEqual(p);
      expect(
        r.body.items.map((x: any) => x.phoneE164),
        `q=${q}`,
      ).toEqual(['+919845012345', '+919845012345']);
    }

    const confirmed = await t.admin.post(
      '/patients/register',
      person('9845012345', { confirmDuplicate: true }),
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body).toMatchObject({ phone: '9845012345', phoneE164: '+919845012345' });
    expect(confirmed.body.id).not.toBe(p.id);
    expect(confirmed.body.mrn).not.toBe(p.mrn);
    const all = await t.admin.get(`/patients?q=${encodeURIComponent('098450-12345')}`);
    expect(all.body.items.map((x: any) => x.id).sort()).toEqual(
      [p.id, sibling.body.id, confirmed.body.id].sort(),
    );
  });

  it('a hospital without a country needs the country code; an explicit country is the default', async () => {
    const utc = await newTenant(opd.url, { timezone: 'UTC' });
    const current = await utc.admin.get('/tenants/current');
    expect(current.status).toBe(200);
    expect(current.body).not.toHaveProperty('country');
    for (const phone of ['9845012345', '020 7946 0958'])
      expectError(
        await utc.admin.post('/patients/register', person(phone)),
        400,
        /^Invalid body: phone: needs its country code/,
      );
    expect((await utc.admin.get('/patients')).body.items).toEqual([]);
    const intl = await utc.admin.post('/patients/register', person('+44 20 7946 0958'));
    expect(intl.status, JSON.stringify(intl.body)).toBe(201);
    expect(intl.body).toMatchObject({ phone: '+44 20 7946 0958', phoneE164: '+442079460958' });

    const gb = await newTenant(opd.url, { timezone: 'UTC', country: 'GB' });
    expect((await gb.admin.get('/tenants/current')).body).toMatchObject({ country: 'GB' });
    const london = await gb.admin.post('/patients/register', person('020 7946 0958'));
    expect(london.status, JSON.stringify(london.body)).toBe(201);
    expect(london.body).toMatchObject({ phone: '020 7946 0958', phoneE164: '+442079460958' });
    const found = await gb.admin.get(`/patients?q=${encodeURIComponent('020 7946 0958')}`);
    expect(found.body.items.map((x: any) => x.id)).toEqual([london.body.id]);
  });

  it('an invalid country at registration answers 400 naming country, and registers nothing', async () => {
    for (const country of ['XX', 'in', 'IND', '']) {
      const suffix = randomUUID().slice(0, 8);
      const body = {
        hospitalName: `Country Hospital ${suffix}`,
        slug: `country-${suffix}`,
        adminName: 'Chandra Country',
        adminEmail: `country-${suffix}@example.test`,
        timezone: 'Asia/Kolkata',
        country,
      };
      const anon = client(opd.url);
      expectError(await anon.post('/tenants', body), 400, /^Invalid body: country: /);
      const { country: _dropped, ...valid } = body;
      const ok = await anon.post('/tenants', valid);
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 6. A round-the-clock schedule
// ---------------------------------------------------------------------------------------------

describe('6. a round-the-clock schedule offers the last slot of the day', () => {
  let h: Hospital;
  beforeAll(async () => {
    h = await opdHospital(opd.url, TZ);
  }, 60_000);

  const ROUND_THE_CLOCK = {
    slotMinutes: 60,
    sessions: (['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const).map((day) => ({
      day,
      start: '00:00',
      end: '24:00',
    })),
  };

  it('00:00–24:00 sessions offer the 23:00 slot tomorrow, and it can be booked', async () => {
    const set = await h.admin.put(`/doctors/${h.doctor.id}/schedule`, ROUND_THE_CLOCK);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.schedule).toEqual(ROUND_THE_CLOCK);

    const tomorrow = addDays(opd.today, 1);
    const free = async () => {
      const r = await h.reception.api.get(`/doctors/${h.doctor.id}/availability?date=${tomorrow}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.slots as { start: string; end: string }[];
    };
    const slots = await free();
    expect(slots).toHaveLength(24);
    expect(slots[0]).toEqual({ start: at(tomorrow, '00:00'), end: at(tomorrow, '01:00') });
    const last = { start: at(tomorrow, '23:00'), end: at(addDays(tomorrow, 1), '00:00') };
    expect(slots[23]).toEqual(last);

    const patient = await h.patient();
    const booked = await h.reception.api.post('/appointments', {
      patientId: patient.id,
      doctorId: h.doctor.id,
      start: last.start,
      reason: 'Night review',
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({ start: last.start, end: last.end, date: tomorrow });
    const after = await free();
    expect(after).toHaveLength(23);
    expect(after.map((s) => s.start)).not.toContain(last.start);
  });

  it('a session ending 24:30 is refused with 400 naming the field, and the schedule stays', async () => {
    const before = (await h.admin.get(`/doctors/${h.doctor.id}`)).body.schedule;
    const reply = await h.admin.put(`/doctors/${h.doctor.id}/schedule`, {
      slotMinutes: 60,
      sessions: [{ day: 'MON', start: '00:00', end: '24:30' }],
    });
    expectError(reply, 400, /^Invalid body: sessions\.0\.end: .*24:00/);
    expect((await h.admin.get(`/doctors/${h.doctor.id}`)).body.schedule).toEqual(before);
  });
});
