import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import { caseTeamDecision, checklistConfirmerDecision, scheduleOwnCaseDecision } from './decisions';
import {
  CancelCaseInput,
  CaseIdInput,
  ChecklistView,
  ConfirmItemInput,
  CreateCaseInput,
  CreateSessionInput,
  HandoverInput,
  ListInput,
  PreOpUpdateInput,
  PutSettingsInput,
  PutTheatreInput,
  RecordInput,
  ScheduleCaseInput,
  Session,
  SurgicalCase,
  Theatre,
  TheatreChecklistInput,
  TheatreList,
  TheatreLists,
  TheatreSettings,
  TimelineInput,
  Utilisation,
  UtilisationInput,
  WaitingList,
  WaitingListInput,
} from './schemas';

const resource = 'surgical case';

// The handlers load on the first request that needs one (handlers.ts, one chunk), so the theatre's
// function starts with its declarations only: the case handlers carry the lab's order sources
// and specimens, billing's charge writer, the admissions' discharge holds and the interval
// calendars, which most requests never reach (issue 15: 350 KB at start).
const handlers = () => import('./handlers');

export const putTheatreOp = defineOperation({
  name: 'theatre.putTheatre',
  summary: 'Create or replace an operating theatre (type, equipment, open or closed, time tariff)',
  input: PutTheatreInput,
  output: Theatre,
  access: { roles: ['THEATRE_COORDINATOR'], scope: 'theatre:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).putTheatre(ctx, input),
});

export const theatres = defineOperation({
  name: 'theatre.theatres',
  summary: 'The operating theatres of the hospital',
  input: z.strictObject({}),
  output: TheatreList,
  access: { roles: 'theatreStaff', scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx) => (await handlers()).listTheatres(ctx),
});

export const settings = defineOperation({
  name: 'theatre.settings',
  summary:
    'The hospital’s local checklist items (added to the WHO core items) and anaesthesia tariff',
  input: z.strictObject({}),
  output: TheatreSettings,
  access: { roles: 'theatreStaff', scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx) => (await handlers()).getSettings(ctx),
});

export const putSettingsOp = defineOperation({
  name: 'theatre.putSettings',
  summary:
    'Set the local checklist items (for cases requested from now on; the WHO core items cannot be removed) and the anaesthesia tariff',
  input: PutSettingsInput,
  output: TheatreSettings,
  access: { roles: ['THEATRE_COORDINATOR'], scope: 'theatre:write' },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).putSettings(ctx, input),
});

export const createSessionOp = defineOperation({
  name: 'theatre.createSession',
  summary: 'Open a session: a theatre’s list for a span of time with its surgeon and anaesthetist',
  input: CreateSessionInput,
  output: Session,
  access: { roles: ['THEATRE_COORDINATOR'], scope: 'theatre:write' },
  kind: 'write',
  idempotent: false,
  handler: async (ctx, input) => (await handlers()).createSession(ctx, input),
});

export const requestCaseOp = defineOperation({
  name: 'theatre.requestCase',
  summary:
    'Request a surgical case from an admission or an encounter, with its team and pre-operative requirements; it waits to be booked',
  input: CreateCaseInput,
  output: SurgicalCase,
  access: { roles: 'theatreSchedulers', scope: 'theatre:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  resource,
  handler: async (ctx, input) => (await handlers()).requestCase(ctx, input),
});

export const getCaseOp = defineOperation({
  name: 'theatre.getCase',
  summary: 'One surgical case with its schedule, checklist, timeline and operative record',
  input: CaseIdInput,
  output: SurgicalCase,
  access: { roles: 'theatreStaff', scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).getCase(ctx, input),
});

export const admissionCases = defineOperation({
  name: 'theatre.admissionCases',
  summary: 'The surgical cases of an admission',
  input: CaseIdInput,
  output: z.strictObject({ items: z.array(SurgicalCase) }),
  access: {
    roles: ['THEATRE_COORDINATOR', 'DOCTOR', 'NURSE', 'BED_MANAGER'],
    scope: 'theatre:read',
  },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).casesOfAdmissionAnswer(ctx, input),
});

export const preOp = defineOperation({
  name: 'theatre.preOp',
  summary:
    'Record pre-operative requirements: consent, fasting, site marking, blood group and crossmatch, pregnancy status, lab orders',
  input: PreOpUpdateInput,
  output: SurgicalCase,
  access: { roles: ['DOCTOR', 'NURSE'], scope: 'theatre:write', humanOnly: true },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).updatePreOp(ctx, input),
});

export const schedule = defineOperation({
  name: 'theatre.schedule',
  summary:
    'Book a case into a session at a start time, or move it; theatre, team and patient are each in one case at a time (409 naming the clash); an immediate or urgent case may bump elective ones with a reason',
  input: ScheduleCaseInput,
  output: SurgicalCase,
  access: {
    roles: 'theatreSchedulers',
    scope: 'theatre:write',
    decisions: [scheduleOwnCaseDecision],
  },
  kind: 'write',
  idempotent: false,
  resource,
  handler: async (ctx, input) => (await handlers()).scheduleCase(ctx, input),
});

export const cancel = defineOperation({
  name: 'theatre.cancel',
  summary:
    'Cancel a waiting or booked case with a reason code (patient unfit, no bed, list overrun, equipment, did not attend); frees its time',
  input: CancelCaseInput,
  output: SurgicalCase,
  access: {
    roles: 'theatreSchedulers',
    scope: 'theatre:write',
    humanOnly: true,
    decisions: [scheduleOwnCaseDecision],
  },
  kind: 'write',
  idempotent: false,
  resource,
  handler: async (ctx, input) => (await handlers()).cancelCase(ctx, input),
});

export const confirm = defineOperation({
  name: 'theatre.confirmItem',
  summary:
    'Confirm a WHO Surgical Safety Checklist item as the team member it names, phases in order; the counts item takes the counts',
  input: ConfirmItemInput,
  output: SurgicalCase,
  access: {
    // A clinical decision of the named team member: not an administrator, not a key or agent.
    roles: ['DOCTOR', 'NURSE'],
    scope: 'theatre:write',
    humanOnly: true,
    clinicalDecision: true,
    decisions: [checklistConfirmerDecision],
  },
  kind: 'write',
  idempotent: false,
  resource,
  handler: async (ctx, input) => (await handlers()).confirmItem(ctx, input),
});

export const checklist = defineOperation({
  name: 'theatre.checklist',
  summary:
    'Where a case stands in the WHO checklist: phases, who confirmed what, outstanding items and who must confirm them, the next step',
  input: CaseIdInput,
  output: ChecklistView,
  access: { roles: 'theatreStaff', scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).checklist(ctx, input),
});

export const theatreChecklist = defineOperation({
  name: 'theatre.theatreChecklist',
  summary:
    'The checklist of the case in a theatre now, or else of the next case booked in it today',
  input: TheatreChecklistInput,
  output: ChecklistView,
  access: { roles: 'theatreStaff', scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).theatreChecklist(ctx, input),
});

export const timeline = defineOperation({
  name: 'theatre.timeline',
  summary:
    'Record the next timeline event (in room, anaesthesia start, incision, closure, out of room); incision waits for Time Out, leaving for Sign Out',
  input: TimelineInput,
  output: SurgicalCase,
  access: {
    roles: ['DOCTOR', 'NURSE'],
    scope: 'theatre:write',
    humanOnly: true,
    decisions: [caseTeamDecision],
  },
  kind: 'write',
  idempotent: false,
  resource,
  handler: async (ctx, input) => (await handlers()).recordTimeline(ctx, input),
});

export const record = defineOperation({
  name: 'theatre.record',
  summary:
    'Write the operative record: anaesthesia summary, implants with lots, blood loss, specimens, operation note, post-operative instructions',
  input: RecordInput,
  output: SurgicalCase,
  access: {
    roles: ['DOCTOR', 'NURSE'],
    scope: 'theatre:write',
    humanOnly: true,
    decisions: [caseTeamDecision],
  },
  kind: 'write',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).updateRecord(ctx, input),
});

export const handover = defineOperation({
  name: 'theatre.handover',
  summary: 'Hand the patient over to recovery',
  input: HandoverInput,
  output: SurgicalCase,
  access: {
    roles: ['DOCTOR', 'NURSE'],
    scope: 'theatre:write',
    humanOnly: true,
    decisions: [caseTeamDecision],
  },
  kind: 'write',
  idempotent: false,
  resource,
  handler: async (ctx, input) => (await handlers()).handover(ctx, input),
});

export const lists = defineOperation({
  name: 'theatre.lists',
  summary:
    'A date’s theatre lists: each theatre’s sessions with their cases in order and each case’s live state and checklist progress',
  input: ListInput,
  output: TheatreLists,
  access: { roles: 'theatreStaff', scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).lists(ctx, input),
});

export const waitingListOp = defineOperation({
  name: 'theatre.waitingList',
  summary:
    'The waiting list: cases requested and not yet scheduled, by NCEPOD priority then days waiting, with counts per specialty and surgeon',
  input: WaitingListInput,
  output: WaitingList,
  access: { roles: 'theatreStaff', scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).waitingList(ctx, input),
});

export const utilisation = defineOperation({
  name: 'theatre.utilisation',
  summary:
    'Utilisation per theatre for a date: session, booked and used minutes, late starts, overruns, turnaround, cancellations on the day by reason',
  input: UtilisationInput,
  output: Utilisation,
  access: { roles: ['THEATRE_COORDINATOR'], scope: 'theatre:read' },
  kind: 'read',
  idempotent: true,
  handler: async (ctx, input) => (await handlers()).utilisation(ctx, input),
});
