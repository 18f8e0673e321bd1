/**
 * The one path into an operation, whatever the transport: check access (unauthenticated /
 * forbidden), then parse the input (invalid), run the implementation, check its answer against
 * the output schema (under strict checks) and turn whatever it threw into an AppError. Transports
 * map the AppError's code to their own error form in one place each.
 *
 * Access comes before input: an operation's declared rule (roles, scope, humanOnly, system, the
 * trial) never depends on the input, so a caller who may not call the operation is refused (403,
 * or 401) whatever it sent, and never learns the input's schema from a field-level 400. Rules
 * that do depend on the data (a doctor changes only their own schedule) run in the implementation,
 * after validation, and are listed as such in docs/routes.md.
 */
import { checkAccess } from './access';
import { strictChecks } from './config';
import type { Context, PublicContext } from './context';
import { runWithEffects } from './effects';
import { InternalError, toAppError } from './errors';
import { takeIdempotencyKey } from './idempotency';
import type { AnyOperation, ContextFor, Operation } from './operation';
import { cutToOutput } from './output';
import { patientIdsOf, recordPatientAccess, watchPatients } from './patient-access';
import { parseOrThrow } from './validation';
import * as z from './zod';

export async function invokeOperation<
  I extends z.ZodMiniType,
  O extends z.ZodMiniType,
  A extends Operation['access'],
>(op: Operation<I, O, A>, ctx: ContextFor<A>, rawInput: unknown): Promise<z.output<O>> {
  try {
    checkAccess(op, ctx as Context | PublicContext);
    // An Idempotency-Key is no input field: it is split off first (kernel/idempotency.ts).
    const { input: fields, key } = takeIdempotencyKey(op, rawInput);
    const input = parseOrThrow(op.input, fields);
    // The patients whose items pass through the store for this call (patient-access.ts).
    const watch = 'store' in ctx ? watchPatients((ctx as Context).store) : null;
    let output: unknown;
    try {
      const run = () =>
        runWithEffects(ctx as Context | PublicContext, () => op.handler(ctx, input));
      // The key's record and replay load with the first request that sends a key.
      output =
        key === undefined
          ? await run()
          : await (await import('./idempotency-record')).withIdempotencyKey(
              op,
              ctx as Context | PublicContext,
              key,
              input,
              run,
            );
    } finally {
      watch?.stop();
    }
    if (strictChecks()) checkOutput(op, output);
    // In production the answer is cut to the output schema (kernel/output.ts).
    const answer = (strictChecks() ? output : cutToOutput(op, output, ctx.log)) as z.output<O>;
    // Who looked at which patient: on record before the answer is given (patient-access.ts).
    if (watch)
      await recordPatientAccess(ctx as Context, op, patientIdsOf(op, input, answer, watch.seen));
    return answer;
  } catch (err) {
    throw toAppError(err);
  }
}

/**
 * Checks the answer against the output schema (the answer itself is sent unchanged, so strict and
 * production runs answer alike). A mismatch is a bug in the implementation or the declaration that
 * would break OpenAPI and MCP clients trusting the schema, so it fails loudly.
 */
export function checkOutput(op: Pick<AnyOperation, 'name' | 'output'>, output: unknown): void {
  const checked = op.output.safeParse(output);
  if (checked.success) return;
  throw new InternalError(
    `${op.name} answered outside its output schema: ${z.prettifyError(checked.error)}`,
  );
}
