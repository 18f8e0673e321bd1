/**
 * Storage of the pharmacy. A formulary item's partition holds the item (with its `onHand`
 * counter), its batches (`BATCH#<expiry>#<id>`, so one Query reads them first expiry first) and
 * its movement ledger (`STOCKMOVE#<at>#<id>`, written once, never updated; sorted after the item, so
 * the Query for item and batches, `BATCH#` to `PHITEM`, never reads the ledger). Items are listed by name
 * (gsi1) and by ATC code (gsi2); batches with stock are listed tenant-wide by expiry date (gsi1,
 * `PHBATCHES#EXPIRY`), a sparse entry removed when the batch empties, is recalled or written off.
 */
import { createHash } from 'node:crypto';
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { Batch, Dispense, FormularyItem, Movement, Receipt } from './schemas';

export const ItemRecord = defineRecord('FormularyItem', FormularyItem);
export type ItemRecord = z.output<typeof ItemRecord.schema>;
export const BatchRecord = defineRecord('Batch', Batch);
export type BatchRecord = z.output<typeof BatchRecord.schema>;
export const MovementRecord = defineRecord('StockMovement', Movement);
export type MovementRecord = z.output<typeof MovementRecord.schema>;
export const ReceiptRecord = defineRecord('GoodsReceipt', Receipt);
export type ReceiptRecord = z.output<typeof ReceiptRecord.schema>;
export const DispenseRecord = defineRecord('Dispense', Dispense);
export type DispenseRecord = z.output<typeof DispenseRecord.schema>;
const Lookup = defineRecord('PharmacyLookup', z.strictObject({ refersTo: z.string() }));

/** Case- and spacing-insensitive text, for uniqueness lookups and name order. */
export function normalised(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** Sorts after `PHITEM` (the item) and `BATCH#…`. */
export const MOVEMENT_PREFIX = 'STOCKMOVE';

export const pharmacyKeys = (store: Store) => ({
  item: (id: string) => store.keys.entity('PHITEM', id),
  batch: (b: Pick<BatchRecord, 'itemId' | 'expiryDate' | 'id'>) =>
    store.keys.child('PHITEM', b.itemId, 'BATCH', b.expiryDate, b.id),
  movement: (m: Pick<MovementRecord, 'itemId' | 'at' | 'id'>) =>
    store.keys.child('PHITEM', m.itemId, MOVEMENT_PREFIX, m.at, m.id),
  itemByCode: (code: string) => store.keys.entity('PHITEMCODE', normalised(code)),
  /** A supplier's invoice is received once (hashed: the reference may hold any character). */
  receiptByInvoice: (supplier: string, invoiceReference: string) =>
    store.keys.entity(
      'PHRECEIPTREF',
      createHash('sha256')
        .update(`${normalised(supplier)}\n${normalised(invoiceReference)}`)
        .digest('hex'),
    ),
  receipt: (id: string) => store.keys.entity('PHRECEIPT', id),
  dispense: (id: string) => store.keys.entity('PHDISPENSE', id),
  items: () => store.keys.collection('PHITEMS'),
  itemsByDrug: (drugCode: string) => store.keys.collection('PHITEMS', 'ATC', drugCode),
  receipts: () => store.keys.collection('PHRECEIPTS'),
  batchesByExpiry: () => store.keys.collection('PHBATCHES', 'EXPIRY'),
  dispensesOf: (prescriptionId: string) =>
    store.keys.collection('PHDISPENSES', 'RX', prescriptionId),
  batchMovements: (itemId: string, batchId: string) =>
    store.keys.collection('PHBATCHMOVES', itemId, batchId),
});

const NOT_EXISTS = 'attribute_not_exists(pk)';

export function itemName(item: Pick<ItemRecord, 'genericName' | 'strength' | 'form'>): string {
  return `${item.genericName} ${item.strength} ${item.form}`;
}

/** The item's code lookup (0) and the item (1): a taken code fails item 0. */
export function newItemWrites(store: Store, item: ItemRecord): TxItem[] {
  const keys = pharmacyKeys(store);
  const order = sortKey(normalised(itemName(item)), item.id);
  return [
    {
      Put: {
        Item: Lookup.item({ refersTo: item.id }, keys.itemByCode(item.code)),
        ConditionExpression: NOT_EXISTS,
      },
    },
    {
      Put: {
        Item: ItemRecord.item(item, {
          ...keys.item(item.id),
          gsi1pk: keys.items(),
          gsi1sk: order,
          gsi2pk: keys.itemsByDrug(item.drugCode),
          gsi2sk: order,
        }),
        ConditionExpression: NOT_EXISTS,
      },
    },
  ];
}

export async function findItem(store: Store, id: string): Promise<ItemRecord | undefined> {
  const item = await store.get(pharmacyKeys(store).item(id), { consistent: true });
  return item ? ItemRecord.read(item) : undefined;
}

/** The item and its batches, first expiry first: one Query on the item's partition. */
export async function itemWithBatches(store: Store, id: string) {
  const items = await store.query({
    partition: pharmacyKeys(store).item(id).pk,
    range: { between: ['BATCH#', 'PHITEM'] },
    consistent: true,
  });
  const main = items.find((i) => i.entity === ItemRecord.entity);
  return {
    item: main ? ItemRecord.read(main) : undefined,
    batches: items.filter((i) => i.entity === BatchRecord.entity).map((i) => BatchRecord.read(i)),
  };
}

/** The batch item: in the expiry index only while it is active and holds stock. */
export function batchItem(store: Store, batch: BatchRecord): Item {
  const keys = pharmacyKeys(store);
  return BatchRecord.item(batch, {
    ...keys.batch(batch),
    ...(batch.status === 'active' && batch.quantity > 0
      ? { gsi1pk: keys.batchesByExpiry(), gsi1sk: sortKey(batch.expiryDate, batch.id) }
      : {}),
  });
}

/**
 * Changes a batch's quantity from exactly `before` to `after` (optimistic: a concurrent movement
 * of the same batch fails this condition instead of both landing), keeping its expiry-index entry
 * in step. `status` also moves the batch along its table (recall, write-off). The batch must be
 * active when the write lands.
 */
export function batchQuantityUpdate(
  store: Store,
  batch: BatchRecord,
  after: number,
  change: { status?: BatchRecord['status']; reason?: string; at?: string; by?: string } = {},
): TxItem {
  const keys = pharmacyKeys(store);
  const listed = (change.status ?? batch.status) === 'active' && after > 0;
  return {
    Update: updateItem(
      keys.batch(batch),
      {
        set: {
          quantity: after,
          ...(listed
            ? { gsi1pk: keys.batchesByExpiry(), gsi1sk: sortKey(batch.expiryDate, batch.id) }
            : {}),
          ...(change.status
            ? {
                status: change.status,
                statusReason: change.reason,
                statusChangedAt: change.at,
                statusChangedBy: change.by,
              }
            : {}),
        },
        ...(listed ? {} : { remove: ['gsi1pk', 'gsi1sk'] }),
      },
      {
        expression: '#q = :before AND #st = :active',
        names: { '#q': 'quantity', '#st': 'status' },
        values: { ':before': batch.quantity, ':active': 'active' },
      },
    ),
  };
}

/**
 * Adds `delta` (signed) to an item's `onHand` counter; never below zero, and the item must exist.
 * The counter is updated in the transaction of the movement that changes it.
 */
export function onHandUpdate(store: Store, itemId: string, delta: number, at: string): TxItem {
  return {
    Update: updateItem(
      pharmacyKeys(store).item(itemId),
      { add: { onHand: delta }, set: { updatedAt: at } },
      delta < 0
        ? { expression: '#oh >= :need', names: { '#oh': 'onHand' }, values: { ':need': -delta } }
        : { expression: 'attribute_exists(pk)' },
    ),
  };
}

/**
 * A ledger entry: written once (a second write of the same id fails); also listed per batch
 * (gsi2), so a recall can be traced to the patients who received the lot.
 */
export function movementPut(store: Store, m: MovementRecord): TxItem {
  const keys = pharmacyKeys(store);
  return {
    Put: {
      Item: MovementRecord.item(m, {
        ...keys.movement(m),
        gsi2pk: keys.batchMovements(m.itemId, m.batchId),
        gsi2sk: sortKey(m.at, m.id),
      }),
      ConditionExpression: NOT_EXISTS,
    },
  };
}

export function receiptWrites(store: Store, receipt: ReceiptRecord): TxItem[] {
  const keys = pharmacyKeys(store);
  return [
    {
      Put: {
        Item: Lookup.item(
          { refersTo: receipt.id },
          keys.receiptByInvoice(receipt.supplier, receipt.invoiceReference),
        ),
        ConditionExpression: NOT_EXISTS,
      },
    },
    {
      Put: {
        Item: ReceiptRecord.item(receipt, {
          ...keys.receipt(receipt.id),
          gsi1pk: keys.receipts(),
          gsi1sk: sortKey(receipt.receivedAt, receipt.id),
        }),
        ConditionExpression: NOT_EXISTS,
      },
    },
  ];
}

export function dispensePut(store: Store, d: DispenseRecord): TxItem {
  const keys = pharmacyKeys(store);
  return {
    Put: {
      Item: DispenseRecord.item(d, {
        ...keys.dispense(d.id),
        gsi1pk: keys.dispensesOf(d.prescriptionId),
        gsi1sk: sortKey(d.dispensedAt, d.id),
      }),
      ConditionExpression: NOT_EXISTS,
    },
  };
}
