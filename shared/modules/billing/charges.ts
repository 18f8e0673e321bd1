/**
 * Charge sources: what other modules append to their own transactions when a billable event
 * happens (a finished consultation, a dispense, bed days). The charge item's id derives from its
 * source `{type, id}` and it is written with a conditional put, so an event can charge only once:
 * a second charge for the same source fails the caller's transaction instead of billing twice.
 *
 * Plugging a module in is one line in its transaction, e.g. pharmacy's dispense:
 *   items.push(await chargeWrite(store, { source: { type: 'dispense', id: dispense.id }, … }));
 */
import type { Store, TxItem } from '../../kernel/store/store';
import type { ServiceType } from './schemas';
import { type ChargeRecord, chargeIdOf, chargeItem, readSettings } from './store';

/** What a billable event says about itself; billing adds the currency and default tax. */
export interface NewCharge {
  source: { type: string; id: string };
  patientId: string;
  patientName: string;
  mrn: string;
  admissionId?: string | undefined;
  serviceType: ServiceType;
  code?: string | undefined;
  description: string;
  departmentId?: string | undefined;
  departmentName?: string | undefined;
  quantity: number;
  /** Minor units of the hospital's currency. */
  unitPrice: number;
  /** Defaults: 0, exclusive. */
  taxRateBp?: number | undefined;
  taxInclusive?: boolean | undefined;
  /** Currency of `unitPrice`, when the source prices in its own (a doctor's profile). */
  currency?: string | undefined;
  occurredAt: string;
  by: string;
}

/** The charge item a source would create (pure): its id is the source's. */
export function newChargeRecord(
  c: NewCharge,
  hospitalCurrency: string,
  enteredAt: string,
): ChargeRecord {
  return {
    id: chargeIdOf(c.source),
    status: 'billable',
    source: { type: c.source.type, id: c.source.id },
    patientId: c.patientId,
    patientName: c.patientName,
    mrn: c.mrn,
    admissionId: c.admissionId,
    serviceType: c.serviceType,
    code: c.code,
    description: c.description,
    departmentId: c.departmentId,
    departmentName: c.departmentName,
    quantity: c.quantity,
    unitPrice: c.unitPrice,
    currency: c.currency ?? hospitalCurrency,
    taxRateBp: c.taxRateBp ?? 0,
    taxInclusive: c.taxInclusive ?? false,
    occurredAt: c.occurredAt,
    enteredAt,
    enteredBy: c.by,
  };
}

/** The put of a charge item, once per source (fails its transaction on a second charge). */
export function chargePut(store: Store, record: ChargeRecord): TxItem {
  return {
    Put: { Item: chargeItem(store, record), ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/** The transaction item charging a billable event, priced in the hospital's currency. */
export async function chargeWrite(store: Store, charge: NewCharge): Promise<TxItem> {
  return (await chargeWrites(store, [charge]))[0]!;
}

/** The items charging several lines of one event: the settings are read once for all of them. */
export async function chargeWrites(store: Store, charges: readonly NewCharge[]): Promise<TxItem[]> {
  if (charges.length === 0) return [];
  const settings = await readSettings(store);
  return charges.map((c) => chargePut(store, newChargeRecord(c, settings.currency, c.occurredAt)));
}
