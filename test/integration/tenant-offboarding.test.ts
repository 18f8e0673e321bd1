/**
 * Offboarding a hospital (issue 23 item 10, docs/operations.md "Offboarding a hospital"): an
 * administrator exports every item of the hospital, a page at a time (GET /tenants/current/export),
 * and an operator erases it (`npm run erase-tenant`). Both are checked against the table itself,
 * read here with a client of the test's own.
 */
import { execFile } from 'node:child_process';
import { createHash, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eraseTenant } from '../../bin/erase/erase';
import { localClient } from '../../bin/local/dynamo-local';
import type { LocalRuntime } from '../../bin/local/server';
import { type Client, expectError, newTenant } from '../support/api';
import { TEST_TABLE } from '../support/global-setup';
import { startTestRuntime } from '../support/runtime';

const run = promisify(execFile);

let rt: LocalRuntime;
let doc: DynamoDBDocumentClient;
beforeAll(async () => {
  rt = await startTestRuntime();
  doc = DynamoDBDocumentClient.from(localClient(inject('dynamoEndpoint')));
}, 60_000);
afterAll(() => rt?.close());

const uniquePhone = () => `+91 ${randomInt(6, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

type Item = Record<string, any>;

/** Every item of the table that belongs to the tenant: its partitions and its global lookups. */
async function tableItemsOf(tenantId: string): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const res = await doc.send(
      new ScanCommand({ TableName: TEST_TABLE, ConsistentRead: true, ExclusiveStartKey: startKey }),
    );
    for (const item of res.Items ?? [])
      if (String(item.pk).startsWith(`TENANT#${tenantId}`) || item.tenantId === tenantId)
        items.push(item);
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const inPartitions = (items: Item[], tenantId: string) =>
  items.filter((i) => i.pk === `TENANT#${tenantId}` || i.pk.startsWith(`TENANT#${tenantId}#`));

async function register(api: Client, body: Record<string, unknown>) {
  const res = await api.post('/patients/register', {
    dateOfBirth: '1984-02-29',
    sex: 'female',
    phone: uniquePhone(),
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; mrn: string };
}

/** A hospital with patients, a staff user and an API key; and another hospital with a patient. */
async function twoHospitals() {
  const a = await newTenant(rt.url);
  const b = await newTenant(rt.url);
  const meera = await register(a.admin, {
    name: 'Meera Iyer',
    email: 'meera@example.test',
    allergies: ['penicillin'],
    bloodGroup: 'O+',
  });
  const others = [];
  for (let i = 0; i < 4; i++) others.push(await register(a.admin, { name: `Patient ${i}` }));
  await a.staff('DOCTOR');
  const key = await a.admin.post('/api-keys', { name: 'export test', scopes: ['patients:read'] });
  expect(key.status).toBe(201);
  const stranger = await register(b.admin, { name: 'Stranger Elsewhere' });
  return { a, b, meera, patients: [meera, ...others], secret: key.body.secret as string, stranger };
}

async function exportAll(api: Client, limit: number) {
  const pages: any[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api.get(`/tenants/current/export?${query}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor);
  return pages;
}

describe('hospital export', () => {
  it('gives every item of the hospital once, page by page, patients as FHIR, and nothing else', async () => {
    const { a, b, meera, patients, secret, stranger } = await twoHospitals();
    const before = inPartitions(await tableItemsOf(a.tenantId), a.tenantId);

    const pages = await exportAll(a.admin, 7);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page.format).toBe('hms-tenant-export/1');
      expect(page.tenantId).toBe(a.tenantId);
      expect(page.count).toBeLessThanOrEqual(7);
    }

    // Each kind as often as the table holds it: none skipped, none twice. Patient access records
    // are the exception: the export's own pages add them (it reads every patient).
    const exported = new Map<string, any[]>();
    for (const page of pages)
      for (const [kind, list] of Object.entries(page.records as Record<string, any[]>))
        exported.set(kind, [...(exported.get(kind) ?? []), ...list]);
    const expected = new Map<string, number>();
    for (const item of before) expected.set(item.entity, (expected.get(item.entity) ?? 0) + 1);
    for (const [kind, n] of expected) {
      if (kind === 'PatientAccess') continue;
      expect(exported.get(kind)?.length, kind).toBe(n);
    }
    for (const [kind, list] of exported) {
      const ids = list.map((r) => r.id).filter((id) => id !== undefined);
      expect(new Set(ids).size, `${kind} ids`).toBe(ids.length);
    }

    // Patients are FHIR resources; the other hospital's patient is not among them.
    const fhirPatients = exported.get('Patient')!;
    expect(fhirPatients.map((p) => p.id).sort()).toEqual(patients.map((p) => p.id).sort());
    expect(fhirPatients.map((p) => p.id)).not.toContain(stranger.id);
    const asFhir = fhirPatients.find((p) => p.id === meera.id);
    expect(asFhir).toMatchObject({
      resourceType: 'Patient',
      name: [{ text: 'Meera Iyer' }],
      gender: 'female',
      birthDate: '1984-02-29',
      identifier: [{ value: meera.mrn }],
    });
    expect(asFhir.telecom).toContainEqual({ system: 'email', value: 'meera@example.test' });
    expect(exported.get('AllergyIntolerance')).toEqual([
      expect.objectContaining({
        patient: { reference: `Patient/${meera.id}` },
        code: { text: 'penicillin' },
      }),
    ]);
    expect(exported.get('Observation')).toHaveLength(1);
    expect(exported.get('User')).toHaveLength(2);
    expect(exported.get('ApiKey')).toHaveLength(1);

    const text = JSON.stringify(pages);
    expect(text).not.toContain(b.tenantId);
    expect(text).not.toContain('Stranger Elsewhere');
    expect(text).not.toMatch(/"(passwordHash|hash|secret|previousSecret|privateJwk)"/);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(createHash('sha256').update(secret).digest('hex'));
    expect(text).not.toContain('TENANT#');
  });

  it('records the exported patients on their access logs', async () => {
    const { a, meera } = await twoHospitals();
    await exportAll(a.admin, 200);
    const log = await a.admin.get(`/patients/${meera.id}/access-log`);
    expect(log.status).toBe(200);
    expect(log.body.items.map((r: any) => r.operation)).toContain('tenants.export');
  });

  it('refuses another hospital’s cursor, a forged one and a page size out of range', async () => {
    const { a, b } = await twoHospitals();
    const first = await a.admin.get('/tenants/current/export?limit=1');
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expectError(
      await b.admin.get(
        `/tenants/current/export?cursor=${encodeURIComponent(first.body.nextCursor)}`,
      ),
      400,
      /cursor/,
    );
    expectError(await a.admin.get('/tenants/current/export?cursor=forged'), 400, /cursor/);
    expectError(await a.admin.get('/tenants/current/export?limit=0'), 400, /limit/);
    expectError(await a.admin.get('/tenants/current/export?limit=1001'), 400, /limit/);
  });
});

describe('erasing a hospital', () => {
  it('refuses without --yes and names the arguments it needs', async () => {
    const { a } = await twoHospitals();
    const args = ['--import', 'tsx', 'bin/erase-tenant.ts', '--table', TEST_TABLE];
    const noYes = await run(process.execPath, [...args, '--tenant', a.tenantId]).catch((e) => e);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/without --yes/);
    const noTenant = await run(process.execPath, [...args, '--yes']).catch((e) => e);
    expect(noTenant.code).toBe(2);
    expect(noTenant.stderr).toMatch(/Usage: npm run erase-tenant/);
    expect((await tableItemsOf(a.tenantId)).length).toBeGreaterThan(0);
  }, 60_000);

  it('deletes every item of the hospital, its lookups too, and leaves the other hospital intact', async () => {
    const { a, b, stranger } = await twoHospitals();
    const otherBefore = await tableItemsOf(b.tenantId);
    const ownBefore = await tableItemsOf(a.tenantId);
    // Global lookups (slug, e-mail, API-key hash) name the tenant outside its partitions.
    expect(ownBefore.some((i) => i.pk.startsWith('SLUG#'))).toBe(true);
    expect(ownBefore.some((i) => i.pk.startsWith('APIKEYHASH#'))).toBe(true);

    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      'bin/erase-tenant.ts',
      '--table',
      TEST_TABLE,
      '--tenant',
      a.tenantId,
      '--endpoint',
      inject('dynamoEndpoint'),
      '--yes',
    ]);
    expect(stdout).toMatch(/scanned \d+ items of the table, deleted \d+ of tenant/);
    expect(stdout).toContain(`Erased tenant ${a.tenantId}: ${ownBefore.length} items deleted`);

    expect(await tableItemsOf(a.tenantId)).toEqual([]);
    expect((await tableItemsOf(b.tenantId)).length).toBe(otherBefore.length);
    expect((await b.admin.get(`/patients/${stranger.id}`)).status).toBe(200);
    expectError(await a.admin.get('/tenants/current'), 401);
  }, 60_000);

  it('goes page by page through a table larger than one Scan page', async () => {
    const { a, b } = await twoHospitals();
    const otherBefore = (await tableItemsOf(b.tenantId)).length;
    const lines: string[] = [];
    const deleted = await eraseTenant({
      client: doc,
      table: TEST_TABLE,
      tenantId: a.tenantId,
      log: (line) => lines.push(line),
      scanPageSize: 50,
    });
    expect(deleted).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(1);
    expect(await tableItemsOf(a.tenantId)).toEqual([]);
    expect((await tableItemsOf(b.tenantId)).length).toBe(otherBefore);
  }, 60_000);
});
