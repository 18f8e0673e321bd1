import { defineGroup, route } from '../../http/route';
import * as op from './operations';

const tag = 'Roster';

export const rosterGroup = defineGroup({
  name: 'roster',
  source: import.meta.url,
  // Generation only queues the job (jobs.ts); the event goes out with the commit.
  permissions: { table: 'readwrite', events: true },
  description:
    'Staff roster: profiles, rules, ward shift types and coverage, leave, generation with HiGHS, edits, publication, swaps, who is on duty',
  routes: [
    route(op.listProfiles, { method: 'GET', path: '/roster/staff', tag }),
    route(op.getProfile, { method: 'GET', path: '/roster/staff/{userId}', tag }),
    route(op.putProfile, { method: 'PUT', path: '/roster/staff/{userId}', tag }),
    route(op.getRules, { method: 'GET', path: '/roster/rules', tag }),
    route(op.putRules, { method: 'PUT', path: '/roster/rules', tag }),
    route(op.getWard, { method: 'GET', path: '/roster/wards/{wardId}', tag }),
    route(op.putWard, { method: 'PUT', path: '/roster/wards/{wardId}', tag }),
    route(op.requestLeave, { method: 'POST', path: '/roster/leave', tag, status: 201 }),
    route(op.listLeave, { method: 'GET', path: '/roster/leave', tag }),
    route(op.decideLeave, { method: 'POST', path: '/roster/leave/{id}/decision', tag }),
    route(op.generate, {
      method: 'POST',
      path: '/roster/wards/{wardId}/generations',
      tag,
      status: 202,
    }),
    route(op.getJob, { method: 'GET', path: '/roster/generations/{id}', tag }),
    route(op.getRoster, { method: 'GET', path: '/roster/wards/{wardId}/rosters/{start}', tag }),
    route(op.edit, {
      method: 'PUT',
      path: '/roster/wards/{wardId}/rosters/{start}/assignments',
      tag,
    }),
    route(op.publish, {
      method: 'POST',
      path: '/roster/wards/{wardId}/rosters/{start}/publish',
      tag,
    }),
    route(op.requestSwap, { method: 'POST', path: '/roster/swaps', tag, status: 201 }),
    route(op.listSwaps, { method: 'GET', path: '/roster/swaps', tag }),
    route(op.decideSwap, { method: 'POST', path: '/roster/swaps/{id}/decision', tag }),
    route(op.onDuty, { method: 'GET', path: '/roster/wards/{wardId}/on-duty', tag }),
  ],
});
