import { fileURLToPath } from 'node:url';
import { MCP_FUNCTION } from '../shared/mcp/function';
import { functionEntry, type GroupPermissions, type ManifestGroup, readManifest } from './manifest';
import type { TableAccess } from './table-grants';

/**
 * Every Lambda function of the API: one per resource group of the route manifest, plus the
 * authorizer. The stacks and `bin/bundles.ts` both take their list from here.
 */
export type FunctionSpec = Pick<
  ManifestGroup,
  'name' | 'description' | 'memoryMb' | 'timeoutSeconds' | 'restGroup'
> & {
  /** Entry file relative to the project root. */
  entry: string;
  /**
   * A bundle budget of its own (`npm run bundles`), with the reason, where the default does not
   * fit: declared by the group (its `bundle`), or here for the MCP function, which carries the MCP
   * SDK and the classic zod it is built on.
   */
  bundle?: { budgetKb: number; classicZod: boolean; reason: string };
  /** A group's declared permissions; the table level may also be `lookup` (the authorizer). */
  permissions: Omit<GroupPermissions, 'table'> & {
    table: TableAccess;
    /**
     * It works across tenants (a scheduled job reading due work of every hospital), so it cannot
     * use a tenant session: its table grant has no LeadingKeys condition, and this says why.
     * Every other function with table access reaches tenants' items only through tenant sessions
     * (lib/functions.ts, shared/kernel/store/tenant-credentials.ts).
     */
    crossTenant?: {
      reason: string;
      /**
       * It may also Scan the table (no other function may: a Scan reads every tenant), and this
       * says why. Only ever a cross-tenant job, whose grant already reaches every item.
       */
      scan?: { reason: string };
    };
    /**
     * A tenant-scoped Scan of the table (the hospital export, lib/events-stack.ts
     * `tenant-export`): IAM cannot confine a Scan to a tenant (`dynamodb:LeadingKeys` does not
     * apply to it), so its tenant role may Scan the whole table, says why here, and may write only
     * its tenant's `writes` partitions (`TENANT#<t>#<writes>` and below). No request-serving
     * function may have it (test/cdk/production.test.ts names the exceptions).
     */
    scansTable?: { reason: string; writes: string };
  };
};

/** The project root (the folder holding package.json), whatever the current directory. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The REQUEST authorizer runs before every non-public route: it verifies a JWT (with the public
 * signing keys) or looks up an API key hash, then reads the user or key and the tenant, all by key
 * (`lookup`: GetItem only). It is on the hot path, hence the memory (more memory = more CPU =
 * shorter cold start) and a short timeout.
 */
export const AUTHORIZER: Omit<FunctionSpec, 'entry'> = {
  name: 'authorizer',
  description: 'API Gateway REQUEST authorizer: JWT or API key to principal',
  memoryMb: 512,
  timeoutSeconds: 5,
  permissions: { table: 'lookup', tokenKeys: 'verify' },
};

export function groupSpec(group: ManifestGroup): FunctionSpec {
  return {
    name: group.name,
    description: group.description,
    memoryMb: group.memoryMb,
    timeoutSeconds: group.timeoutSeconds,
    permissions: group.permissions,
    entry: group.entry,
    ...(group.restGroup ? { restGroup: group.restGroup } : {}),
    ...(group.bundle ? { bundle: group.bundle } : {}),
  };
}

export function authorizerSpec(): FunctionSpec {
  return { ...AUTHORIZER, entry: functionEntry(AUTHORIZER.name) };
}

/**
 * The MCP function (shared/mcp/function.ts) behind its own Function URL, outside API Gateway: it
 * verifies credentials itself (the public signing keys), and reads and writes the table (operations, audit
 * records, rate-limit counters, SSE session mailboxes, and as its own OAuth authorization server:
 * clients, codes, token lookups and grants; docs/mcp-authorization.md).
 */
export function mcpSpec(): FunctionSpec {
  return {
    name: MCP_FUNCTION.name,
    description: MCP_FUNCTION.description,
    memoryMb: MCP_FUNCTION.memoryMb,
    timeoutSeconds: MCP_FUNCTION.timeoutSeconds,
    entry: MCP_FUNCTION.entry,
    // Every tool call appends its agent audit record (shared/agents/run.ts).
    // It verifies session tokens with the public keys only: it can sign nothing (lib/signing-keys.ts).
    permissions: { table: 'readwrite', tokenKeys: 'verify', writesAgentAudit: true },
    bundle: {
      budgetKb: 600,
      classicZod: true,
      reason:
        "issue 15's ceiling for the agent functions: the MCP SDK (protocol, Streamable HTTP transport) with the classic zod it imports itself to validate JSON-RPC, credential verification (jose, the public signing keys) and the agent catalogue as data (every tool's input schema; about 571 KB); the output schemas (first tools/list) and the modules whose tools it calls load on demand.",
    },
  };
}

/** Refuses group names the stacks cannot use. */
export function checkGroupNames(groups: readonly Pick<ManifestGroup, 'name'>[]): void {
  const names = new Set<string>();
  for (const g of groups) {
    if (g.name === AUTHORIZER.name)
      throw new Error(`Group name "${AUTHORIZER.name}" is reserved for the API authorizer`);
    if (g.name === MCP_FUNCTION.name)
      throw new Error(`Group name "${MCP_FUNCTION.name}" is reserved for the MCP function`);
    if (!/^[a-z][a-z0-9-]*$/.test(g.name))
      throw new Error(
        `Group name "${g.name}" must be lower-case kebab-case (it names a folder and a construct)`,
      );
    if (names.has(g.name)) throw new Error(`Group "${g.name}" is declared twice`);
    names.add(g.name);
  }
}

/**
 * All functions: the groups in manifest order, the authorizer, and the MCP function when the
 * manifest has the agents area (it is deployed in that area's stack).
 */
export function functionSpecs(
  groups: readonly ManifestGroup[] = readManifest().groups,
): FunctionSpec[] {
  checkGroupNames(groups);
  const mcp = groups.some((g) => g.area === 'agents') ? [mcpSpec()] : [];
  return [...groups.map(groupSpec), authorizerSpec(), ...mcp];
}
