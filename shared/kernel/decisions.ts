/**
 * Decisions: rules of an operation beyond "which roles may call it", declared with the operation
 * (`access.decisions`) so that docs/routes.md lists them and no role check hides in a service.
 *
 * - A decision checked by the kernel (`checkedBy: 'kernel'`) depends on nothing but the caller and
 *   the input: it is checked right before the implementation runs, after access and validation
 *   (defineOperation wraps the implementation). E.g. only a doctor sets the NEWS2 SpO2 scale,
 *   when the input sets it.
 * - A decision checked by the implementation depends on stored data (a hospital's threshold, the
 *   roles recorded on an agent action, who entered a result): the implementation calls
 *   `requireDecision` (role rules) or throws `refuse(decision)` where its data says the rule
 *   applies. The declaration says when, in words.
 *
 * A role rule names its roles exactly: ADMIN passes only when listed. A clinical decision
 * (`clinical: true`) is taken by a person only: a signed-in user, or the person whose approval an
 * executor carries out; never an agent or an API key, whatever their credential.
 */
import { type Actor, authorityOf, decidingHuman } from './actor';
import { Forbidden } from './errors';
import { type Role, type RoleGroupName, resolveRoles } from './roles';

export interface Decision {
  /** What is decided, as the docs say it after "who may": e.g. `set the NEWS2 SpO2 scale`. */
  what: string;
  /**
   * Who may take it (a role rule), exactly these roles: ADMIN only when listed. Omitted for a rule
   * that is not about roles (a second person verifies; a doctor edits only their own schedule).
   */
  by?: readonly Role[] | RoleGroupName;
  /** Only a person decides: never an agent or a key, whatever their credential. */
  clinical?: boolean;
  /** When the rule applies, in words for the docs; omitted: on every call. */
  when?: string;
  /**
   * Kernel-checked decisions only: the rule applies when the input has this field (and on every
   * call when omitted).
   */
  ifInput?: string;
  /** Where it is checked: by the kernel before the implementation runs, or by the implementation. */
  checkedBy: 'kernel' | 'implementation';
  /** Why, with the source where there is one (docs). */
  why?: string;
  /** The 403 message of a refusal. */
  refusal: string;
}

/** Declares a decision; the identity function that checks it says what it checks. */
export function defineDecision(decision: Decision): Decision {
  if (decision.ifInput !== undefined && decision.checkedBy !== 'kernel')
    throw new Error(`Decision "${decision.what}": ifInput needs checkedBy 'kernel'`);
  if (decision.checkedBy === 'kernel' && decision.by === undefined)
    throw new Error(`Decision "${decision.what}": the kernel checks role rules only (by)`);
  return decision;
}

/** The roles a decision names (empty when it is not a role rule). */
export function decisionRoles(decision: Pick<Decision, 'by'>): readonly Role[] {
  if (decision.by === undefined) return [];
  const { roles } = resolveRoles(decision.by);
  return roles === 'any' ? [] : roles;
}

/** The refusal of a decision, to throw. */
export function refuse(decision: Pick<Decision, 'refusal'>): Forbidden {
  return new Forbidden(decision.refusal);
}

/** True when the actor may take the decision: its role rule, and the person rule if clinical. */
export function mayDecide(decision: Decision, actor: Actor): boolean {
  const who = decision.clinical ? decidingHuman(actor) : authorityOf(actor);
  if (who?.kind !== 'user') return false;
  return decision.by === undefined || decisionRoles(decision).includes(who.role);
}

/** Throws the decision's refusal unless the actor may take it. */
export function requireDecision(decision: Decision, actor: Actor): void {
  if (!mayDecide(decision, actor)) throw refuse(decision);
}

/** The kernel-checked decisions that apply to this input, checked in order. */
export function checkDecisions(decisions: readonly Decision[], actor: Actor, input: unknown): void {
  for (const d of decisions) {
    if (d.checkedBy !== 'kernel') continue;
    if (d.ifInput !== undefined) {
      const fields = input as Record<string, unknown> | null | undefined;
      if (fields?.[d.ifInput] === undefined) continue;
    }
    requireDecision(d, actor);
  }
}
