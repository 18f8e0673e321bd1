/**
 * The billing health check: reads the hospital's billing records by their lists (never a table
 * scan: each read is one tenant collection or status partition) and hands them to the rules in
 * health-rules.ts. The MCP tool `billing-health-check` and the A2A skill `billing-check` run it.
 */
import type { Context } from '../../kernel/context';
import { todayIn } from '../../kernel/time/zoned-time';
import type * as z from '../../kernel/zod';
import { dischargedAdmissions } from '../admissions';
import {
  billingKeys,
  ChargeRecord,
  type CreditNoteRecord,
  InvoiceRecord,
  invoicePartition,
  type PaymentRecord,
  readSettings,
  TariffRecord,
} from '../billing';
import { type HealthSnapshot, healthFindings } from './health-rules';
import type { HealthCheck, HealthCheckInput } from './schemas';
import { ClaimRecord, claimsKeys, RemittanceRecord, readCollection } from './store';

/** How far back staff-entered charges are checked for a tariff. */
const TARIFF_LOOKBACK_DAYS = 90;

export async function billingHealthCheck(
  ctx: Context,
  params: z.output<typeof HealthCheckInput>,
): Promise<HealthCheck> {
  const { store } = ctx;
  const zone = ctx.tenant.timeZone;
  const dateOf = (instant: string) => todayIn(zone, new Date(instant));
  const today = todayIn(zone, ctx.now);
  const bk = billingKeys(store);
  const ck = claimsKeys(store);
  const lookback = new Date(ctx.now.getTime() - TARIFF_LOOKBACK_DAYS * 86_400_000).toISOString();
  const recent = { between: [lookback, '~'] as const };
  const [invoices, admissions, billable, billedRecent, tariffs, claims, remittances, settings] =
    await Promise.all([
      readCollection(store, 'gsi1', bk.invoices(), InvoiceRecord),
      dischargedAdmissions(store),
      readCollection(store, 'gsi3', bk.chargesByStatus('billable'), ChargeRecord),
      store
        .query({ index: 'gsi3', partition: bk.chargesByStatus('billed'), range: recent })
        .then((items) => items.map((i) => ChargeRecord.read(i))),
      readCollection(store, 'gsi1', bk.tariffs(), TariffRecord),
      readCollection(store, 'gsi1', ck.claims(), ClaimRecord),
      readCollection(store, 'gsi3', ck.openRemittances(), RemittanceRecord),
      readSettings(store),
    ]);
  const withRefunds = invoices.filter((i) => i.refunded > 0);
  const partitions = await Promise.all(withRefunds.map((i) => invoicePartition(store, i.id)));
  const total = (c: ChargeRecord) => c.quantity * c.unitPrice;
  const snapshot: HealthSnapshot = {
    today,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      admissionId: i.admissionId,
      createdOn: dateOf(i.createdAt),
      issuedOn: i.issuedAt ? dateOf(i.issuedAt) : undefined,
      balance: i.balance,
      paid: i.paid,
      refunded: i.refunded,
    })),
    refunds: partitions.map((p, n) => ({
      invoiceId: withRefunds[n]!.id,
      creditNotes: p.creditNotes.map((c: CreditNoteRecord) => ({
        id: c.id,
        reason: c.reason,
        amount: c.amount,
        paymentId: c.paymentId,
      })),
      payments: p.payments.map((x: PaymentRecord) => ({
        id: x.id,
        amount: x.amount,
        refunded: x.refunded,
      })),
    })),
    dischargedAdmissions: admissions,
    billableCharges: billable.map((c) => ({
      id: c.id,
      occurredOn: dateOf(c.occurredAt),
      total: total(c),
    })),
    manualCharges: [...billable.filter((c) => c.occurredAt >= lookback), ...billedRecent]
      .filter((c) => c.source.type === 'manual')
      .map((c) => ({ id: c.id, code: c.code })),
    tariffCodes: new Set(tariffs.filter((t) => t.active).map((t) => t.code)),
    claims: claims.map((c) => ({
      id: c.id,
      payerId: c.payerId,
      payerName: c.payerName,
      status: c.status,
      submitBy: c.submitBy,
      payerAmount: c.payerAmount,
      deniedAmount: c.deniedAmount,
      adjudicated: c.rounds.some((r) => r.adjudicatedAt !== undefined),
    })),
    remittances: remittances.map((r) => ({ id: r.id, unallocated: r.unallocated })),
  };
  return {
    date: today,
    currency: settings.currency,
    checked: {
      invoices: invoices.length,
      charges: billable.length + billedRecent.length,
      admissions: admissions.length,
      claims: claims.length,
      remittances: remittances.length,
    },
    findings: healthFindings(snapshot, params),
  };
}
