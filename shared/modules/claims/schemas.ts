/**
 * The fields of claims' records (payers, plans, coverages, pre-authorisations, claims,
 * remittances), its inputs and answers, declared once. Money is integer minor units.
 */
import { idParam, nonEmpty } from '../../kernel/fields';
import { pageFields, pageOf } from '../../kernel/pagination';
import { LocalDateSchema, TimestampSchema } from '../../kernel/time/dates';
import * as z from '../../kernel/zod';
import { MAX_AMOUNT, ServiceTypeSchema } from '../billing';
import { AGING_BUCKETS, DEDUCTIBLE_PERIODS, SPLIT_REASONS } from './rules';
import { CLAIM_OUTCOMES, CLAIM_STATUSES, PREAUTH_STATUSES } from './status';

const minorUnits = (min: number) =>
  z
    .number({ message: 'must be a whole number of minor units (e.g. paise, cents)' })
    .check(
      z.int('must be a whole number of minor units (e.g. paise, cents)'),
      z.gte(min, `must be between ${min} and ${MAX_AMOUNT}`),
      z.lte(MAX_AMOUNT, `must be between ${min} and ${MAX_AMOUNT}`),
    );

const wholeNumber = (min: number, max: number) =>
  z
    .number({ message: 'must be a whole number' })
    .check(
      z.int('must be a whole number'),
      z.gte(min, `must be between ${min} and ${max}`),
      z.lte(max, `must be between ${min} and ${max}`),
    );

const serviceTypes = () =>
  z._default(
    z.array(ServiceTypeSchema).check(
      z.maxLength(20, 'at most 20'),
      z.refine((a) => new Set(a).size === a.length, 'must not name a service type twice'),
    ),
    [],
  );

/** A reason code: short, upper case, e.g. CO-50 or NOT-COVERED. */
const ReasonCode = z
  .string({ message: 'must be a reason code' })
  .check(z.regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, 'must be 1–20 of A–Z, 0–9 and -, e.g. CO-50'));

// ─── Payers and plans ───────────────────────────────────────────────────────────────────────

export const PAYER_KINDS = ['insurer', 'government', 'tpa', 'corporate'] as const;

export const Payer = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PAYER_KINDS),
  /** The payer's own identifier (IRDAI registration, scheme code). */
  code: z.optional(z.string()),
  /** How claims reach it: `manual` (the document is sent by the desk) or `fhir` (its endpoint). */
  endpoint: z.strictObject({ adapter: z.enum(['manual', 'fhir']), url: z.optional(z.string()) }),
  active: z.boolean(),
  createdAt: TimestampSchema,
  createdBy: z.string(),
});
export type Payer = z.output<typeof Payer>;

export const CreatePayerInput = z.strictObject({
  name: nonEmpty(120),
  kind: z.enum(PAYER_KINDS, { message: `must be one of: ${PAYER_KINDS.join(', ')}` }),
  code: z.optional(nonEmpty(40)),
  endpoint: z._default(
    z.strictObject({
      adapter: z.enum(['manual', 'fhir'], { message: 'must be one of: manual, fhir' }),
      url: z.optional(
        z.string().check(z.url({ protocol: /^https$/, message: 'must be an https URL' })),
      ),
    }),
    { adapter: 'manual' as const },
  ),
});

export const PlanRules = z.strictObject({
  copayBp: z.number(),
  deductible: z.number(),
  /** `claim`: the deductible applies to every claim; `policy-year`: once per policy year. Absent on plans made before: `claim`. */
  deductiblePeriod: z.optional(z.enum(DEDUCTIBLE_PERIODS)),
  roomDayLimit: z.optional(z.number()),
  excludedServiceTypes: z.array(ServiceTypeSchema),
  preauthServiceTypes: z.array(ServiceTypeSchema),
  /** Days after the invoice is issued within which the payer accepts the claim. */
  submissionDeadlineDays: z.number(),
});

export const Plan = z.strictObject({
  id: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  name: z.string(),
  rules: PlanRules,
  active: z.boolean(),
  createdAt: TimestampSchema,
  createdBy: z.string(),
});
export type Plan = z.output<typeof Plan>;

export const CreatePlanInput = z
  .strictObject({
    payerId: idParam(),
    name: nonEmpty(120),
    copayBp: wholeNumber(0, 10_000),
    deductible: minorUnits(0),
    deductiblePeriod: z._default(
      z.enum(DEDUCTIBLE_PERIODS, { message: `must be one of: ${DEDUCTIBLE_PERIODS.join(', ')}` }),
      'claim',
    ),
    roomDayLimit: z.optional(minorUnits(0)),
    excludedServiceTypes: serviceTypes(),
    preauthServiceTypes: serviceTypes(),
    submissionDeadlineDays: wholeNumber(1, 3650),
  })
  .check(
    z.superRefine((b, ctx) => {
      const both = b.preauthServiceTypes.find((t) => b.excludedServiceTypes.includes(t));
      if (both)
        ctx.addIssue({
          code: 'custom',
          path: ['preauthServiceTypes'],
          message: `${both} is excluded; an excluded service needs no pre-authorisation`,
        });
    }),
  );

export const ListPlansInput = z.strictObject({ payerId: z.optional(idParam()), ...pageFields });
export const PayerPage = pageOf(Payer);
export const PlanPage = pageOf(Plan);
export const ListPayersInput = z.strictObject({ ...pageFields });

// ─── Patient coverage ───────────────────────────────────────────────────────────────────────

export const RELATIONSHIPS = ['self', 'spouse', 'child', 'parent', 'other'] as const;

export const Coverage = z.strictObject({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  planId: z.string(),
  planName: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  memberNumber: z.string(),
  holderName: z.string(),
  relationship: z.enum(RELATIONSHIPS),
  validFrom: z.string(),
  validTo: z.string(),
  /** 1 = primary, 2 = secondary. */
  priority: z.number(),
  /** MM-DD on which each policy year starts (a per-policy-year deductible counts from it). */
  policyYearStart: z.optional(z.string()),
  status: z.enum(['active', 'cancelled']),
  createdAt: TimestampSchema,
  createdBy: z.string(),
});
export type Coverage = z.output<typeof Coverage>;

export const CreateCoverageInput = z
  .strictObject({
    patientId: idParam(),
    planId: idParam(),
    memberNumber: nonEmpty(60),
    holderName: nonEmpty(120),
    relationship: z.enum(RELATIONSHIPS, { message: `must be one of: ${RELATIONSHIPS.join(', ')}` }),
    validFrom: LocalDateSchema,
    validTo: LocalDateSchema,
    priority: z._default(wholeNumber(1, 2), 1),
    /** Default: the month and day of validFrom. */
    policyYearStart: z.optional(
      z
        .string({ message: 'must be a month and day, MM-DD' })
        .check(
          z.regex(
            /^(01|03|05|07|08|10|12)-(0[1-9]|[12]\d|3[01])$|^(04|06|09|11)-(0[1-9]|[12]\d|30)$|^02-(0[1-9]|1\d|2[0-8])$/,
            'must be a month and day, MM-DD (not 02-29)',
          ),
        ),
    ),
  })
  .check(
    z.superRefine((b, ctx) => {
      if (b.validTo < b.validFrom)
        ctx.addIssue({
          code: 'custom',
          path: ['validTo'],
          message: 'must not be before validFrom',
        });
    }),
  );

export const ListCoveragesInput = z.strictObject({ patientId: idParam() });

export const DeductibleInput = z.strictObject({
  id: idParam(),
  /** The date whose policy year is asked about (default: today in the hospital's time zone). */
  on: z.optional(LocalDateSchema),
});

/** What one claim took of a policy year's deductible. */
export const DeductibleEntry = z.strictObject({
  claimId: z.string(),
  claimNumber: z.string(),
  amount: z.number(),
  at: TimestampSchema,
});

/** A coverage's deductible in one policy year: what the plan sets, what claims have met. */
export const DeductibleStatus = z.strictObject({
  coverageId: z.string(),
  period: z.enum(DEDUCTIBLE_PERIODS),
  /** The policy year (present when the deductible is per policy year). */
  policyYear: z.optional(z.strictObject({ from: z.string(), to: z.string() })),
  amount: z.number(),
  met: z.number(),
  remaining: z.number(),
  claims: z.array(DeductibleEntry),
});
export const CoverageList = z.strictObject({ items: z.array(Coverage) });

// ─── Pre-authorisation ──────────────────────────────────────────────────────────────────────

export const Preauth = z.strictObject({
  id: z.string(),
  coverageId: z.string(),
  patientId: z.string(),
  payerId: z.string(),
  planId: z.string(),
  admissionId: z.optional(z.string()),
  serviceTypes: z.array(ServiceTypeSchema),
  description: z.string(),
  requestedAmount: z.number(),
  /** As stored, except that an approval past its validUntil reads `expired`. */
  status: z.enum(PREAUTH_STATUSES),
  approvedAmount: z.optional(z.number()),
  validUntil: z.optional(z.string()),
  payerReference: z.optional(z.string()),
  reason: z.optional(z.string()),
  requestedAt: TimestampSchema,
  requestedBy: z.string(),
  decidedAt: z.optional(TimestampSchema),
  decidedBy: z.optional(z.string()),
});
export type Preauth = z.output<typeof Preauth>;

export const RequestPreauthInput = z.strictObject({
  coverageId: idParam(),
  admissionId: z.optional(idParam()),
  serviceTypes: z.array(ServiceTypeSchema).check(
    z.minLength(1, 'must name at least one service type'),
    z.maxLength(20, 'at most 20'),
    z.refine((a) => new Set(a).size === a.length, 'must not name a service type twice'),
  ),
  description: nonEmpty(300),
  requestedAmount: minorUnits(1),
});

export const DecidePreauthInput = z
  .strictObject({
    id: idParam(),
    status: z.enum(['approved', 'denied', 'expired'], {
      message: 'must be one of: approved, denied, expired',
    }),
    approvedAmount: z.optional(minorUnits(1)),
    validUntil: z.optional(LocalDateSchema),
    payerReference: z.optional(nonEmpty(60)),
    reason: z.optional(nonEmpty(500)),
  })
  .check(
    z.superRefine((b, ctx) => {
      const need = (field: 'approvedAmount' | 'validUntil' | 'reason', when: string) =>
        b[field] === undefined &&
        ctx.addIssue({ code: 'custom', path: [field], message: `is required when ${when}` });
      const refuse = (field: 'approvedAmount' | 'validUntil', when: string) =>
        b[field] !== undefined &&
        ctx.addIssue({ code: 'custom', path: [field], message: `must be left out when ${when}` });
      if (b.status === 'approved') {
        need('approvedAmount', "status is 'approved'");
        need('validUntil', "status is 'approved'");
      } else {
        need('reason', `status is '${b.status}'`);
        refuse('approvedAmount', `status is '${b.status}'`);
        refuse('validUntil', `status is '${b.status}'`);
      }
    }),
  );

export const ListPreauthsInput = z.strictObject({ patientId: idParam() });
export const PreauthList = z.strictObject({ items: z.array(Preauth) });

// ─── Claims ─────────────────────────────────────────────────────────────────────────────────

export const LINE_ADJUDICATIONS = ['pending', 'approved', 'partial', 'denied'] as const;

export const ClaimLine = z.strictObject({
  sequence: z.number(),
  chargeItemId: z.string(),
  serviceType: ServiceTypeSchema,
  code: z.optional(z.string()),
  description: z.string(),
  quantity: z.number(),
  /** The invoice line's total (tax included). */
  total: z.number(),
  /** What the claim asks of the payer for the line. */
  payerAmount: z.number(),
  /** The patient's part: total − payerAmount (− otherPayerAmount on a secondary claim). */
  patientAmount: z.number(),
  /** A secondary claim: what the primary payer paid of the line. */
  otherPayerAmount: z.optional(z.number()),
  /** The patient's part by reason (excluded, no-preauth, preauth-limit, room-limit, deductible, copay). */
  patientReasons: z.strictObject(
    Object.fromEntries(SPLIT_REASONS.map((r) => [r, z.optional(z.number())])) as Record<
      (typeof SPLIT_REASONS)[number],
      z.ZodMiniOptional<z.ZodMiniNumber>
    >,
  ),
  adjudication: z.enum(LINE_ADJUDICATIONS),
  approvedAmount: z.number(),
  reasonCodes: z.array(z.string()),
});
export type ClaimLine = z.output<typeof ClaimLine>;

/** One round of a claim: a submission and, once entered, the payer's answer to it. */
export const ClaimRound = z.strictObject({
  round: z.number(),
  submittedAt: TimestampSchema,
  submittedBy: z.string(),
  note: z.optional(z.string()),
  /** The amount asked of the payer in this round. */
  claimed: z.number(),
  adjudicatedAt: z.optional(TimestampSchema),
  adjudicatedBy: z.optional(z.string()),
  outcome: z.optional(z.enum(CLAIM_OUTCOMES)),
  approved: z.optional(z.number()),
  denied: z.optional(z.number()),
  payerReference: z.optional(z.string()),
  /** What each line got in this round: [sequence, approved, reason codes]. */
  lines: z.optional(
    z.array(
      z.strictObject({
        sequence: z.number(),
        approvedAmount: z.number(),
        reasonCodes: z.array(z.string()),
      }),
    ),
  ),
});

export const Claim = z.strictObject({
  id: z.string(),
  /** Gap-free per hospital and year: CLM-2026-000012. */
  number: z.string(),
  status: z.enum(CLAIM_STATUSES),
  /** FHIR Claim.status of `status`. */
  fhirStatus: z.enum(['draft', 'active', 'cancelled']),
  /** FHIR ClaimResponse.outcome of the latest round (absent before submission). */
  outcome: z.optional(z.enum(CLAIM_OUTCOMES)),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  coverageId: z.string(),
  memberNumber: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  planId: z.string(),
  planName: z.string(),
  preauthId: z.optional(z.string()),
  /** The policy year whose deductible the claim drew on (a per-policy-year deductible). */
  policyYear: z.optional(z.strictObject({ from: z.string(), to: z.string() })),
  /** What the claim credited to that year's deductible. */
  deductibleDrawn: z.optional(z.number()),
  /**
   * A secondary claim (a coverage of priority 2): the settled primary claim of the same invoice
   * and what it paid. invoiceTotal = primaryPaid + payerAmount + patientAmount.
   */
  coordination: z.optional(
    z.strictObject({
      primaryClaimId: z.string(),
      primaryClaimNumber: z.string(),
      primaryCoverageId: z.string(),
      primaryPayerName: z.string(),
      primaryPaid: z.number(),
    }),
  ),
  currency: z.string(),
  lines: z.array(ClaimLine),
  /** invoiceTotal = payerAmount + patientAmount (+ coordination.primaryPaid), always. */
  invoiceTotal: z.number(),
  payerAmount: z.number(),
  patientAmount: z.number(),
  /** After adjudication: approvedAmount + deniedAmount = payerAmount. */
  approvedAmount: z.number(),
  deniedAmount: z.number(),
  /** What remittances have allocated to this claim (never above approvedAmount). */
  paidAmount: z.number(),
  /** Accepted denials: the denied amount is the patient's to pay (no resubmission). */
  denialAccepted: z.boolean(),
  /** The invoice's issue date (hospital time zone): what aging counts from. */
  invoiceIssuedOn: z.string(),
  /** The date by which the payer must receive it (invoice issue date + the plan's deadline). */
  submitBy: z.string(),
  rounds: z.array(ClaimRound),
  createdAt: TimestampSchema,
  createdBy: z.string(),
  updatedAt: TimestampSchema,
});
export type Claim = z.output<typeof Claim>;

export const CreateClaimInput = z.strictObject({
  invoiceId: idParam(),
  coverageId: idParam(),
  preauthId: z.optional(idParam()),
});

export const ClaimIdInput = z.strictObject({ id: idParam() });

export const ListClaimsInput = z.strictObject({
  status: z.optional(
    z.enum(CLAIM_STATUSES, { message: `must be one of: ${CLAIM_STATUSES.join(', ')}` }),
  ),
  payerId: z.optional(idParam()),
  ...pageFields,
});
export const ClaimPage = pageOf(Claim);

export const SubmitClaimInput = z.strictObject({ id: idParam(), note: z.optional(nonEmpty(500)) });

export const AdjudicateInput = z
  .strictObject({
    id: idParam(),
    payerReference: z.optional(nonEmpty(60)),
    lines: z
      .array(
        z.strictObject({
          sequence: wholeNumber(1, 1000),
          approvedAmount: minorUnits(0),
          reasonCodes: z._default(z.array(ReasonCode).check(z.maxLength(10, 'at most 10')), []),
        }),
      )
      .check(z.minLength(1, 'must adjudicate at least one line'), z.maxLength(200, 'at most 200')),
  })
  .check(
    z.superRefine((b, ctx) => {
      const seen = new Set<number>();
      b.lines.forEach((l, i) => {
        if (seen.has(l.sequence))
          ctx.addIssue({
            code: 'custom',
            path: ['lines', i, 'sequence'],
            message: `line ${l.sequence} is adjudicated twice`,
          });
        seen.add(l.sequence);
      });
    }),
  );

export const ResubmitInput = z.strictObject({ id: idParam(), note: nonEmpty(500) });
export const AcceptDenialInput = z.strictObject({ id: idParam(), note: nonEmpty(500) });

export const DenialQueueInput = z.strictObject({ payerId: z.optional(idParam()), ...pageFields });

/** FHIR R5 Claim, as submitted (a JSON document; https://hl7.org/fhir/R5/claim.html). */
export const FhirClaim = z.looseObject({ resourceType: z.literal('Claim') });

/** FHIR R4 ClaimResponse, the payer's answer (https://hl7.org/fhir/R4/claimresponse.html). */
export const FhirClaimResponse = z.looseObject({ resourceType: z.literal('ClaimResponse') });

// ─── Remittances ────────────────────────────────────────────────────────────────────────────

export const Remittance = z.strictObject({
  id: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  /** The payer's payment reference (UTR, cheque number). */
  reference: z.string(),
  receivedOn: z.string(),
  amount: z.number(),
  /** Allocated to claims so far: never above amount. */
  allocated: z.number(),
  unallocated: z.number(),
  allocations: z.array(
    z.strictObject({
      claimId: z.string(),
      claimNumber: z.string(),
      invoiceId: z.string(),
      paymentId: z.string(),
      amount: z.number(),
      at: TimestampSchema,
      by: z.string(),
    }),
  ),
  createdAt: TimestampSchema,
  createdBy: z.string(),
});
export type Remittance = z.output<typeof Remittance>;

export const CreateRemittanceInput = z.strictObject({
  payerId: idParam(),
  reference: nonEmpty(100),
  receivedOn: LocalDateSchema,
  amount: minorUnits(1),
});

export const AllocateInput = z.strictObject({
  id: idParam(),
  claimId: idParam(),
  amount: minorUnits(1),
});

export const RemittanceIdInput = z.strictObject({ id: idParam() });
export const ListRemittancesInput = z.strictObject({
  payerId: z.optional(idParam()),
  ...pageFields,
});
export const RemittancePage = pageOf(Remittance);

// ─── Aging ──────────────────────────────────────────────────────────────────────────────────

const Buckets = z.strictObject(
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, z.number()])) as Record<
    (typeof AGING_BUCKETS)[number],
    z.ZodMiniNumber
  >,
);

export const AgingInput = z.strictObject({
  by: z.enum(['payer', 'patient'], { message: 'must be one of: payer, patient' }),
});

export const Aging = z.strictObject({
  by: z.enum(['payer', 'patient']),
  date: z.string(),
  currency: z.string(),
  rows: z.array(
    z.strictObject({ key: z.string(), name: z.string(), buckets: Buckets, total: z.number() }),
  ),
  totals: Buckets,
  total: z.number(),
});

// ─── Billing health check ───────────────────────────────────────────────────────────────────

export const HealthCheckInput = z.strictObject({
  /** A billable charge older than this many days is a finding (default 7). */
  chargeDays: z._default(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(1, 'must be between 1 and 365'),
        z.lte(365, 'must be between 1 and 365'),
      ),
    7,
  ),
  /** A draft invoice older than this many days is a finding (default 3). */
  draftDays: z._default(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(1, 'must be between 1 and 365'),
        z.lte(365, 'must be between 1 and 365'),
      ),
    3,
  ),
  /** An issued invoice unpaid longer than this many days is overdue (default 30). */
  overdueDays: z._default(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(1, 'must be between 1 and 365'),
        z.lte(365, 'must be between 1 and 365'),
      ),
    30,
  ),
  /** A payer whose denied share of claimed amounts is above this (basis points) is flagged (default 1000 = 10%). */
  denialRateBp: z._default(
    z.coerce
      .number()
      .check(
        z.int('must be a whole number'),
        z.gte(0, 'must be between 0 and 10000'),
        z.lte(10_000, 'must be between 0 and 10000'),
      ),
    1000,
  ),
});

export const FINDING_KINDS = [
  'discharged-without-invoice',
  'charges-not-invoiced',
  'stale-drafts',
  'overdue-invoices',
  'unallocated-payments',
  'refund-without-reason',
  'refund-above-paid',
  'invoice-number-gap',
  'invoice-number-duplicate',
  'claims-past-deadline',
  'denial-rate',
  'charges-without-tariff',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const Finding = z.strictObject({
  kind: z.enum(FINDING_KINDS),
  severity: z.enum(['high', 'medium', 'low']),
  title: z.string(),
  /** The ids of the records that show it (invoices, charges, claims, admissions, payers…). */
  evidence: z.array(z.string()),
  /** Money involved, when there is any (minor units). */
  amount: z.optional(z.number()),
  /** Extra figures: the aging bucket, the payer's denial rate. */
  detail: z.optional(
    z.strictObject({
      /** overdue-invoices: the aging bucket. */
      bucket: z.optional(z.string()),
      /** denial-rate: the payer, its denied share in basis points and the amount it was claimed. */
      payerId: z.optional(z.string()),
      deniedBp: z.optional(z.number()),
      claimed: z.optional(z.number()),
      /** invoice-number-duplicate: the numbers used twice. */
      numbers: z.optional(z.string()),
    }),
  ),
  suggestedFix: z.string(),
});
export type Finding = z.output<typeof Finding>;

export const HealthCheck = z.strictObject({
  date: z.string(),
  currency: z.string(),
  checked: z.strictObject({
    invoices: z.number(),
    charges: z.number(),
    admissions: z.number(),
    claims: z.number(),
    remittances: z.number(),
  }),
  findings: z.array(Finding),
});
export type HealthCheck = z.output<typeof HealthCheck>;
