import { defineOperation } from '../../kernel/operation';
import {
  AdjustInput,
  AdjustmentResult,
  CreateItemInput,
  Dispense,
  DispenseInput,
  DispensePage,
  ExpiryScan,
  ExpiryScanInput,
  FormularyItem,
  ItemIdInput,
  ItemPage,
  ListBatchMovementsInput,
  ListDispensesInput,
  ListItemsInput,
  ListMovementsInput,
  ListReceiptsInput,
  LowStockInput,
  LowStockPage,
  MovementPage,
  RecallInput,
  Receipt,
  ReceiptPage,
  ReceiveInput,
  ReturnInput,
  ReturnResult,
  Stock,
  UpdateItemInput,
  WriteOffInput,
} from './schemas';

/** Pharmacists run the pharmacy; prescribers and nurses may look up what is in stock. */
// The handlers load on the first request that needs them (chunks of their own), so the function
// starts with its declarations only: the formulary's drug catalogue and allergy screen, FEFO
// dispensing and the pharmacy report's counters load with the requests that need them (issue 15:
// 350 KB at start).
const svc = () => import('./service');
const dispenseFiles = () => import('./dispense');
const reportFiles = () => import('./reports');

export const createItem = defineOperation({
  name: 'pharmacy.createItem',
  summary:
    'Add a drug to the formulary (linked to the drug catalogue by ATC code), with its price or markup and reorder level',
  input: CreateItemInput,
  output: FormularyItem,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).createItem(ctx, input),
});

export const updateItem = defineOperation({
  name: 'pharmacy.updateItem',
  summary: 'Change a formulary item’s brand, pack size, pricing, reorder level or controlled flag',
  input: UpdateItemInput,
  output: FormularyItem,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).updateItemDetails(ctx, input),
});

export const listItemsOp = defineOperation({
  name: 'pharmacy.listItems',
  summary:
    'List formulary items with stock on hand, in name order, or those of one drug (ATC code)',
  input: ListItemsInput,
  output: ItemPage,
  access: { roles: 'stockReaders', scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listItems(ctx, input),
});

/** The stock read an agent tool (get-pharmacy-stock) binds to. */
export const stock = defineOperation({
  name: 'pharmacy.stock',
  summary:
    'One item’s stock: on hand, dispensable today, expired awaiting write-off, value at cost and its batches first expiry first',
  input: ItemIdInput,
  output: Stock,
  access: { roles: 'stockReaders', scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).getStock(ctx, input),
});

export const movements = defineOperation({
  name: 'pharmacy.movements',
  summary:
    'An item’s stock ledger, newest first: receipts, dispenses, adjustments, write-offs, recalls',
  input: ListMovementsInput,
  output: MovementPage,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listMovements(ctx, input),
});

export const batchMovements = defineOperation({
  name: 'pharmacy.batchMovements',
  summary:
    'One batch’s ledger, oldest first, with the patients who received it (to trace a recall)',
  input: ListBatchMovementsInput,
  output: MovementPage,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listBatchMovements(ctx, input),
});

export const receive = defineOperation({
  name: 'pharmacy.receive',
  summary:
    'Receive a supplier delivery: each line (item, batch, expiry, quantity, unit cost) creates a batch; an invoice is received once',
  input: ReceiveInput,
  output: Receipt,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).receive(ctx, input),
});

export const listReceipts = defineOperation({
  name: 'pharmacy.listReceipts',
  summary: 'Goods receipts, newest first: supplier, invoice, lines and total cost',
  input: ListReceiptsInput,
  output: ReceiptPage,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).listReceipts(ctx, input),
});

export const adjust = defineOperation({
  name: 'pharmacy.adjust',
  summary:
    'Adjust a batch with a reason (damage, count correction, theft or loss, other); never below zero',
  input: AdjustInput,
  output: AdjustmentResult,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).adjust(ctx, input),
});

export const writeOff = defineOperation({
  name: 'pharmacy.writeOff',
  summary: 'Write off an expired batch’s remaining stock (expiry write-off)',
  input: WriteOffInput,
  output: AdjustmentResult,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).writeOff(ctx, input),
});

export const recall = defineOperation({
  name: 'pharmacy.recall',
  summary: 'Recall a batch: its stock leaves the count and it is never dispensed',
  input: RecallInput,
  output: AdjustmentResult,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).recall(ctx, input),
});

export const dispense = defineOperation({
  name: 'pharmacy.dispense',
  summary:
    'Dispense a prescription (all still owed, or part) from a formulary item, first expiry first out; short stock is 409',
  input: DispenseInput,
  output: Dispense,
  // Handing medicine to a patient is a pharmacist's act: an agent may not do it.
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await dispenseFiles()).dispense(ctx, input),
});

export const returnDispensed = defineOperation({
  name: 'pharmacy.returnDispensed',
  summary:
    'Take back unused units of a dispense into their batch (active and unexpired only); the prescription is unchanged',
  input: ReturnInput,
  output: ReturnResult,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await dispenseFiles()).returnUnits(ctx, input),
});

export const listDispenses = defineOperation({
  name: 'pharmacy.listDispenses',
  summary: 'A prescription’s dispenses (FHIR MedicationDispense), oldest first',
  input: ListDispensesInput,
  output: DispensePage,
  access: { roles: 'stockReaders', scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await dispenseFiles()).listDispenses(ctx, input),
});

export const expiryScan = defineOperation({
  name: 'pharmacy.expiryScan',
  summary:
    'Batches with stock that are expired or expire within withinDays (default 90): quantity, value at cost, suggested action',
  input: ExpiryScanInput,
  output: ExpiryScan,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await reportFiles()).expiryScan(ctx, input),
});

export const lowStock = defineOperation({
  name: 'pharmacy.lowStock',
  summary: 'Items at or below their reorder level, with a suggested order in whole packs',
  input: LowStockInput,
  output: LowStockPage,
  access: { roles: ['PHARMACIST'], scope: 'pharmacy:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await reportFiles()).lowStock(ctx, input),
});
