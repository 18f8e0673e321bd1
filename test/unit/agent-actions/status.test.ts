import { describe, expect, it } from 'vitest';
import { actionTypesOf } from '../../../shared/manifest/derive';
import { approverRoles } from '../../../shared/modules/agent-actions/action-types';
import { agentActionRules } from '../../../shared/modules/agent-actions/events';
import {
  AGENT_ACTION_TRANSITIONS,
  AGENT_ACTION_TRIGGERS,
} from '../../../shared/modules/agent-actions/status';
import { MODULES } from '../../../shared/modules/index';

describe('the agent action state table', () => {
  it('is exactly the lifecycle of the spec, with EXECUTED and FAILED after approval', () => {
    expect(AGENT_ACTION_TRANSITIONS).toEqual({
      PENDING: ['APPROVED', 'REJECTED', 'EXPIRED'],
      APPROVED: ['EXECUTED', 'FAILED'],
      REJECTED: [],
      EXPIRED: [],
      EXECUTED: [],
      FAILED: [],
    });
  });

  it('says who triggers each transition, and nothing else', () => {
    const edges = Object.entries(AGENT_ACTION_TRANSITIONS).flatMap(([from, to]) =>
      to.map((t) => `${from}→${t}`),
    );
    expect(Object.keys(AGENT_ACTION_TRIGGERS).sort()).toEqual(edges.sort());
  });
});

describe('the action type declaration', () => {
  it('derives approvers from the target operation and one rule per type', () => {
    const approvers = Object.fromEntries(
      actionTypesOf(MODULES).map((d) => [d.type, [d.target.name, approverRoles(d)]]),
    );
    expect(approvers).toEqual({
      // Prescribing is a doctor's clinical decision: an administrator does not approve it.
      prescription: ['encounters.prescribe', ['DOCTOR']],
      admission: ['admissions.admit', ['ADMIN', 'RECEPTIONIST', 'DOCTOR']],
      discharge: ['admissions.discharge', ['ADMIN', 'DOCTOR']],
      'lab-order': ['lab.order', ['ADMIN', 'DOCTOR']],
      'radiology-order': ['radiology.order', ['ADMIN', 'DOCTOR']],
      'surgery-booking': ['theatre.schedule', ['ADMIN', 'THEATRE_COORDINATOR', 'DOCTOR']],
    });
    const pattern = (type: string) => ({
      source: ['hms.agent-actions'],
      'detail-type': ['AgentActionApproved'],
      detail: { type: [type] },
    });
    expect(agentActionRules()).toEqual(
      [
        'prescription',
        'admission',
        'discharge',
        'lab-order',
        'radiology-order',
        'surgery-booking',
      ].map((type) => ({
        type,
        executor: `agent-action-${type}`,
        pattern: pattern(type),
      })),
    );
  });
});
