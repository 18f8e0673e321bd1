import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import {
  ArrivalInput,
  Board,
  DispositionInput,
  EdVisit,
  IdentifyInput,
  LeftInput,
  SeenInput,
  Stats,
  StatsInput,
  Targets,
  TargetsInput,
  TriageInput,
  VisitIdInput,
} from './schemas';
import * as svc from './service';

export const arrive = defineOperation({
  name: 'emergency.arrive',
  summary:
    'Register an arrival in the emergency department (walk-in, ambulance with handover, referral), for a known patient or an unidentified one under a temporary identity',
  input: ArrivalInput,
  output: EdVisit,
  access: { roles: 'emergencyStaff', scope: 'emergency:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  resource: 'ED visit',
  handler: svc.registerArrival,
});

export const triage = defineOperation({
  name: 'emergency.triage',
  summary:
    'Triage (or re-triage, keeping the history) with the Emergency Severity Index v4: the answers at each decision point, the arrival vitals with NEWS2, who and when',
  input: TriageInput,
  output: EdVisit,
  access: {
    roles: 'triageStaff',
    scope: 'emergency:write',
    humanOnly: true,
    clinicalDecision: true,
  },
  kind: 'write',
  idempotent: false,
  handler: svc.triage,
});

export const seen = defineOperation({
  name: 'emergency.seen',
  summary: 'Record that the calling clinician is now seeing the patient (the board shows who)',
  input: SeenInput,
  output: EdVisit,
  access: { roles: 'triageStaff', scope: 'emergency:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: svc.markSeen,
});

export const identify = defineOperation({
  name: 'emergency.identify',
  summary:
    "Merge an unidentified patient's temporary identity into the patient's record; every entry of the visit is kept",
  input: IdentifyInput,
  output: EdVisit,
  access: { roles: 'emergencyStaff', scope: 'emergency:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: svc.identify,
});

export const dispose = defineOperation({
  name: 'emergency.dispose',
  summary:
    'Disposition: admit (an admission made with source "emergency"), discharge or transfer; ends the visit and counts it in the day\'s time-in-department figures',
  input: DispositionInput,
  output: EdVisit,
  access: {
    roles: ['DOCTOR'],
    scope: 'emergency:write',
    humanOnly: true,
    clinicalDecision: true,
  },
  kind: 'write',
  idempotent: false,
  handler: svc.dispose,
});

export const left = defineOperation({
  name: 'emergency.leftWithoutBeingSeen',
  summary: 'Record that the patient left before being seen; ends the visit',
  input: LeftInput,
  output: EdVisit,
  access: { roles: 'emergencyStaff', scope: 'emergency:write', humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: svc.leftWithoutBeingSeen,
});

export const get = defineOperation({
  name: 'emergency.get',
  summary:
    'One ED visit with its triage, triage history, who is seeing the patient and the disposition',
  input: VisitIdInput,
  output: EdVisit,
  access: { roles: 'emergencyStaff', scope: 'emergency:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.getVisit,
});

export const board = defineOperation({
  name: 'emergency.board',
  summary:
    'The ED board: patients in the department by acuity and time waiting, each level’s target and breaches, who is seeing whom',
  input: z.strictObject({}),
  output: Board,
  access: { roles: 'emergencyStaff', scope: 'emergency:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.board,
});

export const stats = defineOperation({
  name: 'emergency.stats',
  summary:
    "A day's time-in-department figures (departures, within 4 hours, by disposition), kept in counters",
  input: StatsInput,
  output: Stats,
  access: { roles: 'emergencyStaff', scope: 'emergency:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.stats,
});

export const getTargets = defineOperation({
  name: 'emergency.getTargets',
  summary:
    'Minutes to triage and to be seen by ESI level (the hospital’s, or the documented defaults)',
  input: z.strictObject({}),
  output: Targets,
  access: { roles: 'emergencyStaff', scope: 'emergency:read' },
  kind: 'read',
  idempotent: true,
  handler: svc.getTargets,
});

export const setTargets = defineOperation({
  name: 'emergency.setTargets',
  summary: 'Set the minutes to triage and to be seen by ESI level (administrators)',
  input: TargetsInput,
  output: Targets,
  access: { roles: [], scope: 'emergency:write' },
  kind: 'write',
  idempotent: true,
  handler: svc.setTargets,
});
