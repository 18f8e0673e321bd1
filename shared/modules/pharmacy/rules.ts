/**
 * Pharmacy rules that need only their inputs: which batches a dispense takes (first expiry, first
 * out), what counts as expired, what a unit sells for, a dispense's charge lines, what the expiry
 * scan suggests and how much to reorder. Unit-tested without I/O (test/unit/pharmacy/).
 */
import { Conflict } from '../../kernel/errors';

/** The fields of a batch the rules look at. */
export interface BatchStock {
  id: string;
  batchNumber: string;
  /** Local date (hospital time zone): usable up to and including this day. */
  expiryDate: string;
  quantity: number;
  unitCost: number;
  status: 'active' | 'recalled' | 'written-off';
}

/** One batch's share of a dispense. */
export interface PickLine {
  batchId: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
  unitCost: number;
  /** The batch's quantity the plan was made from (the write is conditional on it). */
  batchQuantityBefore: number;
}

/** A batch is expired from the day after its expiry date (the label's date is still usable). */
export function isExpired(expiryDate: string, today: string): boolean {
  return expiryDate < today;
}

/** Whether a batch may be dispensed today: active, unexpired, with stock. */
export function isDispensable(batch: BatchStock, today: string): boolean {
  return batch.status === 'active' && batch.quantity > 0 && !isExpired(batch.expiryDate, today);
}

/** Units that could be dispensed today. */
export function availableQuantity(batches: readonly BatchStock[], today: string): number {
  return batches.filter((b) => isDispensable(b, today)).reduce((sum, b) => sum + b.quantity, 0);
}

/**
 * First expiry, first out: takes `quantity` units from the dispensable batches in expiry order
 * (batch number, then id, breaking ties so the plan is deterministic), combining batches when
 * the first is not enough. Never an expired or recalled batch. Throws Conflict (409) when the
 * dispensable stock is short, naming what is available.
 */
export function pickFefo(
  batches: readonly BatchStock[],
  quantity: number,
  today: string,
): PickLine[] {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new Error(`pickFefo: quantity ${quantity} must be a positive integer`);
  const usable = batches
    .filter((b) => isDispensable(b, today))
    .sort(
      (a, b) =>
        a.expiryDate.localeCompare(b.expiryDate) ||
        a.batchNumber.localeCompare(b.batchNumber) ||
        a.id.localeCompare(b.id),
    );
  const available = usable.reduce((sum, b) => sum + b.quantity, 0);
  if (available < quantity)
    throw new Conflict(
      `Not enough stock: ${quantity} wanted, ${available} available in unexpired, unrecalled batches`,
      { wanted: quantity, available },
    );
  const lines: PickLine[] = [];
  let left = quantity;
  for (const b of usable) {
    if (left === 0) break;
    const take = Math.min(left, b.quantity);
    lines.push({
      batchId: b.id,
      batchNumber: b.batchNumber,
      expiryDate: b.expiryDate,
      quantity: take,
      unitCost: b.unitCost,
      batchQuantityBefore: b.quantity,
    });
    left -= take;
  }
  return lines;
}

/** Whole days from `from` to `to` (local dates), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const ms = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** How a formulary item is priced: a fixed selling price, or a markup on each batch's unit cost. */
export type Pricing = { kind: 'fixed'; unitPrice: number } | { kind: 'markup'; percent: number };

/**
 * The selling price of one unit, in minor units. A markup is applied to the batch's unit cost in
 * integer arithmetic (percent to hundredths, i.e. basis points) and rounded half up to the minor
 * unit: cost 333 at 12.5 % → 333 × 1.125 = 374.625 → 375.
 */
export function unitSellingPrice(pricing: Pricing, unitCost: number): number {
  if (pricing.kind === 'fixed') return pricing.unitPrice;
  const basisPoints = Math.round(pricing.percent * 100);
  return Math.floor((unitCost * (10_000 + basisPoints) + 5_000) / 10_000);
}

/** A line a bill can charge: what, how many, at what unit price (minor units). */
export interface ChargeLine {
  itemId: string;
  itemCode: string;
  description: string;
  quantity: number;
  unitPrice: number;
}

/** The formulary fields a charge line is priced and described from. */
export interface PricedItem {
  id: string;
  code: string;
  genericName: string;
  strength: string;
  form: string;
  brandName?: string | undefined;
  pricing: Pricing;
}

/** "Paracetamol 500 mg tablet (Crocin)": how an item reads on a bill. */
export function itemDescription(item: Omit<PricedItem, 'id' | 'code' | 'pricing'>): string {
  const name = `${item.genericName} ${item.strength} ${item.form}`;
  return item.brandName ? `${name} (${item.brandName})` : name;
}

/**
 * The charge lines of a dispense, priced from the formulary item it was dispensed from: one line
 * at a fixed price, or, with a markup, one line per distinct unit price (batches of different
 * cost may sell differently). Pure: billing calls it with the dispense and its item (e.g. the
 * `item` of a DispensePlan, or `findItem(store, dispense.itemId)`).
 */
export function dispenseChargeLines(
  dispense: {
    itemId: string;
    lines: readonly { quantity: number; unitCost: number }[];
  },
  item: PricedItem,
): ChargeLine[] {
  if (dispense.itemId !== item.id)
    throw new Error(`dispenseChargeLines: dispense of ${dispense.itemId} priced with ${item.id}`);
  const byPrice = new Map<number, number>();
  for (const line of dispense.lines) {
    const price = unitSellingPrice(item.pricing, line.unitCost);
    byPrice.set(price, (byPrice.get(price) ?? 0) + line.quantity);
  }
  const description = itemDescription(item);
  return [...byPrice].map(([unitPrice, quantity]) => ({
    itemId: item.id,
    itemCode: item.code,
    description,
    quantity,
    unitPrice,
  }));
}

/** Days before expiry inside which a batch is "expiring soon": dispense it first or return it. */
export const SHORT_DATED_DAYS = 30;

export type ExpiryState = 'expired' | 'expiring';

/** What the expiry scan says about a batch, and what to do with it. */
export function expiryAdvice(
  expiryDate: string,
  today: string,
): { state: ExpiryState; daysToExpiry: number; suggestedAction: string } {
  const daysToExpiry = daysBetween(today, expiryDate);
  if (isExpired(expiryDate, today))
    return {
      state: 'expired',
      daysToExpiry,
      suggestedAction:
        'Quarantine and write off (expiry write-off); return to the supplier if the contract allows credit',
    };
  if (daysToExpiry <= SHORT_DATED_DAYS)
    return {
      state: 'expiring',
      daysToExpiry,
      suggestedAction:
        'Dispense first (FEFO already does); ask the supplier about return or exchange before it expires',
    };
  return {
    state: 'expiring',
    daysToExpiry,
    suggestedAction:
      'Check expected use before expiry; move to a higher-use ward or stop reordering until it is used',
  };
}

/**
 * Suggested order for an item at or below its reorder level: up to twice the reorder level, in
 * whole packs (a common min/max rule with max = 2 × min).
 */
export function suggestedOrderQuantity(item: {
  onHand: number;
  reorderLevel: number;
  packSize: number;
}): number {
  const wanted = Math.max(item.reorderLevel * 2 - item.onHand, 0);
  return Math.ceil(wanted / item.packSize) * item.packSize;
}

/** v3 ActPharmacySupplyType of a dispense: first or later fill, partial or completing. */
export function fillType(
  dispensedBefore: number,
  quantity: number,
  prescribed: number,
): 'FFP' | 'FFC' | 'RFP' | 'RFC' {
  const completes = dispensedBefore + quantity === prescribed;
  if (dispensedBefore === 0) return completes ? 'FFC' : 'FFP';
  return completes ? 'RFC' : 'RFP';
}
