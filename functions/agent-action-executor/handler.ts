/**
 * The executor of approved agent actions: one function per action type on AWS (lib/events-stack.ts
 * sets ACTION_TYPE), invoked by that type's EventBridge rule; the local runtime's bus invokes the
 * same handler. It runs through the edge pipeline (one log line per delivery) and returns what
 * happened; it throws only when the action could not even be claimed (the rule's retry policy
 * then delivers again, and the DLQ keeps what never succeeds).
 */
import '../../shared/kernel/stack-traces';
import type { EventBridgeEvent } from 'aws-lambda';
import { loadActionType } from '../../shared/agents/catalogue';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';
import { parseOrThrow } from '../../shared/kernel/validation';
import {
  AgentActionApprovedDetail,
  type ExecutionOutcome,
  executeApproved,
} from '../../shared/modules/agent-actions';

export function handler(
  event: EventBridgeEvent<string, unknown>,
  context?: { awsRequestId?: string },
): Promise<ExecutionOutcome> {
  const expected = process.env.ACTION_TYPE;
  return atEdge(
    {
      function: expected ? `agent-action-${expected}` : 'agent-action-executor',
      transport: 'event',
      requestId: context?.awsRequestId ?? event.id,
      route: event['detail-type'],
    },
    async (edge) => {
      const detail = parseOrThrow(AgentActionApprovedDetail, event.detail);
      edge.note({ tenantId: detail.tenantId, actionId: detail.actionId, actionType: detail.type });
      if (expected && detail.type !== expected)
        throw new Error(
          `Executor for ${expected} received a ${detail.type} action: check the rule's pattern`,
        );
      // The type's declaration (its target operation) comes with the module that declares it.
      await loadActionType(detail.type);
      return executeApproved(detail, {
        now: () => systemClock.now(),
        log: edge.log.child({ tenantId: detail.tenantId }),
        requestId: edge.requestId,
      });
    },
    // EventBridge's answer to a thrown error is another delivery (then the DLQ): rethrow.
    (err) => {
      throw err;
    },
    (outcome) => ({ ...outcome }),
  );
}
