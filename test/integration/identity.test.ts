import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetClock, shiftClock } from '../../shared/kernel/clock';
import { documentClient as db, tableName as table } from '../../shared/kernel/store/client';
import { lookupKey } from '../../shared/kernel/store/keys';
import { client, expectError, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(async () => {
  resetClock();
  await rt?.close();
});

describe('health', () => {
  it('answers ok without credentials', async () => {
    const r = await client(rt.url).get('/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
  });
});

describe('tenant registration and sign-in', () => {
  it('registers, signs in, answers /auth/me and /tenants/current', async () => {
    const t = await newTenant(rt.url, { timezone: 'Asia/Kolkata' });
    expect(t.registration.tenant).toMatchObject({
      slug: t.slug,
      status: 'TRIAL',
      timezone: 'Asia/Kolkata',
    });
    const trialDays = (Date.parse(t.registration.tenant.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect(t.registration.admin.role).toBe('ADMIN');
    expect(t.registration.credentials.password.length).toBeGreaterThanOrEqual(16);

    const me = await t.admin.get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: t.registration.admin.id,
      email: t.registration.admin.email,
      name: 'Asha Admin',
      role: 'ADMIN',
      tenantId: t.tenantId,
      tenantSlug: t.slug,
    });

    const current = await t.admin.get('/tenants/current');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ id: t.tenantId, slug: t.slug, timezone: 'Asia/Kolkata' });
  });

  it('login answers the token shape', async () => {
    const t = await newTenant(rt.url);
    const r = await t.anon.post('/auth/login', {
      email: t.registration.credentials.email.toUpperCase(),
      password: t.registration.credentials.password,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 3600,
      tenantId: t.tenantId,
      user: { role: 'ADMIN' },
    });
    expect(r.body.accessToken.split('.')).toHaveLength(3);
  });

  it('a taken slug answers 409 and writes nothing', async () => {
    const t = await newTenant(rt.url);
    const again = await t.anon.post('/tenants', {
      hospitalName: 'Other',
      slug: t.slug,
      adminName: 'B',
      adminEmail: 'someone-new@example.test',
    });
    expectError(again, 409, /slug/);
    const emailLookup = await db().send(
      new GetCommand({ TableName: table(), Key: lookupKey('EMAIL', 'someone-new@example.test') }),
    );
    expect(emailLookup.Item).toBeUndefined();
  });

  it('a chosen password is accepted and used', async () => {
    const t = await newTenant(rt.url, { adminPassword: 'correct horse battery staple' });
    expect(t.registration.credentials.password).toBe('correct horse battery staple');
  });

  it.each([
    [{ hospitalName: 'H', slug: 'AB', adminName: 'A', adminEmail: 'a@example.test' }, /slug/],
    [
      { hospitalName: 'H', slug: 'good-slug-x1', adminName: 'A', adminEmail: 'not-an-email' },
      /adminEmail/,
    ],
    [
      { hospitalName: '', slug: 'good-slug-x2', adminName: 'A', adminEmail: 'a2@example.test' },
      /hospitalName/,
    ],
    [
      {
        hospitalName: 'H',
        slug: 'good-slug-x3',
        adminName: 'A',
        adminEmail: 'a3@example.test',
        timezone: 'Mars/Olympus',
      },
      /timezone/,
    ],
    [
      {
        hospitalName: 'H',
        slug: 'good-slug-x4',
        adminName: 'A',
        adminEmail: 'a4@example.test',
        adminPassword: 'short',
      },
      /adminPassword/,
    ],
    [
      {
        hospitalName: 'H',
        slug: 'good-slug-x5',
        adminName: 'A',
        adminEmail: 'a5@example.test',
        tenantId: 'x',
      },
      /tenantId|Unrecognized/i,
    ],
  ])(
    'bad registration body %# answers 400 naming the field and writes nothing',
    async (body, field) => {
      const r = await client(rt.url).post('/tenants', body);
      expectError(r, 400, field);
      const slug = await db().send(
        new GetCommand({ TableName: table(), Key: lookupKey('SLUG', String(body.slug)) }),
      );
      expect(slug.Item).toBeUndefined();
    },
  );

  it('malformed JSON answers 400', async () => {
    const r = await client(rt.url).post('/tenants', '{"hospitalName":');
    expectError(r, 400, /JSON/);
  });

  it('unknown e-mail and wrong password give the same 401', async () => {
    const t = await newTenant(rt.url);
    const wrong = await t.anon.post('/auth/login', {
      email: t.registration.credentials.email,
      password: 'wrong-password-123',
    });
    const unknown = await t.anon.post('/auth/login', {
      email: 'nobody-here@example.test',
      password: 'wrong-password-123',
    });
    expectError(wrong, 401);
    expectError(unknown, 401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('five failures within 15 minutes lock the e-mail for 15 minutes (429)', async () => {
    const t = await newTenant(rt.url);
    const email = t.registration.credentials.email;
    for (let i = 0; i < 5; i++)
      expectError(await t.anon.post('/auth/login', { email, password: 'wrong-password-123' }), 401);
    // Even the right password is refused while locked.
    expectError(
      await t.anon.post('/auth/login', { email, password: t.registration.credentials.password }),
      429,
      /try again/,
    );
    shiftClock(16 * 60 * 1000);
    try {
      const ok = await t.anon.post('/auth/login', {
        email,
        password: t.registration.credentials.password,
      });
      expect(ok.status).toBe(200);
    } finally {
      resetClock();
    }
  });
});

describe('sign-in lockout under parallel attempts', () => {
  const burst = (
    api: { post: (path: string, body: unknown) => Promise<{ status: number; body: any }> },
    email: string,
    count = 12,
  ) =>
    Promise.all(
      Array.from({ length: count }, () =>
        api.post('/auth/login', { email, password: 'wrong-password-123' }),
      ),
    );

  it('12 concurrent wrong passwords check at most five passwords, then the right password gets 429', async () => {
    const t = await newTenant(rt.url);
    const { email, password } = t.registration.credentials;
    const replies = await burst(t.anon, email);
    for (const r of replies) expect([401, 429], JSON.stringify(r.body)).toContain(r.status);
    const refusedOnPassword = replies.filter((r) => r.status === 401).length;
    expect(refusedOnPassword).toBeGreaterThanOrEqual(1);
    expect(refusedOnPassword).toBeLessThanOrEqual(5);
    expectError(await t.anon.post('/auth/login', { email, password }), 429, /try again/);
  });

  it('an unknown e-mail locks the same way, sequentially and in parallel (no enumeration)', async () => {
    const t = await newTenant(rt.url);
    const unknown = `nobody-${t.slug}@example.test`;
    for (let i = 0; i < 5; i++)
      expectError(
        await t.anon.post('/auth/login', { email: unknown, password: 'wrong-password-123' }),
        401,
      );
    const locked = await t.anon.post('/auth/login', {
      email: unknown,
      password: 'wrong-password-123',
    });
    expectError(locked, 429, /try again/);

    const known = t.registration.credentials.email;
    const [knownReplies, unknownReplies] = await Promise.all([
      burst(t.anon, known),
      burst(t.anon, `other-${unknown}`),
    ]);
    const shape = (rs: { status: number; body: any }[]) =>
      rs.map((r) => `${r.status} ${r.body.error}`).sort();
    expect(shape(unknownReplies)).toEqual(shape(knownReplies));
    expectError(
      await t.anon.post('/auth/login', { email: `other-${unknown}`, password: 'x' }),
      429,
    );
  });
});

describe('authorizer answer reused across methods', () => {
  it('one token serves GET, then POST and PATCH, as API Gateway reuses its cached policy for the stage', async () => {
    const t = await newTenant(rt.url);
    expect((await t.admin.get('/users')).status).toBe(200);
    const created = await t.admin.post('/users', {
      name: 'Cached Policy',
      email: `cached-${t.slug}@example.test`,
      role: 'NURSE',
    });
    expect(created.status).toBe(201);
    expect((await t.admin.patch(`/users/${created.body.user.id}`, { role: 'DOCTOR' })).status).toBe(
      200,
    );
    expect((await t.admin.get('/tenants/current')).status).toBe(200);
  });
});

describe('trial end', () => {
  it('after 14 days reads keep working and writes answer 403', async () => {
    const t = await newTenant(rt.url);
    shiftClock(15 * 24 * 3600 * 1000);
    try {
      // A fresh token, so the JWT itself is not expired by the shifted clock.
      const login = await t.anon.post('/auth/login', {
        email: t.registration.credentials.email,
        password: t.registration.credentials.password,
      });
      const admin = client(rt.url, { token: login.body.accessToken, tenantId: t.tenantId });
      expect((await admin.get('/users')).status).toBe(200);
      expect((await admin.get('/tenants/current')).status).toBe(200);
      expectError(
        await admin.post('/users', { name: 'Late', email: 'late@example.test', role: 'NURSE' }),
        403,
        /trial .*ended/,
      );
      expectError(
        await admin.post('/api-keys', { name: 'k', scopes: ['patients:read'] }),
        403,
        /trial/,
      );
    } finally {
      resetClock();
    }
  });

  it('before the end writes work', async () => {
    const t = await newTenant(rt.url);
    shiftClock(13 * 24 * 3600 * 1000);
    try {
      const login = await t.anon.post('/auth/login', {
        email: t.registration.credentials.email,
        password: t.registration.credentials.password,
      });
      const admin = client(rt.url, { token: login.body.accessToken, tenantId: t.tenantId });
      expect(
        (
          await admin.post('/users', {
            name: 'In time',
            email: `intime-${t.slug}@example.test`,
            role: 'NURSE',
          })
        ).status,
      ).toBe(201);
    } finally {
      resetClock();
    }
  });
});

describe('staff users', () => {
  it('admin creates, lists and updates users; others may not', async () => {
    const t = await newTenant(rt.url);
    const nurse = await t.staff('NURSE');
    expect(nurse.user).toMatchObject({ role: 'NURSE', active: true });
    expect(nurse.user.passwordHash).toBeUndefined();

    const list = await t.admin.get('/users?limit=100');
    expect(list.status).toBe(200);
    expect(list.body.items.map((u: any) => u.role).sort()).toEqual(['ADMIN', 'NURSE']);
    expect(JSON.stringify(list.body)).not.toMatch(/passwordHash|scrypt/);

    expectError(await nurse.api.get('/users'), 403, /NURSE/);
    expectError(
      await nurse.api.post('/users', { name: 'X', email: 'x@example.test', role: 'ADMIN' }),
      403,
    );

    const promoted = await t.admin.patch(`/users/${nurse.user.id}`, { role: 'DOCTOR' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('DOCTOR');
    expect((await nurse.api.get('/auth/me')).body.role).toBe('DOCTOR');
  });

  it('a deactivated user token stops working', async () => {
    const t = await newTenant(rt.url);
    const doc = await t.staff('DOCTOR');
    expect((await doc.api.get('/auth/me')).status).toBe(200);
    expect((await t.admin.patch(`/users/${doc.user.id}`, { active: false })).status).toBe(200);
    expectError(await doc.api.get('/auth/me'), 401);
  });

  it('an admin cannot deactivate themself', async () => {
    const t = await newTenant(rt.url);
    expectError(await t.admin.patch(`/users/${t.registration.admin.id}`, { active: false }), 409);
  });

  it('duplicate e-mail answers 409; bad role 400; unknown user 404', async () => {
    const t = await newTenant(rt.url);
    expectError(
      await t.admin.post('/users', {
        name: 'Dup',
        email: t.registration.credentials.email,
        role: 'NURSE',
      }),
      409,
      /e-mail/,
    );
    expectError(
      await t.admin.post('/users', {
        name: 'Bad',
        email: 'bad-role@example.test',
        role: 'JANITOR',
      }),
      400,
      /role/,
    );
    expectError(
      await t.admin.patch('/users/00000000-0000-0000-0000-000000000000', { active: false }),
      404,
    );
    expectError(await t.admin.patch(`/users/${t.registration.admin.id}`, {}), 400, /at least one/);
  });
});

describe('API keys', () => {
  it('create → call with key → rotate (old fails) → revoke (401)', async () => {
    const t = await newTenant(rt.url);
    const created = await t.admin.post('/api-keys', {
      name: 'Reception bot',
      scopes: ['tenant:read', 'users:read'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Reception bot',
      scopes: ['tenant:read', 'users:read'],
      status: 'active',
    });
    expect(created.body.secret).toMatch(/^svc_sk_[A-Za-z0-9_-]{43}$/);
    const keyApi = client(rt.url, { token: created.body.secret });

    const viaKey = await keyApi.get('/tenants/current');
    expect(viaKey.status).toBe(200);
    expect(viaKey.body.id).toBe(t.tenantId);
    expect((await keyApi.get('/users')).status).toBe(200);

    const list = await t.admin.get('/api-keys');
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).not.toHaveProperty('secret');
    expect(list.body.items[0]).not.toHaveProperty('hash');
    expect(list.body).toHaveProperty('nextCursor', null);

    const rotated = await t.admin.post(`/api-keys/${created.body.id}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^svc_sk_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    expectError(await keyApi.get('/tenants/current'), 401);
    const newKeyApi = client(rt.url, { token: rotated.body.secret });
    expect((await newKeyApi.get('/tenants/current')).status).toBe(200);

    const revoked = await t.admin.post(`/api-keys/${created.body.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expectError(await newKeyApi.get('/tenants/current'), 401);
    expectError(await t.admin.post(`/api-keys/${created.body.id}/rotate`), 409);
  });

  it("a key's Last used is its last call, to the minute: none before the first, later after a later call, kept when revoked", async () => {
    const t = await newTenant(rt.url);
    const created = await t.admin.post('/api-keys', { name: 'Lab bot', scopes: ['tenant:read'] });
    const keyApi = client(rt.url, { token: created.body.secret });
    const lastUsed = async () =>
      (await t.admin.get('/api-keys')).body.items.find(
        (k: { id: string }) => k.id === created.body.id,
      ).lastUsedAt as string | undefined;
    expect(await lastUsed()).toBeUndefined();
    try {
      const before = Date.now();
      expect((await keyApi.get('/tenants/current')).status).toBe(200);
      const first = await lastUsed();
      expect(Date.parse(first!)).toBeGreaterThanOrEqual(before);
      // Within the minute: not written again.
      expect((await keyApi.get('/tenants/current')).status).toBe(200);
      expect(await lastUsed()).toBe(first);
      shiftClock(2 * 60_000);
      expect((await keyApi.get('/tenants/current')).status).toBe(200);
      const second = await lastUsed();
      expect(Date.parse(second!) - Date.parse(first!)).toBeGreaterThanOrEqual(2 * 60_000);
      await t.admin.post(`/api-keys/${created.body.id}/revoke`);
      shiftClock(2 * 60_000);
      expectError(await keyApi.get('/tenants/current'), 401);
      expect(await lastUsed()).toBe(second);
    } finally {
      resetClock();
    }
  });

  it('unknown scopes answer 400 and nothing is written', async () => {
    const t = await newTenant(rt.url);
    expectError(
      await t.admin.post('/api-keys', { name: 'k', scopes: ['patients:read', 'root:all'] }),
      400,
      /scopes/,
    );
    expectError(await t.admin.post('/api-keys', { name: 'k', scopes: [] }), 400, /scope/);
    expect((await t.admin.get('/api-keys')).body.items).toHaveLength(0);
  });

  it('a key cannot mint keys, and a key without the scope gets 403', async () => {
    const t = await newTenant(rt.url);
    const { api } = await t.key(['patients:read']);
    expectError(
      await api.post('/api-keys', { name: 'child', scopes: ['patients:read'] }),
      403,
      /API keys may not/,
    );
    expectError(await api.get('/users'), 403, /users:read/);
  });

  it('non-admins cannot manage keys', async () => {
    const t = await newTenant(rt.url);
    const rec = await t.staff('RECEPTIONIST');
    expectError(await rec.api.post('/api-keys', { name: 'k', scopes: ['patients:read'] }), 403);
    expectError(await rec.api.get('/api-keys'), 403);
  });

  it('garbage and unknown keys answer 401', async () => {
    expectError(
      await client(rt.url, { token: `svc_sk_${'A'.repeat(43)}` }).get('/tenants/current'),
      401,
    );
    expectError(await client(rt.url, { token: 'not-a-token' }).get('/tenants/current'), 401);
  });
});

describe('tenant isolation', () => {
  it('x-tenant-id is required with a JWT, and must match (403)', async () => {
    const a = await newTenant(rt.url);
    const b = await newTenant(rt.url);
    expectError(await client(rt.url, { token: a.token }).get('/auth/me'), 401, /x-tenant-id/);
    expectError(
      await client(rt.url, { token: a.token, tenantId: b.tenantId }).get('/users'),
      403,
      /x-tenant-id/,
    );
  });

  it("tenant A's token cannot see tenant B's users or keys", async () => {
    const a = await newTenant(rt.url);
    const b = await newTenant(rt.url);
    const bNurse = await b.staff('NURSE');
    const bKey = await b.key(['users:read']);
    const aUsers = await a.admin.get('/users?limit=100');
    expect(aUsers.body.items.map((u: any) => u.id)).not.toContain(bNurse.user.id);
    const aKeys = await a.admin.get('/api-keys?limit=100');
    expect(aKeys.body.items.map((k: any) => k.id)).not.toContain(bKey.key.id);
    expectError(await a.admin.patch(`/users/${bNurse.user.id}`, { active: false }), 404);
    expectError(await a.admin.post(`/api-keys/${bKey.key.id}/revoke`), 404);
    // B's key only ever sees B.
    expect((await bKey.api.get('/tenants/current')).body.id).toBe(b.tenantId);
    expectError(await bKey.api.get('/users', { 'x-tenant-id': a.tenantId }), 403);
  });

  it('a cursor from another list is a 400, not a cross-tenant read', async () => {
    const a = await newTenant(rt.url);
    const b = await newTenant(rt.url);
    await b.staff('NURSE');
    const page = await b.admin.get('/users?limit=1');
    expect(page.body.nextCursor).toBeTruthy();
    expectError(await a.admin.get(`/users?limit=1&cursor=${page.body.nextCursor}`), 400, /cursor/);
    expectError(await a.admin.get('/users?cursor=%%%'), 400, /cursor/);
    expectError(await a.admin.get('/users?limit=0'), 400, /limit/);
    expectError(await a.admin.get('/users?limit=101'), 400, /limit/);
  });
});

describe('stored secrets', () => {
  /** Every `password` and `secret` value anywhere in a reply body. */
  function secretsIn(value: unknown, found: string[] = []): string[] {
    if (Array.isArray(value)) {
      for (const v of value) secretsIn(v, found);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if ((k === 'password' || k === 'secret') && typeof v === 'string') found.push(v);
        else secretsIn(v, found);
      }
    }
    return found;
  }

  it('no item holds any password or API-key secret the service returned or was given', async () => {
    const returned: string[] = [];
    const keep = <T extends { status: number; body: any }>(reply: T, status: number): T => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      returned.push(...secretsIn(reply.body));
      return reply;
    };
    const chosenAdmin = 'a very memorable passphrase 42';
    const chosenStaff = 'another chosen passphrase 77';
    // One hospital with a chosen administrator password, one with a generated one.
    const chosen = await newTenant(rt.url, { adminPassword: chosenAdmin });
    const generated = await newTenant(rt.url);
    returned.push(...secretsIn(chosen.registration), ...secretsIn(generated.registration));
    for (const t of [chosen, generated]) {
      // Staff with a generated password, and with a chosen one.
      keep(
        await t.admin.post('/users', {
          name: 'Gen Nurse',
          email: `gen-${t.slug}@example.test`,
          role: 'NURSE',
        }),
        201,
      );
      keep(
        await t.admin.post('/users', {
          name: 'Own Doctor',
          email: `own-${t.slug}@example.test`,
          role: 'DOCTOR',
          password: chosenStaff,
        }),
        201,
      );
      // An API key, created and rotated: two secrets shown once each.
      const key = keep(
        await t.admin.post('/api-keys', { name: 'k', scopes: ['patients:read'] }),
        201,
      );
      keep(await t.admin.post(`/api-keys/${key.body.id}/rotate`), 200);
    }
    const secrets = [...new Set([...returned, chosenAdmin, chosenStaff])];
    // Distinct: 2 administrator passwords, 2 generated staff passwords, the chosen staff one; 4 key secrets.
    expect(secrets.filter((x) => x.startsWith('svc_sk_'))).toHaveLength(4);
    expect(secrets.filter((x) => !x.startsWith('svc_sk_'))).toHaveLength(5);
    for (const x of secrets) expect(x.length, x).toBeGreaterThanOrEqual(16);

    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new ScanCommand({ TableName: table(), ExclusiveStartKey: start }),
      );
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    const dump = JSON.stringify(items);
    expect(items.length).toBeGreaterThan(0);
    for (const x of secrets) {
      expect(
        dump.includes(x),
        `a password or secret is stored in plain text: ${x.slice(0, 10)}…`,
      ).toBe(false);
      // Nor the random part of a key without its svc_sk_ prefix.
      if (x.startsWith('svc_sk_')) expect(dump.includes(x.slice('svc_sk_'.length))).toBe(false);
    }
    expect(dump).not.toMatch(/svc_sk_[A-Za-z0-9_-]{20,}/);
  });
});

describe('hospital settings (tenants.update)', () => {
  it('an administrator renames the hospital and sets or clears its default country; the time zone stays', async () => {
    const t = await newTenant(rt.url, { timezone: 'Asia/Kolkata' });
    expect((await t.admin.get('/tenants/current')).body).toMatchObject({
      country: 'IN',
      timezone: 'Asia/Kolkata',
    });
    const renamed = await t.admin.patch('/tenants/current', {
      name: 'Lakeside General',
      country: 'LK',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Lakeside General',
      country: 'LK',
      timezone: 'Asia/Kolkata',
    });
    const cleared = await t.admin.patch('/tenants/current', { country: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.country).toBeUndefined();
    expect((await t.admin.get('/tenants/current')).body.country).toBeUndefined();
  });

  it('refuses an unknown country, an empty change and the time zone (400 naming the field)', async () => {
    const t = await newTenant(rt.url);
    expectError(
      await t.admin.patch('/tenants/current', { country: 'XX' }),
      400,
      /country: must be an ISO 3166-1 alpha-2 country code/,
    );
    expectError(
      await t.admin.patch('/tenants/current', {}),
      400,
      /give at least one of name, country/,
    );
    expectError(
      await t.admin.patch('/tenants/current', { timezone: 'Europe/London' }),
      400,
      /timezone/,
    );
    expect((await t.admin.get('/tenants/current')).body.timezone).toBe('UTC');
  });

  it('a hospital registered in a time zone of one country gets it as its default; UTC gets none', async () => {
    expect(
      (await newTenant(rt.url, { timezone: 'Europe/London' })).registration.tenant.country,
    ).toBe('GB');
    expect(
      (await newTenant(rt.url, { timezone: 'UTC' })).registration.tenant.country,
    ).toBeUndefined();
    expect(
      (await newTenant(rt.url, { timezone: 'UTC', country: 'KE' })).registration.tenant.country,
    ).toBe('KE');
  });
});
