/**
 * Steps 4 to 6 of the edge (pipeline.ts): access first (kernel/access.ts), then the input as the
 * transport forms it, then the operation (which validates the input and runs). The form step may
 * throw its own transport's input errors; they come after access, like validation. Kept apart
 * from the pipeline's core so that a function serving pages bundles no operation machinery.
 */
import { checkAccess } from '../kernel/access';
import type { Context, PublicContext } from '../kernel/context';
import { invokeOperation } from '../kernel/invoke';
import type { ContextFor, Operation } from '../kernel/operation';
import type * as z from '../kernel/zod';
import type { Edge } from './pipeline';

export async function invokeAtEdge<
  I extends z.ZodMiniType,
  O extends z.ZodMiniType,
  A extends Operation['access'],
>(
  edge: Edge,
  op: Operation<I, O, A>,
  ctx: ContextFor<A>,
  form: () => unknown,
): Promise<z.output<O>> {
  edge.note({ operation: op.name });
  checkAccess(op, ctx as Context | PublicContext);
  return invokeOperation(op, ctx, form());
}
