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
  'name' | 'description' | 'memoryMb' | 'timeoutSeconds'
> & {
  /** Entry file relative to the project root. */
  entry: string;
  /**
   * A bundle budget of its own (`npm run bundles`), with the reason, where the default does not
   * fit: the MCP function carries the MCP SDK and the classic zod it is built on.
   */
  bundle?: { budgetKb: number; classicZod: boolean; reason: string };
  /** A group's declared permissions; the table level may also be `lookup` (the authorizer). */
  permissions: Omit<GroupPermissions, 'table'> & { table: TableAccess };
};

/** The project root (the folder holding package.json), whatever the current directory. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The REQUEST authorizer runs before every non-public route: it verifies a JWT (needs the signing
 * secret) or looks up an API key hash, then reads the user or key and the tenant, all by key
 * (`lookup`: GetItem only). It is on the hot path, hence the memory (more memory = more CPU =
 * shorter cold start) and a short timeout.
 */
export const AUTHORIZER: Omit<FunctionSpec, 'entry'> = {
  name: 'authorizer',
  description: 'API Gateway REQUEST authorizer: JWT or API key to principal',
  memoryMb: 512,
  timeoutSeconds: 5,
  permissions: { table: 'lookup', jwtSecret: true },
};

/**
 * Groups that hold many operations by design, with the MCP function's budget: the OpenAPI
 * function generates the document from every operation's schemas (once per container; it serves
 * nothing else), and the A2A function carries the agent catalogue and @a2a-js/sdk's server parts.
 */
const GROUP_BUNDLES: Readonly<Record<string, NonNullable<FunctionSpec['bundle']>>> = {
  openapi: {
    budgetKb: 800,
    classicZod: false,
    reason: 'the OpenAPI document is generated from every operation’s schemas',
  },
  a2a: {
    budgetKb: 800,
    classicZod: false,
    reason:
      'the agent catalogue (every operation an agent may call) and the A2A SDK’s server parts',
  },
  'agent-meta': {
    budgetKb: 800,
    classicZod: false,
    reason:
      'the discovery documents are generated from the agent catalogue, which holds every operation an agent may call',
  },
  // 400 KB until issue 16: the lab order's checks (requester, discharge hold, critical limits,
  // units) put lab at 402 KB and radiology, which places its orders through the lab's sources, at
  // 420 KB. Issue 15's module manifest is to load other modules' operations lazily.
  lab: {
    budgetKb: 440,
    classicZod: false,
    reason:
      'an order resolves its source (an encounter or an admission) and holds the admission’s discharge, so it carries the encounter and admission modules',
  },
  radiology: {
    budgetKb: 440,
    classicZod: false,
    reason:
      'an order resolves its source and requester through the lab’s order rules, so it carries the lab, encounter and admission modules; the kernel’s side-effect primitives (outbox, Idempotency-Key, output cut) add about 8 KB to every bundle',
  },
  'agent-actions': {
    budgetKb: 600,
    classicZod: false,
    reason:
      'a proposal validates its target operation’s input and the approver’s role against it: it holds the five target operations (prescription, admission, discharge, lab and radiology orders)',
  },
};

export function groupSpec(group: ManifestGroup): FunctionSpec {
  const bundle = GROUP_BUNDLES[group.name];
  return {
    name: group.name,
    description: group.description,
    memoryMb: group.memoryMb,
    timeoutSeconds: group.timeoutSeconds,
    permissions: group.permissions,
    entry: group.entry,
    ...(bundle ? { bundle } : {}),
  };
}

export function authorizerSpec(): FunctionSpec {
  return { ...AUTHORIZER, entry: functionEntry(AUTHORIZER.name) };
}

/**
 * The MCP function (shared/mcp/function.ts) behind its own Function URL, outside API Gateway: it
 * verifies credentials itself (the JWT secret), and reads and writes the table (operations, audit
 * records, rate-limit counters, SSE session mailboxes).
 */
export function mcpSpec(): FunctionSpec {
  return {
    name: MCP_FUNCTION.name,
    description: MCP_FUNCTION.description,
    memoryMb: MCP_FUNCTION.memoryMb,
    timeoutSeconds: MCP_FUNCTION.timeoutSeconds,
    entry: MCP_FUNCTION.entry,
    permissions: { table: 'readwrite', jwtSecret: true },
    bundle: {
      // The agent platform issue set 800 KB; the catalogue now spans every area (31 tools), and
      // the bundle is 833 KB. Reducing it means capabilities that load their operations lazily.
      budgetKb: 900,
      classicZod: true,
      reason:
        'the MCP SDK (protocol, Streamable HTTP transport) validates JSON-RPC with classic zod, which it imports itself; and the agent catalogue holds every operation an agent may call',
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
