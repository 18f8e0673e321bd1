/**
 * The proposal operation of an agent action type, derived from its declaration: the REST route
 * `POST /agent-actions/proposals/<type>` and the MCP tool `propose-<type>` bind to it
 * (shared/manifest/hitl.ts). The declaring module's function serves it, so the agent-actions
 * service is loaded on the first proposal, not when that function starts (a chunk of its own).
 */
import { defineOperation } from '../../kernel/operation';
import * as z from '../../kernel/zod';
import type { ActionTypeDef } from './action-types';
import { ProposalAnswer, Rationale } from './schemas';

function proposal(def: ActionTypeDef) {
  return defineOperation({
    name: `agent-actions.${def.proposeVerb}`,
    summary: def.proposeSummary,
    // The proposal's fields and the rationale; the target's cross-field checks run at proposal.
    input: z.strictObject({ ...def.proposal.shape, ...Rationale }),
    output: ProposalAnswer,
    access: { roles: def.proposers, scope: 'agents:clinical:propose' },
    kind: 'write',
    idempotent: false,
    handler: async (ctx, input) =>
      (await import('./service')).propose(
        ctx,
        def,
        input as Record<string, unknown> & { rationale: string },
      ),
  });
}

const proposalOperations = new WeakMap<ActionTypeDef, ReturnType<typeof proposal>>();

/**
 * The proposal operation of a type: one object per declaration, so its REST route, its MCP tool
 * and the tests all hold the same operation.
 */
export function proposalOperation(def: ActionTypeDef) {
  let op = proposalOperations.get(def);
  if (!op) {
    op = proposal(def);
    proposalOperations.set(def, op);
  }
  return op;
}
