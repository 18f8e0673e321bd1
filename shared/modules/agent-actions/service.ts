/**
 * Agent actions: proposals of clinical changes that a qualified person approves or rejects
 * before anything happens (docs/hitl.md). Proposing validates the change with its target
 * operation's input schema and assesses its risk; deciding is a conditional write on the state,
 * so of two concurrent decisions (or a decision and the expiry job) exactly one wins.
 */
// Registers the bus as the outbox's fast path wherever actions are proposed or decided (this file
// loads on demand, so a function that only declares proposals does not carry the bus at start).
import '../../events/bus';
import { randomUUID } from 'node:crypto';
import type { Actor, UserActor } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { defineDecision, refuse } from '../../kernel/decisions';
import { emit } from '../../kernel/effects';
import { Conflict, Forbidden, NotFound } from '../../kernel/errors';
import type { Page } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import type { Role } from '../../kernel/roles';
import { isConditionFailure } from '../../kernel/store/conditions';
import type { QuerySpec } from '../../kernel/store/store';
import { invalidField, parseOrThrow } from '../../kernel/validation';
import type * as z from '../../kernel/zod';
import { settingsChanged } from '../settings/index';
import { findUser } from '../users';
import { type ActionTypeName, actionTypeInfo } from './action-type-names';
import { type ActionTypeDef, approverRolesOf } from './action-types';
import { describePerson, whyCannotAct } from './approver';
import { DISPATCH_CHECK_AFTER_MS, emitApproved } from './dispatch';
import {
  AGENT_ACTION_PROPOSED,
  AGENT_ACTIONS_SOURCE,
  type AgentActionProposedDetail,
} from './events';
import { combineRisk, type RiskLevel } from './risk';
import {
  AgentAction,
  type AgentActionSettings,
  type HistoryEntry,
  type ListActionsInput,
  type ListPendingInput,
  type UpdateSettingsInput,
} from './schemas';
import { settingsAnswer, settingsDecision } from './settings-answer';
import {
  AgentActionRecord as ActionDef,
  type AgentActionRecord,
  agentActionKeys,
  findAction,
  newActionItem,
  readSettings,
  type SettingsRecord,
  settingsItem,
  transitionUpdate,
} from './store';

/** How an actor appears in an action's history. */
export function describeActor(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.id} (${actor.role})`;
    case 'apiKey':
      return `apiKey:${actor.id}`;
    case 'agent':
      return `${describeActor(actor.credential)} via agent ${actor.agent}`;
    case 'system':
      return `system:${actor.job}${actor.onBehalfOf ? ` for ${describeActor(actor.onBehalfOf)}` : ''}`;
  }
}

function proposerOf(actor: Actor): AgentAction['proposer'] {
  const agent = actor.kind === 'agent' ? actor.agent : undefined;
  const credential = actor.kind === 'agent' ? actor.credential : actor;
  if (credential.kind === 'user')
    return { kind: 'user', id: credential.id, role: credential.role, ...(agent ? { agent } : {}) };
  if (credential.kind === 'apiKey')
    return { kind: 'apiKey', id: credential.id, ...(agent ? { agent } : {}) };
  throw new Forbidden('Only an agent, an integration key or a person may propose an agent action');
}

function lifetimeOf(def: ActionTypeDef, settings: Awaited<ReturnType<typeof readSettings>>) {
  return settings.types[def.type]?.lifetimeMinutes ?? def.lifetimeMinutes;
}

function awaitingMessage(a: AgentActionRecord): string {
  if (a.status === 'APPROVED')
    return `Action ${a.id} (risk ${a.risk}) was approved by the hospital's auto-approval rule for ${a.type} actions and is being carried out; read it with agent-actions.get for the result.`;
  return `Action ${a.id} (risk ${a.risk}) awaits approval by a person with role ${a.approverRoles.filter((r) => r !== 'ADMIN').join(' or ') || 'ADMIN'} until ${a.expiresAt}; nothing has been changed yet.`;
}

/**
 * What the hospital's auto-approval rule for the type does with this proposal: nothing when the
 * rule is off; else approve it on behalf of the person the rule acts as, or leave it pending with
 * the reason in its history: the rule does not cover it (CRITICAL, or the type's own exclusion:
 * a prescription above LOW, a discharge with medicines), or it is suspended because that person
 * can no longer act (deactivated, role changed). A standing rule never outlives the person whose
 * authority it carries.
 */
async function autoApproval(
  ctx: Context,
  def: ActionTypeDef,
  settings: Awaited<ReturnType<typeof readSettings>>,
  risk: RiskLevel,
  targetInput: Record<string, unknown>,
  mayDecide: readonly Role[],
): Promise<{
  approveAs?: { id: string; role: Role };
  entry: Pick<HistoryEntry, 'event' | 'note'>;
} | null> {
  const rule = settings.types[def.type];
  const actsAs = rule?.autoApproveActsAs ?? rule?.autoApproveEnabledBy;
  if (!rule?.autoApprove || !actsAs) return null;
  // Auto-approval never applies to CRITICAL, whatever the setting says (spec, section 8).
  const excluded =
    risk === 'CRITICAL'
      ? 'auto-approval never covers a CRITICAL action'
      : (def.autoApprovalExclusion?.(risk, targetInput) ?? null);
  if (excluded) return { entry: { event: 'auto-approval-not-applicable', note: excluded } };
  const cannot = await whyCannotAct(ctx.store, actsAs, mayDecide);
  if (cannot)
    return {
      entry: {
        event: 'auto-approval-suspended',
        note: `auto-approval of ${def.type} actions acts as ${describePerson(actsAs)}, who ${cannot}; a person decides instead (an administrator may name another with autoApproveAs)`,
      },
    };
  return {
    approveAs: actsAs,
    entry: {
      event: 'auto-approved',
      note: `auto-approval of ${def.type} actions on behalf of ${describePerson(actsAs)}${rule.autoApproveEnabledBy && rule.autoApproveEnabledBy.id !== actsAs.id ? `, enabled by ${describePerson(rule.autoApproveEnabledBy)}` : ''}`,
    },
  };
}

/**
 * Creates an action of `def`'s type from a proposal. The target input is validated with the
 * target operation's own schema and checked against the records now (e.g. the allergy screen),
 * so an approval can never carry a change that was invalid when proposed. With auto-approval on
 * for the type, covering this proposal and its risk, and the person it acts as still able to act,
 * it is created approved (on that person's behalf) and dispatched at once (autoApproval).
 */
export async function propose(
  ctx: Context,
  def: ActionTypeDef,
  input: Record<string, unknown> & { rationale: string },
) {
  const { rationale, ...proposal } = input;
  const proposer = proposerOf(ctx.actor);
  const targetInput = parseOrThrow(def.target.input, def.toTargetInput(proposal)) as Record<
    string,
    unknown
  >;
  const [assessment, settings] = await Promise.all([
    def.assess(ctx, targetInput),
    readSettings(ctx.store),
  ]);
  const { risk, reasons } = combineRisk(assessment.findings);
  const now = ctx.now.toISOString();
  const expiresAt = new Date(ctx.now.getTime() + lifetimeOf(def, settings) * 60_000).toISOString();
  const mayDecide = approverRolesOf(def, targetInput);
  const history: HistoryEntry[] = [
    { at: now, event: 'proposed', status: 'PENDING', by: describeActor(ctx.actor) },
  ];
  const action: AgentActionRecord = {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    type: def.type,
    status: 'PENDING',
    risk,
    riskReasons: reasons,
    patientId: assessment.patientId,
    patientName: assessment.patientName,
    summary: assessment.summary,
    ...(assessment.cards ? { cards: assessment.cards } : {}),
    operation: def.target.name,
    input: targetInput,
    approverRoles: mayDecide,
    proposer,
    rationale,
    createdAt: now,
    expiresAt,
    history,
  };
  const auto = await autoApproval(ctx, def, settings, risk, targetInput, mayDecide);
  if (auto?.approveAs) {
    action.status = 'APPROVED';
    action.decision = {
      by: 'auto-approval',
      userId: auto.approveAs.id,
      role: auto.approveAs.role,
      at: now,
    };
    action.dispatchAttempts = 1;
  }
  if (auto)
    history.push({ at: now, by: 'rule:auto-approval', status: action.status, ...auto.entry });
  const due =
    action.status === 'APPROVED'
      ? {
          queue: 'DISPATCH' as const,
          at: new Date(ctx.now.getTime() + DISPATCH_CHECK_AFTER_MS).toISOString(),
        }
      : { queue: 'EXPIRY' as const, at: expiresAt };
  // An auto-approved action's event commits with it (the outbox) and is published after.
  if (action.status === 'APPROVED') emitApproved(ctx, action);
  // A pending one tells the people who may decide it (notifications), with its change.
  else emitProposed(ctx, action);
  await ctx.store.put({
    Item: newActionItem(ctx.store, action, due),
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return { ...view(AgentAction, action), message: awaitingMessage(action) };
}

export async function requireAction(ctx: Context, id: string): Promise<AgentActionRecord> {
  const action = await findAction(ctx.store, id);
  if (!action) throw new NotFound(`Agent action ${id} not found`);
  return action;
}

export async function getAction(ctx: Context, input: { id: string }) {
  return view(AgentAction, await requireAction(ctx, input.id));
}

/** Pending actions (the spec's list), newest first, by type, risk or patient. */
export function listPending(ctx: Context, input: z.output<typeof ListPendingInput>) {
  return listActions(ctx, { ...input, status: 'PENDING' });
}

/**
 * One Query: by patient (gsi3) when a patient is given, else by status (gsi2) when one is given,
 * else every action (gsi1); the other criteria filter that Query, so a page may hold fewer than
 * `limit` items while `nextCursor` still leads on.
 */
export async function listActions(
  ctx: Context,
  input: z.output<typeof ListActionsInput>,
): Promise<Page<AgentAction>> {
  const keys = agentActionKeys(ctx.store);
  const spec: QuerySpec = input.patientId
    ? { index: 'gsi3', partition: keys.byPatient(input.patientId), newestFirst: true }
    : input.status
      ? { index: 'gsi2', partition: keys.byStatus(input.status), newestFirst: true }
      : { index: 'gsi1', partition: keys.all(), newestFirst: true };
  const filters: [string, unknown][] = [];
  if (input.patientId && input.status) filters.push(['status', input.status]);
  if (input.type) filters.push(['type', input.type]);
  if (input.risk) filters.push(['risk', input.risk]);
  if (filters.length) {
    spec.filter = {
      expression: filters.map(([f]) => `#f_${f} = :f_${f}`).join(' AND '),
      names: Object.fromEntries(filters.map(([f]) => [`#f_${f}`, f])),
      values: Object.fromEntries(filters.map(([f, v]) => [`:f_${f}`, v])),
    };
  }
  return ctx.store.queryPage(spec, input, (item) => view(AgentAction, ActionDef.read(item)));
}

/**
 * Who may decide an action (declared on agent-actions.approve and .reject, operations.ts): a
 * signed-in person (never an API key, never an agent, even with a person's token: the operations
 * are humanOnly), whose role may run the target operation (recorded on the action when it was
 * proposed), and who did not propose it.
 */
export const approverDecision = defineDecision({
  what: 'approve or reject an agent action',
  when: "always: a signed-in person whose role may run the action's operation (recorded on the action when proposed; ADMIN always)",
  checkedBy: 'implementation',
  refusal:
    'Role <role> may not <approve|reject> a <type> action: it needs <the roles that may run its operation>',
});

export const notProposerDecision = defineDecision({
  what: 'approve or reject an agent action',
  when: 'the caller proposed it: a proposal is decided by someone else',
  checkedBy: 'implementation',
  refusal: 'The proposer of agent action <id> may not <approve|reject> it',
});

function decider(ctx: Context, action: AgentActionRecord, verb: 'approve' | 'reject'): UserActor {
  const { actor } = ctx;
  if (actor.kind !== 'user')
    throw new Forbidden(`Only a signed-in person may ${verb} an agent action`);
  if (!action.approverRoles.includes(actor.role))
    throw new Forbidden(
      `Role ${actor.role} may not ${verb} a ${action.type} action: it needs ${action.approverRoles.join(' or ')} (the roles that may run ${action.operation})`,
    );
  if (action.proposer.kind === 'user' && action.proposer.id === actor.id)
    throw new Forbidden(`The proposer of agent action ${action.id} may not ${verb} it`);
  return actor;
}

function notPending(action: AgentActionRecord): Conflict {
  return new Conflict(
    `Agent action ${action.id} is ${action.status}, not PENDING; it can no longer be decided`,
    { status: action.status },
  );
}

/** After a lost condition: say what the action became (decided or expired meanwhile). */
async function lostRace(ctx: Context, id: string, now: Date): Promise<Conflict> {
  const latest = await requireAction(ctx, id);
  if (latest.status === 'PENDING' && Date.parse(latest.expiresAt) <= now.getTime())
    return new Conflict(`Agent action ${id} expired at ${latest.expiresAt}`, { status: 'EXPIRED' });
  return notPending(latest);
}

async function decide(
  ctx: Context,
  id: string,
  verb: 'approve' | 'reject',
  reason: string | undefined,
) {
  const action = await requireAction(ctx, id);
  const human = decider(ctx, action, verb);
  if (action.status !== 'PENDING') throw notPending(action);
  const nowIso = ctx.now.toISOString();
  if (Date.parse(action.expiresAt) <= ctx.now.getTime())
    throw new Conflict(`Agent action ${id} expired at ${action.expiresAt}`, { status: 'EXPIRED' });
  const to = verb === 'approve' ? 'APPROVED' : 'REJECTED';
  const decision = {
    by: 'user' as const,
    userId: human.id,
    role: human.role,
    at: nowIso,
    ...(reason ? { reason } : {}),
  };
  // The approval and its event commit together (the outbox); published once it has.
  if (to === 'APPROVED')
    emitApproved(ctx, { tenantId: action.tenantId, id: action.id, type: action.type, decision });
  try {
    const attributes = await ctx.store.update({
      ...transitionUpdate(ctx.store, action, {
        from: 'PENDING',
        to,
        set: { decision, ...(to === 'APPROVED' ? { dispatchAttempts: 1 } : {}) },
        history: {
          at: nowIso,
          event: verb === 'approve' ? 'approved' : 'rejected',
          status: to,
          by: describeActor(ctx.actor),
          ...(reason ? { note: reason } : {}),
        },
        due:
          to === 'APPROVED'
            ? {
                queue: 'DISPATCH',
                at: new Date(ctx.now.getTime() + DISPATCH_CHECK_AFTER_MS).toISOString(),
              }
            : null,
        // Race-safe against the expiry job: an action past its time cannot be decided.
        also: {
          expression: '#expiresAt > :now',
          names: { '#expiresAt': 'expiresAt' },
          values: { ':now': nowIso },
        },
      }),
      ReturnValues: 'ALL_NEW',
    });
    return view(AgentAction, ActionDef.read(attributes ?? {}));
  } catch (err) {
    if (isConditionFailure(err)) throw await lostRace(ctx, id, ctx.now);
    throw err;
  }
}

export function approve(ctx: Context, input: { id: string; note?: string | undefined }) {
  return decide(ctx, input.id, 'approve', input.note);
}

export function reject(ctx: Context, input: { id: string; reason: string }) {
  return decide(ctx, input.id, 'reject', input.reason);
}

type SettingsChange = Partial<
  Pick<z.output<typeof AgentActionSettings>['types'][number], 'autoApprove' | 'lifetimeMinutes'>
> & { autoApproveAs?: string | undefined };

/**
 * The settings answer's list sent back as the update, as a map of changes: only what differs from
 * what the answer shows now, so sending the answer back unchanged changes nothing.
 */
function changesOfList(
  list: readonly (SettingsChange & { type: ActionTypeName })[],
  settings: Awaited<ReturnType<typeof readSettings>>,
  fieldPrefix: string,
): Partial<Record<ActionTypeName, SettingsChange>> {
  const shown = new Map(settingsAnswer(settings).types.map((t) => [t.type, t]));
  const changes: Partial<Record<ActionTypeName, SettingsChange>> = {};
  list.forEach((entry, i) => {
    if (changes[entry.type] || list.findIndex((e) => e.type === entry.type) !== i)
      throw invalidField(`${fieldPrefix}.${i}.type`, `${entry.type} appears more than once`);
    const now = shown.get(entry.type);
    const change: SettingsChange = {};
    if (entry.autoApprove !== undefined && entry.autoApprove !== now?.autoApprove)
      change.autoApprove = entry.autoApprove;
    if (entry.lifetimeMinutes !== undefined && entry.lifetimeMinutes !== now?.lifetimeMinutes)
      change.lifetimeMinutes = entry.lifetimeMinutes;
    if (entry.autoApproveAs !== undefined && entry.autoApproveAs !== now?.autoApproveAs)
      change.autoApproveAs = entry.autoApproveAs;
    if (Object.keys(change).length) changes[entry.type] = change;
  });
  return changes;
}

export async function getSettings(ctx: Context) {
  return settingsAnswer(await readSettings(ctx.store));
}

/**
 * The person auto-approved actions of a type act as, checked now: an active user holding a role
 * that may decide the type (a doctor for prescriptions, never the administrator). 400 naming
 * `types.<type>.autoApproveAs` otherwise.
 */
async function autoApprover(ctx: Context, type: ActionTypeName, id: string, fieldPrefix: string) {
  // From the catalogue: the declaring module need not be loaded in this function.
  const mayDecide: Role[] = [...actionTypeInfo(type).approverRoles];
  const field = `${fieldPrefix}.${type}.autoApproveAs`;
  const user = await findUser(ctx.store, id);
  const cannot = user
    ? await whyCannotAct(ctx.store, { id: user.id, role: user.role }, mayDecide)
    : 'does not exist';
  if (!user || cannot)
    throw invalidField(
      field,
      `must name an active ${mayDecide.join(' or ')} of the hospital: auto-approved ${type} actions run on that person's authority (${id} ${cannot})`,
    );
  return { id: user.id, role: user.role };
}

/**
 * The settings after a change of auto-approval and lifetimes per type (the answer's list or a map
 * of changes), checked: whoever turns auto-approval on is recorded, and so is the person
 * auto-approved actions act as (`autoApproveAs`, by default that administrator): a person who may
 * approve the type. Refused unless the caller is a signed-in person. Writes nothing: the caller
 * stores the result (`settingsItem`), alone or with other settings (`PUT /settings`).
 */
export async function applySettingsChanges(
  ctx: Context,
  read: SettingsRecord,
  input: z.output<typeof UpdateSettingsInput>['types'],
  fieldPrefix = 'types',
): Promise<{ settings: SettingsRecord; changed: ActionTypeName[] }> {
  const admin = ctx.actor.kind === 'user' ? ctx.actor : undefined;
  if (!admin) throw refuse(settingsDecision);
  const settings: SettingsRecord = { types: { ...read.types } };
  const now = ctx.now.toISOString();
  const types = Array.isArray(input) ? changesOfList(input, read, fieldPrefix) : input;
  const changed: ActionTypeName[] = [];
  for (const [type, change] of Object.entries(types) as [
    ActionTypeName,
    (
      | {
          autoApprove?: boolean | undefined;
          autoApproveAs?: string | undefined;
          lifetimeMinutes?: number | undefined;
        }
      | undefined
    ),
  ][]) {
    if (!change) continue;
    const current = read.types[type];
    const autoApprove = change.autoApprove ?? current?.autoApprove ?? false;
    const turnedOn = autoApprove && !current?.autoApprove;
    const lifetimeMinutes = change.lifetimeMinutes ?? current?.lifetimeMinutes;
    const enabledBy = turnedOn ? { id: admin.id, role: admin.role } : current?.autoApproveEnabledBy;
    const actsAs =
      autoApprove && (turnedOn || change.autoApproveAs !== undefined)
        ? await autoApprover(ctx, type, change.autoApproveAs ?? admin.id, fieldPrefix)
        : (current?.autoApproveActsAs ?? current?.autoApproveEnabledBy);
    settings.types[type] = {
      autoApprove,
      ...(lifetimeMinutes !== undefined ? { lifetimeMinutes } : {}),
      ...(autoApprove && enabledBy ? { autoApproveEnabledBy: enabledBy } : {}),
      ...(autoApprove && actsAs ? { autoApproveActsAs: actsAs } : {}),
      updatedAt: now,
    };
    changed.push(type);
  }
  return { settings, changed };
}

/** Sets auto-approval and lifetimes per type: a last-writer-wins document (admins only). */
export async function updateSettings(ctx: Context, input: z.output<typeof UpdateSettingsInput>) {
  const { settings } = await applySettingsChanges(ctx, await readSettings(ctx.store), input.types);
  // Raises the hospital's settings version with it (docs/settings.md).
  ctx.store.alongside(
    settingsChanged(ctx.store, ctx.actor, ctx.now.toISOString(), 'agents.actionTypes'),
  );
  await ctx.store.put({ Item: settingsItem(ctx.store, settings) });
  return settingsAnswer(settings);
}

function emitProposed(ctx: Context, action: AgentActionRecord): void {
  const detail: AgentActionProposedDetail = {
    eventId: `agent-action-proposed:${action.id}`,
    tenantId: action.tenantId,
    actionId: action.id,
    type: action.type,
    risk: action.risk,
    approverRoles: [...action.approverRoles],
    expiresAt: action.expiresAt,
  };
  emit(ctx, { source: AGENT_ACTIONS_SOURCE, detailType: AGENT_ACTION_PROPOSED, detail });
}
