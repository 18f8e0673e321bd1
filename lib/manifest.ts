/**
 * The only module of lib/ that reads the module manifests (shared/modules, shared/api and
 * shared/http/route). Everything the CDK app needs from them is copied here into lib's own shapes,
 * so a change of the manifests' shapes is ported in this file alone. Do not import shared/api,
 * shared/modules or shared/http/route anywhere else in lib/.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupEntry, isPublicRoute, routeName } from '../shared/http/route';
import { groupAreasOf, groupsOf, pageScriptsOf, routesOf } from '../shared/manifest/derive';
import type { ModuleManifest } from '../shared/manifest/module';
import { MODULES } from '../shared/modules/index';
import { type AreaName, isAreaName } from './areas';

/** Every page script (asset name → entry file), from the modules' manifests. */
export const PAGE_SCRIPTS: Readonly<Record<string, string>> = pageScriptsOf(MODULES);

/** The area of every group, from its module's manifest. */
export const GROUP_AREAS: Readonly<Record<string, AreaName>> = groupAreasOf(MODULES);

/** The project root, relative to which bundles name their files. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What a group's function may touch; lib/functions.ts turns it into least-privilege grants. */
export interface GroupPermissions {
  table: 'none' | 'read' | 'readwrite';
  /**
   * Reads the private signing keys (`sign`) or their public half (`verify`), or writes both
   * (`rotate`, the rotation function only): lib/signing-keys.ts.
   */
  tokenKeys?: 'sign' | 'verify' | 'rotate';
  events?: boolean;
  /** It runs agent calls and appends their audit records (lib/table-grants.ts). */
  writesAgentAudit?: boolean;
  /** false: it never touches patient data, so it may not append patient access records either. */
  patientData?: boolean;
}

/**
 * The table access a group's function gets: what it declares, narrowed to `read` when every route
 * of the group is an operation that only reads (a group declares `readwrite` by default, so a new
 * read-only module is read-only on AWS without saying so). The REST edge writes nothing on a read
 * (shared/edge), so a read operation's function needs no write action.
 */
export function effectiveTableAccess(
  declared: GroupPermissions['table'],
  routeKinds: readonly string[],
): GroupPermissions['table'] {
  if (declared !== 'readwrite' || !routeKinds.length) return declared;
  return routeKinds.every((k) => k === 'read') ? 'read' : declared;
}

/** One resource group of the manifest: one Lambda function. */
export interface ManifestGroup {
  /** Function name, also the folder under functions/ and part of construct ids. */
  name: string;
  description: string;
  memoryMb: number;
  timeoutSeconds: number;
  permissions: GroupPermissions;
  /** Entry file relative to the project root. */
  entry: string;
  /**
   * For the generic REST entry: the file that declares the group (relative to the project root),
   * which the bundle aliases as `@hms/rest-group`, and the group's name (lib/bundling.ts).
   */
  restGroup?: { source: string; name: string };
  /** Its own bundle budget with the reason, where the default does not fit (npm run bundles). */
  bundle?: { budgetKb: number; classicZod: boolean; reason: string };
  /** The nested stack that holds its function and methods (shared/manifest/areas.ts). */
  area: AreaName;
}

/** One route of the manifest: one API Gateway method, proxied to its group's function. */
export interface ManifestRoute {
  method: string;
  /** API Gateway style template, e.g. `/patients/{id}`. */
  path: string;
  group: string;
  /** No credential needed: no authorizer on the method. */
  isPublic: boolean;
  /** Unique readable name (the operation, e.g. `patients.register`): the method's operation name and nag reasons. */
  label: string;
}

export interface Manifest {
  groups: readonly ManifestGroup[];
  routes: readonly ManifestRoute[];
}

/**
 * The manifest with each group's area from `areaOf` (default: lib/areas.ts). Throws when a group
 * has no area or the area map names a group the manifest does not have.
 */
export function readManifest(
  areas?: Readonly<Record<string, string>>,
  modules: readonly ModuleManifest[] = MODULES,
): Manifest {
  const areaOf = areas ?? groupAreasOf(modules);
  const problems: string[] = [];
  const all = groupsOf(modules);
  const allRoutes = routesOf(modules);
  /** `read` / `write` for an operation's route, its kind (rpc, page, static) for the others. */
  const kindsOf = (group: string) =>
    allRoutes
      .filter((r) => r.group === group)
      .map((r) => (r.kind === 'operation' ? r.op.kind : r.kind));
  const groups = all.map((g): ManifestGroup => {
    const area = areaOf[g.name];
    if (area === undefined)
      problems.push(`group "${g.name}" has no area: its module's manifest names one`);
    else if (!isAreaName(area))
      problems.push(
        `group "${g.name}" has the unknown area "${area}" (AREAS in shared/manifest/areas.ts)`,
      );
    if (!g.entry && !g.source)
      problems.push(
        `group "${g.name}" has neither a handler of its own (entry) nor its source file (source: import.meta.url)`,
      );
    return {
      name: g.name,
      description: g.description,
      memoryMb: g.memoryMb,
      timeoutSeconds: g.timeoutSeconds,
      permissions: {
        table: effectiveTableAccess(g.permissions.table, kindsOf(g.name)),
        ...(g.permissions.tokenKeys ? { tokenKeys: g.permissions.tokenKeys } : {}),
        events: g.permissions.events ?? false,
        writesAgentAudit: g.permissions.writesAgentAudit ?? false,
        ...(g.permissions.patientData === false ? { patientData: false } : {}),
      },
      entry: groupEntry(g),
      ...(!g.entry && g.source
        ? { restGroup: { source: relative(ROOT, fileURLToPath(g.source)), name: g.name } }
        : {}),
      ...(g.bundle ? { bundle: { classicZod: false, ...g.bundle } } : {}),
      area: area as AreaName,
    };
  });
  for (const name of Object.keys(areaOf)) {
    if (!all.some((g) => g.name === name))
      problems.push(`the area map names "${name}", which is not a group of the manifests`);
  }
  if (problems.length) throw new Error(`Route manifest: ${problems.join('; ')}`);

  const routes = allRoutes.map(
    (r): ManifestRoute => ({
      method: r.method,
      path: r.path,
      group: r.group,
      isPublic: isPublicRoute(r),
      label: routeName(r),
    }),
  );
  return { groups, routes };
}

/** Entry file of a function that is not a group of the manifest (the authorizer). */
export function functionEntry(name: string): string {
  return `functions/${name}/handler.ts`;
}
