/**
 * Tenant isolation in IAM, the runtime half (shared/kernel/store/tenant-credentials.ts): with a
 * tenant role configured, every store of a tenant signs its DynamoDB calls with session
 * credentials whose `tenant` tag is the verified credential's tenant, cached per container. STS
 * cannot run locally, so AssumeRole is mocked (aws-sdk-client-mock); DynamoDB is the real
 * DynamoDB Local, which accepts the session credentials the mock hands out. The IAM half (the
 * role's LeadingKeys condition on that tag) is asserted in test/cdk/production.test.ts.
 *
 * Own process (vitest.config.ts OWN_PROCESS): it sets TENANT_ROLE_ARN and mocks the STS client
 * class for the whole process while it runs.
 */
import { AssumeRoleCommand, STSClient } from '@aws-sdk/nested-clients/sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { resetDocumentClient } from '../../shared/kernel/store/client';
import { Stores } from '../../shared/kernel/store/store';
import {
  resetTenantCredentials,
  TENANT_SESSION_TAG,
  tenantCredentials,
} from '../../shared/kernel/store/tenant-credentials';
import { client, newTenant } from '../support/api';
import { startTestRuntime } from '../support/runtime';

const ROLE = 'arn:aws:iam::123456789012:role/Hospital-PatientsTenantRole-TEST';
const sts = mockClient(STSClient);
let rt: LocalRuntime;
let a: Awaited<ReturnType<typeof newTenant>>;
let b: Awaited<ReturnType<typeof newTenant>>;
let issued = 0;

/** Answers AssumeRole like STS: fresh session credentials, valid for `validMs`. */
function answerWith(validMs: number) {
  sts.on(AssumeRoleCommand).callsFake(() => {
    issued += 1;
    return {
      Credentials: {
        AccessKeyId: `ASIATEST${issued}`,
        SecretAccessKey: `secret-${issued}`,
        SessionToken: `token-${issued}`,
        Expiration: new Date(Date.now() + validMs),
      },
    };
  });
}

/** The tenant tags of every AssumeRole call so far, in order. */
const taggedTenants = () =>
  sts.commandCalls(AssumeRoleCommand).map((c) => {
    const input = c.args[0].input;
    expect(input.RoleArn).toBe(ROLE);
    expect(input.Tags).toHaveLength(1);
    expect(input.Tags![0]!.Key).toBe(TENANT_SESSION_TAG);
    return input.Tags![0]!.Value;
  });

beforeAll(async () => {
  rt = await startTestRuntime();
  // Hospitals registered before the role is configured: their registration is not what we count.
  a = await newTenant(rt.url);
  b = await newTenant(rt.url);
  process.env.TENANT_ROLE_ARN = ROLE;
});

beforeEach(() => {
  sts.reset();
  // The SDK clients keep the identity they got until it expires: start each test without any.
  resetDocumentClient();
  resetTenantCredentials();
  answerWith(60 * 60_000);
});

afterAll(async () => {
  delete process.env.TENANT_ROLE_ARN;
  resetTenantCredentials();
  sts.restore();
  await rt.close();
});

describe('per-tenant session credentials', () => {
  it('a request assumes the tenant role tagged with the verified tenant, once per container', async () => {
    const first = await a.admin.get('/tenants/current');
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(a.tenantId);
    expect(taggedTenants()).toEqual([a.tenantId]);

    // Warm: the cached session serves the next requests, whatever they read.
    expect((await a.admin.get('/tenants/current')).status).toBe(200);
    expect((await a.admin.get('/patients')).status).toBe(200);
    expect(taggedTenants()).toEqual([a.tenantId]);

    // Another hospital gets a session of its own.
    expect((await b.admin.get('/tenants/current')).body.id).toBe(b.tenantId);
    expect(taggedTenants()).toEqual([a.tenantId, b.tenantId]);
  });

  it('a tenant named in a header or body never becomes the session tag', async () => {
    const crossing = await client(rt.url, { token: a.token, tenantId: b.tenantId }).get(
      '/tenants/current',
    );
    expect(crossing.status).toBe(403);
    const registering = await a.admin.post('/patients/register', {
      name: 'Tag Test',
      dateOfBirth: '1980-01-01',
      sex: 'female',
      tenantId: b.tenantId,
    });
    // The body never names the tenant: the field is refused, and no session of b is made.
    expect(registering.status).toBe(400);
    expect(taggedTenants().filter((t) => t !== a.tenantId)).toEqual([]);
  });

  it("the store refuses another tenant's keys before any call (no session of that tenant is made)", async () => {
    const stores = new Stores();
    const own = stores.forTenant(a.tenantId);
    const theirs = stores.forTenant(b.tenantId).keys.tenant;
    await expect(own.get(theirs)).rejects.toThrow(/refused key/);
    expect(taggedTenants()).toEqual([]);
    // Its own tenant item is read with its own session.
    expect(await own.get(own.keys.tenant)).toMatchObject({ id: a.tenantId });
    expect(taggedTenants()).toEqual([a.tenantId]);
  });

  it('the global store (lookups before the tenant is known) uses the container role, not a session', async () => {
    const login = await a.anon.post('/auth/login', {
      email: a.registration.credentials.email,
      password: a.registration.credentials.password,
    });
    expect(login.status).toBe(200);
    // The e-mail lookup is global; the user it finds is read with the tenant's session.
    expect(taggedTenants()).toEqual([a.tenantId]);
  });

  it('concurrent first requests of a tenant share one AssumeRole', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => tenantCredentials(ROLE, a.tenantId)),
    );
    expect(new Set(answers.map((c) => c.accessKeyId)).size).toBe(1);
    expect(taggedTenants()).toEqual([a.tenantId]);
  });

  it('renews a session in its last five minutes, and keeps none after a failure', async () => {
    sts.reset();
    answerWith(4 * 60_000); // already inside the renewal window
    const first = await tenantCredentials(ROLE, a.tenantId);
    const second = await tenantCredentials(ROLE, a.tenantId);
    expect(second.accessKeyId).not.toBe(first.accessKeyId);
    expect(taggedTenants()).toEqual([a.tenantId, a.tenantId]);

    resetTenantCredentials();
    sts.reset();
    sts
      .on(AssumeRoleCommand)
      .rejectsOnce(new Error('throttled'))
      .callsFake(() => ({
        Credentials: {
          AccessKeyId: 'ASIAAFTER',
          SecretAccessKey: 's',
          SessionToken: 't',
          Expiration: new Date(Date.now() + 3_600_000),
        },
      }));
    await expect(tenantCredentials(ROLE, b.tenantId)).rejects.toThrow('throttled');
    expect((await tenantCredentials(ROLE, b.tenantId)).accessKeyId).toBe('ASIAAFTER');
  });
});
