/**
 * Who is acting. Every operation runs for an actor, whatever the transport:
 * - a signed-in staff `user` (their role decides),
 * - an `apiKey` of an integration (its scopes decide),
 * - an `agent` (an MCP or A2A client) acting with a user's token or a key: the credential decides,
 * - the `system`: a scheduled job, or an executor carrying out an action a human approved, in
 *   which case it acts on behalf of that human and their role decides.
 */
import type { Role } from './roles';
import type { Scope } from './scopes';

export interface UserActor {
  kind: 'user';
  id: string;
  role: Role;
  /**
   * Present when the user's authority reaches us through an OAuth access token that an agent holds
   * (shared/modules/oauth): the grant the user consented to, whose scopes narrow what the role
   * allows. A signed-in user's own session token has none.
   */
  grant?: TokenGrant;
}

/** An OAuth grant: a user let a client (an agent) act with these scopes. */
export interface TokenGrant {
  id: string;
  clientId: string;
  scopes: readonly Scope[];
}

export interface ApiKeyActor {
  kind: 'apiKey';
  id: string;
  scopes: readonly Scope[];
  /** The key's name as its administrator gave it ("reception agent"), for the audit log. */
  name?: string;
}

export interface AgentActor {
  kind: 'agent';
  /** The client's name for itself (MCP clientInfo, A2A agent), for the audit log. */
  agent: string;
  credential: UserActor | ApiKeyActor;
}

export interface SystemActor {
  kind: 'system';
  /** The job or executor, e.g. `agent-actions.expiry`. */
  job: string;
  /** The human whose approval this run carries out, when there is one. */
  onBehalfOf?: UserActor;
}

export type Actor = UserActor | ApiKeyActor | AgentActor | SystemActor;

/** Before a credential is verified (public operations: registration, sign-in, health). */
export interface Anonymous {
  kind: 'anonymous';
}

/** Whose permissions apply: the user, the key, the agent's credential, or the approving human. */
export function authorityOf(actor: Actor): UserActor | ApiKeyActor | null {
  switch (actor.kind) {
    case 'user':
    case 'apiKey':
      return actor;
    case 'agent':
      return actor.credential;
    case 'system':
      return actor.onBehalfOf ?? null;
  }
}

/**
 * The human who took this decision, for decisions only a clinician may take (e.g. NEWS2 SpO2
 * Scale 2): a signed-in user, or the human who approved what the system now carries out. An agent
 * never decides, even with a user's token: its proposals go through approval instead.
 */
export function decidingHuman(actor: Actor): UserActor | null {
  if (actor.kind === 'user') return actor;
  if (actor.kind === 'system') return actor.onBehalfOf ?? null;
  return null;
}

/** The id recorded as "by" on what the actor writes (history entries, createdBy, prescriber). */
export function actorId(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
    case 'apiKey':
      return actor.id;
    case 'agent':
      return actor.credential.id;
    case 'system':
      return actor.onBehalfOf?.id ?? `system:${actor.job}`;
  }
}

/** The role whose rules apply, if a human's authority is in play. */
export function actingRole(actor: Actor): Role | undefined {
  const authority = authorityOf(actor);
  return authority?.kind === 'user' ? authority.role : undefined;
}
