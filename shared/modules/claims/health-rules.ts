/**
 * The billing health check's rules (pure; health.ts reads the records): what an accountant
 * would fix before month end, each finding with the ids that show it and a suggested fix.
 * A clean hospital yields no finding at all.
 */
import { agingBucket, daysBetween } from './rules';
import type { Finding } from './schemas';

export interface HealthParams {
  chargeDays: number;
  draftDays: number;
  overdueDays: number;
  denialRateBp: number;
}

/** What the check reads, reduced to the fields the rules use (dates in the hospital's zone). */
export interface HealthSnapshot {
  today: string;
  invoices: readonly {
    id: string;
    number: string;
    status: string;
    admissionId?: string | undefined;
    createdOn: string;
    issuedOn?: string | undefined;
    balance: number;
    paid: number;
    refunded: number;
  }[];
  /** Credit notes and payments of the invoices with refunds. */
  refunds: readonly {
    invoiceId: string;
    creditNotes: readonly { id: string; reason: string; amount: number; paymentId: string }[];
    payments: readonly { id: string; amount: number; refunded: number }[];
  }[];
  dischargedAdmissions: readonly { id: string; patientId: string }[];
  /** Billable charges (status billable) with the day they occurred. */
  billableCharges: readonly { id: string; occurredOn: string; total: number }[];
  /** Staff-entered charges (billable or billed) of the last 90 days. */
  manualCharges: readonly { id: string; code?: string | undefined }[];
  /** Codes of the active tariffs. */
  tariffCodes: ReadonlySet<string>;
  claims: readonly {
    id: string;
    payerId: string;
    payerName: string;
    status: string;
    submitBy: string;
    payerAmount: number;
    deniedAmount: number;
    adjudicated: boolean;
  }[];
  remittances: readonly { id: string; unallocated: number }[];
}

const sum = (xs: readonly number[]) => xs.reduce((s, n) => s + n, 0);

/** Invoice numbers `PREFIX-YEAR-n`: the missing n below the highest and the numbers used twice. */
export function numberingProblems(numbers: readonly { id: string; number: string }[]): {
  gaps: string[];
  duplicates: { number: string; ids: string[] }[];
} {
  const byNumber = new Map<string, string[]>();
  for (const n of numbers) byNumber.set(n.number, [...(byNumber.get(n.number) ?? []), n.id]);
  const duplicates = [...byNumber.entries()]
    .filter(([, ids]) => ids.length > 1)
    .map(([number, ids]) => ({ number, ids: [...ids].sort() }))
    .sort((a, b) => a.number.localeCompare(b.number));
  const series = new Map<string, Set<number>>();
  for (const { number } of numbers) {
    const m = /^(.*-)(\d+)$/.exec(number);
    if (!m) continue;
    const seen = series.get(m[1]!) ?? new Set<number>();
    seen.add(Number(m[2]));
    series.set(m[1]!, seen);
  }
  const gaps: string[] = [];
  for (const [prefix, seen] of [...series.entries()].sort()) {
    const max = Math.max(...seen);
    for (let n = 1; n < max; n++)
      if (!seen.has(n)) gaps.push(`${prefix}${String(n).padStart(6, '0')}`);
  }
  return { gaps, duplicates };
}

export function healthFindings(s: HealthSnapshot, p: HealthParams): Finding[] {
  const findings: Finding[] = [];
  const add = (f: Finding) => {
    if (f.evidence.length > 0) findings.push(f);
  };
  const final = new Set(
    s.invoices
      .filter((i) => (i.status === 'issued' || i.status === 'balanced') && i.admissionId)
      .map((i) => i.admissionId!),
  );
  add({
    kind: 'discharged-without-invoice',
    severity: 'high',
    title: 'Discharged admissions without a final (issued) invoice',
    evidence: s.dischargedAdmissions.filter((a) => !final.has(a.id)).map((a) => a.id),
    suggestedFix:
      'Invoice the admission (POST /billing with its admissionId) and issue it (PATCH /billing/{id}/status).',
  });
  const oldCharges = s.billableCharges.filter(
    (c) => daysBetween(c.occurredOn, s.today) > p.chargeDays,
  );
  add({
    kind: 'charges-not-invoiced',
    severity: 'medium',
    title: `Charges not invoiced ${p.chargeDays} days after the service`,
    evidence: oldCharges.map((c) => c.id),
    amount: sum(oldCharges.map((c) => c.total)),
    suggestedFix:
      "Put them on the patient's invoice (POST /billing), or void the ones entered by mistake.",
  });
  const drafts = s.invoices.filter(
    (i) => i.status === 'draft' && daysBetween(i.createdOn, s.today) > p.draftDays,
  );
  add({
    kind: 'stale-drafts',
    severity: 'medium',
    title: `Draft invoices older than ${p.draftDays} days`,
    evidence: drafts.map((i) => i.id),
    amount: sum(drafts.map((i) => i.balance)),
    suggestedFix:
      'Issue each draft, or void it (cancelled or entered-in-error) so its charges can be billed again.',
  });
  const overdue = s.invoices.filter(
    (i) =>
      i.status === 'issued' && i.balance > 0 && daysBetween(i.issuedOn!, s.today) > p.overdueDays,
  );
  for (const bucket of ['0-30', '31-60', '61-90', 'over-90'] as const) {
    const inBucket = overdue.filter(
      (i) => agingBucket(daysBetween(i.issuedOn!, s.today)) === bucket,
    );
    add({
      kind: 'overdue-invoices',
      severity: bucket === 'over-90' || bucket === '61-90' ? 'high' : 'medium',
      title: `Invoices unpaid more than ${p.overdueDays} days, issued ${bucket} days ago`,
      evidence: inBucket.map((i) => i.id),
      amount: sum(inBucket.map((i) => i.balance)),
      detail: { bucket },
      suggestedFix:
        'Chase the patient or the payer; a claim not yet made can be made (POST /claims); write-offs need an accountant.',
    });
  }
  const open = s.remittances.filter((r) => r.unallocated > 0);
  add({
    kind: 'unallocated-payments',
    severity: 'medium',
    title: 'Payer remittances not fully allocated to claims',
    evidence: open.map((r) => r.id),
    amount: sum(open.map((r) => r.unallocated)),
    suggestedFix:
      'Allocate each remittance to the claims it pays (POST /claims/remittances/{id}/allocations).',
  });
  const noReason = s.refunds.flatMap((r) =>
    r.creditNotes.filter((c) => c.reason.trim() === '').map((c) => c.id),
  );
  add({
    kind: 'refund-without-reason',
    severity: 'high',
    title: 'Refunds (credit notes) without a reason',
    evidence: noReason,
    suggestedFix: 'Record the reason for each credit note with the person who approved it.',
  });
  const abovePaid = [
    ...s.invoices.filter((i) => i.refunded > i.paid).map((i) => i.id),
    ...s.refunds.flatMap((r) => {
      const refundedOf = new Map<string, number>();
      for (const c of r.creditNotes)
        refundedOf.set(c.paymentId, (refundedOf.get(c.paymentId) ?? 0) + c.amount);
      return r.payments
        .filter((p) => p.refunded > p.amount || (refundedOf.get(p.id) ?? 0) > p.amount)
        .map((p) => p.id);
    }),
  ];
  add({
    kind: 'refund-above-paid',
    severity: 'high',
    title: 'Refunds above what was paid',
    evidence: [...new Set(abovePaid)],
    suggestedFix:
      'Recover the excess refund or correct the payment record; the invoice no longer reconciles.',
  });
  const numbering = numberingProblems(s.invoices);
  add({
    kind: 'invoice-number-gap',
    severity: 'high',
    title: 'Gaps in the invoice numbers',
    evidence: numbering.gaps,
    suggestedFix:
      'Find what happened to each missing number (an invoice deleted or imported) and document it for the auditor.',
  });
  add({
    kind: 'invoice-number-duplicate',
    severity: 'high',
    title: 'Invoice numbers used twice',
    evidence: numbering.duplicates.flatMap((d) => d.ids),
    detail: { numbers: numbering.duplicates.map((d) => d.number).join(', ') },
    suggestedFix:
      'Void one of each pair (entered-in-error) and invoice its charges again under a new number.',
  });
  const late = s.claims.filter((c) => c.status === 'draft' && c.submitBy < s.today);
  add({
    kind: 'claims-past-deadline',
    severity: 'high',
    title: "Claims not submitted by the payer's deadline",
    evidence: late.map((c) => c.id),
    amount: sum(late.map((c) => c.payerAmount)),
    suggestedFix:
      'Submit them at once and ask the payer to accept them late, or bill the patient and cancel the claim.',
  });
  const payers = new Map<
    string,
    { name: string; claimed: number; denied: number; ids: string[] }
  >();
  for (const c of s.claims.filter((x) => x.adjudicated)) {
    const p0 = payers.get(c.payerId) ?? { name: c.payerName, claimed: 0, denied: 0, ids: [] };
    p0.claimed += c.payerAmount;
    p0.denied += c.deniedAmount;
    if (c.deniedAmount > 0) p0.ids.push(c.id);
    payers.set(c.payerId, p0);
  }
  for (const [payerId, v] of [...payers.entries()].sort()) {
    if (v.claimed === 0 || v.denied * 10_000 <= v.claimed * p.denialRateBp) continue;
    add({
      kind: 'denial-rate',
      severity: 'medium',
      title: `${v.name} denies ${Math.round((v.denied * 1000) / v.claimed) / 10}% of the amounts claimed`,
      evidence: [payerId, ...v.ids],
      amount: v.denied,
      detail: {
        payerId,
        deniedBp: Math.round((v.denied * 10_000) / v.claimed),
        claimed: v.claimed,
      },
      suggestedFix:
        'Work the denials queue (GET /claims/denials): fix the reasons (pre-authorisation, documents, coding) and resubmit.',
    });
  }
  const noTariff = s.manualCharges.filter((c) => !c.code || !s.tariffCodes.has(c.code));
  add({
    kind: 'charges-without-tariff',
    severity: 'low',
    title: 'Services charged without a tariff (priced by hand)',
    evidence: noTariff.map((c) => c.id),
    suggestedFix:
      'Add the service to the price list (PUT /billing/tariffs/{code}) and charge it by its tariff code.',
  });
  return findings;
}
