/**
 * The demo marker (service.ts) as the administrator's page reads it: written when a generation
 * starts, updated at each step, completed with the counts, removed when a run fails.
 */
import type { Context } from '../../kernel/context';
import { view } from '../../kernel/records';
import type * as z from '../../kernel/zod';
import { DemoStatus } from './schemas';

export const demoMarkerKey = (ctx: Context) => ctx.store.keys.entity('DEMO', 'hospital');

export async function demoStatus(ctx: Context): Promise<z.output<typeof DemoStatus>> {
  const item = await ctx.store.get(demoMarkerKey(ctx), { consistent: true });
  if (!item) return { state: 'none' };
  // A marker without a state is one written before progress was recorded: a finished run.
  return view(DemoStatus, { ...item, state: item.state === 'running' ? 'running' : 'done' });
}
