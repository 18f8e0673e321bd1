import { idParam, nonEmpty } from '../../kernel/fields';
import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import {
  AcceptDenialInput,
  AdjudicateInput,
  Aging,
  AgingInput,
  AllocateInput,
  Claim,
  ClaimIdInput,
  ClaimPage,
  Coverage,
  CoverageList,
  CreateClaimInput,
  CreateCoverageInput,
  CreatePayerInput,
  CreatePlanInput,
  CreateRemittanceInput,
  DecidePreauthInput,
  DeductibleInput,
  DeductibleStatus,
  DenialQueueInput,
  FhirClaim,
  FhirClaimResponse,
  HealthCheck,
  HealthCheckInput,
  ListClaimsInput,
  ListCoveragesInput,
  ListPayersInput,
  ListPlansInput,
  ListPreauthsInput,
  ListRemittancesInput,
  Payer,
  PayerPage,
  Plan,
  PlanPage,
  Preauth,
  PreauthList,
  Remittance,
  RemittanceIdInput,
  RemittancePage,
  RequestPreauthInput,
  ResubmitInput,
  SubmitClaimInput,
} from './schemas';

// The handlers load on the first request that needs them (a chunk of their own), so the function
// starts with its declarations only: the claim rules (deductible, coordination of benefits), the
// FHIR documents and the billing and admissions records claims reach into load with the first
// request that runs them (issue 15: 350 KB at start).
const service = () => import('./service');

const desk = { roles: 'claimsDesk', scope: 'claims:write' } as const;
const readers = { roles: 'claimsReaders', scope: 'claims:read' } as const;
const deskReads = { roles: 'claimsDesk', scope: 'claims:read' } as const;

export const createPayer = defineOperation({
  name: 'claims.createPayer',
  summary:
    'Add a payer: an insurer, a government scheme, a TPA or a corporate, and how claims reach it',
  input: CreatePayerInput,
  output: Payer,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'payer',
  handler: async (ctx, input) => (await service()).createPayer(ctx, input),
});

export const listPayers = defineOperation({
  name: 'claims.listPayers',
  summary: 'The payers, by name',
  input: ListPayersInput,
  output: PayerPage,
  access: readers,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).listPayers(ctx, input),
});

export const createPlan = defineOperation({
  name: 'claims.createPlan',
  summary:
    "Add a payer's plan with its coverage rules: co-payment, deductible, room limit per day, exclusions, services needing pre-authorisation, submission deadline",
  input: CreatePlanInput,
  output: Plan,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'plan',
  handler: async (ctx, input) => (await service()).createPlan(ctx, input),
});

export const listPlans = defineOperation({
  name: 'claims.listPlans',
  summary: 'The plans, of every payer or of one',
  input: ListPlansInput,
  output: PlanPage,
  access: readers,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).listPlans(ctx, input),
});

export const createCoverage = defineOperation({
  name: 'claims.createCoverage',
  summary:
    "Record a patient's coverage under a plan: member number, holder and relationship, validity, priority (1 primary, 2 secondary)",
  input: CreateCoverageInput,
  output: Coverage,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'coverage',
  handler: async (ctx, input) => (await service()).createCoverage(ctx, input),
});

export const listCoverages = defineOperation({
  name: 'claims.listCoverages',
  summary: "A patient's coverages, by priority",
  input: ListCoveragesInput,
  output: CoverageList,
  access: readers,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).listCoverages(ctx, input),
});

export const deductible = defineOperation({
  name: 'claims.deductible',
  summary:
    "A coverage's deductible in a policy year: the plan's amount, what claims have met and what remains",
  input: DeductibleInput,
  output: DeductibleStatus,
  access: readers,
  kind: 'read',
  idempotent: true,
  resource: 'coverage',
  handler: async (ctx, input) => (await service()).deductibleStatus(ctx, input),
});

export const requestPreauth = defineOperation({
  name: 'claims.requestPreauth',
  summary: 'Request a pre-authorisation from the payer for an admission or a procedure',
  input: RequestPreauthInput,
  output: Preauth,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'pre-authorisation',
  handler: async (ctx, input) => (await service()).requestPreauth(ctx, input),
});

export const decidePreauth = defineOperation({
  name: 'claims.decidePreauth',
  summary:
    "Enter the payer's answer to a pre-authorisation: approved with an amount, denied with a reason, or expired",
  input: DecidePreauthInput,
  output: Preauth,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'pre-authorisation',
  handler: async (ctx, input) => (await service()).decidePreauth(ctx, input),
});

export const listPreauths = defineOperation({
  name: 'claims.listPreauths',
  summary: "A patient's pre-authorisations (an approval past its validity reads expired)",
  input: ListPreauthsInput,
  output: PreauthList,
  access: readers,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).listPreauths(ctx, input),
});

export const createClaim = defineOperation({
  name: 'claims.create',
  summary:
    "Make a claim from an issued invoice under the patient's coverage: the invoice is split into the payer's and the patient's parts by the plan's rules",
  input: CreateClaimInput,
  output: Claim,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).createClaim(ctx, input),
});

export const listClaims = defineOperation({
  name: 'claims.list',
  summary: 'Claims, newest first, of every status or one, of every payer or one',
  input: ListClaimsInput,
  output: ClaimPage,
  access: readers,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).listClaims(ctx, input),
});

export const getClaim = defineOperation({
  name: 'claims.get',
  summary: 'A claim with its lines, split, adjudication and rounds (submission history)',
  input: ClaimIdInput,
  output: Claim,
  access: readers,
  kind: 'read',
  idempotent: true,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).getClaim(ctx, input),
});

export const claimDocument = defineOperation({
  name: 'claims.fhir',
  summary: 'The claim as a FHIR R5 Claim resource (the document submitted to the payer)',
  input: ClaimIdInput,
  output: FhirClaim,
  access: readers,
  kind: 'read',
  idempotent: true,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).claimDocument(ctx, input),
});

export const claimResponse = defineOperation({
  name: 'claims.claimResponse',
  summary:
    "The payer's answer to the claim as a FHIR R4 ClaimResponse: outcome, per-line adjudication, totals and payment",
  input: ClaimIdInput,
  output: FhirClaimResponse,
  access: readers,
  kind: 'read',
  idempotent: true,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).claimResponse(ctx, input),
});

export const submitClaim = defineOperation({
  name: 'claims.submit',
  summary: "Submit a draft claim through the payer's endpoint (FHIR Claim document)",
  input: SubmitClaimInput,
  output: Claim,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).submitClaim(ctx, input),
});

export const adjudicate = defineOperation({
  name: 'claims.adjudicate',
  summary:
    "Enter the payer's adjudication: the approved amount of each line, with reason codes where not approved in full",
  input: AdjudicateInput,
  output: Claim,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).adjudicate(ctx, input),
});

export const resubmit = defineOperation({
  name: 'claims.resubmit',
  summary: 'Resubmit a claim with denied lines: a new round, the earlier ones kept as history',
  input: ResubmitInput,
  output: Claim,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).resubmitClaim(ctx, input),
});

export const acceptDenial = defineOperation({
  name: 'claims.acceptDenial',
  summary: "Accept a claim's denial: the denied amount becomes the patient's to pay",
  input: AcceptDenialInput,
  output: Claim,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).acceptDenial(ctx, input),
});

export const cancelClaim = defineOperation({
  name: 'claims.cancel',
  summary:
    'Cancel a draft or submitted claim with nothing paid on it (the invoice may be claimed again)',
  input: z.strictObject({ id: idParam(), reason: nonEmpty(500) }),
  output: Claim,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'claim',
  handler: async (ctx, input) => (await service()).cancelClaim(ctx, input),
});

export const denials = defineOperation({
  name: 'claims.denials',
  summary:
    'The denials work queue: adjudicated claims with a denial nobody has resubmitted or accepted',
  input: DenialQueueInput,
  output: ClaimPage,
  access: deskReads,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).denialQueue(ctx, input),
});

export const createRemittance = defineOperation({
  name: 'claims.createRemittance',
  summary: "Record a payer's payment (remittance), to be allocated to its claims",
  input: CreateRemittanceInput,
  output: Remittance,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'remittance',
  handler: async (ctx, input) => (await service()).createRemittance(ctx, input),
});

export const listRemittances = defineOperation({
  name: 'claims.listRemittances',
  summary: 'Remittances, newest first, of every payer or one',
  input: ListRemittancesInput,
  output: RemittancePage,
  access: deskReads,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).listRemittances(ctx, input),
});

export const getRemittance = defineOperation({
  name: 'claims.getRemittance',
  summary: 'A remittance with its allocations',
  input: RemittanceIdInput,
  output: Remittance,
  access: deskReads,
  kind: 'read',
  idempotent: true,
  resource: 'remittance',
  handler: async (ctx, input) => (await service()).getRemittance(ctx, input),
});

export const allocate = defineOperation({
  name: 'claims.allocate',
  summary:
    "Allocate part of a remittance to a claim: a payment on the claim's invoice, never more than the remittance has left, the claim has approved and unpaid, or the invoice has due",
  input: AllocateInput,
  output: Remittance,
  access: desk,
  kind: 'write',
  idempotent: false,
  resource: 'remittance',
  handler: async (ctx, input) => (await service()).allocate(ctx, input),
});

export const aging = defineOperation({
  name: 'claims.aging',
  summary: 'What is owed, by payer or by patient, in 0-30, 31-60, 61-90 and over-90-day buckets',
  input: AgingInput,
  output: Aging,
  access: deskReads,
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await service()).aging(ctx, input),
});

export const healthCheck = defineOperation({
  name: 'claims.healthCheck',
  summary:
    'The billing health check: what to fix before month end, each finding with the ids as evidence and a suggested fix',
  input: HealthCheckInput,
  output: HealthCheck,
  access: { roles: ['ACCOUNTANT'], scope: 'claims:read' },
  kind: 'read',
  idempotent: true,
  // Loaded on demand: the check reads admissions and billing's records, which the rest of the
  // claims function never needs at a cold start (bundle budget, docs/architecture.md).
  handler: async (ctx, input) => (await import('./health')).billingHealthCheck(ctx, input),
});
