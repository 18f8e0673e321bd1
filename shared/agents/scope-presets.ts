/**
 * What an agent scope brings with it for agent tools (MCP) and skills (A2A): the read scopes an
 * agent of that kind needs to find what its own tools act on. A reception agent books
 * appointments, so it must find the patient, the doctor and a free slot; a clinical agent proposes
 * for a patient's encounter, so it must find them and follow its proposals. Declared once here; the
 * scope filter (scope.ts) and the scopes' descriptions (docs, dashboard) read it.
 *
 * These apply to agent capabilities only: over REST a key keeps exactly the scopes it was given.
 */
import type { Scope } from '../kernel/scopes';

export const AGENT_SCOPE_INCLUDES: Readonly<Partial<Record<Scope, readonly Scope[]>>> = {
  'agents:reception:write': ['patients:read', 'doctors:read', 'appointments:read'],
  'agents:operations:read': ['doctors:read'],
  'agents:clinical:propose': ['patients:read', 'encounters:read', 'agent-actions:read'],
};

/** The scopes a key holds for agent capabilities: its own and what its agent scopes include. */
export function agentScopes(scopes: readonly Scope[]): Set<Scope> {
  const all = new Set<Scope>(scopes);
  for (const s of scopes) for (const included of AGENT_SCOPE_INCLUDES[s] ?? []) all.add(included);
  return all;
}

/** ", and for its tools patients:read, doctors:read" — the tail of an agent scope's description. */
export function includesNote(scope: Scope): string {
  const included = AGENT_SCOPE_INCLUDES[scope];
  return included?.length
    ? `; its tools also find what they need (${included.join(', ')} for agent tools and skills)`
    : '';
}
