/**
 * Side effects that commit with the operation's change (docs/architecture.md, "Side effects"):
 * `emit(ctx, event)` puts an event in the outbox in the same transaction as the operation's next
 * write, and `settleEffects` ends an operation's writes (invoke.ts calls it once the handler has
 * answered or thrown). The rest lives in the store (Store.alongside, Store.emit, Store.settle).
 */
import type { Context, PublicContext } from './context';
import type { BusEvent } from './store/outbox';

export type { BusEvent } from './store/outbox';

/**
 * Emits `event` with the operation's change: an outbox item in the same transaction as the
 * context store's next write, published after the commit (at once, and by the relay until it is
 * published). Call it before the write it belongs to.
 */
export function emit(ctx: Context, event: BusEvent): void {
  ctx.store.emit(event, ctx.now);
}

/**
 * After an operation: on success the riders no write took are written, on failure they are
 * dropped; events committed are published (the fast path). Never throws for the fast path.
 */
export async function settleEffects(
  ctx: Context | PublicContext,
  outcome: 'ok' | 'failed',
): Promise<void> {
  if ('store' in ctx && ctx.store) await ctx.store.settle(outcome, ctx.log);
  else if ('stores' in ctx) await ctx.stores.settle(outcome, ctx.log);
}

/** Runs an operation's handler and settles its writes (the riders, the fast path) after it. */
export async function runWithEffects<T>(
  ctx: Context | PublicContext,
  handler: () => Promise<T>,
): Promise<T> {
  let output: T;
  try {
    output = await handler();
  } catch (err) {
    await settleEffects(ctx, 'failed');
    throw err;
  }
  await settleEffects(ctx, 'ok');
  return output;
}
