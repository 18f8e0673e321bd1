/**
 * Roster generation as a job (issue 18 item 4), through the local runtime and its event bus with
 * the real HiGHS solver: the request answers 202 with a queued job, the roster-generation function
 * (the bus's rule, as EventBridge's on AWS) solves it, the job is read until done; concurrent
 * starts of one period share one job; a delivered-again event solves nothing twice; a job whose
 * period was published while it waited fails saying why and what to do; a job left solving by a
 * dead function is taken over once its claim has lapsed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { Stores } from '../../shared/kernel/store/store';
import { JobRecord, rosterKeys } from '../../shared/modules/roster/store';
import { finished, rosterHospital } from '../support/roster';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
}, 60_000);

const START = '2027-06-07'; // a Monday

const generationEvents = (jobId: string) =>
  rt.events.bus.published.filter(
    (e) =>
      e['detail-type'] === 'RosterGenerationRequested' &&
      (e.detail as { jobId: string }).jobId === jobId,
  );
const runsOf = (jobId: string) =>
  rt.events.bus.deliveries.filter(
    (d) => d.rule === 'roster-generation' && (d.event.detail as { jobId: string }).jobId === jobId,
  );

describe('roster generation jobs', () => {
  it('202 with a queued job, solved out of the request, read until done with what to do next', async () => {
    const h = await rosterHospital(rt.url, 3);
    const started = await h.manager.api.post('/roster/wards/W1/generations', {
      start: START,
      days: 3,
      timeLimitSeconds: 5,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({
      status: 'queued',
      wardId: 'W1',
      start: START,
      days: 3,
      timeLimitSeconds: 5,
      next: 'Queued for the solver: read the job again in a few seconds.',
      requestedBy: h.manager.user.id,
    });
    expect(started.body.summary).toBeUndefined();
    const done = (await finished(h.manager.api, started)).body;
    expect(done).toMatchObject({ id: started.body.id, status: 'done' });
    expect(done.next).toMatch(/^Review the draft roster of W1 from 2027-06-07/);
    expect(done.summary).toMatchObject({ coverageMet: true, violations: 0, rosterVersion: 1 });
    expect(Date.parse(done.startedAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
    expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));
    // The event went out with the request's commit, and the function ran the job once.
    await rt.events.bus.idle();
    expect(generationEvents(done.id)).toHaveLength(1);
    expect(runsOf(done.id).map((d) => d.result)).toEqual([{ outcome: 'done', jobId: done.id }]);
  });

  it('concurrent starts of one period share one job; a repeated delivery solves nothing twice', async () => {
    const h = await rosterHospital(rt.url, 3);
    const body = { start: START, days: 3, timeLimitSeconds: 5 };
    const starts = await Promise.all([
      h.manager.api.post('/roster/wards/W1/generations', body),
      h.admin.post('/roster/wards/W1/generations', body),
      h.manager.api.post('/roster/wards/W1/generations', body),
    ]);
    expect(starts.map((s) => s.status)).toEqual([202, 202, 202]);
    const ids = new Set(starts.map((s) => s.body.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    const done = (await finished(h.manager.api, starts[0]!)).body;
    expect(done.status).toBe('done');
    await rt.events.bus.idle();
    // The event again, three times at once: every delivery finds the job finished.
    const [event] = generationEvents(id);
    await Promise.all([
      rt.events.bus.deliver(event!),
      rt.events.bus.deliver(event!),
      rt.events.bus.deliver(event!),
    ]);
    const outcomes = runsOf(id).map((d) => (d.result as { outcome: string }).outcome);
    expect(outcomes.sort()).toEqual(['done', 'skipped', 'skipped', 'skipped']);
    const roster = await h.manager.api.get(`/roster/wards/W1/rosters/${START}`);
    expect(roster.body.version).toBe(1);
    expect((await h.manager.api.get(`/roster/generations/${id}`)).body).toEqual(done);
    // Once finished, the period is free: a new start is a new job and a new draft.
    const again = await finished(
      h.manager.api,
      await h.manager.api.post('/roster/wards/W1/generations', body),
    );
    expect(again.body.id).not.toBe(id);
    expect(again.body.summary.rosterVersion).toBe(2);
  });

  it('a job whose period was published while it waited fails, saying why and what to do', async () => {
    const h = await rosterHospital(rt.url, 3);
    const body = { start: START, days: 2, timeLimitSeconds: 5 };
    const first = await finished(
      h.manager.api,
      await h.manager.api.post('/roster/wards/W1/generations', body),
    );
    expect(first.body.status).toBe('done');
    const pub = await h.manager.api.post(`/roster/wards/W1/rosters/${START}/publish`, {
      version: 1,
    });
    expect(pub.status).toBe(200);
    // A job queued before the publication, delivered only now.
    const store = new Stores().forTenant(h.tenantId);
    const queued = { ...first.body, id: `${first.body.id}-late`, status: 'queued' };
    delete queued.summary;
    delete queued.startedAt;
    delete queued.finishedAt;
    await store.put({
      Item: JobRecord.item({ ...queued, tenantId: h.tenantId }, rosterKeys(store).job(queued.id)),
    });
    const [event] = generationEvents(first.body.id);
    await rt.events.bus.deliver({ ...event!, detail: { tenantId: h.tenantId, jobId: queued.id } });
    const late = await h.manager.api.get(`/roster/generations/${queued.id}`);
    expect(late.body).toMatchObject({
      status: 'failed',
      error: `The roster of W1 from ${START} was published while the job waited`,
      next: 'Change the published roster by swaps; generation makes drafts only.',
    });
    expect((await h.manager.api.get(`/roster/wards/W1/rosters/${START}`)).body).toMatchObject({
      status: 'published',
      version: pub.body.version,
    });
  });

  it('a job left solving is taken over once its claim lapsed, not before', async () => {
    const h = await rosterHospital(rt.url, 3);
    const store = new Stores().forTenant(h.tenantId);
    const job = {
      id: `stuck-${h.tenantId}`,
      tenantId: h.tenantId,
      wardId: 'W1',
      start: START,
      days: 2,
      status: 'solving' as const,
      timeLimitSeconds: 5,
      next: 'The solver is working (at most 5 s): read the job again in a few seconds.',
      requestedBy: h.manager.user.id,
      createdAt: new Date().toISOString(),
      startedAt: new Date().toISOString(),
    };
    const event = {
      ...rt.events.bus.published.find((e) => e['detail-type'] === 'RosterGenerationRequested')!,
      detail: { tenantId: h.tenantId, jobId: job.id },
    };
    const now = Math.floor(Date.now() / 1000);
    // Claimed by a function that is still within its time: this delivery leaves it alone.
    await store.put({
      Item: { ...JobRecord.item(job, rosterKeys(store).job(job.id)), claimedUntil: now + 600 },
    });
    await rt.events.bus.deliver(event);
    expect((await h.manager.api.get(`/roster/generations/${job.id}`)).body.status).toBe('solving');
    // Its claim lapsed (the function died): the next delivery solves it.
    await store.put({
      Item: { ...JobRecord.item(job, rosterKeys(store).job(job.id)), claimedUntil: now - 1 },
    });
    await rt.events.bus.deliver(event);
    const read = (await h.manager.api.get(`/roster/generations/${job.id}`)).body;
    expect(read).toMatchObject({ status: 'done', summary: { rosterVersion: 1 } });
    expect(runsOf(job.id).map((d) => (d.result as { outcome: string }).outcome)).toEqual([
      'skipped',
      'done',
    ]);
  });
});
