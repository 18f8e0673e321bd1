/**
 * Offboarding a hospital (issue 23 item 10, docs/operations.md "Offboarding a hospital"): an
 * administrator starts an export (POST /tenants/current/exports), the tenant-export function
 * writes it as pages (on the local bus, as EventBridge's rule on AWS), the administrator reads the
 * pages back; an operator erases the hospital (`npm run erase-tenant`). Both are checked against the table itself,
 * read here with a client of the test's own.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { promisify } from 'node:util';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eraseTenant } from '../../bin/erase/erase';
import { localClient } from '../../bin/local/dynamo-local';
import type { LocalRuntime } from '../../bin/local/server';
import { Stores } from '../../shared/kernel/store/store';
import { runExportJob } from '../../shared/modules/tenants/export-run';
import { exportJobItem, exportKeys } from '../../shared/modules/tenants/export-store';
import { type Client, expectError, newTenant } from '../support/api';
import { TEST_TABLE } from '../support/global-setup';
import { startTestRuntime } from '../support/runtime';
import { exportEnded, exportPages } from '../support/tenant-export';

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

/** An export Scans the whole shared test table, as large as the suite has made it. */
const EXPORT_TEST_MS = 150_000;

/** Starts an export and follows it until it has ended. */
async function exported(api: Client, body: Record<string, unknown> = {}) {
  const started = await api.post('/tenants/current/exports', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await exportEnded(api, started.body.id);
  expect(job.status, JSON.stringify(job)).toBe('done');
  return { started: started.body, job, pages: await exportPages(api, job) };
}

/** The items of an export's own partitions (its job record and lock, its pages) in the table. */
async function exportItemsOf(tenantId: string, exportId?: string) {
  const all = await tableItemsOf(tenantId);
  return all.filter((i) =>
    exportId
      ? i.pk === `TENANT#${tenantId}#EXPORT#${exportId}`
      : i.pk.startsWith(`TENANT#${tenantId}#EXPORT`),
  );
}

const exportEvents = (exportId: string) =>
  rt.events.bus.published.filter(
    (e) =>
      e['detail-type'] === 'TenantExportRequested' &&
      (e.detail as { exportId: string }).exportId === exportId,
  );
const runsOf = (exportId: string) =>
  rt.events.bus.deliveries.filter(
    (d) =>
      d.rule === 'tenant-export' && (d.event.detail as { exportId: string }).exportId === exportId,
  );

/** Writes a queued export job and the hospital's lock as a request would, without its event. */
async function queuedExport(tenantId: string, id: string, extra: Record<string, unknown> = {}) {
  const store = new Stores().forTenant(tenantId);
  const now = new Date();
  await store.put({
    Item: exportJobItem(store, {
      id,
      tenantId,
      status: 'queued',
      pageItems: 50,
      progress: { itemsRead: 0, pages: 0 },
      next: 'Queued',
      requestedBy: 'test',
      createdAt: now.toISOString(),
      availableUntil: new Date(now.getTime() + 86_400_000).toISOString(),
      ...extra,
    }),
  });
  await store.put({
    Item: { ...exportKeys(store).lock(), entity: 'TenantExportLock', exportId: id, until: 2e9 },
  });
  return store;
}

describe('hospital export', () => {
  it(
    'gives every item of the hospital once, over several pages, patients as FHIR, and nothing else',
    async () => {
      const { a, b, meera, patients, secret, stranger } = await twoHospitals();
      // Both hospitals export at once: each job reads its own hospital only.
      const [{ job, pages, started }, other] = await Promise.all([
        exported(a.admin, { pageItems: 7 }),
        exported(b.admin),
      ]);
      expect(started).toMatchObject({
        status: 'queued',
        pageItems: 7,
        progress: { itemsRead: 0, pages: 0 },
        next: expect.stringMatching(/^Queued for the export function/),
      });
      expect(job.progress.pages).toBeGreaterThan(1);
      expect(job.next).toBe(
        `Download pages 1 to ${job.progress.pages} from /tenants/current/exports/${job.id}/pages/{n} within 7 days; they are deleted after that.`,
      );
      expect(Date.parse(job.availableUntil) - Date.parse(job.createdAt)).toBe(7 * 86_400_000);
      expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
      for (const page of pages) {
        expect(page).toMatchObject({
          format: 'hms-tenant-export/1',
          tenantId: a.tenantId,
          exportId: job.id,
        });
        expect(page.count).toBeGreaterThan(0);
        expect(page.count).toBeLessThanOrEqual(7);
      }
      expect(pages.reduce((n, p) => n + p.count, 0)).toBe(job.progress.itemsRead);
      // A page past the last one is not found, saying how many there are.
      expectError(
        await a.admin.get(`/tenants/current/exports/${job.id}/pages/${job.progress.pages + 1}`),
        404,
        new RegExp(`it has ${job.progress.pages} pages$`),
      );

      // Each kind as often as the table holds it: none skipped, none twice. Not the export's own
      // partitions (the Scan leaves them out), nor what requests add while it runs (patients'
      // access records, the event of the request).
      const after = inPartitions(await tableItemsOf(a.tenantId), a.tenantId).filter(
        (i) => !i.pk.startsWith(`TENANT#${a.tenantId}#EXPORT`),
      );
      const all = new Map<string, any[]>();
      for (const page of pages)
        for (const [kind, list] of Object.entries(page.records as Record<string, any[]>))
          all.set(kind, [...(all.get(kind) ?? []), ...list]);
      const expected = new Map<string, number>();
      for (const item of after) expected.set(item.entity, (expected.get(item.entity) ?? 0) + 1);
      for (const [kind, n] of expected) {
        // Written by the requests themselves while the export runs (access records, rate counters).
        if (kind === 'PatientAccess' || kind === 'RateCounter') continue;
        expect(all.get(kind)?.length, kind).toBe(n);
      }
      expect(all.has('TenantExport')).toBe(false);
      expect(all.has('TenantExportPage')).toBe(false);
      for (const [kind, list] of all) {
        const ids = list.map((r) => r.id).filter((id) => id !== undefined);
        expect(new Set(ids).size, `${kind} ids`).toBe(ids.length);
      }

      // Patients are FHIR resources; the other hospital's patient is not among them.
      const fhirPatients = all.get('Patient')!;
      expect(fhirPatients.map((p) => p.id).sort()).toEqual(patients.map((p) => p.id).sort());
      const asFhir = fhirPatients.find((p) => p.id === meera.id);
      expect(asFhir).toMatchObject({
        resourceType: 'Patient',
        name: [{ text: 'Meera Iyer' }],
        gender: 'female',
        birthDate: '1984-02-29',
        identifier: [{ value: meera.mrn }],
      });
      expect(asFhir.telecom).toContainEqual({ system: 'email', value: 'meera@example.test' });
      expect(all.get('AllergyIntolerance')).toEqual([
        expect.objectContaining({
          patient: { reference: `Patient/${meera.id}` },
          code: { text: 'penicillin' },
        }),
      ]);
      expect(all.get('Observation')).toHaveLength(1);
      expect(all.get('User')).toHaveLength(2);
      expect(all.get('ApiKey')).toHaveLength(1);

      const text = JSON.stringify(pages);
      expect(text).not.toContain(b.tenantId);
      expect(text).not.toContain('Stranger Elsewhere');
      expect(text).not.toMatch(/"(passwordHash|hash|secret|previousSecret|privateJwk)"/);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(createHash('sha256').update(secret).digest('hex'));
      expect(text).not.toContain('TENANT#');

      // The other hospital's export holds its own patient, and none of this one's.
      const otherText = JSON.stringify(other.pages);
      expect(otherText).toContain(stranger.id);
      expect(otherText).not.toContain(a.tenantId);
      expect(otherText).not.toContain(meera.id);

      // The pages are in the hospital's export partition, each with its TTL, each far below 400 KB.
      const stored = await exportItemsOf(a.tenantId, job.id);
      expect(stored).toHaveLength(job.progress.pages);
      for (const item of stored) {
        expect(item.expiresAt).toBe(Math.floor(Date.parse(job.availableUntil) / 1000));
        expect(item.body.length).toBeLessThan(350 * 1024);
      }
    },
    EXPORT_TEST_MS,
  );

  it(
    'another hospital’s export is not found, nor its pages, nor in the list; a page read puts its patients on their access logs',
    async () => {
      const { a, b, meera } = await twoHospitals();
      const { job } = await exported(a.admin);
      expectError(await b.admin.get(`/tenants/current/exports/${job.id}`), 404);
      expectError(await b.admin.get(`/tenants/current/exports/${job.id}/pages/1`), 404);
      const own = await a.admin.get('/tenants/current/exports');
      expect(own.status).toBe(200);
      expect(own.body.items.map((j: any) => j.id)).toEqual([job.id]);
      const theirs = await b.admin.get('/tenants/current/exports');
      expect(theirs.body.items).toEqual([]);
      // `exported` read every page: each page's patients are on their access logs.
      const log = await a.admin.get(`/patients/${meera.id}/access-log`);
      expect(log.status).toBe(200);
      expect(log.body.items.map((r: any) => r.operation)).toContain('tenants.getExportPage');
    },
    EXPORT_TEST_MS,
  );

  it(
    'one export at a time: concurrent starts get one job and 409s naming it; a reused Idempotency-Key the same job',
    async () => {
      const { a } = await twoHospitals();
      const starts = await Promise.all(
        [1, 2, 3].map(() => a.admin.post('/tenants/current/exports', {})),
      );
      const accepted = starts.filter((s) => s.status === 202);
      expect(accepted).toHaveLength(1);
      const id = accepted[0]!.body.id as string;
      for (const refused of starts.filter((s) => s.status !== 202)) {
        expectError(refused, 409);
        expect(refused.body.message).toBe(
          `Export ${id} of this hospital is under way: follow it at GET /tenants/current/exports/${id} and start another once it has ended`,
        );
      }
      expect((await exportEnded(a.admin, id)).status).toBe('done');

      // Once ended, the hospital may export again; a retried request is answered, not run again.
      const headers = { 'idempotency-key': `export-${id}` };
      const first = await a.admin.post('/tenants/current/exports', { pageItems: 20 }, headers);
      const again = await a.admin.post('/tenants/current/exports', { pageItems: 20 }, headers);
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(again.body.id).toBe(first.body.id);
      await exportEnded(a.admin, first.body.id);
      const list = await a.admin.get('/tenants/current/exports');
      expect(list.body.items.map((j: any) => j.id)).toEqual([first.body.id, id]);
    },
    EXPORT_TEST_MS,
  );

  it(
    'a repeated delivery of the event writes no page twice and no second export',
    async () => {
      const { a } = await twoHospitals();
      const { job } = await exported(a.admin, { pageItems: 10 });
      await rt.events.bus.idle();
      const stored = await exportItemsOf(a.tenantId);
      const [event] = exportEvents(job.id);
      expect(exportEvents(job.id)).toHaveLength(1);
      await Promise.all([
        rt.events.bus.deliver(event!),
        rt.events.bus.deliver(event!),
        rt.events.bus.deliver(event!),
      ]);
      const outcomes = runsOf(job.id).map((d) => (d.result as { outcome: string }).outcome);
      expect(outcomes.sort()).toEqual(['done', 'skipped', 'skipped', 'skipped']);
      expect(await exportItemsOf(a.tenantId)).toEqual(stored);
      expect((await a.admin.get(`/tenants/current/exports/${job.id}`)).body).toEqual(job);
    },
    EXPORT_TEST_MS,
  );

  it(
    'a job left running past its claim is taken over; one within its claim is left alone',
    async () => {
      const { a } = await twoHospitals();
      const past = Math.floor(Date.now() / 1000) - 1;
      const store = await queuedExport(a.tenantId, `dead-${a.tenantId}`, {
        status: 'running',
        claim: 'a function that died',
        claimedUntil: past,
        startedAt: new Date().toISOString(),
      });
      const env = { store, now: () => new Date(), delivery: 'retry' };
      const outcome = await runExportJob(env, `dead-${a.tenantId}`);
      expect(outcome).toMatchObject({ outcome: 'done', exportId: `dead-${a.tenantId}` });
      const taken = await a.admin.get(`/tenants/current/exports/dead-${a.tenantId}`);
      expect(taken.body).toMatchObject({ status: 'done' });
      expect(taken.body.progress.pages).toBeGreaterThan(0);

      await queuedExport(a.tenantId, `busy-${a.tenantId}`, {
        status: 'running',
        claim: 'a live function',
        claimedUntil: past + 600,
      });
      expect(await runExportJob(env, `busy-${a.tenantId}`)).toEqual({
        outcome: 'skipped',
        exportId: `busy-${a.tenantId}`,
        reason: 'the export is running already',
      });
      expect(await runExportJob(env, 'no-such-export')).toEqual({
        outcome: 'skipped',
        exportId: 'no-such-export',
        reason: 'no such export',
      });
    },
    EXPORT_TEST_MS,
  );

  it(
    'a failure marks the job failed, saying what to do next, and frees the hospital for a new export',
    async () => {
      const { a } = await twoHospitals();
      const id = `failing-${a.tenantId}`;
      const store = await queuedExport(a.tenantId, id, { pageItems: 3 });
      // The table refuses the second page's write once (as DynamoDB may, throttled).
      const transact = store.transact.bind(store);
      let calls = 0;
      store.transact = (async (...args: Parameters<typeof transact>) => {
        calls += 1;
        if (calls === 2) throw new Error('Throughput exceeds the current capacity of your table');
        return transact(...args);
      }) as typeof store.transact;
      const outcome = await runExportJob({ store, now: () => new Date(), delivery: 'd1' }, id);
      expect(outcome).toEqual({ outcome: 'failed', exportId: id, pages: 1 });
      const failed = await a.admin.get(`/tenants/current/exports/${id}`);
      expect(failed.body).toMatchObject({
        status: 'failed',
        progress: { pages: 1, itemsRead: 3 },
        error: 'The export failed: Throughput exceeds the current capacity of your table',
        next: `Start a new export (POST /tenants/current/exports); if it fails again, give the operator this job id (${id}).`,
      });
      expect(failed.body.finishedAt).toEqual(expect.any(String));
      const next = await a.admin.post('/tenants/current/exports', {});
      expect(next.status, JSON.stringify(next.body)).toBe(202);
      expect((await exportEnded(a.admin, next.body.id)).status).toBe('done');
    },
    EXPORT_TEST_MS,
  );

  it(
    'refuses a page size out of range, a page number below 1, an unknown export and an expired one',
    async () => {
      const { a } = await twoHospitals();
      // Past its 7 days, an export the TTL has not deleted yet is gone for its readers.
      const expired = `expired-${a.tenantId}`;
      await queuedExport(a.tenantId, expired, {
        status: 'done',
        progress: { itemsRead: 1, pages: 1 },
        availableUntil: new Date(Date.now() - 1000).toISOString(),
      });
      expectError(await a.admin.get(`/tenants/current/exports/${expired}`), 404);
      expectError(await a.admin.get(`/tenants/current/exports/${expired}/pages/1`), 404);
      expect((await a.admin.get('/tenants/current/exports')).body).toEqual({
        items: [],
        nextCursor: null,
      });
      expectError(
        await a.admin.post('/tenants/current/exports', { pageItems: 0 }),
        400,
        /pageItems/,
      );
      expectError(
        await a.admin.post('/tenants/current/exports', { pageItems: 1001 }),
        400,
        /pageItems/,
      );
      expectError(await a.admin.get('/tenants/current/exports/x/pages/0'), 400, /n/);
      expectError(
        await a.admin.get('/tenants/current/exports/no-such'),
        404,
        /^Export no-such not found$/,
      );
      expectError(
        await a.admin.get('/tenants/current/exports/no-such/pages/1'),
        404,
        /^Export no-such not found$/,
      );
    },
    EXPORT_TEST_MS,
  );

  it(
    'puts a record too large to share a page on a page of its own, each page below 400 KB',
    async () => {
      const { a } = await twoHospitals();
      const store = new Stores().forTenant(a.tenantId);
      // Two records of about 200 KB (incompressible enough): they cannot share a 256 KB page.
      const big = (n: number) =>
        randomBytes(150 * 1024)
          .toString('base64')
          .slice(0, 200 * 1024 + n);
      for (const n of [1, 2])
        await store.put({
          Item: {
            ...store.keys.entity('BIGNOTE', `n${n}`),
            entity: 'BigNote',
            id: `n${n}`,
            text: big(n),
          },
        });
      const { job, pages } = await exported(a.admin, { pageItems: 1000 });
      const withBig = pages.filter((p) => p.records.BigNote);
      expect(withBig).toHaveLength(2);
      for (const page of withBig) expect(page.records.BigNote).toHaveLength(1);
      for (const item of await exportItemsOf(a.tenantId, job.id))
        expect(item.body.length).toBeLessThan(350 * 1024);
    },
    EXPORT_TEST_MS,
  );
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
