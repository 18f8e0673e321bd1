import { fileURLToPath } from 'node:url';
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

export function groupSpec(group: ManifestGroup): FunctionSpec {
  return {
    name: group.name,
    description: group.description,
    memoryMb: group.memoryMb,
    timeoutSeconds: group.timeoutSeconds,
    permissions: group.permissions,
    entry: group.entry,
  };
}

export function authorizerSpec(): FunctionSpec {
  return { ...AUTHORIZER, entry: functionEntry(AUTHORIZER.name) };
}

/** Refuses group names the stacks cannot use. */
export function checkGroupNames(groups: readonly Pick<ManifestGroup, 'name'>[]): void {
  const names = new Set<string>();
  for (const g of groups) {
    if (g.name === AUTHORIZER.name)
      throw new Error(`Group name "${AUTHORIZER.name}" is reserved for the API authorizer`);
    if (!/^[a-z][a-z0-9-]*$/.test(g.name))
      throw new Error(
        `Group name "${g.name}" must be lower-case kebab-case (it names a folder and a construct)`,
      );
    if (names.has(g.name)) throw new Error(`Group "${g.name}" is declared twice`);
    names.add(g.name);
  }
}

/** All functions: the groups in manifest order, then the authorizer. */
export function functionSpecs(
  groups: readonly ManifestGroup[] = readManifest().groups,
): FunctionSpec[] {
  checkGroupNames(groups);
  return [...groups.map(groupSpec), authorizerSpec()];
}
