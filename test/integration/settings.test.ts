/**
 * The hospital's settings in one place (docs/settings.md): GET /settings answers one document
 * that PUT /settings takes back unchanged; partial changes, validation naming the field with
 * nothing half-changed, the version raised by every route that changes a setting, concurrent
 * changes, and the older section routes seeing the same settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { expectError, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let runtime: LocalRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime.close());

type Hospital = Awaited<ReturnType<typeof newTenant>>;

const snapshot = async (h: Hospital) => {
  const [settings, tenant, billing, actions] = await Promise.all([
    h.admin.get('/settings'),
    h.admin.get('/tenants/current'),
    h.admin.get('/billing/settings'),
    h.admin.get('/agent-actions/settings'),
  ]);
  return {
    settings: settings.body,
    tenant: tenant.body,
    billing: billing.body,
    actions: actions.body,
  };
};

describe('GET /settings', () => {
  it("answers a new hospital's settings as one document, with the defaults", async () => {
    const h = await newTenant(runtime.url, { timezone: 'Asia/Kolkata' });
    const res = await h.admin.get('/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: 0,
      hospital: {
        name: h.registration.tenant.name,
        slug: h.slug,
        status: 'TRIAL',
        trialEndsAt: h.registration.tenant.trialEndsAt,
        timezone: 'Asia/Kolkata',
        country: 'IN',
      },
      billing: {
        currency: 'USD',
        discountThresholdBp: 1000,
        refundThreshold: 500_000,
        consultationTaxRateBp: 0,
        consultationTaxInclusive: false,
      },
      agents: { rateLimitPerMinute: 10, defaultRateLimitPerMinute: 10 },
      changes: [],
    });
    const prescription = res.body.agents.actionTypes.find(
      (t: { type: string }) => t.type === 'prescription',
    );
    expect(prescription).toEqual({
      type: 'prescription',
      autoApprove: false,
      lifetimeMinutes: 240,
      defaultLifetimeMinutes: 240,
    });
    // The same list GET /agent-actions/settings answers.
    expect(res.body.agents.actionTypes).toEqual(
      (await h.admin.get('/agent-actions/settings')).body.types,
    );
  });
});

describe('PUT /settings', () => {
  it('takes the GET answer back unchanged and changes nothing (no new version)', async () => {
    const h = await newTenant(runtime.url);
    const before = (await h.admin.get('/settings')).body;
    const back = await h.admin.put('/settings', before);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toEqual(before);
    expect((await h.admin.get('/settings')).body).toEqual(before);
  });

  it('changes only the fields sent, in every section, and the older routes see them', async () => {
    const h = await newTenant(runtime.url);
    const res = await h.admin.put('/settings', {
      hospital: { name: 'St Mary Hospital', country: 'GB' },
      billing: { currency: 'GBP', consultationTaxRateBp: 2000 },
      agents: { rateLimitPerMinute: 30 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.version).toBe(1);
    expect(res.body.hospital).toMatchObject({ name: 'St Mary Hospital', country: 'GB' });
    expect(res.body.billing).toMatchObject({
      currency: 'GBP',
      consultationTaxRateBp: 2000,
      discountThresholdBp: 1000,
      consultationTaxInclusive: false,
    });
    expect(res.body.agents.rateLimitPerMinute).toBe(30);
    expect(res.body.changes).toEqual([
      {
        at: expect.any(String),
        by: h.registration.admin.id,
        fields: [
          'hospital.name',
          'hospital.country',
          'agents.rateLimitPerMinute',
          'billing.currency',
          'billing.consultationTaxRateBp',
        ],
      },
    ]);
    const s = await snapshot(h);
    expect(s.settings).toEqual(res.body);
    expect(s.tenant).toMatchObject({
      name: 'St Mary Hospital',
      country: 'GB',
      agentRateLimitPerMinute: 30,
    });
    expect(s.billing).toMatchObject({ currency: 'GBP', consultationTaxRateBp: 2000 });
  });

  it('clears the country and restores the default rate limit with null', async () => {
    const h = await newTenant(runtime.url, { timezone: 'Asia/Kolkata' });
    await h.admin.put('/settings', { agents: { rateLimitPerMinute: 50 } });
    const res = await h.admin.put('/settings', {
      hospital: { country: null },
      agents: { rateLimitPerMinute: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.hospital.country).toBeUndefined();
    expect(res.body.agents.rateLimitPerMinute).toBe(10);
    const tenant = (await h.admin.get('/tenants/current')).body;
    expect(tenant.country).toBeUndefined();
    expect(tenant.agentRateLimitPerMinute).toBeUndefined();
    expect(res.body.changes.at(-1).fields).toEqual([
      'hospital.country',
      'agents.rateLimitPerMinute',
    ]);
  });

  it('takes an edited answer back: auto-approval turned on in the list acts as the named doctor', async () => {
    const h = await newTenant(runtime.url);
    const doctor = await h.staff('DOCTOR');
    const answer = (await h.admin.get('/settings')).body;
    const edited = structuredClone(answer);
    const entry = edited.agents.actionTypes.find(
      (t: { type: string }) => t.type === 'prescription',
    );
    entry.autoApprove = true;
    entry.autoApproveAs = doctor.user.id;
    entry.lifetimeMinutes = 60;
    const res = await h.admin.put('/settings', edited);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.changes.at(-1).fields).toEqual(['agents.actionTypes.prescription']);
    const types = (await h.admin.get('/agent-actions/settings')).body.types;
    expect(types.find((t: { type: string }) => t.type === 'prescription')).toMatchObject({
      autoApprove: true,
      autoApproveAs: doctor.user.id,
      autoApproveEnabledBy: h.registration.admin.id,
      lifetimeMinutes: 60,
    });
    // The map form of PUT /agent-actions/settings works here too.
    const off = await h.admin.put('/settings', {
      agents: { actionTypes: { prescription: { autoApprove: false } } },
    });
    expect(off.status).toBe(200);
    expect(
      off.body.agents.actionTypes.find((t: { type: string }) => t.type === 'prescription'),
    ).toMatchObject({ autoApprove: false, lifetimeMinutes: 60 });
  });

  it('refuses a bad field with 400 naming it, and changes nothing of the request', async () => {
    const h = await newTenant(runtime.url);
    const before = (await h.admin.get('/settings')).body;
    const cases: [unknown, RegExp][] = [
      [{ hospital: { name: 'Renamed' }, billing: { currency: 'euro' } }, /billing\.currency/],
      [
        { hospital: { name: 'Renamed', timezone: 'Europe/London' } },
        /hospital\.timezone.*read-only/,
      ],
      [{ hospital: { name: 'Renamed', slug: 'another-slug' } }, /hospital\.slug.*read-only/],
      [
        { hospital: { name: 'Renamed' }, agents: { rateLimitPerMinute: 0 } },
        /agents\.rateLimitPerMinute/,
      ],
      [{ hospital: { name: 'Renamed', country: 'XX' } }, /hospital\.country/],
      [
        { hospital: { name: 'Renamed' }, billing: { refundThreshold: -1 } },
        /billing\.refundThreshold/,
      ],
      [{ hospital: { name: 'Renamed' }, colour: 'blue' }, /colour/],
      [{ version: 'one' }, /version/],
      [
        {
          hospital: { name: 'Renamed' },
          agents: {
            actionTypes: {
              prescription: { autoApprove: true, autoApproveAs: h.registration.admin.id },
            },
          },
        },
        /agents\.actionTypes\.prescription\.autoApproveAs/,
      ],
      [
        {
          hospital: { name: 'Renamed' },
          agents: { actionTypes: { 'no-such-type': { autoApprove: true } } },
        },
        /agents\.actionTypes/,
      ],
    ];
    for (const [body, field] of cases)
      expectError(await h.admin.put('/settings', body), 400, field);
    expect((await h.admin.get('/settings')).body).toEqual(before);
  });

  it('with a version: 409 when the settings changed since, also by an older route', async () => {
    const h = await newTenant(runtime.url);
    const read = (await h.admin.get('/settings')).body;
    const first = await h.admin.put('/settings', {
      version: read.version,
      billing: { refundThreshold: 1000 },
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(read.version + 1);
    const stale = await h.admin.put('/settings', {
      version: read.version,
      billing: { refundThreshold: 2000 },
    });
    expectError(stale, 409, /changed since version 0.*version 1/);
    expect(stale.body.field).toBe('version');

    // PATCH /tenants/current, PUT /billing/settings and PUT /agent-actions/settings each raise it.
    expect((await h.admin.patch('/tenants/current', { name: 'Old route' })).status).toBe(200);
    const billing = (await h.admin.get('/billing/settings')).body;
    const { updatedAt: _a, updatedBy: _b, ...billingInput } = billing;
    expect(
      (await h.admin.put('/billing/settings', { ...billingInput, currency: 'EUR' })).status,
    ).toBe(200);
    expect(
      (
        await h.admin.put('/agent-actions/settings', {
          types: { admission: { lifetimeMinutes: 30 } },
        })
      ).status,
    ).toBe(200);
    const now = (await h.admin.get('/settings')).body;
    expect(now.version).toBe(4);
    expect(now.changes.map((c: { fields: string[] }) => c.fields)).toEqual([
      ['billing.refundThreshold'],
      ['hospital'],
      ['billing'],
      ['agents.actionTypes'],
    ]);
    expectError(
      await h.admin.put('/settings', { version: first.body.version, hospital: { name: 'Lost' } }),
      409,
      /changed since version 1/,
    );
    expect((await h.admin.get('/tenants/current')).body.name).toBe('Old route');
    // The current version goes through.
    const ok = await h.admin.put('/settings', {
      ...now,
      hospital: { ...now.hospital, name: 'Current' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(5);
    expect(ok.body.billing.currency).toBe('EUR');
  });

  it('concurrent changes of different fields all land; of one version, exactly one does', async () => {
    const h = await newTenant(runtime.url);
    const bodies = [
      { hospital: { name: 'Concurrent Hospital' } },
      { hospital: { country: 'KE' } },
      { billing: { currency: 'KES' } },
      { billing: { discountThresholdBp: 500 } },
      { agents: { rateLimitPerMinute: 77 } },
    ];
    const replies = await Promise.all(bodies.map((b) => h.admin.put('/settings', b)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const after = (await h.admin.get('/settings')).body;
    expect(after.version).toBe(5);
    expect(after.hospital).toMatchObject({ name: 'Concurrent Hospital', country: 'KE' });
    expect(after.billing).toMatchObject({ currency: 'KES', discountThresholdBp: 500 });
    expect(after.agents.rateLimitPerMinute).toBe(77);
    expect(after.changes).toHaveLength(5);

    const racing = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        h.admin.put('/settings', { version: after.version, billing: { refundThreshold: n * 100 } }),
      ),
    );
    const statuses = racing.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = racing.find((r) => r.status === 200)!;
    const final = (await h.admin.get('/settings')).body;
    expect(final.version).toBe(6);
    expect(final.billing.refundThreshold).toBe(winner.body.billing.refundThreshold);
  });

  it("keeps hospitals apart: one hospital's change is not another's", async () => {
    const a = await newTenant(runtime.url);
    const b = await newTenant(runtime.url);
    await a.admin.put('/settings', { billing: { currency: 'JPY' } });
    const other = (await b.admin.get('/settings')).body;
    expect(other.billing.currency).toBe('USD');
    expect(other.version).toBe(0);
  });

  it('keys: settings:read reads; no key changes settings', async () => {
    const h = await newTenant(runtime.url);
    const reader = await h.key(['settings:read']);
    expect((await reader.api.get('/settings')).status).toBe(200);
    expectError(await reader.api.put('/settings', { hospital: { name: 'By key' } }), 403);
  });
});
