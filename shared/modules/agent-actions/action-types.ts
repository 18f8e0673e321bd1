/**
 * Agent action types. Each type is declared once, with `defineActionType`, in the module that
 * owns its target operation (e.g. shared/modules/encounters/actions.ts: a prescription), and listed
 * in that module's manifest (`actionTypes`). Everything else is derived from the declaration:
 * - the proposal operation `agent-actions.propose<Type>` (operations.ts: proposalOperation), its
 *   route `POST /agent-actions/proposals/<type>` served by the declaring module's group and its
 *   MCP tool `propose-<type>` in its skill (shared/manifest/hitl.ts);
 * - who may approve (the target operation's roles, approverRoles below) and the risk (its assess
 *   and the rules of risk.ts);
 * - the EventBridge rule, the executor function `agent-action-<type>` and its DLQ (events.ts,
 *   lib/events-stack.ts, the local runtime's bus);
 * - the names, titles and default lifetimes the settings and schemas use, as data
 *   (shared/kernel/catalogue.generated.ts, written by `npm run docs`).
 *
 * The executor finds a type's declaration in the registry below: the module list registers every
 * type (shared/modules/index.ts); an executor function loads the declaring module first.
 */

import type { Card } from '../../clinical/cds-card';
import { allowedRoles } from '../../kernel/access';
import type { Context } from '../../kernel/context';
import type { AnyOperation, ProtectedAccess } from '../../kernel/operation';
import type { Role } from '../../kernel/roles';
import type * as z from '../../kernel/zod';
import { ACTION_TYPE_NAMES, type ActionTypeName } from './action-type-names';
import type { RiskFinding, RiskLevel } from './risk';

/** What a type's assessment finds out about a proposal, from the tenant's records. */
export interface Assessment {
  patientId: string;
  patientName: string;
  /** The change in words, for the person deciding. */
  summary: string;
  findings: RiskFinding[];
  /** The decision-support cards of the proposed order, for the person deciding (CDS Hooks). */
  cards?: Card[];
}

/** How agents are offered the proposal: the MCP tool `propose-<type>` and its A2A skill. */
export interface ProposalTool {
  title: string;
  description: string;
  /** The A2A skill the tool belongs to, or null (MCP only). */
  skill: string | null;
  tags: readonly string[];
  keywords: readonly string[];
  examples: readonly string[];
}

export interface ActionTypeDef {
  type: ActionTypeName;
  /** For people: the Approvals page and the docs. */
  title: string;
  /** The proposal operation is `agent-actions.<proposeVerb>` (`propose` + the type in PascalCase). */
  proposeVerb: string;
  proposeSummary: string;
  /** The proposal's fields (the agent's rationale is added to every proposal). */
  proposal: z.ZodMiniObject;
  /** Roles whose users (or agents acting with their token) may propose. */
  proposers: readonly Role[];
  /** The operation an approved action runs, as the person who approved it. */
  target: AnyOperation;
  /** The target operation's input, validated with its schema when the action is proposed. */
  toTargetInput(proposal: Record<string, unknown>): Record<string, unknown>;
  /** Reads the facts the risk rules need and checks the proposal can be carried out now. */
  assess(ctx: Context, targetInput: Record<string, unknown>): Promise<Assessment>;
  /** The id of what the operation created, recorded on the executed action. */
  resultId(output: unknown): string;
  /**
   * Where that id comes from, so an executor that died after the operation's write can still
   * name the result: `created`, the first id the operation draws (derived from the action's id,
   * kernel/ids.ts); `target`, the `id` of the operation's input (the record it changed).
   */
  result: 'created' | 'target';
  /** How long a proposal waits for a decision unless the hospital sets another lifetime. */
  lifetimeMinutes: number;
  /** Name of the executor function (one per type, `agent-action-<type>`; lib/events-stack.ts). */
  executor: string;
  /** The risk rules in words (docs/hitl.md); the code is the assessment's. */
  riskRules: readonly string[];
  /**
   * The roles that may decide this proposal when narrower than the type's (approverRoles): a
   * discharge with medicines is prescribing, for doctors only.
   */
  approversFor?(targetInput: Record<string, unknown>): readonly Role[] | undefined;
  /**
   * Why the hospital's auto-approval rule does not cover this proposal at this risk, or null when
   * it does. CRITICAL is never covered, whatever the type (agent-actions service).
   */
  autoApprovalExclusion?(risk: RiskLevel, targetInput: Record<string, unknown>): string | null;
  /** The agent tool the proposal is offered as. */
  tool: ProposalTool;
}

const pascal = (type: string) =>
  type.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase());

/**
 * Declares an action type; what follows from its name (the proposal verb, the executor's name) is
 * filled in. Declared once, in the module of its target operation, and listed in its manifest.
 */
export function defineActionType(
  def: Omit<ActionTypeDef, 'type' | 'proposeVerb' | 'executor'> & { type: string },
): ActionTypeDef {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(def.type))
    throw new Error(`Agent action type ${def.type} must be kebab-case`);
  return {
    ...def,
    type: def.type as ActionTypeName,
    proposeVerb: `propose${pascal(def.type)}`,
    executor: `agent-action-${def.type}`,
  };
}

const registry = new Map<string, ActionTypeDef>();

/** Makes declared types known to the executor (the module list; an executor's own module). */
export function registerActionTypes(defs: readonly ActionTypeDef[]): void {
  for (const def of defs) {
    const known = registry.get(def.type);
    if (known && known !== def) throw new Error(`Agent action type ${def.type} is declared twice`);
    registry.set(def.type, def);
  }
}

export function actionType(type: ActionTypeName): ActionTypeDef {
  const def = registry.get(type);
  if (!def)
    throw new Error(
      `Agent action type ${type} is not loaded: load the module that declares it (registerActionTypes)`,
    );
  return def;
}

/** The registered types, in the order of the catalogue. */
export function allActionTypes(): ActionTypeDef[] {
  return ACTION_TYPE_NAMES.flatMap((t) => {
    const def = registry.get(t);
    return def ? [def] : [];
  });
}

/**
 * Who may decide an action of this type: the roles that may run its target operation (ADMIN
 * may run every operation but a clinical decision, such as prescribing). Derived, never listed,
 * so approval cannot drift from the operation's access. A type may narrow it for one proposal
 * (a discharge with medicines is prescribing: doctors only), see approverRolesOf.
 */
export function approverRoles(def: Pick<ActionTypeDef, 'target'>): Role[] {
  return allowedRoles(def.target.access as ProtectedAccess);
}

/** The approvers of one proposal: the type's, narrowed where the proposal asks for it. */
export function approverRolesOf(def: ActionTypeDef, targetInput: Record<string, unknown>): Role[] {
  const narrowed = def.approversFor?.(targetInput);
  return narrowed ? approverRoles(def).filter((r) => narrowed.includes(r)) : approverRoles(def);
}

/** The fields of an operation's input as a plain object (its cross-field checks run at proposal). */
export function inputFieldsOf(op: AnyOperation): Record<string, z.ZodMiniType> {
  return (op.input as unknown as z.ZodMiniObject).shape as unknown as Record<string, z.ZodMiniType>;
}
