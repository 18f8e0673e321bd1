/**
 * Roster generation as a job (issue 18 item 4): the request only queues it, the solver runs in a
 * function of its own (`roster-generation`, an EventBridge consumer of `RosterGenerationRequested`
 * on AWS and on the local runtime's bus), and the job's progress is read by id.
 *
 * - **Once per ward and period**: the request writes the period's lock, the queued job and the
 *   event (outbox) in one transaction; a start while the lock holds answers the job that holds it,
 *   so concurrent starts get the same job and the solver runs once.
 * - **Once per job**: the consumer claims the job (queued → solving) with a conditional write; a
 *   delivery that finds it solving (within its claim) or finished does nothing. A claim outlives
 *   the solver's time limit, so a function that died mid-solve is taken over by the next delivery.
 */
// Registers the bus as the outbox's fast path: the event goes out with the request's commit.
import '../../events/bus';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { emit } from '../../kernel/effects';
import { Conflict, Invalid, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { view } from '../../kernel/records';
import { conditionFailed, isConditionFailure } from '../../kernel/store/conditions';
import type { Store } from '../../kernel/store/store';
import type * as z from '../../kernel/zod';
import type { RosterProblem } from './problem';
import { type GenerateInput, Job, type JobStatus, MAX_TIME_LIMIT_SECONDS } from './schemas';
import { problemOf } from './service';
import { DEFAULT_TIME_LIMIT_SECONDS, type GeneratedRoster } from './solve';
import { findRoster, JobRecord, rosterItem, rosterKeys } from './store';

export const ROSTER_SOURCE = 'hms.roster';
export const ROSTER_GENERATION_REQUESTED = 'RosterGenerationRequested';
/** Beyond the solver's limit: reading the ward, building the model, writing the draft. */
const OVERHEAD_SECONDS = 60;
/** The roster-generation function's timeout: the longest solver limit and the job's own work. */
export const ROSTER_JOB_TIMEOUT_SECONDS = MAX_TIME_LIMIT_SECONDS + OVERHEAD_SECONDS;
/** How long a queued job may wait for its function before another start may replace it. */
const QUEUE_SECONDS = 300;

type JobRecordT = z.output<typeof JobRecord.schema>;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** What to do next, for people and agents reading the job. */
export function nextStep(
  job: Pick<JobRecordT, 'status' | 'wardId' | 'start' | 'timeLimitSeconds'>,
): string {
  switch (job.status) {
    case 'queued':
      return 'Queued for the solver: read the job again in a few seconds.';
    case 'solving':
      return `The solver is working (at most ${job.timeLimitSeconds} s): read the job again in a few seconds.`;
    case 'done':
      return `Review the draft roster of ${job.wardId} from ${job.start} (its shortfalls and fairness figures), edit it if needed, then publish it: publishing is a ward manager's action.`;
    case 'failed':
      return `Mend what the error names, then start the generation of ${job.wardId} from ${job.start} again.`;
  }
}

const answer = (job: JobRecordT) => view(Job, { ...job, next: job.next ?? nextStep(job) });

async function findJob(store: Store, id: string) {
  const item = await store.get(rosterKeys(store).job(id), { consistent: true });
  return item ? JobRecord.read(item) : undefined;
}

/** The lock of a ward's period: the job holding it, until when. */
async function findLock(store: Store, wardId: string, start: string) {
  const item = await store.get(rosterKeys(store).lock(wardId, start), { consistent: true });
  return item as { jobId: string; until: number } | undefined;
}

/** Starts the generation of a ward's period, or answers the job already under way for it. */
export async function startGeneration(ctx: Context, input: z.output<typeof GenerateInput>) {
  const { problem } = await problemOf(ctx, input.wardId, input.start, input.days);
  if (!problem.staff.length)
    throw new Invalid(`wardId: ward ${input.wardId} has no staff profiles`, { field: 'wardId' });
  const existing = await findRoster(ctx.store, input.wardId, input.start);
  if (existing?.status === 'published')
    throw new Conflict(
      `The roster of ${input.wardId} from ${input.start} is published: change it by swaps`,
    );
  const keys = rosterKeys(ctx.store);
  const timeLimitSeconds = input.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS;
  const job: JobRecordT = {
    id: newId(ctx),
    tenantId: ctx.tenantId,
    wardId: input.wardId,
    start: input.start,
    days: input.days,
    status: 'queued',
    timeLimitSeconds,
    next: nextStep({ ...input, status: 'queued', timeLimitSeconds }),
    requestedBy: actorId(ctx.actor),
    createdAt: ctx.now.toISOString(),
  };
  // The lock lasts while the job may still be queued or solving; a dead job's lock lapses.
  const until = seconds(ctx.now) + QUEUE_SECONDS + timeLimitSeconds + OVERHEAD_SECONDS;
  emit(ctx, {
    source: ROSTER_SOURCE,
    detailType: ROSTER_GENERATION_REQUESTED,
    detail: { tenantId: ctx.tenantId, jobId: job.id },
  });
  try {
    await ctx.store.transact([
      {
        name: 'lock',
        Put: {
          Item: {
            ...keys.lock(input.wardId, input.start),
            entity: 'RosterLock',
            jobId: job.id,
            until,
            expiresAt: until + 3600,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #u < :now',
          ExpressionAttributeNames: { '#u': 'until' },
          ExpressionAttributeValues: { ':now': seconds(ctx.now) },
        },
      },
      {
        Put: {
          Item: JobRecord.item(job, keys.job(job.id)),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (err) {
    if (!conditionFailed(err, 'lock')) throw err;
    // Another start holds the period: answer its job (the same job for every concurrent start).
    const lock = await findLock(ctx.store, input.wardId, input.start);
    const held = lock && (await findJob(ctx.store, lock.jobId));
    if (held) return answer(held);
    throw new Conflict(
      `A roster generation for ${input.wardId} from ${input.start} has just finished; start it again`,
    );
  }
  return answer(job);
}

export async function getJob(ctx: Context, input: { id: string }) {
  const job = await findJob(ctx.store, input.id);
  if (!job) throw new NotFound(`Generation ${input.id} not found`);
  return answer(job);
}

export type JobRunOutcome =
  | { outcome: 'done' | 'failed'; jobId: string }
  | { outcome: 'skipped'; jobId: string; reason: string };

/** The solver's side: what a function needs to run a job of one hospital. */
export interface JobEnv {
  store: Store;
  tenantId: string;
  /** The clock, read at each step (a solve takes seconds). */
  now: () => Date;
  /** Runs the solver (solve.ts's generateRoster; a test may pass another). */
  solve: (p: RosterProblem, timeLimitSeconds: number) => Promise<GeneratedRoster>;
}

/** Claims the job (queued, or solving past its claim) for this delivery. */
async function claim(env: JobEnv, job: JobRecordT): Promise<JobRecordT | null> {
  const now = env.now();
  const claimedUntil = seconds(now) + job.timeLimitSeconds + OVERHEAD_SECONDS;
  const next: JobRecordT = {
    ...job,
    status: 'solving',
    startedAt: now.toISOString(),
    next: nextStep({ ...job, status: 'solving' }),
  };
  try {
    await env.store.put({
      Item: { ...JobRecord.item(next, rosterKeys(env.store).job(job.id)), claimedUntil },
      ConditionExpression: '#s = :queued OR (#s = :solving AND claimedUntil < :now)',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':queued': 'queued',
        ':solving': 'solving',
        ':now': seconds(now),
      },
    });
    return next;
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Runs a queued job: solves, stores the draft and the job's outcome, frees the period. */
export async function runGenerationJob(env: JobEnv, jobId: string): Promise<JobRunOutcome> {
  const job = await findJob(env.store, jobId);
  if (!job) return { outcome: 'skipped', jobId, reason: 'no such job' };
  const claimed = await claim(env, job);
  if (!claimed)
    return { outcome: 'skipped', jobId, reason: `the job is ${job.status} by another delivery` };
  const finished = await solveInto(env, claimed);
  // Frees the period for the next start, only if this job still holds it.
  await env.store
    .delete({
      Key: rosterKeys(env.store).lock(job.wardId, job.start),
      ConditionExpression: 'jobId = :job',
      ExpressionAttributeValues: { ':job': job.id },
    })
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
  return { outcome: finished.status as 'done' | 'failed', jobId };
}

function failed(env: JobEnv, job: JobRecordT, error: string, next: string): JobRecordT {
  return { ...job, status: 'failed', error, next, finishedAt: env.now().toISOString() };
}

/** Solves the job's period as it stands now and writes the draft with the job (or the failure). */
async function solveInto(env: JobEnv, job: JobRecordT): Promise<JobRecordT> {
  const keys = rosterKeys(env.store);
  const ctx = { store: env.store, tenantId: env.tenantId, now: env.now() } as Context;
  let outcome: JobRecordT;
  try {
    const { problem } = await problemOf(ctx, job.wardId, job.start, job.days);
    const existing = await findRoster(env.store, job.wardId, job.start);
    if (existing?.status === 'published') {
      outcome = failed(
        env,
        job,
        `The roster of ${job.wardId} from ${job.start} was published while the job waited`,
        'Change the published roster by swaps; generation makes drafts only.',
      );
    } else if (!problem.staff.length) {
      outcome = failed(
        env,
        job,
        `Ward ${job.wardId} has no staff profiles any more`,
        `Give staff profiles the ward ${job.wardId}, then start the generation again.`,
      );
    } else {
      const result = await env.solve(problem, job.timeLimitSeconds);
      const now = env.now().toISOString();
      const previousVersion = existing?.version ?? 0;
      const roster = {
        tenantId: env.tenantId,
        wardId: job.wardId,
        start: job.start,
        days: job.days,
        status: 'draft' as const,
        version: previousVersion + 1,
        assignments: result.assignments,
        shortfalls: result.shortfalls,
        coverage: result.coverage,
        violations: result.violations,
        figures: result.figures,
        solver: result.solver,
        generatedAt: now,
        updatedAt: now,
      };
      const done: JobRecordT = {
        ...job,
        status: 'done',
        next: nextStep({ ...job, status: 'done' }),
        summary: {
          shifts: result.assignments.length,
          coverageMet: result.shortfalls.length === 0,
          shortfalls: result.shortfalls,
          violations: result.violations.length,
          figures: result.figures,
          solver: result.solver,
          rosterVersion: roster.version,
        },
        finishedAt: now,
      };
      await env.store.transact([
        {
          name: 'roster',
          Put: {
            Item: rosterItem(env.store, roster),
            ConditionExpression: previousVersion
              ? '#v = :v AND #s = :draft'
              : 'attribute_not_exists(pk)',
            ...(previousVersion
              ? {
                  ExpressionAttributeNames: { '#v': 'version', '#s': 'status' },
                  ExpressionAttributeValues: { ':v': previousVersion, ':draft': 'draft' },
                }
              : {}),
          },
        },
        { Put: { Item: JobRecord.item(done, keys.job(job.id)) } },
      ]);
      return done;
    }
  } catch (err) {
    outcome = conditionFailed(err, 'roster')
      ? failed(
          env,
          job,
          'The roster changed or was published while it was being generated',
          'Reload the roster; start the generation again if you still want a new draft.',
        )
      : failed(
          env,
          job,
          `Generation failed: ${(err as Error).message}`,
          'Check the ward’s staff, shift types and coverage; a longer time limit may help. Then start again.',
        );
  }
  await env.store.put({ Item: JobRecord.item(outcome, keys.job(job.id)) });
  return outcome;
}

export type { JobStatus };
