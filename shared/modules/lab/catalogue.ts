/** The per-hospital test catalogue: tests, panels, and installing the starter set. */
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { isConditionFailure } from '../../kernel/store/conditions';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import type { LabPanel, LabTest, PutLabPanelInput, PutLabTestInput } from './schemas';
import { STARTER_PANELS, STARTER_TESTS } from './starter-catalogue';
import { panelItem, readCatalogue, testItem } from './store';

export function getCatalogue(ctx: Context) {
  return readCatalogue(ctx.store);
}

/** Creates or replaces a test definition (orders keep the name and price they were placed with). */
export async function putTest(
  ctx: Context,
  input: z.output<typeof PutLabTestInput>,
): Promise<LabTest> {
  const test: LabTest = {
    ...input,
    updatedAt: ctx.now.toISOString(),
    updatedBy: actorId(ctx.actor),
  };
  await ctx.store.put({ Item: testItem(ctx.store, test) });
  return test;
}

export async function putPanel(
  ctx: Context,
  input: z.output<typeof PutLabPanelInput>,
): Promise<LabPanel> {
  const { tests } = await readCatalogue(ctx.store);
  const known = new Set(tests.map((t) => t.code));
  const missing = input.tests.filter((c) => !known.has(c));
  if (missing.length) throw invalidField('tests', `not in the catalogue: ${missing.join(', ')}`);
  const panel: LabPanel = {
    ...input,
    tests: [...new Set(input.tests)],
    updatedAt: ctx.now.toISOString(),
    updatedBy: actorId(ctx.actor),
  };
  await ctx.store.put({ Item: panelItem(ctx.store, panel) });
  return panel;
}

/**
 * Adds the starter tests and panels the hospital does not have yet. Each is written only if its
 * code is free, so running it again, or after editing, never overwrites the hospital's changes.
 */
export async function installStarterCatalogue(ctx: Context) {
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const installedTests: string[] = [];
  const installedPanels: string[] = [];
  const kept: string[] = [];
  const putIfNew = async (item: Record<string, unknown>, code: string, into: string[]) => {
    try {
      await ctx.store.put({ Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
      into.push(code);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      kept.push(code);
    }
  };
  for (const t of STARTER_TESTS)
    await putIfNew(
      testItem(ctx.store, { ...t, updatedAt: at, updatedBy: by }),
      t.code,
      installedTests,
    );
  for (const p of STARTER_PANELS)
    await putIfNew(
      panelItem(ctx.store, { ...p, updatedAt: at, updatedBy: by }),
      p.code,
      installedPanels,
    );
  return { installedTests, installedPanels, kept };
}
