/**
 * The implementations of claims: payers and plans, coverage, pre-authorisation, claims from
 * invoices (split, submission, adjudication, resubmission, accepted denials), remittances and
 * their allocation to claims (as payments on the invoice, through billing's payment writes), the
 * denials work queue and aging. Rules live in rules.ts, state tables in status.ts.
 */
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { emit } from '../../kernel/effects';
import { Conflict, NotFound } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import { conditionFailed } from '../../kernel/store/conditions';
import type { Item, TxItem } from '../../kernel/store/store';
import { addDays, todayIn } from '../../kernel/time/zoned-time';
import { invalidField } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import {
  billingKeys,
  findInvoice,
  InvoiceRecord,
  paymentRefusal,
  paymentWrites,
  readSettings,
} from '../billing';
import { findPatient } from '../patients';
import { CLAIM_DENIED, CLAIMS_SOURCE, type ClaimDeniedDetail } from './events';
import { endpointOf, fhirClaim } from './fhir';
import {
  type AgingEntry,
  adjudicationOutcome,
  ageAmounts,
  lineAdjudication,
  policyYear,
  secondarySplit,
  splitInvoice,
} from './rules';
import {
  type AdjudicateInput,
  Claim,
  type ClaimLine,
  Coverage,
  type CreateClaimInput,
  type CreateCoverageInput,
  type CreatePayerInput,
  type CreatePlanInput,
  type CreateRemittanceInput,
  type DecidePreauthInput,
  DeductibleStatus,
  Payer,
  Plan,
  Preauth,
  Remittance,
  type RequestPreauthInput,
} from './schemas';
import {
  assertClaimTransition,
  assertPreauthTransition,
  type ClaimStatus,
  fhirClaimStatus,
} from './status';
import {
  ClaimRecord,
  CoverageRecord,
  claimReplace,
  claimsKeys,
  coveragePut,
  type DeductibleRecord,
  deductibleWrite,
  findClaim,
  findCoverage,
  findDeductibleYear,
  findPayer,
  findPlan,
  findPreauth,
  findPrimaryClaim,
  findRemittance,
  invoiceClaimRelease,
  newClaimWrites,
  PayerRecord,
  PlanRecord,
  PreauthRecord,
  payerPut,
  planPut,
  preauthItem,
  RemittanceRecord,
  readCollection,
  remittancePut,
  remittanceReplace,
} from './store';

/** How many times a money movement re-reads after losing a race to another one. */
const MONEY_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

const today = (ctx: Context) => todayIn(ctx.tenant.timeZone, ctx.now);
const localDate = (ctx: Context, instant: string) =>
  todayIn(ctx.tenant.timeZone, new Date(instant));
const by = (ctx: Context) => actorId(ctx.actor);

async function required<T>(found: Promise<T | undefined>, what: string, id: string): Promise<T> {
  const value = await found;
  if (!value) throw new NotFound(`${what} ${id} not found`);
  return value;
}

// ─── Payers and plans ───────────────────────────────────────────────────────────────────────

export async function createPayer(ctx: Context, input: z.output<typeof CreatePayerInput>) {
  const payer: PayerRecord = {
    id: newId(ctx),
    name: input.name,
    kind: input.kind,
    code: input.code,
    endpoint: input.endpoint,
    active: true,
    createdAt: ctx.now.toISOString(),
    createdBy: by(ctx),
  };
  await ctx.store.transact([payerPut(ctx.store, payer)]);
  return view(Payer, payer);
}

export function listPayers(ctx: Context, page: PageRequest) {
  return ctx.store.collectionPage('gsi1', claimsKeys(ctx.store).payers(), page, (i) =>
    view(Payer, PayerRecord.read(i)),
  );
}

export async function createPlan(ctx: Context, input: z.output<typeof CreatePlanInput>) {
  const payer = await required(findPayer(ctx.store, input.payerId), 'Payer', input.payerId);
  const plan: PlanRecord = {
    id: newId(ctx),
    payerId: payer.id,
    payerName: payer.name,
    name: input.name,
    rules: {
      copayBp: input.copayBp,
      deductible: input.deductible,
      deductiblePeriod: input.deductiblePeriod,
      roomDayLimit: input.roomDayLimit,
      excludedServiceTypes: input.excludedServiceTypes,
      preauthServiceTypes: input.preauthServiceTypes,
      submissionDeadlineDays: input.submissionDeadlineDays,
    },
    active: true,
    createdAt: ctx.now.toISOString(),
    createdBy: by(ctx),
  };
  await ctx.store.transact([planPut(ctx.store, plan)]);
  return view(Plan, plan);
}

export function listPlans(ctx: Context, query: PageRequest & { payerId?: string | undefined }) {
  const keys = claimsKeys(ctx.store);
  const map = (i: Item) => view(Plan, PlanRecord.read(i));
  return query.payerId
    ? ctx.store.collectionPage('gsi2', keys.payerPlans(query.payerId), query, map)
    : ctx.store.collectionPage('gsi1', keys.plans(), query, map);
}

// ─── Coverage ───────────────────────────────────────────────────────────────────────────────

export async function createCoverage(ctx: Context, input: z.output<typeof CreateCoverageInput>) {
  const [patient, plan] = await Promise.all([
    required(findPatient(ctx.store, input.patientId), 'Patient', input.patientId),
    required(findPlan(ctx.store, input.planId), 'Plan', input.planId),
  ]);
  const coverage: CoverageRecord = {
    id: newId(ctx),
    patientId: patient.id,
    patientName: patient.name,
    planId: plan.id,
    planName: plan.name,
    payerId: plan.payerId,
    payerName: plan.payerName,
    memberNumber: input.memberNumber,
    holderName: input.holderName,
    relationship: input.relationship,
    validFrom: input.validFrom,
    validTo: input.validTo,
    priority: input.priority,
    policyYearStart: input.policyYearStart ?? input.validFrom.slice(5),
    status: 'active',
    createdAt: ctx.now.toISOString(),
    createdBy: by(ctx),
  };
  const existing = await readCollection(
    ctx.store,
    'gsi1',
    claimsKeys(ctx.store).patientCoverages(patient.id),
    CoverageRecord,
  );
  const clash = existing.find(
    (c) =>
      c.status === 'active' &&
      c.priority === coverage.priority &&
      c.validFrom <= coverage.validTo &&
      coverage.validFrom <= c.validTo,
  );
  if (clash)
    throw new Conflict(
      `Coverage ${clash.id} (${clash.payerName}, ${clash.memberNumber}) already has priority ${clash.priority} from ${clash.validFrom} to ${clash.validTo}; give this one the other priority`,
      { field: 'priority' },
    );
  await ctx.store.transact([coveragePut(ctx.store, coverage)]);
  return view(Coverage, coverage);
}

export async function listCoverages(ctx: Context, input: { patientId: string }) {
  await required(findPatient(ctx.store, input.patientId), 'Patient', input.patientId);
  const items = await readCollection(
    ctx.store,
    'gsi1',
    claimsKeys(ctx.store).patientCoverages(input.patientId),
    CoverageRecord,
  );
  return { items: items.map((c) => view(Coverage, c)) };
}

/** The month and day a coverage's policy years start (coverages made before: validFrom's). */
const yearStartOf = (c: CoverageRecord) => c.policyYearStart ?? c.validFrom.slice(5);

/** The deductible a split takes: the sum of its lines' `deductible` reasons. */
const deductibleOf = (split: { lines: readonly { patientReasons: { deductible?: number } }[] }) =>
  split.lines.reduce((sum, l) => sum + (l.patientReasons.deductible ?? 0), 0);

/** A coverage's deductible in the policy year of `on` (default today): amount, met, remaining. */
export async function deductibleStatus(
  ctx: Context,
  input: { id: string; on?: string | undefined },
) {
  const coverage = await required(findCoverage(ctx.store, input.id), 'Coverage', input.id);
  const plan = await required(findPlan(ctx.store, coverage.planId), 'Plan', coverage.planId);
  const amount = plan.rules.deductible;
  if (plan.rules.deductiblePeriod !== 'policy-year')
    return view(DeductibleStatus, {
      coverageId: coverage.id,
      period: 'claim',
      amount,
      met: 0,
      remaining: amount,
      claims: [],
    });
  const year = policyYear(yearStartOf(coverage), input.on ?? today(ctx));
  const ledger = await findDeductibleYear(ctx.store, coverage.id, year.from);
  const met = ledger?.met ?? 0;
  return view(DeductibleStatus, {
    coverageId: coverage.id,
    period: 'policy-year',
    policyYear: year,
    amount,
    met,
    remaining: Math.max(0, amount - met),
    claims: ledger?.claims ?? [],
  });
}

// ─── Pre-authorisation ──────────────────────────────────────────────────────────────────────

/** The status a pre-authorisation reads with: an approval past its validity end is expired. */
export function effectivePreauth(p: PreauthRecord, date: string): PreauthRecord {
  return p.status === 'approved' && p.validUntil !== undefined && p.validUntil < date
    ? { ...p, status: 'expired' }
    : p;
}

export async function requestPreauth(ctx: Context, input: z.output<typeof RequestPreauthInput>) {
  const coverage = await required(
    findCoverage(ctx.store, input.coverageId),
    'Coverage',
    input.coverageId,
  );
  if (coverage.status !== 'active' || coverage.validTo < today(ctx))
    throw new Conflict(`Coverage ${coverage.id} is not active (valid to ${coverage.validTo})`);
  const preauth: PreauthRecord = {
    id: newId(ctx),
    coverageId: coverage.id,
    patientId: coverage.patientId,
    payerId: coverage.payerId,
    planId: coverage.planId,
    admissionId: input.admissionId,
    serviceTypes: input.serviceTypes,
    description: input.description,
    requestedAmount: input.requestedAmount,
    status: 'requested',
    requestedAt: ctx.now.toISOString(),
    requestedBy: by(ctx),
  };
  await ctx.store.transact([
    {
      Put: {
        Item: preauthItem(ctx.store, preauth),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  return view(Preauth, preauth);
}

export async function decidePreauth(ctx: Context, input: z.output<typeof DecidePreauthInput>) {
  const stored = await required(findPreauth(ctx.store, input.id), 'Pre-authorisation', input.id);
  const current = effectivePreauth(stored, today(ctx));
  assertPreauthTransition(current.status, input.status);
  const next: PreauthRecord = {
    ...stored,
    status: input.status,
    approvedAmount: input.status === 'approved' ? input.approvedAmount : stored.approvedAmount,
    validUntil: input.status === 'approved' ? input.validUntil : stored.validUntil,
    payerReference: input.payerReference ?? stored.payerReference,
    reason: input.reason,
    decidedAt: ctx.now.toISOString(),
    decidedBy: by(ctx),
  };
  try {
    await ctx.store.transact([
      {
        name: 'preauth',
        Put: {
          Item: preauthItem(ctx.store, next),
          ConditionExpression: '#st = :from',
          ExpressionAttributeNames: { '#st': 'status' },
          ExpressionAttributeValues: { ':from': stored.status },
        },
      },
    ]);
  } catch (err) {
    if (conditionFailed(err, 'preauth'))
      throw new Conflict(`Pre-authorisation ${stored.id} was decided meanwhile; reload it`);
    throw err;
  }
  return view(Preauth, next);
}

export async function listPreauths(ctx: Context, input: { patientId: string }) {
  await required(findPatient(ctx.store, input.patientId), 'Patient', input.patientId);
  const items = await readCollection(
    ctx.store,
    'gsi1',
    claimsKeys(ctx.store).patientPreauths(input.patientId),
    PreauthRecord,
  );
  const date = today(ctx);
  return { items: items.map((p) => view(Preauth, effectivePreauth(p, date))) };
}

// ─── Claims ─────────────────────────────────────────────────────────────────────────────────

export function claimAnswer(c: ClaimRecord) {
  return view(Claim, { ...c, fhirStatus: fhirClaimStatus(c.status) });
}

/**
 * For a claim on a secondary coverage: the invoice's primary claim, which must be settled (the
 * primary has paid what it approved and no denial is open), and what it paid per line.
 */
async function primaryOf(ctx: Context, invoice: { id: string; number: string }) {
  const primary = await findPrimaryClaim(ctx.store, invoice.id);
  if (!primary)
    throw new Conflict(
      `Invoice ${invoice.number} has no claim on the patient's primary coverage; claim it there first`,
    );
  if (primary.status !== 'settled')
    throw new Conflict(
      `The primary claim ${primary.number} is '${primary.status}'; the secondary coverage is claimed once the primary has paid (settled)`,
    );
  return {
    paidPerLine: primary.lines.map((l) => l.approvedAmount),
    record: {
      primaryClaimId: primary.id,
      primaryClaimNumber: primary.number,
      primaryCoverageId: primary.coverageId,
      primaryPayerName: primary.payerName,
      primaryPaid: primary.paidAmount,
    },
  };
}

/** A claim of an issued invoice under the patient's coverage, split by the plan's rules. */
export async function createClaim(ctx: Context, input: z.output<typeof CreateClaimInput>) {
  const { store } = ctx;
  const [invoice, coverage] = await Promise.all([
    required(findInvoice(store, input.invoiceId), 'Invoice', input.invoiceId),
    required(findCoverage(store, input.coverageId), 'Coverage', input.coverageId),
  ]);
  if (coverage.patientId !== invoice.patientId)
    throw invalidField('coverageId', `coverage ${coverage.id} is another patient's`);
  if (invoice.status !== 'issued')
    throw new Conflict(
      `Invoice ${invoice.number} is '${invoice.status}'; a claim is made from an issued invoice with a balance due`,
    );
  const issuedOn = localDate(ctx, invoice.issuedAt!);
  if (coverage.status !== 'active' || issuedOn < coverage.validFrom || issuedOn > coverage.validTo)
    throw new Conflict(
      `Coverage ${coverage.id} is not valid on ${issuedOn}, the invoice's date (valid ${coverage.validFrom} to ${coverage.validTo})`,
    );
  const plan = await required(findPlan(store, coverage.planId), 'Plan', coverage.planId);
  let preauthAmount: number | undefined;
  if (input.preauthId) {
    const preauth = await required(
      findPreauth(store, input.preauthId),
      'Pre-authorisation',
      input.preauthId,
    );
    if (preauth.coverageId !== coverage.id)
      throw invalidField('preauthId', `pre-authorisation ${preauth.id} is of another coverage`);
    const status = effectivePreauth(preauth, issuedOn).status;
    if (status !== 'approved')
      throw new Conflict(
        `Pre-authorisation ${preauth.id} is '${status}'; only an approved one covers a claim`,
      );
    preauthAmount = preauth.approvedAmount;
  }
  // A per-policy-year deductible: the claim takes what is left of the year's, and records what
  // it took in the same transaction, conditional on the year's version as read, so two claims
  // made at once never both take the same remainder (the loser re-reads and splits again).
  const coordination = coverage.priority === 2 ? await primaryOf(ctx, invoice) : undefined;
  const year =
    plan.rules.deductiblePeriod === 'policy-year'
      ? policyYear(yearStartOf(coverage), issuedOn)
      : undefined;
  const id = newId(ctx);
  for (let attempt = 1; attempt <= MONEY_ATTEMPTS; attempt++) {
    const ledger = year ? await findDeductibleYear(store, coverage.id, year.from) : undefined;
    const deductible = Math.max(0, plan.rules.deductible - (ledger?.met ?? 0));
    const rules = { ...plan.rules, deductible };
    // A secondary claim: what the primary left, by the secondary's rules (rules.ts,
    // secondarySplit); its deductible is credited with what it would have taken alone.
    const secondary = coordination
      ? secondarySplit(invoice.lines, rules, coordination.paidPerLine, preauthAmount)
      : undefined;
    const split = secondary ?? splitInvoice(invoice.lines, rules, preauthAmount);
    const lines: ClaimLine[] = invoice.lines.map((l, i) => ({
      sequence: i + 1,
      chargeItemId: l.chargeItemId,
      serviceType: l.serviceType,
      code: l.code,
      description: l.description,
      quantity: l.quantity,
      total: l.total,
      payerAmount: split.lines[i]!.payer,
      patientAmount: split.lines[i]!.patient,
      patientReasons: split.lines[i]!.patientReasons,
      otherPayerAmount: secondary?.lines[i]?.otherPayer,
      adjudication: 'pending',
      approvedAmount: 0,
      reasonCodes: [],
    }));
    const drawn = deductibleOf(secondary?.normal ?? split);
    const at = ctx.now.toISOString();
    const claimYear = today(ctx).slice(0, 4);
    let claim: ClaimRecord | undefined;
    try {
      await store.withNextCounterValue(claimsKeys(store).claimCounter(claimYear), (n) => {
        claim = {
          id,
          number: `CLM-${claimYear}-${String(n).padStart(6, '0')}`,
          status: 'draft',
          fhirStatus: 'draft',
          invoiceId: invoice.id,
          invoiceNumber: invoice.number,
          patientId: invoice.patientId,
          patientName: invoice.patientName,
          coverageId: coverage.id,
          memberNumber: coverage.memberNumber,
          payerId: coverage.payerId,
          payerName: coverage.payerName,
          planId: plan.id,
          planName: plan.name,
          preauthId: input.preauthId,
          policyYear: year,
          deductibleDrawn: year ? drawn : undefined,
          coordination: coordination?.record,
          currency: invoice.currency,
          lines,
          invoiceTotal: invoice.total,
          payerAmount: split.payer,
          patientAmount: split.patient,
          approvedAmount: 0,
          deniedAmount: 0,
          paidAmount: 0,
          denialAccepted: false,
          invoiceIssuedOn: issuedOn,
          submitBy: addDays(issuedOn, plan.rules.submissionDeadlineDays),
          rounds: [],
          createdAt: at,
          createdBy: by(ctx),
          updatedAt: at,
          version: 1,
        };
        const draw =
          year && drawn > 0
            ? [
                deductibleWrite(store, ledger, {
                  coverageId: coverage.id,
                  ...year,
                  met: (ledger?.met ?? 0) + drawn,
                  claims: [
                    ...(ledger?.claims ?? []),
                    { claimId: id, claimNumber: claim.number, amount: drawn, at },
                  ],
                }),
              ]
            : [];
        return [...newClaimWrites(store, claim), ...draw];
      });
      return claimAnswer(claim!);
    } catch (err) {
      if (conditionFailed(err, 'invoice-claim'))
        throw new Conflict(`Invoice ${invoice.number} already has an open claim; cancel it first`);
      if (!conditionFailed(err, 'deductible')) throw err;
      await sleep(Math.random() * 15 * attempt);
    }
  }
  throw new Conflict("The coverage's deductible is changing too often at once; try again");
}

export async function getClaim(ctx: Context, input: { id: string }) {
  return claimAnswer(await required(findClaim(ctx.store, input.id), 'Claim', input.id));
}

export async function claimDocument(ctx: Context, input: { id: string }) {
  return fhirClaim(await required(findClaim(ctx.store, input.id), 'Claim', input.id));
}

/** The payer's answer as a FHIR R4 ClaimResponse; 409 before the claim was submitted. */
export async function claimResponse(ctx: Context, input: { id: string }) {
  const claim = await required(findClaim(ctx.store, input.id), 'Claim', input.id);
  const response = (await import('./claim-response')).fhirClaimResponse(claim);
  if (!response)
    throw new Conflict(
      `Claim ${claim.number} was never submitted: there is no payer's answer to show`,
    );
  return response;
}

export function listClaims(
  ctx: Context,
  query: PageRequest & { status?: ClaimStatus | undefined; payerId?: string | undefined },
) {
  const keys = claimsKeys(ctx.store);
  const map = (i: Item) => claimAnswer(ClaimRecord.read(i));
  const opts = { newestFirst: true };
  if (query.payerId) {
    return ctx.store.queryPage(
      {
        index: 'gsi2',
        partition: keys.payerClaims(query.payerId),
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
    return ctx.store.collectionPage('gsi3', keys.claimsByStatus(query.status), query, map, opts);
  return ctx.store.collectionPage('gsi1', keys.claims(), query, map, opts);
}

/** Reads, decides and writes a claim change, re-deciding when another change won the race. */
async function changeClaim(
  ctx: Context,
  id: string,
  decide: (
    claim: ClaimRecord,
  ) => Promise<{ next: ClaimRecord; also?: TxItem[] }> | { next: ClaimRecord; also?: TxItem[] },
): Promise<ClaimRecord> {
  for (let attempt = 1; attempt <= MONEY_ATTEMPTS; attempt++) {
    const claim = await required(findClaim(ctx.store, id), 'Claim', id);
    const { next, also = [] } = await decide(claim);
    const change = { ...next, updatedAt: ctx.now.toISOString() };
    try {
      await ctx.store.transact([claimReplace(ctx.store, claim, change), ...also]);
      return { ...change, version: claim.version + 1 };
    } catch (err) {
      if (!conditionFailed(err, 'claim') && !conditionFailed(err, 'deductible')) throw err;
    }
  }
  throw new Conflict('The claim is changing too often at once; try again');
}

/** Sends the claim's FHIR document through the payer's endpoint, then records the round. */
async function submitRound(ctx: Context, id: string, from: ClaimStatus, note: string | undefined) {
  const claim = await required(findClaim(ctx.store, id), 'Claim', id);
  assertClaimTransition(claim.status, 'submitted');
  if (claim.status !== from) throw new Conflict(`Claim ${claim.number} is '${claim.status}'`);
  if (from === 'adjudicated' && (claim.deniedAmount === 0 || claim.denialAccepted))
    throw new Conflict(`Claim ${claim.number} has no open denial to resubmit`);
  const payer = await required(findPayer(ctx.store, claim.payerId), 'Payer', claim.payerId);
  const receipt = await endpointOf(payer).submit(fhirClaim({ ...claim, status: 'submitted' }));
  const updated = await changeClaim(ctx, id, (current) => {
    if (current.status !== from || current.version !== claim.version)
      throw new Conflict(`Claim ${current.number} changed meanwhile; reload it`);
    return {
      next: {
        ...current,
        status: 'submitted',
        outcome: 'queued',
        rounds: [
          ...current.rounds,
          {
            round: current.rounds.length + 1,
            submittedAt: ctx.now.toISOString(),
            submittedBy: by(ctx),
            note:
              [note, receipt.reference ? `payer reference ${receipt.reference}` : undefined]
                .filter(Boolean)
                .join('; ') || undefined,
            claimed: current.payerAmount,
          },
        ],
      },
    };
  });
  return claimAnswer(updated);
}

export const submitClaim = (ctx: Context, input: { id: string; note?: string | undefined }) =>
  submitRound(ctx, input.id, 'draft', input.note);

/** Resubmission of a claim with an open denial: a new round, the earlier ones kept. */
export const resubmitClaim = (ctx: Context, input: { id: string; note: string }) =>
  submitRound(ctx, input.id, 'adjudicated', input.note);

/** The status a claim is left in after money or a decision: settled once nothing is open. */
function settledOrNot(c: ClaimRecord): ClaimStatus {
  const denialOpen = c.deniedAmount > 0 && !c.denialAccepted;
  return c.status === 'adjudicated' && !denialOpen && c.paidAmount === c.approvedAmount
    ? 'settled'
    : c.status;
}

/** Enters the payer's answer for every line; emits ClaimDenied when a line is denied in part or whole. */
export async function adjudicate(ctx: Context, input: z.output<typeof AdjudicateInput>) {
  const updated = await changeClaim(ctx, input.id, (claim) => {
    assertClaimTransition(claim.status, 'adjudicated');
    const given = new Map(input.lines.map((l, i) => [l.sequence, { ...l, index: i }]));
    for (const [sequence, l] of given) {
      const line = claim.lines.find((x) => x.sequence === sequence);
      if (!line)
        throw invalidField(
          `lines.${l.index}.sequence`,
          `claim ${claim.number} has no line ${sequence}`,
        );
      if (l.approvedAmount > line.payerAmount)
        throw invalidField(
          `lines.${l.index}.approvedAmount`,
          `must not exceed the ${line.payerAmount} claimed on line ${sequence}`,
        );
      if (l.approvedAmount < line.payerAmount && l.reasonCodes.length === 0)
        throw invalidField(
          `lines.${l.index}.reasonCodes`,
          `line ${sequence} is not approved in full: give a reason code`,
        );
    }
    const missing = claim.lines.find((l) => l.payerAmount > 0 && !given.has(l.sequence));
    if (missing)
      throw invalidField(
        'lines',
        `line ${missing.sequence} (claimed ${missing.payerAmount}) is not adjudicated`,
      );
    const lines: ClaimLine[] = claim.lines.map((l) => {
      const g = given.get(l.sequence);
      const approved = g?.approvedAmount ?? 0;
      return {
        ...l,
        approvedAmount: approved,
        adjudication: lineAdjudication(l.payerAmount, approved),
        reasonCodes: g?.reasonCodes ?? [],
      };
    });
    const approvedAmount = lines.reduce((s, l) => s + l.approvedAmount, 0);
    if (approvedAmount < claim.paidAmount)
      throw new Conflict(
        `The payer has already paid ${claim.paidAmount} on claim ${claim.number}; the approved total ${approvedAmount} cannot be below it`,
      );
    const outcome = adjudicationOutcome(
      lines.map((l) => ({ claimed: l.payerAmount, approved: l.approvedAmount })),
    );
    const deniedAmount = claim.payerAmount - approvedAmount;
    const at = ctx.now.toISOString();
    const round = claim.rounds.length;
    const next: ClaimRecord = {
      ...claim,
      status: 'adjudicated',
      outcome,
      lines,
      approvedAmount,
      deniedAmount,
      rounds: claim.rounds.map((r, i) =>
        i === round - 1
          ? {
              ...r,
              adjudicatedAt: at,
              adjudicatedBy: by(ctx),
              outcome,
              approved: approvedAmount,
              denied: deniedAmount,
              payerReference: input.payerReference,
              lines: lines.map((l) => ({
                sequence: l.sequence,
                approvedAmount: l.approvedAmount,
                reasonCodes: l.reasonCodes,
              })),
            }
          : r,
      ),
    };
    next.status = settledOrNot(next);
    if (deniedAmount > 0) {
      const detail: ClaimDeniedDetail = {
        tenantId: ctx.tenantId,
        claimId: claim.id,
        claimNumber: claim.number,
        invoiceId: claim.invoiceId,
        patientId: claim.patientId,
        payerId: claim.payerId,
        payerName: claim.payerName,
        outcome: outcome === 'error' ? 'error' : 'partial',
        deniedAmount,
        currency: claim.currency,
        reasonCodes: [...new Set(lines.flatMap((l) => l.reasonCodes))],
        adjudicationId: `${claim.id}-${round}`,
        adjudicatedAt: at,
      };
      emit(ctx, { source: CLAIMS_SOURCE, detailType: CLAIM_DENIED, detail });
    }
    return { next };
  });
  return claimAnswer(updated);
}

/** The desk accepts a denial: the denied amount is the patient's to pay; the claim leaves the queue. */
export async function acceptDenial(ctx: Context, input: { id: string; note: string }) {
  const updated = await changeClaim(ctx, input.id, (claim) => {
    if (claim.status !== 'adjudicated' || claim.deniedAmount === 0 || claim.denialAccepted)
      throw new Conflict(`Claim ${claim.number} has no open denial`);
    const round = claim.rounds.length;
    const next: ClaimRecord = {
      ...claim,
      denialAccepted: true,
      rounds: claim.rounds.map((r, i) =>
        i === round - 1
          ? { ...r, note: [r.note, `denial accepted: ${input.note}`].filter(Boolean).join('; ') }
          : r,
      ),
    };
    next.status = settledOrNot(next);
    return { next };
  });
  return claimAnswer(updated);
}

/** Cancels a draft or submitted claim with nothing paid on it; its invoice may be claimed again. */
export async function cancelClaim(ctx: Context, input: { id: string; reason: string }) {
  const updated = await changeClaim(ctx, input.id, async (claim) => {
    assertClaimTransition(claim.status, 'cancelled');
    if (claim.paidAmount > 0)
      throw new Conflict(
        `Claim ${claim.number} has ${claim.paidAmount} paid on it; it cannot be cancelled`,
      );
    return {
      next: { ...claim, status: 'cancelled', rounds: claim.rounds, outcome: claim.outcome },
      also: [invoiceClaimRelease(ctx.store, claim), ...(await deductibleGiveBack(ctx, claim))],
    };
  });
  return claimAnswer(updated);
}

/** A cancelled claim gives back what it drew on its policy year's deductible. */
async function deductibleGiveBack(ctx: Context, claim: ClaimRecord): Promise<TxItem[]> {
  const drawn = claim.deductibleDrawn ?? 0;
  if (!claim.policyYear || drawn === 0) return [];
  // The claim's own write made this year's record, so it is there.
  const ledger = (await findDeductibleYear(
    ctx.store,
    claim.coverageId,
    claim.policyYear.from,
  )) as DeductibleRecord;
  return [
    deductibleWrite(ctx.store, ledger, {
      ...ledger,
      met: ledger.met - drawn,
      claims: ledger.claims.filter((e) => e.claimId !== claim.id),
    }),
  ];
}

/** The denials work queue: adjudicated claims with a denial nobody resubmitted or accepted. */
export function denialQueue(ctx: Context, query: PageRequest & { payerId?: string | undefined }) {
  return ctx.store.queryPage(
    {
      index: 'gsi4',
      partition: claimsKeys(ctx.store).openDenials(),
      ...(query.payerId
        ? { filter: { expression: 'payerId = :p', values: { ':p': query.payerId } } }
        : {}),
    },
    query,
    (i) => claimAnswer(ClaimRecord.read(i)),
  );
}

// ─── Remittances ────────────────────────────────────────────────────────────────────────────

export function remittanceAnswer(r: RemittanceRecord) {
  return view(Remittance, r);
}

export async function createRemittance(
  ctx: Context,
  input: z.output<typeof CreateRemittanceInput>,
) {
  const payer = await required(findPayer(ctx.store, input.payerId), 'Payer', input.payerId);
  const r: RemittanceRecord = {
    id: newId(ctx),
    payerId: payer.id,
    payerName: payer.name,
    reference: input.reference,
    receivedOn: input.receivedOn,
    amount: input.amount,
    allocated: 0,
    unallocated: input.amount,
    allocations: [],
    createdAt: ctx.now.toISOString(),
    createdBy: by(ctx),
    version: 1,
  };
  await ctx.store.transact([remittancePut(ctx.store, r)]);
  return remittanceAnswer(r);
}

export async function getRemittance(ctx: Context, input: { id: string }) {
  return remittanceAnswer(
    await required(findRemittance(ctx.store, input.id), 'Remittance', input.id),
  );
}

export function listRemittances(
  ctx: Context,
  query: PageRequest & { payerId?: string | undefined },
) {
  const keys = claimsKeys(ctx.store);
  const map = (i: Item) => remittanceAnswer(RemittanceRecord.read(i));
  return query.payerId
    ? ctx.store.collectionPage('gsi2', keys.payerRemittances(query.payerId), query, map, {
        newestFirst: true,
      })
    : ctx.store.collectionPage('gsi1', keys.remittances(), query, map, { newestFirst: true });
}

/**
 * Allocates part of a remittance to one claim: a payment (method insurance) on the claim's
 * invoice, the claim's paid amount and the remittance's allocated amount, in one transaction
 * conditional on the versions of all three as read. So however many allocations race, none
 * takes more than the remittance has left, the claim has approved and unpaid, or the invoice
 * has due: the losers re-read and are judged again.
 */
export async function allocate(
  ctx: Context,
  input: { id: string; claimId: string; amount: number },
) {
  for (let attempt = 1; attempt <= MONEY_ATTEMPTS; attempt++) {
    const [remittance, claim] = await Promise.all([
      required(findRemittance(ctx.store, input.id), 'Remittance', input.id),
      required(findClaim(ctx.store, input.claimId), 'Claim', input.claimId),
    ]);
    if (claim.payerId !== remittance.payerId)
      throw invalidField(
        'claimId',
        `claim ${claim.number} is ${claim.payerName}'s, not ${remittance.payerName}'s`,
      );
    if (input.amount > remittance.unallocated)
      throw new Conflict(
        `An allocation of ${input.amount} exceeds the ${remittance.unallocated} left unallocated of remittance ${remittance.reference}`,
        { unallocated: remittance.unallocated },
      );
    if (claim.status !== 'adjudicated' && claim.status !== 'submitted')
      throw new Conflict(
        `Claim ${claim.number} is '${claim.status}'; remittances are allocated to adjudicated claims`,
      );
    const open = claim.approvedAmount - claim.paidAmount;
    if (input.amount > open)
      throw new Conflict(
        `An allocation of ${input.amount} exceeds the ${open} approved and unpaid on claim ${claim.number}`,
        { open },
      );
    const invoice = await required(
      findInvoice(ctx.store, claim.invoiceId),
      'Invoice',
      claim.invoiceId,
    );
    const refusal = paymentRefusal(invoice, input.amount);
    if (refusal) throw refusal;
    const { payment, items } = paymentWrites(ctx, invoice, {
      method: 'insurance',
      amount: input.amount,
      reference: `${claim.number} / ${remittance.reference}`,
    });
    const at = ctx.now.toISOString();
    const nextClaim: ClaimRecord = {
      ...claim,
      paidAmount: claim.paidAmount + input.amount,
      updatedAt: at,
    };
    nextClaim.status = settledOrNot(nextClaim);
    const nextRemittance: RemittanceRecord = {
      ...remittance,
      allocated: remittance.allocated + input.amount,
      unallocated: remittance.unallocated - input.amount,
      allocations: [
        ...remittance.allocations,
        {
          claimId: claim.id,
          claimNumber: claim.number,
          invoiceId: invoice.id,
          paymentId: payment.id,
          amount: input.amount,
          at,
          by: by(ctx),
        },
      ],
    };
    try {
      await ctx.store.transact([
        remittanceReplace(ctx.store, remittance, nextRemittance),
        claimReplace(ctx.store, claim, nextClaim),
        ...items,
      ]);
      return remittanceAnswer({ ...nextRemittance, version: remittance.version + 1 });
    } catch (err) {
      const lost = ['remittance', 'claim', 'invoice'].some((n) => conditionFailed(err, n));
      if (!lost) throw err;
      await sleep(Math.random() * 15 * attempt);
    }
  }
  throw new Conflict('The remittance, claim or invoice is changing too often at once; try again');
}

// ─── Aging ──────────────────────────────────────────────────────────────────────────────────

/** What the payer still owes on a claim: approved and unpaid, plus a denial still disputed. */
export function payerOutstanding(c: ClaimRecord): number {
  if (c.status === 'cancelled' || c.status === 'settled') return 0;
  if (c.status === 'adjudicated')
    return c.approvedAmount - c.paidAmount + (c.denialAccepted ? 0 : c.deniedAmount);
  return c.payerAmount - c.paidAmount;
}

/** The hospital's open claims (draft, submitted, adjudicated). */
export async function openClaims(ctx: Context): Promise<ClaimRecord[]> {
  const keys = claimsKeys(ctx.store);
  const lists = await Promise.all(
    (['draft', 'submitted', 'adjudicated'] as const).map((s) =>
      readCollection(ctx.store, 'gsi3', keys.claimsByStatus(s), ClaimRecord),
    ),
  );
  return lists.flat();
}

/**
 * Aging by payer (what each payer owes on open claims) or by patient (what is left of each
 * issued invoice once the payer's open part is taken off), aged from the invoice's issue date in
 * the hospital's time zone. The two add up to the hospital's outstanding invoice balances.
 */
export async function aging(ctx: Context, input: { by: 'payer' | 'patient' }) {
  const date = today(ctx);
  const [claims, settings] = await Promise.all([openClaims(ctx), readSettings(ctx.store)]);
  let entries: AgingEntry[];
  if (input.by === 'payer') {
    entries = claims.map((c) => ({
      key: c.payerId,
      name: c.payerName,
      since: c.invoiceIssuedOn,
      amount: payerOutstanding(c),
    }));
  } else {
    // What payers still owe per invoice: its primary claim and, once that is settled, its secondary.
    const byInvoice = new Map<string, number>();
    for (const c of claims)
      byInvoice.set(c.invoiceId, (byInvoice.get(c.invoiceId) ?? 0) + payerOutstanding(c));
    const invoices = await readCollection(
      ctx.store,
      'gsi3',
      billingKeys(ctx.store).invoicesByStatus('issued'),
      InvoiceRecord,
    );
    entries = invoices.map((inv) => {
      return {
        key: inv.patientId,
        name: inv.patientName,
        since: localDate(ctx, inv.issuedAt!),
        amount: Math.max(0, inv.balance - (byInvoice.get(inv.id) ?? 0)),
      };
    });
  }
  return { by: input.by, date, currency: settings.currency, ...ageAmounts(entries, date) };
}
