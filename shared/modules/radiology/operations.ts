import { defineDecision } from '../../kernel/decisions';
import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import { scannerOverrideDecision } from './decisions';
import {
  AddendumInput,
  AnswerSafetyInput,
  CreateRadOrderInput,
  OverrideSafetyInput,
  Procedure,
  PutProcedureInput,
  PutRoomInput,
  RadiologyCatalogue,
  RadOrder,
  RadOrderAnswer,
  RadOrderIdInput,
  RadOrderPage,
  RadWorklistInput,
  ReportInput,
  Room,
  ScheduleInput,
  SetRadStatusInput,
} from './schemas';

// The handlers load on the first request that needs them (a chunk of their own), so the
// function starts with its declarations only: the imaging safety screen, the lab's order rules
// (source, requester), the rooms' interval calendar and the contrast cards load with the first
// request that runs them (issue 15: 350 KB at start).
const svc = () => import('./service');

export const catalogue = defineOperation({
  name: 'radiology.catalogue',
  summary: 'Radiology procedures (modality, body part, contrast, price) and rooms (modality slots)',
  input: z.strictObject({}),
  output: RadiologyCatalogue,
  access: { roles: 'any', scope: 'radiology:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx) => (await svc()).getCatalogue(ctx),
});

export const putProcedureOp = defineOperation({
  name: 'radiology.putProcedure',
  summary: 'Create or replace a procedure of the catalogue',
  input: PutProcedureInput,
  output: Procedure,
  access: { roles: ['RADIOLOGIST'], scope: 'radiology:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).putProcedure(ctx, input),
});

export const putRoomOp = defineOperation({
  name: 'radiology.putRoom',
  summary: 'Create or replace a room (one modality, booked in fixed slots)',
  input: PutRoomInput,
  output: Room,
  access: { roles: ['RADIOLOGIST'], scope: 'radiology:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).putRoom(ctx, input),
});

export const order = defineOperation({
  name: 'radiology.order',
  summary:
    'Order a procedure from an encounter with a clinical question and the safety screen; assigns the accession number; an agent places a draft',
  input: CreateRadOrderInput,
  output: RadOrderAnswer,
  access: { roles: ['DOCTOR'], scope: 'radiology:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).createOrder(ctx, input),
});

export const get = defineOperation({
  name: 'radiology.get',
  summary: 'One radiology order with its screen, schedule and report',
  input: RadOrderIdInput,
  output: RadOrder,
  access: { roles: 'radiologyReaders', scope: 'radiology:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).getOrder(ctx, input),
});

export const setStatus = defineOperation({
  name: 'radiology.setStatus',
  summary: 'Activate a draft, revoke or void a radiology order (reason needed but to activate)',
  input: SetRadStatusInput,
  output: RadOrder,
  access: { roles: ['DOCTOR'], scope: 'radiology:write', humanOnly: true },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).setStatus(ctx, input),
});

export const screen = defineOperation({
  name: 'radiology.answerSafety',
  summary:
    'Answer safety questions (pregnancy, contrast allergy, eGFR, implants); the order is re-screened',
  input: AnswerSafetyInput,
  output: RadOrder,
  access: { roles: ['DOCTOR', 'NURSE', 'RADIOGRAPHER'], scope: 'radiology:write', humanOnly: true },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).answerSafety(ctx, input),
});

export const override = defineOperation({
  name: 'radiology.overrideSafety',
  summary: 'A doctor accepts the unanswered or positive safety questions with a reason',
  input: OverrideSafetyInput,
  output: RadOrder,
  access: {
    roles: ['DOCTOR', 'RADIOLOGIST'],
    scope: 'radiology:write',
    humanOnly: true,
    // Accepting a contrast or pregnancy risk is a clinician's decision: not ADMIN's, not a key's.
    decisions: [
      defineDecision({
        what: 'override a radiology safety question',
        by: ['DOCTOR', 'RADIOLOGIST'],
        clinical: true,
        checkedBy: 'kernel',
        refusal: 'Only a doctor may override a radiology safety question',
      }),
      scannerOverrideDecision,
    ],
  },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).overrideSafety(ctx, input),
});

export const schedule = defineOperation({
  name: 'radiology.schedule',
  summary: 'Book a slot of a room of the right modality; a slot is booked once',
  input: ScheduleInput,
  output: RadOrder,
  access: { roles: ['RADIOGRAPHER', 'RECEPTIONIST'], scope: 'radiology:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).scheduleOrder(ctx, input),
});

export const start = defineOperation({
  name: 'radiology.start',
  summary: 'The radiographer starts the procedure (step in progress)',
  input: RadOrderIdInput,
  output: RadOrder,
  access: { roles: ['RADIOGRAPHER'], scope: 'radiology:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).startProcedure(ctx, input),
});

export const complete = defineOperation({
  name: 'radiology.complete',
  summary: 'The radiographer completes the procedure (images acquired)',
  input: RadOrderIdInput,
  output: RadOrder,
  access: { roles: ['RADIOGRAPHER'], scope: 'radiology:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).completeProcedure(ctx, input),
});

export const report = defineOperation({
  name: 'radiology.report',
  summary: 'Findings and impression, preliminary (may be rewritten) or final (completes the order)',
  input: ReportInput,
  output: RadOrder,
  access: { roles: ['RADIOLOGIST'], scope: 'radiology:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).reportOrder(ctx, input),
});

export const addendum = defineOperation({
  name: 'radiology.addendum',
  summary: 'Add an addendum to a final report',
  input: AddendumInput,
  output: RadOrder,
  access: { roles: ['RADIOLOGIST'], scope: 'radiology:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await svc()).addAddendum(ctx, input),
});

export const worklist = defineOperation({
  name: 'radiology.worklist',
  summary:
    'Orders requested (to screen and schedule), scheduled, in progress or completed (to report)',
  input: RadWorklistInput,
  output: RadOrderPage,
  access: { roles: 'radiologyReaders', scope: 'radiology:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await svc()).worklist(ctx, input),
});
