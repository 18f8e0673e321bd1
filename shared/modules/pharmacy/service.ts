/** Formulary, goods receipts and stock movements by hand (adjustment, expiry write-off, recall). */
import { randomUUID } from 'node:crypto';
import { identifyDrug, lookupDrug } from '../../clinical/drug-catalogue';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import {
  conditionFailed,
  failedConditionNames,
  isConditionFailure,
} from '../../kernel/store/conditions';
import { named, type TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { availableQuantity, isExpired } from './rules';
import {
  Batch,
  type CreateItemInput,
  FormularyItem,
  Movement,
  Receipt,
  type ReceiveInput,
  type UpdateItemInput,
} from './schemas';
import { type AdjustmentReason, assertBatchTransition } from './status';
import {
  type BatchRecord,
  batchItem,
  batchQuantityUpdate,
  findItem,
  ItemRecord as ItemDef,
  type ItemRecord,
  itemName,
  itemWithBatches,
  MOVEMENT_PREFIX,
  MovementRecord as MovementDef,
  type MovementRecord,
  movementPut,
  newItemWrites,
  normalised,
  onHandUpdate,
  pharmacyKeys,
  ReceiptRecord as ReceiptDef,
  type ReceiptRecord,
  receiptWrites,
} from './store';

export const today = (ctx: Context) => todayIn(ctx.tenant.timeZone, ctx.now);

export async function requireItem(ctx: Context, id: string): Promise<ItemRecord> {
  const item = await findItem(ctx.store, id);
  if (!item) throw new NotFound(`Formulary item ${id} not found`);
  return item;
}

/**
 * Adds a drug to the formulary. Its generic name (and ATC code, when given) is matched to the
 * drug catalogue prescriptions are written against, so a prescription finds the items that can
 * fill it by code; a drug the catalogue does not know needs its ATC code.
 */
export async function createItem(ctx: Context, input: z.output<typeof CreateItemInput>) {
  const drug = identifyDrug(input.genericName, input.drugCode ?? null);
  if (!drug.code)
    throw invalidField(
      'drugCode',
      `is required: '${input.genericName}' is not in the drug catalogue, so give its WHO ATC code`,
    );
  const at = ctx.now.toISOString();
  const item: ItemRecord = {
    id: randomUUID(),
    code: input.code,
    drugCode: drug.code,
    genericName: drug.entry?.name ?? input.genericName,
    ...(input.brandName ? { brandName: input.brandName } : {}),
    form: input.form,
    strength: input.strength,
    unit: input.unit,
    packSize: input.packSize,
    pricing: input.pricing,
    reorderLevel: input.reorderLevel,
    controlled: input.controlled,
    onHand: 0,
    createdAt: at,
    updatedAt: at,
  };
  try {
    const [code, ...rest] = newItemWrites(ctx.store, item);
    await ctx.store.transact([named('code', code!), ...rest]);
  } catch (err) {
    if (conditionFailed(err, 'code'))
      throw new Conflict(`An item with code ${input.code} already exists`, { field: 'code' });
    throw err;
  }
  return view(FormularyItem, item);
}

export async function updateItemDetails(ctx: Context, input: z.output<typeof UpdateItemInput>) {
  const { id, ...changes } = input;
  try {
    await ctx.store.update({
      ...updateItem(
        pharmacyKeys(ctx.store).item(id),
        { set: { ...changes, updatedAt: ctx.now.toISOString() } },
        { expression: 'attribute_exists(pk)' },
      ),
    });
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound(`Formulary item ${id} not found`);
    throw err;
  }
  return view(FormularyItem, await requireItem(ctx, id));
}

/**
 * Items in name order, or the items of one drug: by ATC code, or by a name as prescribed (generic,
 * brand or synonym, matched in the drug catalogue), so "is Crocin in stock?" is one call.
 */
export function listItems(
  ctx: Context,
  query: PageRequest & { drugCode?: string | undefined; drug?: string | undefined },
) {
  if (query.drugCode && query.drug) throw invalidField('drug', 'give drug or drugCode, not both');
  let atc = query.drugCode?.toUpperCase();
  if (query.drug) {
    atc = lookupDrug(query.drug)?.atc;
    if (!atc)
      throw invalidField('drug', `'${query.drug}' is not in the drug catalogue; use drugCode`);
  }
  const keys = pharmacyKeys(ctx.store);
  const map = (item: Record<string, unknown>) => view(FormularyItem, ItemDef.read(item));
  return atc
    ? ctx.store.collectionPage('gsi2', keys.itemsByDrug(atc), query, map)
    : ctx.store.collectionPage('gsi1', keys.items(), query, map);
}

/**
 * One item's stock: the counter, what is dispensable today, what is expired and waiting for its
 * write-off, the value at cost and every batch first expiry first (one Query).
 */
export async function getStock(ctx: Context, input: { id: string }) {
  const { item, batches } = await itemWithBatches(ctx.store, input.id);
  if (!item) throw new NotFound(`Formulary item ${input.id} not found`);
  const day = today(ctx);
  const active = batches.filter((b) => b.status === 'active');
  return {
    item: view(FormularyItem, item),
    available: availableQuantity(batches, day),
    expiredAwaitingWriteOff: active
      .filter((b) => isExpired(b.expiryDate, day))
      .reduce((sum, b) => sum + b.quantity, 0),
    belowReorderLevel: item.onHand <= item.reorderLevel,
    valueAtCost: active.reduce((sum, b) => sum + b.quantity * b.unitCost, 0),
    batches: batches.map((b) => view(Batch, b)),
  };
}

/** The item's ledger, newest first. */
export async function listMovements(ctx: Context, input: PageRequest & { id: string }) {
  await requireItem(ctx, input.id);
  return ctx.store.queryPage(
    {
      partition: pharmacyKeys(ctx.store).item(input.id).pk,
      range: { beginsWith: `${MOVEMENT_PREFIX}#` },
      newestFirst: true,
    },
    input,
    (item) => view(Movement, MovementDef.read(item)),
  );
}

/** One batch's ledger, oldest first: who received the lot (a recall's trace) and every change. */
export async function listBatchMovements(
  ctx: Context,
  input: PageRequest & { id: string; batchId: string },
) {
  await requireBatch(ctx, input.id, input.batchId);
  return ctx.store.collectionPage(
    'gsi2',
    pharmacyKeys(ctx.store).batchMovements(input.id, input.batchId),
    input,
    (item) => view(Movement, MovementDef.read(item)),
  );
}

/**
 * Receives a supplier's delivery: one batch per line, a receipt movement per batch and each
 * item's counter raised, with the receipt, in one transaction. A supplier's invoice is received
 * once (a retried request is a 409, not double stock); expired stock is refused.
 */
export async function receive(ctx: Context, input: z.output<typeof ReceiveInput>) {
  const day = today(ctx);
  const seen = new Map<string, number>();
  input.lines.forEach((line, i) => {
    if (line.expiryDate <= day)
      throw invalidField(
        `lines.${i}.expiryDate`,
        `is ${line.expiryDate}, not after today (${day}): expired or expiring stock cannot be received`,
      );
    const key = `${line.itemId}\n${normalised(line.batchNumber)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      throw invalidField(`lines.${i}.batchNumber`, `repeats line ${earlier} (same item and batch)`);
    seen.set(key, i);
  });
  const itemIds = [...new Set(input.lines.map((l) => l.itemId))];
  const items = new Map(
    (await Promise.all(itemIds.map((id) => requireItem(ctx, id)))).map((item) => [item.id, item]),
  );

  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const receiptId = randomUUID();
  const batches: BatchRecord[] = input.lines.map((line) => {
    const item = items.get(line.itemId)!;
    return {
      id: randomUUID(),
      itemId: item.id,
      itemCode: item.code,
      itemName: itemName(item),
      batchNumber: line.batchNumber,
      expiryDate: line.expiryDate,
      quantityReceived: line.quantity,
      quantity: line.quantity,
      unitCost: line.unitCost,
      status: 'active',
      receiptId,
      supplier: input.supplier,
      receivedAt: at,
    };
  });
  const receipt: ReceiptRecord = {
    id: receiptId,
    supplier: input.supplier,
    invoiceReference: input.invoiceReference,
    lines: batches.map((b) => ({
      itemId: b.itemId,
      batchId: b.id,
      batchNumber: b.batchNumber,
      expiryDate: b.expiryDate,
      quantity: b.quantity,
      unitCost: b.unitCost,
    })),
    totalCost: batches.reduce((sum, b) => sum + b.quantity * b.unitCost, 0),
    receivedAt: at,
    receivedBy: by,
  };
  const [invoice, ...receiptRest] = receiptWrites(ctx.store, receipt);
  const writes: TxItem[] = [
    named('supplier-invoice', invoice!),
    ...receiptRest,
    ...batches.flatMap((b): TxItem[] => [
      { Put: { Item: batchItem(ctx.store, b), ConditionExpression: 'attribute_not_exists(pk)' } },
      movementPut(ctx.store, {
        id: randomUUID(),
        itemId: b.itemId,
        batchId: b.id,
        batchNumber: b.batchNumber,
        type: 'receipt',
        quantity: b.quantity,
        batchQuantityAfter: b.quantity,
        reference: receiptId,
        at,
        by,
      }),
    ]),
    // One counter update per item (a transaction may touch an item once).
    ...itemIds.map((id) =>
      onHandUpdate(
        ctx.store,
        id,
        batches.filter((b) => b.itemId === id).reduce((sum, b) => sum + b.quantity, 0),
        at,
      ),
    ),
  ];
  try {
    await ctx.store.transact(writes);
  } catch (err) {
    if (conditionFailed(err, 'supplier-invoice'))
      throw new Conflict(
        `Invoice ${input.invoiceReference} of ${input.supplier} has already been received`,
        { field: 'invoiceReference' },
      );
    throw err;
  }
  return view(Receipt, receipt);
}

/** Goods receipts, newest first. */
export function listReceipts(ctx: Context, page: PageRequest) {
  return ctx.store.collectionPage(
    'gsi1',
    pharmacyKeys(ctx.store).receipts(),
    page,
    (item) => view(Receipt, ReceiptDef.read(item)),
    { newestFirst: true },
  );
}

async function requireBatch(ctx: Context, itemId: string, batchId: string) {
  const { item, batches } = await itemWithBatches(ctx.store, itemId);
  if (!item) throw new NotFound(`Formulary item ${itemId} not found`);
  const batch = batches.find((b) => b.id === batchId);
  if (!batch) throw new NotFound(`Batch ${batchId} of item ${itemId} not found`);
  return { item, batch };
}

/**
 * One movement of one batch by hand: the batch's quantity from exactly what was read, the item's
 * counter and the ledger entry in one transaction; a concurrent movement of the batch is a 409.
 */
async function moveBatch(
  ctx: Context,
  batch: BatchRecord,
  movement: Pick<MovementRecord, 'type' | 'quantity' | 'reason' | 'note'>,
  statusChange?: { status: BatchRecord['status']; reason: string },
) {
  const at = ctx.now.toISOString();
  const by = actorId(ctx.actor);
  const after = batch.quantity + movement.quantity;
  const entry: MovementRecord = {
    id: randomUUID(),
    itemId: batch.itemId,
    batchId: batch.id,
    batchNumber: batch.batchNumber,
    ...movement,
    batchQuantityAfter: after,
    at,
    by,
  };
  const writes: TxItem[] = [
    batchQuantityUpdate(ctx.store, batch, after, statusChange ? { ...statusChange, at, by } : {}),
    movementPut(ctx.store, entry),
  ];
  if (movement.quantity !== 0)
    writes.push(onHandUpdate(ctx.store, batch.itemId, movement.quantity, at));
  try {
    await ctx.store.transact(writes);
  } catch (err) {
    if (failedConditionNames(err)?.length)
      throw new Conflict(
        `Batch ${batch.batchNumber} changed while recording this movement; reload and try again`,
      );
    throw err;
  }
  const item = await requireItem(ctx, batch.itemId);
  const updated: BatchRecord = {
    ...batch,
    quantity: after,
    ...(statusChange
      ? {
          status: statusChange.status,
          statusReason: statusChange.reason,
          statusChangedAt: at,
          statusChangedBy: by,
        }
      : {}),
  };
  return { batch: view(Batch, updated), movement: view(Movement, entry), onHand: item.onHand };
}

function requireActive(batch: BatchRecord, what: string) {
  if (batch.status !== 'active')
    throw new Conflict(
      `Batch ${batch.batchNumber} is ${batch.status}; ${what} needs an active batch`,
      { status: batch.status },
    );
}

/** Damage, loss or a count correction, with its reason; never below zero. */
export async function adjust(
  ctx: Context,
  input: {
    id: string;
    batchId: string;
    quantity: number;
    reason: AdjustmentReason;
    note?: string | undefined;
  },
) {
  const { batch } = await requireBatch(ctx, input.id, input.batchId);
  requireActive(batch, 'an adjustment');
  if (batch.quantity + input.quantity < 0)
    throw new Conflict(
      `Batch ${batch.batchNumber} holds ${batch.quantity}; it cannot lose ${-input.quantity}`,
      { quantity: batch.quantity },
    );
  return moveBatch(ctx, batch, {
    type: 'adjustment',
    quantity: input.quantity,
    reason: input.reason,
    ...(input.note ? { note: input.note } : {}),
  });
}

/** Removes an expired batch's remaining stock from the count (an expiry write-off). */
export async function writeOff(
  ctx: Context,
  input: { id: string; batchId: string; note?: string | undefined },
) {
  const { batch } = await requireBatch(ctx, input.id, input.batchId);
  assertBatchTransition(batch.status, 'written-off');
  if (batch.quantity === 0)
    throw new Conflict(`Batch ${batch.batchNumber} is empty; there is nothing to write off`);
  const day = today(ctx);
  if (!isExpired(batch.expiryDate, day))
    throw new Conflict(
      `Batch ${batch.batchNumber} expires on ${batch.expiryDate} and is still usable; record damage or loss as an adjustment`,
      { expiryDate: batch.expiryDate },
    );
  return moveBatch(
    ctx,
    batch,
    {
      type: 'expiry-write-off',
      quantity: 0 - batch.quantity,
      reason: 'expiry',
      ...(input.note ? { note: input.note } : {}),
    },
    { status: 'written-off', reason: `expired ${batch.expiryDate}` },
  );
}

/** A recalled lot leaves the count at once and is never dispensed. */
export async function recall(ctx: Context, input: { id: string; batchId: string; reason: string }) {
  const { batch } = await requireBatch(ctx, input.id, input.batchId);
  assertBatchTransition(batch.status, 'recalled');
  return moveBatch(
    ctx,
    batch,
    { type: 'recall', quantity: 0 - batch.quantity, reason: input.reason },
    { status: 'recalled', reason: input.reason },
  );
}
