/**
 * Storage of billing. Items:
 * - settings: `BILLING#SETTINGS` (currency, thresholds, consultation tax);
 * - tariffs: `TARIFF#<code>`, listed by code through gsi1;
 * - charge items: `CHARGE#<id>` where the id derives from the source ({type, id}), so a billable
 *   event charges once (conditional put); listed per patient by time through gsi1, and per status
 *   by time through gsi3 (its partition moves with the status);
 * - invoices: `INVOICE#<id>`, with its payments (`PAY#…`) and credit notes (`CN#…`) in the same
 *   partition (one Query reads the whole bill); listed newest first for the hospital (gsi1), per
 *   patient (gsi2) and per status (gsi3);
 * - the dashboard's aggregates: `BILLSTATS#DAY#<date>`, `BILLSTATS#MONTH#<yyyy-mm>` and
 *   `BILLSTATS#ALL`, changed by ADD in the same transactions as the money movements.
 */
import { createHash } from 'node:crypto';
import { defineRecord } from '../../kernel/records';
import { sortKey } from '../../kernel/store/keys';
import type { Item, Store, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import * as z from '../../kernel/zod';
import { DEFAULT_CURRENCY } from '../doctors';
import { type Counters, reportDayWrite } from '../reports/index';
import { BillingSettings, ChargeItem, CreditNote, Invoice, Payment, Tariff } from './schemas';

export const SettingsRecord = defineRecord('BillingSettings', BillingSettings);
export type SettingsRecord = z.output<typeof SettingsRecord.schema>;
export const TariffRecord = defineRecord('Tariff', Tariff);
export type TariffRecord = z.output<typeof TariffRecord.schema>;
export const ChargeRecord = defineRecord('ChargeItem', ChargeItem);
export type ChargeRecord = z.output<typeof ChargeRecord.schema>;
export const InvoiceRecord = defineRecord(
  'Invoice',
  z.extend(Invoice, {
    /** Optimistic lock: every change is conditional on the version it was decided from. */
    version: z.number().check(z.int()),
    /** Month of issue (hospital time zone): the outstanding bucket its balance sits in. */
    issuedMonth: z.optional(z.string()),
  }),
);
export type InvoiceRecord = z.output<typeof InvoiceRecord.schema>;
export const PaymentRecord = defineRecord('Payment', Payment);
export type PaymentRecord = z.output<typeof PaymentRecord.schema>;
export const CreditNoteRecord = defineRecord('CreditNote', CreditNote);
export type CreditNoteRecord = z.output<typeof CreditNoteRecord.schema>;

/** Defaults of a hospital that has not set up billing yet. */
export const DEFAULT_SETTINGS: SettingsRecord = {
  currency: DEFAULT_CURRENCY,
  discountThresholdBp: 1000,
  refundThreshold: 500_000,
  consultationTaxRateBp: 0,
  consultationTaxInclusive: false,
};

const sha = (text: string, length = 40) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

/** The charge item id of a source: the same event always names the same item. */
export function chargeIdOf(source: { type: string; id: string }): string {
  return sha(`${source.type}#${source.id}`, 32);
}

export const billingKeys = (store: Store) => ({
  settings: () => store.keys.entity('BILLING', 'SETTINGS'),
  tariff: (code: string) => store.keys.entity('TARIFF', code),
  tariffs: () => store.keys.collection('TARIFFS'),
  charge: (id: string) => store.keys.entity('CHARGE', id),
  patientCharges: (patientId: string) => store.keys.collection('CHARGES', 'PATIENT', patientId),
  /** The hospital's charges in one status, by time (the billing health check reads `billable`). */
  chargesByStatus: (status: string) => store.keys.collection('CHARGES', 'STATUS', status),
  invoice: (id: string) => store.keys.entity('INVOICE', id),
  payment: (invoiceId: string, receivedAt: string, id: string) =>
    store.keys.child('INVOICE', invoiceId, 'PAY', receivedAt, id),
  creditNote: (invoiceId: string, issuedAt: string, id: string) =>
    store.keys.child('INVOICE', invoiceId, 'CN', issuedAt, id),
  invoices: () => store.keys.collection('INVOICES'),
  patientInvoices: (patientId: string) => store.keys.collection('INVOICES', 'PATIENT', patientId),
  invoicesByStatus: (status: string) => store.keys.collection('INVOICES', 'STATUS', status),
  invoiceCounter: (year: string) => store.keys.counter(`INVOICE#${year}`),
  creditNoteCounter: (year: string) => store.keys.counter(`CREDITNOTE#${year}`),
  stats: (period: string) => store.keys.entity('BILLSTATS', period),
});

export function tariffItem(store: Store, t: TariffRecord): Item {
  const keys = billingKeys(store);
  return TariffRecord.item(t, { ...keys.tariff(t.code), gsi1pk: keys.tariffs(), gsi1sk: t.code });
}

export function chargeItem(store: Store, c: ChargeRecord): Item {
  const keys = billingKeys(store);
  return ChargeRecord.item(c, {
    ...keys.charge(c.id),
    gsi1pk: keys.patientCharges(c.patientId),
    gsi1sk: sortKey(c.occurredAt, c.id),
    gsi3pk: keys.chargesByStatus(c.status),
    gsi3sk: sortKey(c.occurredAt, c.id),
  });
}

/** The invoice item with its list indexes; gsi3 moves with the status. */
export function invoiceItem(store: Store, inv: InvoiceRecord): Item {
  const keys = billingKeys(store);
  const byCreation = sortKey(inv.createdAt, inv.id);
  return InvoiceRecord.item(inv, {
    ...keys.invoice(inv.id),
    gsi1pk: keys.invoices(),
    gsi1sk: byCreation,
    gsi2pk: keys.patientInvoices(inv.patientId),
    gsi2sk: byCreation,
    gsi3pk: keys.invoicesByStatus(inv.status),
    gsi3sk: byCreation,
  });
}

/**
 * Replaces the stored invoice with `next`, provided nobody changed it since `current` was read
 * (its version). Money figures, status and lines change together, so a whole put is simplest.
 */
export function invoiceReplace(store: Store, current: InvoiceRecord, next: InvoiceRecord): TxItem {
  return {
    name: 'invoice',
    Put: {
      Item: invoiceItem(store, { ...next, version: current.version + 1 }),
      ConditionExpression: 'version = :v',
      ExpressionAttributeValues: { ':v': current.version },
    },
  };
}

/** `consistent`: for a read-modify-write of the settings (`PUT /settings`). */
export async function readSettings(
  store: Store,
  options: { consistent?: boolean } = {},
): Promise<SettingsRecord> {
  const item = await store.get(billingKeys(store).settings(), options);
  return item ? SettingsRecord.read(item) : DEFAULT_SETTINGS;
}

export async function findTariff(store: Store, code: string): Promise<TariffRecord | undefined> {
  const item = await store.get(billingKeys(store).tariff(code));
  return item ? TariffRecord.read(item) : undefined;
}

export async function findCharge(store: Store, id: string): Promise<ChargeRecord | undefined> {
  const item = await store.get(billingKeys(store).charge(id), { consistent: true });
  return item ? ChargeRecord.read(item) : undefined;
}

/** A patient's billable charges (one Query on their charge list, bounded by what is unbilled). */
export async function billableCharges(store: Store, patientId: string): Promise<ChargeRecord[]> {
  const items = await store.query({
    index: 'gsi1',
    partition: billingKeys(store).patientCharges(patientId),
    filter: {
      expression: '#st = :billable',
      names: { '#st': 'status' },
      values: { ':billable': 'billable' },
    },
  });
  return items.map((i) => ChargeRecord.read(i));
}

export async function findInvoice(store: Store, id: string): Promise<InvoiceRecord | undefined> {
  const item = await store.get(billingKeys(store).invoice(id), { consistent: true });
  return item ? InvoiceRecord.read(item) : undefined;
}

/** The invoice with its payments and credit notes: one Query on its partition. */
export async function invoicePartition(store: Store, id: string) {
  const items = await store.query({
    partition: billingKeys(store).invoice(id).pk,
    consistent: true,
  });
  const main = items.find((i) => i.entity === InvoiceRecord.entity);
  return {
    invoice: main ? InvoiceRecord.read(main) : undefined,
    payments: items
      .filter((i) => i.entity === PaymentRecord.entity)
      .map((i) => PaymentRecord.read(i)),
    creditNotes: items
      .filter((i) => i.entity === CreditNoteRecord.entity)
      .map((i) => CreditNoteRecord.read(i)),
  };
}

/** The aggregate items of the given periods (`DAY#…`, `MONTH#…`, `ALL`), missing ones as {}. */
export async function readStats(
  store: Store,
  periods: readonly string[],
): Promise<Record<string, Item>> {
  const items = await Promise.all(periods.map((p) => store.get(billingKeys(store).stats(p))));
  return Object.fromEntries(periods.map((p, i) => [p, items[i] ?? {}]));
}

/**
 * Changes to the aggregate items, gathered per item so a transaction touches each once (DynamoDB
 * refuses two writes to one item in a transaction): `add(period, attribute, n)` then `writes()`.
 */
export class StatsDelta {
  private readonly adds = new Map<string, Record<string, number>>();
  private readonly sets = new Map<string, Record<string, string>>();
  private readonly reportDays = new Map<string, Counters>();

  add(period: string, attribute: string, n: number): this {
    if (n === 0) return this;
    const adds = this.adds.get(period) ?? {};
    adds[attribute] = (adds[attribute] ?? 0) + n;
    this.adds.set(period, adds);
    return this;
  }

  /** A label shown next to a figure (a department's name), kept up to date. */
  label(period: string, attribute: string, value: string): this {
    this.sets.set(period, { ...this.sets.get(period), [attribute]: value });
    return this;
  }

  /** Counters of the `revenue` report's day item (reports module), merged per day. */
  report(date: string, counts: Counters): this {
    const day = this.reportDays.get(date) ?? {};
    for (const [name, n] of Object.entries(counts)) day[name] = (day[name] ?? 0) + n;
    this.reportDays.set(date, day);
    return this;
  }

  writes(store: Store): TxItem[] {
    const periods = new Set([...this.adds.keys(), ...this.sets.keys()]);
    const stats = [...periods].map((period) => ({
      Update: updateItem(billingKeys(store).stats(period), {
        set: { entity: 'BillingStats', ...this.sets.get(period) },
        add: this.adds.get(period) ?? {},
      }),
    }));
    const days = [...this.reportDays].flatMap(([date, counts]) => {
      const write = reportDayWrite(store, 'revenue', date, counts);
      return write ? [write] : [];
    });
    return [...stats, ...days];
  }
}
