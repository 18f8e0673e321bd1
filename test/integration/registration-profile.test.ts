/**
 * The production profile's registration setting, honoured by the local runtime
 * (shared/modules/tenants/registration.ts): open registers anyone, invite-only only with the
 * operator's code, closed nobody; refusals are 403 saying why, and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { inviteCodeHash, REGISTRATION_ENV } from '../../shared/modules/tenants/registration';
import { client, expectError } from '../support/api';
import { startTestRuntime } from '../support/runtime';

let runtime: LocalRuntime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime.close());
afterEach(() => {
  delete process.env[REGISTRATION_ENV.mode];
  delete process.env[REGISTRATION_ENV.inviteSha256];
});

const registration = (extra: Record<string, unknown> = {}) => {
  const suffix = randomUUID().slice(0, 8);
  return {
    hospitalName: `Profile Hospital ${suffix}`,
    slug: `profile-${suffix}`,
    adminName: 'Asha Admin',
    adminEmail: `admin-${suffix}@example.test`,
    ...extra,
  };
};

describe('registration setting', () => {
  it('closed: refuses every registration, and the slug stays free', async () => {
    process.env[REGISTRATION_ENV.mode] = 'closed';
    const body = registration();
    const anon = client(runtime.url);
    expectError(await anon.post('/tenants', body), 403, /closed on this deployment/);
    delete process.env[REGISTRATION_ENV.mode];
    expect((await anon.post('/tenants', body)).status).toBe(201);
  });

  it('invite-only: registers with the operator’s code only', async () => {
    process.env[REGISTRATION_ENV.mode] = 'invite-only';
    process.env[REGISTRATION_ENV.inviteSha256] = inviteCodeHash('welcome-st-marys-2026');
    const anon = client(runtime.url);
    expectError(await anon.post('/tenants', registration()), 403, /by invitation/);
    expectError(
      await anon.post('/tenants', registration({ inviteCode: 'guess' })),
      403,
      /give the inviteCode/,
    );
    const ok = await anon.post('/tenants', registration({ inviteCode: 'welcome-st-marys-2026' }));
    expect(ok.status).toBe(201);
    expect(JSON.stringify(ok.body)).not.toContain('welcome-st-marys-2026');
  });

  it('invite-only without a configured code registers nobody', async () => {
    process.env[REGISTRATION_ENV.mode] = 'invite-only';
    const anon = client(runtime.url);
    expectError(
      await anon.post('/tenants', registration({ inviteCode: 'x' })),
      403,
      /by invitation/,
    );
  });

  it('open (and unset): registers anyone', async () => {
    process.env[REGISTRATION_ENV.mode] = 'open';
    expect((await client(runtime.url).post('/tenants', registration())).status).toBe(201);
  });
});
