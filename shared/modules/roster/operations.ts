import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import * as jobs from './jobs';
import {
  DecideInput,
  EditInput,
  GenerateInput,
  IdInput,
  Job,
  Leave,
  LeavePage,
  ListLeaveInput,
  ListProfilesInput,
  ListSwapsInput,
  OnDuty,
  OnDutyInput,
  ProfileList,
  PublishInput,
  PutProfileInput,
  PutRulesInput,
  PutWardInput,
  RequestLeaveInput,
  RequestSwapInput,
  Roster,
  RosterKeyInput,
  Rules,
  StaffProfile,
  Swap,
  SwapPage,
  UserIdInput,
  WardIdInput,
  WardSetup,
} from './schemas';
import * as svc from './service';

const manage = { roles: 'rosterManagers', scope: 'roster:manage' } as const;

export const putProfile = defineOperation({
  name: 'roster.putProfile',
  summary:
    "Set a staff member's roster profile: grade, contracted hours, competencies, wards, nights, preferences",
  input: PutProfileInput,
  output: StaffProfile,
  access: manage,
  kind: 'write',
  idempotent: true,
  handler: svc.putProfile,
});

export const getProfile = defineOperation({
  name: 'roster.getProfile',
  summary: "A staff member's roster profile (their own, or anyone's for a ward manager)",
  input: UserIdInput,
  output: StaffProfile,
  access: { roles: 'any', scope: 'roster:read', decisions: [svc.ownOrManager] },
  kind: 'read',
  idempotent: true,
  handler: svc.getProfile,
});

export const listProfiles = defineOperation({
  name: 'roster.listProfiles',
  summary: 'Staff roster profiles, of one ward or all, in name order',
  input: ListProfilesInput,
  output: ProfileList,
  access: manage,
  kind: 'read',
  idempotent: true,
  handler: svc.listProfiles,
});

export const getRules = defineOperation({
  name: 'roster.getRules',
  summary: "The hospital's roster rules with the source of each default",
  input: z.strictObject({}),
  output: Rules,
  access: { roles: 'any', scope: 'roster:read' },
  kind: 'read',
  idempotent: true,
  handler: (ctx) => svc.getRules(ctx),
});

export const putRules = defineOperation({
  name: 'roster.putRules',
  summary: "Change the hospital's roster rules (fields left out keep their value)",
  input: PutRulesInput,
  output: Rules,
  access: manage,
  kind: 'write',
  idempotent: true,
  handler: svc.putRules,
});

export const putWard = defineOperation({
  name: 'roster.putWard',
  summary: "Set a ward's shift types and coverage requirements",
  input: PutWardInput,
  output: WardSetup,
  access: manage,
  kind: 'write',
  idempotent: true,
  handler: svc.putWard,
});

export const getWard = defineOperation({
  name: 'roster.getWard',
  summary: "A ward's shift types and coverage requirements",
  input: WardIdInput,
  output: WardSetup,
  access: { roles: 'any', scope: 'roster:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.getWard,
});

export const requestLeave = defineOperation({
  name: 'roster.requestLeave',
  summary: 'Request leave or unavailability (for oneself; a ward manager for anyone)',
  input: RequestLeaveInput,
  output: Leave,
  access: { roles: 'any', scope: 'roster:write', decisions: [svc.ownOrManager] },
  kind: 'write',
  idempotent: false,
  resource: 'leave request',
  handler: svc.requestLeave,
});

export const decideLeave = defineOperation({
  name: 'roster.decideLeave',
  summary: 'Approve or reject a leave request',
  input: DecideInput,
  output: Leave,
  access: manage,
  kind: 'write',
  idempotent: false,
  handler: svc.decideLeave,
});

export const listLeave = defineOperation({
  name: 'roster.listLeave',
  summary: 'Leave requests by start date (one’s own; a ward manager anyone’s)',
  input: ListLeaveInput,
  output: LeavePage,
  access: { roles: 'any', scope: 'roster:read', decisions: [svc.ownOrManager] },
  kind: 'read',
  idempotent: true,
  handler: svc.listLeave,
});

export const generate = defineOperation({
  name: 'roster.generate',
  summary:
    'Start generating a draft roster for a ward and period with the HiGHS MILP solver: 202 with the queued job (the job already under way for the period, if any)',
  input: GenerateInput,
  output: Job,
  access: manage,
  kind: 'write',
  idempotent: false,
  resource: 'roster generation',
  handler: jobs.startGeneration,
});

export const getJob = defineOperation({
  name: 'roster.getJob',
  summary:
    'A roster generation job: queued, solving, done (the draft’s summary) or failed (why), and what to do next',
  input: IdInput,
  output: Job,
  access: manage,
  kind: 'read',
  idempotent: true,
  handler: jobs.getJob,
});

export const getRoster = defineOperation({
  name: 'roster.getRoster',
  summary:
    'The roster of a ward and period: assignments, shortfalls with reasons, violations, fairness',
  input: RosterKeyInput,
  output: Roster,
  access: { roles: 'any', scope: 'roster:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.getRoster,
});

export const edit = defineOperation({
  name: 'roster.edit',
  summary:
    'Set or clear one person’s shift on one day of a draft; refused (409) naming any rule it breaks',
  input: EditInput,
  output: Roster,
  access: manage,
  kind: 'write',
  idempotent: true,
  handler: svc.editAssignment,
});

export const publish = defineOperation({
  name: 'roster.publish',
  summary: 'Publish a draft roster after re-checking every hard rule',
  input: PublishInput,
  output: Roster,
  access: manage,
  kind: 'write',
  idempotent: true,
  handler: svc.publish,
});

export const requestSwap = defineOperation({
  name: 'roster.requestSwap',
  summary: 'Ask to exchange one day of a published roster with a colleague',
  input: RequestSwapInput,
  output: Swap,
  access: {
    roles: ['NURSE', 'WARD_MANAGER'],
    scope: 'roster:write',
    decisions: [svc.ownOrManager],
  },
  kind: 'write',
  idempotent: false,
  resource: 'swap request',
  handler: svc.requestSwap,
});

export const listSwaps = defineOperation({
  name: 'roster.listSwaps',
  summary:
    'Swap requests in the order asked, by status and ward (a ward manager sees all; anyone else the swaps they are part of)',
  input: ListSwapsInput,
  output: SwapPage,
  access: { roles: 'any', scope: 'roster:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.listSwaps,
});

export const decideSwap = defineOperation({
  name: 'roster.decideSwap',
  summary: 'Approve (re-checked against the rules) or reject a swap',
  input: DecideInput,
  output: Swap,
  access: manage,
  kind: 'write',
  idempotent: false,
  handler: svc.decideSwap,
});

export const onDuty = defineOperation({
  name: 'roster.onDuty',
  summary: 'Who is on duty on a ward at a time (now by default), from the published roster',
  input: OnDutyInput,
  output: OnDuty,
  access: { roles: 'any', scope: 'roster:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.onDuty,
});
