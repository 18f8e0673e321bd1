/**
 * The expiry scan and the low-stock report: each page is one Query (the expiry index of batches
 * with stock, or the item collection), bound to the context's tenant by its keys, never a Scan.
 */
import type { Context } from '../../kernel/context';
import type { PageRequest } from '../../kernel/pagination';
import { addDays } from '../../kernel/time/zoned-time';
import { expiryAdvice, suggestedOrderQuantity } from './rules';
import { today } from './service';
import { BatchRecord, ItemRecord, itemName, pharmacyKeys } from './store';

/**
 * Batches with stock that are expired or expire within `withinDays` of today (hospital time
 * zone), first expiry first, with their value at cost and a suggested action.
 */
export async function expiryScan(ctx: Context, input: PageRequest & { withinDays: number }) {
  const asOf = today(ctx);
  const cutoff = addDays(asOf, input.withinDays);
  const page = await ctx.store.queryPage(
    {
      index: 'gsi1',
      partition: pharmacyKeys(ctx.store).batchesByExpiry(),
      // Sort keys are `<expiry date>#<batch id>`: everything up to the cutoff day inclusive.
      range: { between: ['0000-00-00', `${cutoff}#~`] },
    },
    input,
    (item) => {
      const b = BatchRecord.read(item);
      return {
        batchId: b.id,
        itemId: b.itemId,
        itemCode: b.itemCode,
        itemName: b.itemName,
        batchNumber: b.batchNumber,
        expiryDate: b.expiryDate,
        ...expiryAdvice(b.expiryDate, asOf),
        quantity: b.quantity,
        unitCost: b.unitCost,
        valueAtCost: b.quantity * b.unitCost,
      };
    },
  );
  return {
    asOf,
    cutoff,
    items: page.items,
    nextCursor: page.nextCursor,
    pageQuantity: page.items.reduce((sum, r) => sum + r.quantity, 0),
    pageValueAtCost: page.items.reduce((sum, r) => sum + r.valueAtCost, 0),
  };
}

/**
 * Items whose stock on hand is at or below their reorder level, in name order, with a suggested
 * order. One Query per page on the item collection, filtered by comparing the two attributes (a
 * page may hold fewer rows than `limit`; follow `nextCursor`).
 */
export function lowStock(ctx: Context, page: PageRequest) {
  return ctx.store.queryPage(
    {
      index: 'gsi1',
      partition: pharmacyKeys(ctx.store).items(),
      filter: { expression: '#oh <= #rl', names: { '#oh': 'onHand', '#rl': 'reorderLevel' } },
    },
    page,
    (raw) => {
      const item = ItemRecord.read(raw);
      return {
        itemId: item.id,
        code: item.code,
        name: itemName(item),
        onHand: item.onHand,
        reorderLevel: item.reorderLevel,
        packSize: item.packSize,
        suggestedOrderQuantity: suggestedOrderQuantity(item),
      };
    },
  );
}
