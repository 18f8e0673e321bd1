import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { utcToZonedParts } from '../../shared/modules/doctors/schedule';
import { type Client, expectError, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

/** A phone number no other test uses: +91 then 10 random digits. */
const uniquePhone = () => `+91 ${randomInt(6, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

const patientBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Priya Sharma',
  dateOfBirth: '1990-04-12',
  sex: 'female',
  phone: uniquePhone(),
  ...overrides,
});

const INTERNAL =
  /"(pk|sk|gsi[1234](pk|sk)|phoneDigits|version|ownsDuplicateGuard|nameIndexCount|namePrev|nameNormalised|entity|tenantId)"/;

async function allPatientIds(api: Client): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const r: { status: number; body: any } = await api.get(
      `/patients?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(r.status).toBe(200);
    ids.push(...r.body.items.map((p: any) => p.id));
    cursor = r.body.nextCursor;
  } while (cursor);
  return ids;
}

const search = async (api: Client, q: string) => {
  const r = await api.get(`/patients?q=${encodeURIComponent(q)}&limit=100`);
  expect(r.status).toBe(200);
  return r.body.items as any[];
};

describe('patient registration, reads and search', () => {
  it('register → get → search by MRN, phone prefix and name prefix → PATCH', async () => {
    const t = await newTenant(rt.url);
    const rec = await t.staff('RECEPTIONIST');
    const body = patientBody({
      name: 'Priya  Sharma',
      phone: '+91 98765-43210',
      email: 'Priya@Example.test',
      address: { line: '12 MG Road', city: 'Pune', postalCode: '411001', country: 'IN' },
      bloodGroup: 'B+',
      allergies: ['Penicillin', 'penicillin', 'Latex'],
      emergencyContact: { name: 'Ravi Sharma', relationship: 'spouse', phone: '+91 98765 00000' },
    });
    const created = await rec.api.post('/patients/register', body);
    expect(created.status).toBe(201);
    const p = created.body;
    expect(p).toEqual({
      id: expect.any(String),
      mrn: 'MRN-000001',
      name: 'Priya  Sharma',
      dateOfBirth: '1990-04-12',
      sex: 'female',
      phone: '+91 98765-43210',
      phoneE164: '+919876543210',
      email: 'priya@example.test',
      address: { line: '12 MG Road', city: 'Pune', postalCode: '411001', country: 'IN' },
      bloodGroup: 'B+',
      allergies: ['Penicillin', 'Latex'],
      emergencyContact: { name: 'Ravi Sharma', relationship: 'spouse', phone: '+91 98765 00000' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(p)).not.toMatch(INTERNAL);

    const got = await rec.api.get(`/patients/${p.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(p);

    // Another patient, to show searches narrow.
    const other = await rec.api.post(
      '/patients/register',
      patientBody({
        name: 'Arjun Mehta',
        phone: '+44 20 7946 0958',
        dateOfBirth: '1985-01-01',
        sex: 'male',
      }),
    );
    expect(other.status).toBe(201);
    expect(other.body.mrn).toBe('MRN-000002');

    for (const q of ['MRN-000001', 'mrn-1', 'mrn1', 'mrn-0000001']) {
      const r = await rec.api.get(`/patients?q=${q}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ items: [p], nextCursor: null });
    }
    expect(await search(rec.api, 'MRN-000099')).toEqual([]);

    // With '+': the international number from its start.
    expect((await search(rec.api, '+91 987')).map((x) => x.id)).toEqual([p.id]);
    expect((await search(rec.api, '+9198765')).map((x) => x.id)).toEqual([p.id]);
    expect((await search(rec.api, '+4420')).map((x) => x.id)).toEqual([other.body.id]);
    expect(await search(rec.api, '+9198764')).toEqual([]);
    // Without '+': the number's last digits, so the national number or its tail finds the patient.
    expect((await search(rec.api, '98765 43210')).map((x) => x.id)).toEqual([p.id]);
    expect((await search(rec.api, '43210')).map((x) => x.id)).toEqual([p.id]);
    expect((await search(rec.api, '7946 0958')).map((x) => x.id)).toEqual([other.body.id]);
    expect(await search(rec.api, '9198765')).toEqual([]);
    expect(await search(rec.api, '555')).toEqual([]);

    for (const q of ['priya', 'PRIYA SH', 'Priya   Sharma', 'sharma', 'SHAR', 'príya']) {
      expect(
        (await search(rec.api, q)).map((x) => x.id),
        q,
      ).toEqual([p.id]);
    }
    expect((await search(rec.api, 'mehta')).map((x) => x.id)).toEqual([other.body.id]);
    expect(await search(rec.api, 'kumar')).toEqual([]);
    // Name-search results are whole patients too.
    expect((await search(rec.api, 'sharma'))[0]).toEqual(p);

    // PATCH: a doctor corrects the name, phone, allergies and clears the e-mail.
    const doctor = await t.staff('DOCTOR');
    const patched = await doctor.api.patch(`/patients/${p.id}`, {
      name: 'Priya Kapoor',
      phone: '+91 91234 56789',
      allergies: ['Sulfa'],
      email: null,
      bloodGroup: 'O-',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id: p.id,
      mrn: 'MRN-000001',
      name: 'Priya Kapoor',
      phone: '+91 91234 56789',
      allergies: ['Sulfa'],
      bloodGroup: 'O-',
    });
    expect(patched.body).not.toHaveProperty('email');
    expect(patched.body.updatedAt >= p.updatedAt).toBe(true);
    expect(patched.body.createdAt).toBe(p.createdAt);
    expect((await rec.api.get(`/patients/${p.id}`)).body).toEqual(patched.body);

    // Every index followed the change.
    expect(await search(rec.api, 'sharma')).toEqual([]);
    expect(await search(rec.api, 'priya sh')).toEqual([]);
    expect((await search(rec.api, 'priya k')).map((x) => x.id)).toEqual([p.id]);
    expect((await search(rec.api, 'kapoor')).map((x) => x.id)).toEqual([p.id]);
    expect((await search(rec.api, 'kapoor'))[0]).toEqual(patched.body);
    expect(await search(rec.api, '+919876')).toEqual([]);
    expect((await search(rec.api, '+919123')).map((x) => x.id)).toEqual([p.id]);
    expect((await search(rec.api, 'MRN-000001'))[0]).toEqual(patched.body);
  });

  it('a patient with repeated words in the name is found once', async () => {
    const t = await newTenant(rt.url);
    const created = await t.admin.post(
      '/patients/register',
      patientBody({ name: 'Sharma Sharma Sharmila' }),
    );
    expect(created.status).toBe(201);
    for (const q of ['sharma', 'sharm', 'sharmila', 'sharma sharma'])
      expect(await search(t.admin, q), q).toHaveLength(1);
  });

  it('lists newest first and validates q', async () => {
    const t = await newTenant(rt.url);
    const a = (await t.admin.post('/patients/register', patientBody({ name: 'First One' }))).body;
    const b = (await t.admin.post('/patients/register', patientBody({ name: 'Second One' }))).body;
    const list = await t.admin.get('/patients');
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: any) => p.id)).toEqual([b.id, a.id]);
    expect(list.body.nextCursor).toBeNull();
    expectError(await t.admin.get(`/patients?q=${'a'.repeat(101)}`), 400, /q: must be at most 100/);
    expectError(await t.admin.get('/patients?q='), 400, /q: must not be empty/);
    expectError(await t.admin.get('/patients?limit=0'), 400, /limit/);
    expectError(await t.admin.get('/patients?sort=name'), 400, /sort|Unrecognized/i);
    // A cursor from another list is refused, not misread.
    const page = await t.admin.get('/patients?limit=1');
    expectError(await t.admin.get(`/patients?q=one&cursor=${page.body.nextCursor}`), 400, /cursor/);
  });

  it('a date of birth that is today in the hospital time zone is accepted', async () => {
    const t = await newTenant(rt.url, { timezone: 'Pacific/Kiritimati' }); // UTC+14: often already tomorrow
    const today = utcToZonedParts(new Date(), 'Pacific/Kiritimati').date;
    const r = await t.admin.post('/patients/register', patientBody({ dateOfBirth: today }));
    expect(r.status).toBe(201);
  });
});

describe('duplicates', () => {
  it('same phone and date of birth answers 409 with the existing MRN; confirmDuplicate registers', async () => {
    const t = await newTenant(rt.url);
    const phone = uniquePhone();
    const first = await t.admin.post('/patients/register', patientBody({ phone }));
    expect(first.status).toBe(201);

    // Same digits written differently, different name: still a likely duplicate.
    const spaced = phone.replace(/^\+91 /, '+91-').replace(/(\d{5})(\d{5})$/, '$1 $2');
    const dup = await t.admin.post(
      '/patients/register',
      patientBody({ phone: spaced, name: 'P. Sharma' }),
    );
    expectError(dup, 409);
    expect(dup.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message:
        'A patient with the same phone and date of birth exists (MRN-000001); send confirmDuplicate: true to register anyway',
      existingMrn: 'MRN-000001',
      existingPatientId: first.body.id,
    });

    // The refused duplicate burned no MRN.
    const confirmed = await t.admin.post(
      '/patients/register',
      patientBody({ phone, confirmDuplicate: true }),
    );
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.mrn).toBe('MRN-000002');
    expect(confirmed.body).not.toHaveProperty('confirmDuplicate');

    // Same phone, other date of birth: not a duplicate.
    const sibling = await t.admin.post(
      '/patients/register',
      patientBody({ phone, dateOfBirth: '2015-06-01', name: 'Anya Sharma' }),
    );
    expect(sibling.status).toBe(201);
    expect(sibling.body.mrn).toBe('MRN-000003');
    expect(await search(t.admin, phone)).toHaveLength(3);

    // The first patient still holds the guard.
    expectError(
      await t.admin.post('/patients/register', patientBody({ phone })),
      409,
      /MRN-000001/,
    );
  });

  it('PATCH keeps the duplicate guard consistent when phone or date of birth change', async () => {
    const t = await newTenant(rt.url);
    const [phoneA, phoneB, phoneC] = [uniquePhone(), uniquePhone(), uniquePhone()];
    const a = (await t.admin.post('/patients/register', patientBody({ phone: phoneA }))).body;
    const b = (
      await t.admin.post('/patients/register', patientBody({ phone: phoneB, name: 'Bina Rao' }))
    ).body;

    // Moving A onto B's phone and date of birth is a likely duplicate.
    const clash = await t.admin.patch(`/patients/${a.id}`, { phone: phoneB });
    expectError(clash, 409, /MRN-000002.*confirmDuplicate: true to save anyway/);
    expect(clash.body).toMatchObject({ existingMrn: b.mrn, existingPatientId: b.id });
    expect((await t.admin.get(`/patients/${a.id}`)).body.phone).toBe(phoneA);

    // A moves to a free phone: the old pair is released, the new one is guarded.
    expect((await t.admin.patch(`/patients/${a.id}`, { phone: phoneC })).status).toBe(200);
    expect(
      (await t.admin.post('/patients/register', patientBody({ phone: phoneA, name: 'New Person' })))
        .status,
    ).toBe(201);
    expectError(
      await t.admin.post('/patients/register', patientBody({ phone: phoneC })),
      409,
      new RegExp(a.mrn),
    );

    // A date-of-birth correction moves the guard too.
    expect((await t.admin.patch(`/patients/${a.id}`, { dateOfBirth: '1991-04-12' })).status).toBe(
      200,
    );
    expect(
      (
        await t.admin.post(
          '/patients/register',
          patientBody({ phone: phoneC, name: 'Other Person' }),
        )
      ).status,
    ).toBe(201);
    expectError(
      await t.admin.post(
        '/patients/register',
        patientBody({ phone: phoneC, dateOfBirth: '1991-04-12' }),
      ),
      409,
      new RegExp(a.mrn),
    );

    // With confirmDuplicate a correction onto a held pair is saved.
    const forced = await t.admin.patch(`/patients/${a.id}`, {
      phone: phoneB,
      dateOfBirth: '1990-04-12',
      confirmDuplicate: true,
    });
    expect(forced.status).toBe(200);
    expect(forced.body.phone).toBe(phoneB);
    expectError(
      await t.admin.post('/patients/register', patientBody({ phone: phoneB })),
      409,
      new RegExp(b.mrn),
    );
  });

  it('PATCH validation and 404s', async () => {
    const t = await newTenant(rt.url);
    const p = (await t.admin.post('/patients/register', patientBody())).body;
    expectError(await t.admin.patch(`/patients/${p.id}`, {}), 400, /at least one/);
    expectError(
      await t.admin.patch(`/patients/${p.id}`, { confirmDuplicate: true }),
      400,
      /at least one/,
    );
    expectError(
      await t.admin.patch(`/patients/${p.id}`, { mrn: 'MRN-999999' }),
      400,
      /mrn|Unrecognized/i,
    );
    expectError(
      await t.admin.patch(`/patients/${p.id}`, { dateOfBirth: '2999-01-01' }),
      400,
      /dateOfBirth: must not be in the future/,
    );
    expectError(await t.admin.patch(`/patients/${p.id}`, { name: null }), 400, /name/);
    expectError(
      await t.admin.patch('/patients/00000000-0000-0000-0000-000000000000', { name: 'X' }),
      404,
    );
    expectError(
      await t.admin.patch('/patients/not_an_id!', { name: 'X' }),
      400,
      /id: must be a valid id/,
    );
    expectError(await t.admin.get('/patients/00000000-0000-0000-0000-000000000000'), 404);
    expect((await t.admin.get(`/patients/${p.id}`)).body).toEqual(p);
  });
});

describe('MRN numbering', () => {
  it('is sequential per tenant and every tenant starts at MRN-000001', async () => {
    const [t1, t2] = await Promise.all([newTenant(rt.url), newTenant(rt.url)]);
    const mrns1: string[] = [];
    for (let i = 0; i < 3; i++)
      mrns1.push((await t1.admin.post('/patients/register', patientBody())).body.mrn);
    expect(mrns1).toEqual(['MRN-000001', 'MRN-000002', 'MRN-000003']);
    expect((await t2.admin.post('/patients/register', patientBody())).body.mrn).toBe('MRN-000001');
    expect((await t1.admin.post('/patients/register', patientBody())).body.mrn).toBe('MRN-000004');
  });

  it('10 concurrent registrations get 10 distinct MRNs', async () => {
    const t = await newTenant(rt.url);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.admin.post('/patients/register', patientBody({ name: `Concurrent ${i}` })),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    const mrns = replies.map((r) => r.body.mrn).sort();
    expect(mrns).toEqual(
      Array.from({ length: 10 }, (_, i) => `MRN-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('concurrent duplicates: exactly one wins, the others answer 409', async () => {
    const t = await newTenant(rt.url);
    const phone = uniquePhone();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => t.admin.post('/patients/register', patientBody({ phone }))),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await allPatientIds(t.admin)).toHaveLength(1);
  });
});

describe('pagination', () => {
  it('pages through 105 patients with limit 20: 105 distinct ids, no repeats', async () => {
    const t = await newTenant(rt.url);
    const created: string[] = [];
    for (let batch = 0; batch < 7; batch++) {
      const replies = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          t.admin.post(
            '/patients/register',
            patientBody({ name: `Paged Patient ${batch * 15 + i}` }),
          ),
        ),
      );
      for (const r of replies) {
        expect(r.status).toBe(201);
        created.push(r.body.id);
      }
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: { status: number; body: any } = await t.admin.get(
        `/patients?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(r.status).toBe(200);
      expect(r.body.items.length).toBeLessThanOrEqual(20);
      seen.push(...r.body.items.map((p: any) => p.id));
      cursor = r.body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(105);
    expect(new Set(seen).size).toBe(105);
    expect(new Set(seen)).toEqual(new Set(created));
    expect(pages).toBeGreaterThanOrEqual(6);

    // Name search pages too ("paged" matches all 105 via the first word, "patient" via the index items).
    for (const q of ['paged', 'patient']) {
      const ids: string[] = [];
      let c: string | null = null;
      do {
        const r: { status: number; body: any } = await t.admin.get(
          `/patients?q=${q}&limit=25${c ? `&cursor=${encodeURIComponent(c)}` : ''}`,
        );
        expect(r.status).toBe(200);
        ids.push(...r.body.items.map((p: any) => p.id));
        c = r.body.nextCursor;
      } while (c);
      expect(ids, q).toHaveLength(105);
      expect(new Set(ids).size, q).toBe(105);
    }
  });
});

describe('validation', () => {
  const tooOld = `${new Date().getUTCFullYear() - 151}-01-01`;
  it.each([
    [{ dateOfBirth: '1990-02-30' }, /dateOfBirth: must be a real calendar date/],
    [{ dateOfBirth: '12/04/1990' }, /dateOfBirth: must be a date in YYYY-MM-DD/],
    [{ dateOfBirth: '2999-01-01' }, /dateOfBirth: must not be in the future/],
    [{ dateOfBirth: tooOld }, /dateOfBirth: must not be more than 150 years ago/],
    [{ sex: 'M' }, /sex: must be one of male, female, other, unknown/],
    [{ phone: '12-34' }, /phone: must be 7 to 20 characters/],
    [{ phone: '+91 98765 4321x' }, /phone: may contain only digits/],
    [{ phone: '1234567890123456789' }, /phone: must have 7 to 15 digits/],
    [{ bloodGroup: 'C+' }, /bloodGroup: must be one of/],
    [{ nickname: 'Pri' }, /nickname|Unrecognized/i],
    [{ name: 'x'.repeat(121) }, /name: must be at most 120 characters/],
    [{ name: '   ' }, /name: must not be empty/],
    [{ email: 'not-an-email' }, /email: must be a valid e-mail/],
    [{ allergies: ['ok', ''] }, /allergies\.1: must not be empty/],
    [
      { allergies: Array.from({ length: 51 }, (_, i) => `a${i}`) },
      /allergies: must have at most 50/,
    ],
    [{ address: '12 MG Road, Pune' }, /address: must be an object/],
    [{ address: { line: '12 MG Road' } }, /address\.city/],
    [
      { emergencyContact: { name: 'Ravi', relationship: 'spouse', phone: 'call me' } },
      /emergencyContact\.phone/,
    ],
    [{ confirmDuplicate: 'yes' }, /confirmDuplicate: must be true or false/],
  ])('bad body %# answers 400 naming the field and writes nothing', async (overrides, message) => {
    const t = await newTenant(rt.url);
    const before = await allPatientIds(t.admin);
    const r = await t.admin.post('/patients/register', patientBody(overrides));
    expectError(r, 400, message);
    expect(await allPatientIds(t.admin)).toEqual(before);
    // No MRN was burned either.
    expect((await t.admin.post('/patients/register', patientBody())).body.mrn).toBe('MRN-000001');
  });

  it('missing required fields are each named', async () => {
    const t = await newTenant(rt.url);
    const r = await t.admin.post('/patients/register', { name: 'Only Name' });
    expectError(r, 400, /dateOfBirth/);
    expect(r.body.message).toMatch(/sex/);
    expect(r.body.message).toMatch(/phone/);
  });
});

describe('tenancy and access', () => {
  it("another tenant's patient is 404 on GET and PATCH and absent from lists", async () => {
    const [t1, t2] = await Promise.all([newTenant(rt.url), newTenant(rt.url)]);
    const p = (await t1.admin.post('/patients/register', patientBody({ name: 'Hidden Patient' })))
      .body;
    expectError(await t2.admin.get(`/patients/${p.id}`), 404);
    expectError(await t2.admin.patch(`/patients/${p.id}`, { name: 'Hijacked' }), 404);
    expect(await search(t2.admin, 'hidden')).toEqual([]);
    expect(await search(t2.admin, p.mrn)).toEqual([]);
    expect(await allPatientIds(t2.admin)).toEqual([]);
    expect((await t1.admin.get(`/patients/${p.id}`)).body.name).toBe('Hidden Patient');
  });

  it('roles and API-key scopes', async () => {
    const t = await newTenant(rt.url);
    const nurse = await t.staff('NURSE');
    const pharmacist = await t.staff('PHARMACIST');
    const doctor = await t.staff('DOCTOR');
    const accountant = await t.staff('ACCOUNTANT');

    const byNurse = await nurse.api.post('/patients/register', patientBody());
    expect(byNurse.status).toBe(201);
    expectError(await pharmacist.api.post('/patients/register', patientBody()), 403, /PHARMACIST/);
    expectError(await doctor.api.post('/patients/register', patientBody()), 403, /DOCTOR/);
    expect((await pharmacist.api.get('/patients')).status).toBe(200);
    expect((await accountant.api.get(`/patients/${byNurse.body.id}`)).status).toBe(200);
    expectError(await pharmacist.api.patch(`/patients/${byNurse.body.id}`, { name: 'X' }), 403);
    expect(
      (await doctor.api.patch(`/patients/${byNurse.body.id}`, { bloodGroup: 'A+' })).status,
    ).toBe(200);

    const reader = await t.key(['patients:read']);
    const list = await reader.api.get('/patients');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expectError(await reader.api.post('/patients/register', patientBody()), 403, /patients:write/);
    expectError(
      await reader.api.patch(`/patients/${byNurse.body.id}`, { name: 'X' }),
      403,
      /patients:write/,
    );

    const writer = await t.key(['patients:write']);
    expect((await writer.api.post('/patients/register', patientBody())).status).toBe(201);
    expectError(await writer.api.get('/patients'), 403, /patients:read/);

    expect(await allPatientIds(t.admin)).toHaveLength(2);
  });
});
