import { randomUUID } from 'node:crypto';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { defineDecision, mayDecide } from '../../kernel/decisions';
import { Conflict, Forbidden, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed, failedConditionNames } from '../../kernel/store/conditions';
import type { Item, TxItem } from '../../kernel/store/store';
import { updateItem } from '../../kernel/store/update';
import { todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { findDepartment } from '../departments';
import { findPatient } from '../patients';
import { settingsChanged } from '../settings/index';
import { chargePut, newChargeRecord } from './charges';
import { BASIS_POINTS, discountNeedsSeniorRole, moneyText, priceLine, sumLines } from './money';
import {
  type AddChargeInput,
  type AddPaymentInput,
  BillingSettings,
  ChargeItem,
  type CreateInvoiceInput,
  CreditNote,
  type Dashboard,
  Invoice,
  type InvoiceLine,
  Payment,
  type PutTariffInput,
  type RefundInput,
  type SetInvoiceStatusInput,
  Tariff,
  type UpdateSettingsInput,
} from './schemas';
import {
  ALL_PERIOD,
  dayPeriod,
  monthPeriod,
  monthsBefore,
  periodFigures,
  recordCancellation,
  recordIssue,
  recordPayment,
  recordRefund,
} from './stats';
import { assertInvoiceTransition, type InvoiceStatus, statusAfterMoney } from './status';
import {
  billableCharges,
  billingKeys,
  type ChargeRecord,
  ChargeRecord as ChargeRecordDef,
  CreditNoteRecord,
  findCharge,
  findInvoice,
  findTariff,
  type InvoiceRecord,
  InvoiceRecord as InvoiceRecordDef,
  invoiceItem,
  invoicePartition,
  invoiceReplace,
  PaymentRecord,
  readSettings,
  readStats,
  SettingsRecord,
  StatsDelta,
  TariffRecord,
  tariffItem,
} from './store';

/** How many times a money movement re-reads the invoice after losing a race to another one. */
const MONEY_ATTEMPTS = 5;

/**
 * Large discounts and refunds: ADMIN and ACCOUNTANT may give them; cashiers and keys only up to
 * the hospital's thresholds (billing settings), so whether the rule applies depends on stored data.
 * Declared on billing.create and billing.refund (operations.ts), checked here.
 */
export const largeDiscountDecision = defineDecision({
  what: 'give a discount',
  by: 'seniorFinance',
  when: "above the hospital's discount threshold (a share of the line's gross amount, billing settings)",
  checkedBy: 'implementation',
  refusal: "A discount above the hospital's discount threshold needs ADMIN or ACCOUNTANT",
});

export const largeRefundDecision = defineDecision({
  what: 'give a refund',
  by: 'seniorFinance',
  when: "above the hospital's refund threshold (billing settings)",
  checkedBy: 'implementation',
  refusal: "A refund above the hospital's refund threshold needs ADMIN or ACCOUNTANT",
});

/** The hospital's local date, month and year of the request. */
function localMoment(ctx: Context) {
  const date = todayIn(ctx.tenant.timeZone, ctx.now);
  return { date, month: date.slice(0, 7), year: date.slice(0, 4) };
}

const formatNumber = (prefix: string, year: string, n: number) =>
  `${prefix}-${year}-${String(n).padStart(6, '0')}`;

// ─── Settings and tariffs ───────────────────────────────────────────────────────────────────

export async function getSettings(ctx: Context) {
  return view(BillingSettings, await readSettings(ctx.store));
}

export async function updateSettings(ctx: Context, input: z.output<typeof UpdateSettingsInput>) {
  const record: SettingsRecord = {
    ...input,
    updatedAt: ctx.now.toISOString(),
    updatedBy: actorId(ctx.actor),
  };
  // Raises the hospital's settings version with it (docs/settings.md).
  ctx.store.alongside(settingsChanged(ctx.store, ctx.actor, record.updatedAt!, 'billing'));
  await ctx.store.put({ Item: SettingsRecord.item(record, billingKeys(ctx.store).settings()) });
  return view(BillingSettings, record);
}

export function listTariffs(ctx: Context, page: PageRequest) {
  return ctx.store.collectionPage('gsi1', billingKeys(ctx.store).tariffs(), page, (item) =>
    view(Tariff, TariffRecord.read(item)),
  );
}

/** Creates or replaces a tariff line (its code is its name in the price list). */
export async function putTariff(ctx: Context, input: z.output<typeof PutTariffInput>) {
  const dept = input.departmentId ? await findDepartment(ctx.store, input.departmentId) : undefined;
  if (input.departmentId && !dept) throw new NotFound(`Department ${input.departmentId} not found`);
  const tariff: TariffRecord = {
    ...input,
    departmentName: dept?.name,
    updatedAt: ctx.now.toISOString(),
    updatedBy: actorId(ctx.actor),
  };
  await ctx.store.put({ Item: tariffItem(ctx.store, tariff) });
  return view(Tariff, tariff);
}

// ─── Charge items ───────────────────────────────────────────────────────────────────────────

/** A charge entered by staff: a tariff's service, or a priced line of its own. */
export async function addCharge(ctx: Context, input: z.output<typeof AddChargeInput>) {
  const { store } = ctx;
  const [patient, settings] = await Promise.all([
    findPatient(store, input.patientId),
    readSettings(store),
  ]);
  if (!patient) throw new NotFound(`Patient ${input.patientId} not found`);
  let priced: {
    serviceType: ChargeRecord['serviceType'];
    code?: string | undefined;
    description: string;
    unitPrice: number;
    taxRateBp?: number | undefined;
    taxInclusive?: boolean | undefined;
    departmentId?: string | undefined;
    departmentName?: string | undefined;
  };
  if (input.tariffCode) {
    const tariff = await findTariff(store, input.tariffCode);
    if (!tariff) throw new NotFound(`Tariff ${input.tariffCode} not found`);
    if (!tariff.active) throw new Conflict(`Tariff ${tariff.code} is inactive`);
    priced = { ...tariff, description: tariff.name };
  } else {
    const dept = input.departmentId ? await findDepartment(store, input.departmentId) : undefined;
    if (input.departmentId && !dept)
      throw new NotFound(`Department ${input.departmentId} not found`);
    priced = {
      serviceType: input.serviceType!,
      description: input.description!,
      unitPrice: input.unitPrice!,
      taxRateBp: input.taxRateBp,
      taxInclusive: input.taxInclusive,
      departmentId: dept?.id,
      departmentName: dept?.name,
    };
  }
  const at = ctx.now.toISOString();
  const record = newChargeRecord(
    {
      ...priced,
      source: { type: 'manual', id: randomUUID() },
      patientId: patient.id,
      patientName: patient.name,
      mrn: patient.mrn,
      admissionId: input.admissionId,
      quantity: input.quantity,
      occurredAt: at,
      by: actorId(ctx.actor),
    },
    settings.currency,
    at,
  );
  await store.transact([chargePut(store, record)]);
  return view(ChargeItem, record);
}

export function listCharges(
  ctx: Context,
  query: PageRequest & { patientId: string; status?: ChargeRecord['status'] | undefined },
) {
  return ctx.store.queryPage(
    {
      index: 'gsi1',
      partition: billingKeys(ctx.store).patientCharges(query.patientId),
      newestFirst: true,
      ...(query.status
        ? {
            filter: {
              expression: '#st = :st',
              names: { '#st': 'status' },
              values: { ':st': query.status },
            },
          }
        : {}),
    },
    query,
    (item) => view(ChargeItem, ChargeRecordDef.read(item)),
  );
}

/** A charge entered by mistake is marked not billable (kept, with its reason), never deleted. */
export async function voidCharge(ctx: Context, input: { id: string; reason: string }) {
  const charge = await findCharge(ctx.store, input.id);
  if (!charge) throw new NotFound(`Charge item ${input.id} not found`);
  if (charge.status !== 'billable')
    throw new Conflict(
      `Charge item ${charge.id} is '${charge.status}'; only a billable charge can be voided${charge.invoiceId ? ` (void invoice ${charge.invoiceId} first)` : ''}`,
    );
  try {
    await ctx.store.transact([
      {
        Update: updateItem(
          billingKeys(ctx.store).charge(charge.id),
          {
            set: {
              status: 'not-billable',
              statusReason: input.reason,
              gsi3pk: billingKeys(ctx.store).chargesByStatus('not-billable'),
            },
          },
          {
            expression: '#st = :billable',
            names: { '#st': 'status' },
            values: { ':billable': 'billable' },
          },
        ),
      },
    ]);
  } catch (err) {
    if (failedConditionNames(err)?.length)
      throw new Conflict(`Charge item ${charge.id} was invoiced meanwhile; reload and try again`);
    throw err;
  }
  return view(ChargeItem, { ...charge, status: 'not-billable', statusReason: input.reason });
}

/** A charge goes onto an invoice only while billable; the condition makes that race-free. */
function chargeToInvoice(ctx: Context, chargeId: string, invoiceId: string): TxItem {
  return {
    Update: updateItem(
      billingKeys(ctx.store).charge(chargeId),
      {
        set: {
          status: 'billed',
          invoiceId,
          gsi3pk: billingKeys(ctx.store).chargesByStatus('billed'),
        },
      },
      {
        expression: '#st = :billable',
        names: { '#st': 'status' },
        values: { ':billable': 'billable' },
      },
    ),
  };
}

/** A voided or cancelled invoice gives its charges back, billable again for a corrected invoice. */
function chargeFreed(ctx: Context, chargeId: string, invoiceId: string): TxItem {
  return {
    Update: updateItem(
      billingKeys(ctx.store).charge(chargeId),
      {
        set: { status: 'billable', gsi3pk: billingKeys(ctx.store).chargesByStatus('billable') },
        remove: ['invoiceId'],
      },
      { expression: 'invoiceId = :inv', values: { ':inv': invoiceId } },
    ),
  };
}

// ─── Invoices ───────────────────────────────────────────────────────────────────────────────

export function invoiceAnswer(inv: InvoiceRecord) {
  return view(Invoice, inv);
}

export async function getInvoice(ctx: Context, input: { id: string }) {
  const { invoice, payments, creditNotes } = await invoicePartition(ctx.store, input.id);
  if (!invoice) throw new NotFound(`Invoice ${input.id} not found`);
  return {
    ...invoiceAnswer(invoice),
    payments: payments.map((p) => view(Payment, p)),
    creditNotes: creditNotes.map((c) => view(CreditNote, c)),
  };
}

export function listInvoices(
  ctx: Context,
  query: PageRequest & { patientId?: string | undefined; status?: InvoiceStatus | undefined },
) {
  const keys = billingKeys(ctx.store);
  const map = (item: Item) => invoiceAnswer(InvoiceRecordDef.read(item));
  if (query.patientId) {
    return ctx.store.queryPage(
      {
        index: 'gsi2',
        partition: keys.patientInvoices(query.patientId),
        newestFirst: true,
        ...(query.status
          ? {
              filter: {
                expression: '#st = :st',
                names: { '#st': 'status' },
                values: { ':st': query.status },
              },
            }
          : {}),
      },
      query,
      map,
    );
  }
  if (query.status)
    return ctx.store.collectionPage('gsi3', keys.invoicesByStatus(query.status), query, map, {
      newestFirst: true,
    });
  return ctx.store.collectionPage('gsi1', keys.invoices(), query, map, { newestFirst: true });
}

/** The charges an invoice is to group: the ones named, or all the patient's billable ones. */
async function chargesToInvoice(
  ctx: Context,
  input: z.output<typeof CreateInvoiceInput>,
): Promise<ChargeRecord[]> {
  if (!input.chargeItemIds) {
    const all = (await billableCharges(ctx.store, input.patientId)).filter(
      (c) => !input.admissionId || c.admissionId === input.admissionId,
    );
    if (all.length === 0)
      throw new Conflict(
        `Patient ${input.patientId} has no billable charges${input.admissionId ? ` for admission ${input.admissionId}` : ''} to invoice`,
      );
    if (all.length > 90)
      throw new Conflict(
        `Patient ${input.patientId} has ${all.length} billable charges; invoice at most 90 at a time (name them in chargeItemIds)`,
      );
    return all;
  }
  const ids = input.chargeItemIds;
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw invalidField('chargeItemIds', `names charge item ${duplicate} twice`);
  const charges = await Promise.all(ids.map((id) => findCharge(ctx.store, id)));
  return charges.map((c, i) => {
    if (!c) throw new NotFound(`Charge item ${ids[i]} not found`);
    if (c.patientId !== input.patientId)
      throw invalidField('chargeItemIds', `charge item ${c.id} is another patient's`);
    if (input.admissionId && c.admissionId !== input.admissionId)
      throw invalidField(
        'chargeItemIds',
        `charge item ${c.id} is not of admission ${input.admissionId}`,
      );
    if (c.status !== 'billable')
      throw new Conflict(
        `Charge item ${c.id} is '${c.status}'${c.invoiceId ? ` on invoice ${c.invoiceId}` : ''}; only billable charges can be invoiced`,
      );
    return c;
  });
}

/** A draft invoice of a patient's charges, numbered INV-<year>-<n> without gaps. */
export async function createInvoice(ctx: Context, input: z.output<typeof CreateInvoiceInput>) {
  const { store } = ctx;
  const [patient, settings] = await Promise.all([
    findPatient(store, input.patientId),
    readSettings(store),
  ]);
  if (!patient) throw new NotFound(`Patient ${input.patientId} not found`);
  const charges = await chargesToInvoice(ctx, input);
  const foreign = charges.find((c) => c.currency !== settings.currency);
  if (foreign)
    throw new Conflict(
      `Charge item ${foreign.id} is in ${foreign.currency}, not the hospital's ${settings.currency}; void it and enter it again in ${settings.currency}`,
    );

  const discounts = new Map<string, { amount: number; reason: string }>();
  for (const d of input.discounts ?? []) {
    if (!charges.some((c) => c.id === d.chargeItemId))
      throw invalidField('discounts', `charge item ${d.chargeItemId} is not on this invoice`);
    if (discounts.has(d.chargeItemId))
      throw invalidField('discounts', `charge item ${d.chargeItemId} has two discounts`);
    discounts.set(d.chargeItemId, d);
  }
  const by = actorId(ctx.actor);
  const lines: InvoiceLine[] = charges.map((c) => {
    const discount = discounts.get(c.id);
    const gross = c.quantity * c.unitPrice;
    if (discount && discount.amount > gross)
      throw invalidField(
        'discounts',
        `the discount on charge item ${c.id} exceeds its amount ${moneyText(gross, settings.currency)}`,
      );
    if (
      discount &&
      discountNeedsSeniorRole(discount.amount, gross, settings.discountThresholdBp) &&
      !mayDecide(largeDiscountDecision, ctx.actor)
    )
      throw new Forbidden(
        `A discount above ${settings.discountThresholdBp / (BASIS_POINTS / 100)}% of a line needs ADMIN or ACCOUNTANT`,
      );
    const amounts = priceLine({
      quantity: c.quantity,
      unitPrice: c.unitPrice,
      discount: discount?.amount ?? 0,
      taxRateBp: c.taxRateBp,
      taxInclusive: c.taxInclusive,
    });
    return {
      chargeItemId: c.id,
      serviceType: c.serviceType,
      code: c.code,
      description: c.description,
      departmentId: c.departmentId,
      departmentName: c.departmentName,
      quantity: c.quantity,
      unitPrice: c.unitPrice,
      taxRateBp: c.taxRateBp,
      taxInclusive: c.taxInclusive,
      ...amounts,
      ...(discount ? { discountReason: discount.reason, discountBy: by } : {}),
    };
  });
  const totals = sumLines(lines);
  const at = ctx.now.toISOString();
  const { year } = localMoment(ctx);
  const id = randomUUID();
  let invoice: InvoiceRecord | undefined;
  try {
    await store.withNextCounterValue(billingKeys(store).invoiceCounter(year), (n) => {
      invoice = {
        id,
        number: formatNumber('INV', year, n),
        status: 'draft',
        patientId: patient.id,
        patientName: patient.name,
        mrn: patient.mrn,
        admissionId: input.admissionId,
        currency: settings.currency,
        lines,
        ...totals,
        paid: 0,
        refunded: 0,
        balance: totals.total,
        createdAt: at,
        createdBy: by,
        updatedAt: at,
        version: 1,
      };
      return [
        {
          Put: {
            Item: invoiceItem(store, invoice),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...charges.map((c) => chargeToInvoice(ctx, c.id, id)),
      ];
    });
  } catch (err) {
    if (failedConditionNames(err)?.length)
      throw new Conflict('A charge item was invoiced or voided meanwhile; reload and try again');
    throw err;
  }
  return { ...invoiceAnswer(invoice!), payments: [], creditNotes: [] };
}

async function requireInvoice(ctx: Context, id: string): Promise<InvoiceRecord> {
  const invoice = await findInvoice(ctx.store, id);
  if (!invoice) throw new NotFound(`Invoice ${id} not found`);
  return invoice;
}

/**
 * Issue a draft (it becomes immutable and counts as billed), or void it (cancelled or
 * entered-in-error, its charges billable again); cancel an issued invoice on which nothing is
 * paid (refund first), which frees its charges for a corrected invoice.
 */
export async function setInvoiceStatus(
  ctx: Context,
  input: z.output<typeof SetInvoiceStatusInput>,
) {
  const { store } = ctx;
  const current = await requireInvoice(ctx, input.id);
  assertInvoiceTransition(current.status, input.status);
  const at = ctx.now.toISOString();
  const moment = localMoment(ctx);
  const delta = new StatsDelta();
  let next: InvoiceRecord;
  const freeCharges: TxItem[] = [];
  if (input.status === 'issued') {
    next = {
      ...current,
      // An invoice whose total is 0 is balanced the moment it is issued.
      status: statusAfterMoney(current.total, 0, 0),
      issuedAt: at,
      issuedBy: actorId(ctx.actor),
      issuedMonth: moment.month,
      updatedAt: at,
    };
    recordIssue(delta, moment, current);
  } else {
    if (current.status === 'issued' && current.paid - current.refunded !== 0)
      throw new Conflict(
        `Invoice ${current.number} has ${current.paid - current.refunded} paid on it; refund the payments (credit notes) before cancelling it`,
      );
    if (current.status === 'issued')
      recordCancellation(delta, moment, current.issuedMonth!, current);
    next = {
      ...current,
      status: input.status,
      statusReason: input.reason,
      balance: 0,
      updatedAt: at,
    };
    freeCharges.push(...current.lines.map((l) => chargeFreed(ctx, l.chargeItemId, current.id)));
  }
  try {
    await store.transact([
      invoiceReplace(store, current, next),
      ...freeCharges,
      ...delta.writes(store),
    ]);
  } catch (err) {
    if (failedConditionNames(err)?.length)
      throw new Conflict(`Invoice ${current.number} changed meanwhile; reload and try again`);
    throw err;
  }
  return getInvoice(ctx, { id: current.id });
}

// ─── Payments and refunds ───────────────────────────────────────────────────────────────────

/**
 * Takes a payment on an issued invoice. Refused (409) above the balance due, so concurrent
 * payments can never overpay: each is conditional on the invoice version it was decided from,
 * and the loser re-reads and is judged again. With an `Idempotency-Key` the payment posts once
 * (kernel/idempotency.ts: the key is stored in the payment's transaction; a retry replays it).
 */
export async function addPayment(ctx: Context, input: z.output<typeof AddPaymentInput>) {
  for (let attempt = 1; attempt <= MONEY_ATTEMPTS; attempt++) {
    const invoice = await requireInvoice(ctx, input.id);
    const refusal = paymentRefusal(invoice, input.amount);
    if (refusal) throw refusal;
    const { payment, items } = paymentWrites(ctx, invoice, input);
    try {
      await ctx.store.transact(items);
      return view(Payment, payment);
    } catch (err) {
      // Another payment or refund changed the invoice first: this one is judged again. (A
      // concurrent request with the same Idempotency-Key is the key record's refusal instead.)
      if (!conditionFailed(err, 'invoice')) throw err;
    }
  }
  throw new Conflict('The invoice is changing too often at once; try again');
}

/** Why a payment of `amount` may not be taken on the invoice now (409), if it may not. */
export function paymentRefusal(invoice: InvoiceRecord, amount: number): Conflict | undefined {
  if (invoice.status !== 'issued')
    return new Conflict(
      invoice.status === 'balanced'
        ? `Invoice ${invoice.number} is balanced; nothing is due`
        : `Invoice ${invoice.number} is '${invoice.status}'; payments are taken on issued invoices`,
    );
  if (amount > invoice.balance)
    return new Conflict(
      `A payment of ${moneyText(amount, invoice.currency)} exceeds the balance due of ${moneyText(invoice.balance, invoice.currency)} on invoice ${invoice.number}; overpayment is refused`,
      { balance: invoice.balance },
    );
  return undefined;
}

/**
 * The writes of a payment on an issued invoice, decided from `invoice` as read: the invoice
 * (conditional on its version, named 'invoice'), the payment and the dashboard's aggregates.
 * Other modules (claims' remittance allocation) put them in their own transaction.
 */
export function paymentWrites(
  ctx: Context,
  invoice: InvoiceRecord,
  input: { method: PaymentRecord['method']; amount: number; reference?: string | undefined },
): { payment: PaymentRecord; items: TxItem[] } {
  const { store } = ctx;
  const at = ctx.now.toISOString();
  const payment: PaymentRecord = {
    id: randomUUID(),
    invoiceId: invoice.id,
    method: input.method,
    amount: input.amount,
    reference: input.reference,
    refunded: 0,
    receivedAt: at,
    receivedBy: actorId(ctx.actor),
  };
  const paid = invoice.paid + input.amount;
  const next: InvoiceRecord = {
    ...invoice,
    paid,
    balance: invoice.balance - input.amount,
    status: statusAfterMoney(invoice.total, paid, invoice.refunded),
    updatedAt: at,
  };
  const delta = new StatsDelta();
  recordPayment(delta, localMoment(ctx), invoice.issuedMonth!, input.method, input.amount);
  return {
    payment,
    items: [
      invoiceReplace(store, invoice, next),
      {
        Put: {
          Item: PaymentRecord.item(payment, billingKeys(store).payment(invoice.id, at, payment.id)),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...delta.writes(store),
    ],
  };
}

/**
 * A refund is a credit note against one payment (CN-<year>-<n>, gap-free), at most what is left
 * of that payment; above the hospital's refund threshold only ADMIN or ACCOUNTANT may give it.
 * It reopens the balance: the invoice is balanced only while payments − refunds = total.
 */
export async function refund(ctx: Context, input: z.output<typeof RefundInput>) {
  const { store } = ctx;
  const keys = billingKeys(store);
  const settings = await readSettings(store);
  for (let attempt = 1; attempt <= MONEY_ATTEMPTS; attempt++) {
    const { invoice, payments } = await invoicePartition(store, input.id);
    if (!invoice) throw new NotFound(`Invoice ${input.id} not found`);
    const payment = payments.find((p) => p.id === input.paymentId);
    if (!payment)
      throw new NotFound(`Payment ${input.paymentId} not found on invoice ${invoice.number}`);
    if (input.amount > settings.refundThreshold && !mayDecide(largeRefundDecision, ctx.actor))
      throw new Forbidden(
        `A refund above ${moneyText(settings.refundThreshold, settings.currency)} needs ADMIN or ACCOUNTANT`,
      );
    if (invoice.status !== 'issued' && invoice.status !== 'balanced')
      throw new Conflict(
        `Invoice ${invoice.number} is '${invoice.status}'; nothing can be refunded on it`,
      );
    const left = payment.amount - payment.refunded;
    if (input.amount > left)
      throw new Conflict(
        `A refund of ${moneyText(input.amount, invoice.currency)} exceeds the ${moneyText(left, invoice.currency)} left of payment ${payment.id}`,
        { refundable: left },
      );
    const at = ctx.now.toISOString();
    const moment = localMoment(ctx);
    const refunded = invoice.refunded + input.amount;
    const next: InvoiceRecord = {
      ...invoice,
      refunded,
      balance: invoice.balance + input.amount,
      status: statusAfterMoney(invoice.total, invoice.paid, refunded),
      updatedAt: at,
    };
    const delta = new StatsDelta();
    recordRefund(delta, moment, invoice.issuedMonth!, input.amount);
    const id = randomUUID();
    let note: CreditNoteRecord | undefined;
    try {
      await store.withNextCounterValue(keys.creditNoteCounter(moment.year), (n) => {
        note = {
          id,
          number: formatNumber('CN', moment.year, n),
          invoiceId: invoice.id,
          paymentId: payment.id,
          method: payment.method,
          amount: input.amount,
          reason: input.reason,
          issuedAt: at,
          issuedBy: actorId(ctx.actor),
        };
        return [
          invoiceReplace(store, invoice, next),
          {
            Update: updateItem(
              keys.payment(invoice.id, payment.receivedAt, payment.id),
              { add: { refunded: input.amount } },
              { expression: 'refunded = :before', values: { ':before': payment.refunded } },
            ),
          },
          {
            Put: {
              Item: CreditNoteRecord.item(note, keys.creditNote(invoice.id, at, id)),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...delta.writes(store),
        ];
      });
      return view(CreditNote, note!);
    } catch (err) {
      if (!failedConditionNames(err)?.length) throw err;
    }
  }
  throw new Conflict('The invoice is changing too often at once; try again');
}

// ─── Dashboard ──────────────────────────────────────────────────────────────────────────────

/** Today's and this month's figures and the outstanding ageing: five GetItems, however many invoices. */
export async function dashboard(ctx: Context): Promise<Dashboard> {
  const { date, month } = localMoment(ctx);
  const months = [0, 1, 2].map((n) => monthsBefore(month, n));
  const periods = [dayPeriod(date), ...months.map(monthPeriod), ALL_PERIOD];
  const [stats, settings] = await Promise.all([
    readStats(ctx.store, periods),
    readSettings(ctx.store),
  ]);
  const outstandingOf = (period: string) => Number(stats[period]?.outstanding ?? 0);
  const total = outstandingOf(ALL_PERIOD);
  const recent = months.map((m) => outstandingOf(monthPeriod(m)));
  const labels = ['this month', '1 month', '2 months'] as const;
  return {
    currency: settings.currency,
    timeZone: ctx.tenant.timeZone,
    date,
    month,
    today: periodFigures(stats[dayPeriod(date)]!),
    thisMonth: periodFigures(stats[monthPeriod(month)]!),
    outstanding: {
      total,
      buckets: [
        ...recent.map((amount, i) => ({ label: labels[i]!, amount })),
        { label: '3+ months' as const, amount: total - recent.reduce((s, n) => s + n, 0) },
      ],
    },
  };
}
