/**
 * The executor of approved agent actions: one function per action type on AWS (lib/events-stack.ts
 * sets ACTION_TYPE), invoked by that type's EventBridge rule; the local runtime's bus invokes the
 * same handler. It returns what happened; it throws only when the action could not even be
 * claimed (the rule's retry policy then delivers again, and the DLQ keeps what never succeeds).
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { loadActionType } from '../../shared/agents/catalogue';
import { systemClock } from '../../shared/kernel/clock';
import { rootLogger } from '../../shared/kernel/log';
import { parseOrThrow } from '../../shared/kernel/validation';
import {
  AgentActionApprovedDetail,
  type ExecutionOutcome,
  executeApproved,
} from '../../shared/modules/agent-actions';

export async function handler(
  event: EventBridgeEvent<string, unknown>,
  context?: { awsRequestId?: string },
): Promise<ExecutionOutcome> {
  const detail = parseOrThrow(AgentActionApprovedDetail, event.detail);
  const expected = process.env.ACTION_TYPE;
  if (expected && detail.type !== expected)
    throw new Error(
      `Executor for ${expected} received a ${detail.type} action: check the rule's pattern`,
    );
  // The type's declaration (its target operation) comes with the module that declares it.
  await loadActionType(detail.type);
  const requestId = context?.awsRequestId ?? event.id;
  const log = rootLogger.child({
    function: `agent-action-${detail.type}`,
    requestId,
    tenantId: detail.tenantId,
  });
  const outcome = await executeApproved(detail, { now: () => systemClock.now(), log, requestId });
  log.info('agent action', { actionId: detail.actionId, ...outcome });
  return outcome;
}
