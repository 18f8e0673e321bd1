import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import { secondPersonDecision } from './decisions';
import {
  AcknowledgeInput,
  AlertPage,
  AlertsInput,
  AmendResultInput,
  Catalogue,
  CatalogueInstallResult,
  CollectInput,
  CreateLabOrderInput,
  CriticalAlert,
  CumulativeInput,
  CumulativeResults,
  EnterResultsInput,
  LabOrder,
  LabOrderPage,
  LabPanel,
  LabTest,
  OrderIdInput,
  PatientOrdersInput,
  PutLabPanelInput,
  PutLabTestInput,
  RejectSpecimenInput,
  SetOrderStatusInput,
  StarterInstallInput,
  WorklistInput,
} from './schemas';

// The handlers load on the first request that needs them (chunks of their own), so the lab's
// function starts with its declarations only: result entry (units, plausibility and critical
// limits by age), the requester check, charges and the admission's discharge hold, and the
// starter catalogue, which most requests never reach (issue 15: 350 KB at start).
const orders = () => import('./orders');
const catalogueFiles = () => import('./catalogue');

export const catalogue = defineOperation({
  name: 'lab.catalogue',
  summary:
    "The hospital's lab tests (codes, specimens, units, prices, reference ranges) and panels",
  input: z.strictObject({}),
  output: Catalogue,
  access: { roles: 'any', scope: 'lab:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx) => (await catalogueFiles()).getCatalogue(ctx),
});

export const putLabTest = defineOperation({
  name: 'lab.putTest',
  summary: 'Create or replace a test of the catalogue (LOINC code where one exists)',
  input: PutLabTestInput,
  output: LabTest,
  access: { roles: ['PATHOLOGIST'], scope: 'lab:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await catalogueFiles()).putTest(ctx, input),
});

export const putLabPanel = defineOperation({
  name: 'lab.putPanel',
  summary: 'Create or replace a panel (a group of catalogue tests with its own price)',
  input: PutLabPanelInput,
  output: LabPanel,
  access: { roles: ['PATHOLOGIST'], scope: 'lab:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await catalogueFiles()).putPanel(ctx, input),
});

export const installStarter = defineOperation({
  name: 'lab.installStarterCatalogue',
  summary:
    'Add the starter tests and panels (published adult ranges) the hospital does not have yet; the caller accepts to validate the ranges locally',
  input: StarterInstallInput,
  output: CatalogueInstallResult,
  access: { roles: ['PATHOLOGIST'], scope: 'lab:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx) => (await catalogueFiles()).installStarterCatalogue(ctx),
});

export const order = defineOperation({
  name: 'lab.order',
  summary:
    'Order tests or panels from an encounter (FHIR ServiceRequest); a duplicate within the window is 409 unless confirmed; an agent places a draft',
  input: CreateLabOrderInput,
  output: LabOrder,
  access: { roles: ['DOCTOR'], scope: 'lab:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await orders()).createOrder(ctx, input),
});

export const get = defineOperation({
  name: 'lab.get',
  summary: 'One lab order with its specimens and results',
  input: OrderIdInput,
  output: LabOrder,
  access: { roles: 'labReaders', scope: 'lab:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await orders()).getOrder(ctx, input),
});

export const setStatus = defineOperation({
  name: 'lab.setStatus',
  summary:
    'Activate a draft, hold, resume, revoke or void a lab order (reason needed but to activate)',
  input: SetOrderStatusInput,
  output: LabOrder,
  access: { roles: ['DOCTOR'], scope: 'lab:write', humanOnly: true },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await orders()).setOrderStatus(ctx, input),
});

export const collect = defineOperation({
  name: 'lab.collect',
  summary: 'Record the specimen collection; assigns the next gap-free accession number',
  input: CollectInput,
  output: LabOrder,
  access: { roles: 'specimenCollectors', scope: 'lab:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await orders()).collectSpecimen(ctx, input),
});

export const reject = defineOperation({
  name: 'lab.rejectSpecimen',
  summary: 'Reject the specimen with a reason; the order goes back for recollection',
  input: RejectSpecimenInput,
  output: LabOrder,
  access: { roles: 'labStaff', scope: 'lab:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await orders()).rejectSpecimen(ctx, input),
});

export const enter = defineOperation({
  name: 'lab.enterResults',
  summary:
    'Enter results; each is flagged (L, H, LL, HH, A, AA) from the range fitting the patient; a critical one alerts the doctor',
  input: EnterResultsInput,
  output: LabOrder,
  access: { roles: ['LAB_TECHNICIAN'], scope: 'lab:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await orders()).enterResults(ctx, input),
});

export const verify = defineOperation({
  name: 'lab.verify',
  summary: 'Verify the report (a different person from whoever entered results): it becomes final',
  input: OrderIdInput,
  output: LabOrder,
  access: {
    roles: 'labStaff',
    scope: 'lab:write',
    humanOnly: true,
    decisions: [secondPersonDecision],
  },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await orders()).verifyOrder(ctx, input),
});

export const amend = defineOperation({
  name: 'lab.amendResult',
  summary: 'Amend a reported result with a reason; the previous value and who changed it are kept',
  input: AmendResultInput,
  output: LabOrder,
  access: { roles: 'labStaff', scope: 'lab:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await orders()).amendResult(ctx, input),
});

export const worklistOp = defineOperation({
  name: 'lab.worklist',
  summary: 'Orders pending collection, result entry or verification: stat first, then oldest',
  input: WorklistInput,
  output: LabOrderPage,
  access: { roles: 'labReaders', scope: 'lab:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await orders()).worklist(ctx, input),
});

export const criticals = defineOperation({
  name: 'lab.openCriticals',
  summary: 'Critical results not yet acknowledged, oldest first',
  input: AlertsInput,
  output: AlertPage,
  access: { roles: 'labReaders', scope: 'lab:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await orders()).openCriticalAlerts(ctx, input),
});

export const acknowledge = defineOperation({
  name: 'lab.acknowledgeCritical',
  summary: 'Acknowledge a critical result alert (who and when are recorded)',
  input: AcknowledgeInput,
  output: CriticalAlert,
  access: { roles: ['DOCTOR', 'NURSE'], scope: 'lab:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await orders()).acknowledgeAlert(ctx, input),
});

export const forPatient = defineOperation({
  name: 'lab.patientOrders',
  summary: "A patient's lab orders, newest first",
  input: PatientOrdersInput,
  output: LabOrderPage,
  access: { roles: 'labReaders', scope: 'lab:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await orders()).patientOrders(ctx, input),
});

export const cumulative = defineOperation({
  name: 'lab.cumulative',
  summary: "A patient's cumulative results: one row per test, one column per order, with flags",
  input: CumulativeInput,
  output: CumulativeResults,
  access: { roles: 'labReaders', scope: 'lab:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await orders()).cumulativeResults(ctx, input),
});
