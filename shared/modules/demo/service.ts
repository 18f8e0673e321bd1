/**
 * `demo.generate`: the demo hospital in the caller's own hospital, once. A marker item written
 * with a condition (it must not exist) makes it once: of concurrent calls exactly one generates,
 * the others answer 409. A hospital that already has patients of its own is refused unless an
 * administrator (a person, not an API key) passes `force`.
 */

import { generateDemoHospital } from '../../demo/generate';
import type { UserActor } from '../../kernel/actor';
import { systemClock } from '../../kernel/clock';
import type { Context } from '../../kernel/context';
import { Conflict, Forbidden } from '../../kernel/errors';
import { isConditionFailure } from '../../kernel/store/conditions';
import type * as z from '../../kernel/zod';
import { findPatientIdByMrn, formatMrn } from '../patients/index';
import { activeUsersWithRoles } from '../users/index';
import type { DemoSummary, GenerateDemoInput } from './schemas';
import { demoMarkerKey as markerKey } from './status';

/** The person behind the call when it is an administrator (signed in, or an agent with their token). */
function administrator(ctx: Context): UserActor | undefined {
  const a = ctx.actor;
  const user =
    a.kind === 'user'
      ? a
      : a.kind === 'agent' && a.credential.kind === 'user'
        ? a.credential
        : undefined;
  return user?.role === 'ADMIN' ? user : undefined;
}

export async function generateForCaller(
  ctx: Context,
  input: z.output<typeof GenerateDemoInput>,
): Promise<z.output<typeof DemoSummary>> {
  if (ctx.tenant.status !== 'TRIAL')
    throw new Conflict(
      'Demo data is generated only for a hospital on its trial; this hospital is live. Try the demo locally with `npm start -- --demo`.',
    );
  const admin = administrator(ctx);
  if (input.force && !admin)
    throw new Forbidden('Only an administrator (signed in, not an API key) may force demo data');
  if (await ctx.store.get(markerKey(ctx), { consistent: true }))
    throw new Conflict(
      'This hospital already has its demo data; it is generated once per hospital',
    );
  const hasPatients = (await findPatientIdByMrn(ctx.store, formatMrn(1))) !== undefined;
  if (hasPatients && !input.force)
    throw new Conflict(
      'This hospital already has patients of its own, so demo data would mix with them: it is loaded only into a hospital with no patients yet. (An administrator calling the operation directly may pass force: true to add it anyway.)',
      { field: 'force' },
    );
  try {
    await ctx.store.put({
      Item: {
        ...markerKey(ctx),
        entity: 'DemoMarker',
        seed: input.seed,
        size: input.size,
        state: 'running',
        startedAt: ctx.now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  } catch (err) {
    if (isConditionFailure(err))
      throw new Conflict('Demo data is already being generated for this hospital');
    throw err;
  }
  // The demo's staff are created by an administrator: the caller when it is one, else (an API key
  // with demo:write, which an administrator created) the hospital's first active administrator.
  const actingAdmin: UserActor = admin ?? first(await activeUsersWithRoles(ctx.store, ['ADMIN']));
  // Each step is recorded on the marker for the page that polls `demo.status` while this runs.
  // The writes go one after the other; a failed one only leaves the page an older step.
  const record = (fields: Record<string, unknown>) => {
    const names = Object.keys(fields);
    return ctx.store.update({
      Key: markerKey(ctx),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#f${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    });
  };
  let progress: Promise<unknown> = Promise.resolve();
  try {
    const result = await generateDemoHospital(
      { ...ctx, actor: actingAdmin },
      {
        seed: input.seed,
        size: input.size,
        now: ctx.now,
        onProgress: (step, done, total) => {
          progress = progress.then(() => record({ step, done, total })).catch(() => undefined);
        },
      },
    );
    await progress;
    const { staff, counts, durationMs, seed, size } = result;
    await record({ state: 'done', finishedAt: systemClock.now().toISOString(), counts });
    return { seed, size, counts, staff, durationMs };
  } catch (err) {
    await progress;
    // A failed run leaves what it made (each record is whole, made by its operation); the marker
    // goes so that an administrator can run it again with force.
    await ctx.store.delete({ Key: markerKey(ctx) });
    throw err;
  }
}

function first(admins: readonly { id: string; createdAt: string }[]): UserActor {
  const oldest = [...admins].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  if (!oldest)
    throw new Conflict('The hospital has no active administrator to create the demo staff');
  return { kind: 'user', id: oldest.id, role: 'ADMIN' };
}
