/**
 * The only module of lib/ that reads the route manifest (shared/api and shared/http/route).
 * Everything the CDK app needs from it is copied here into lib's own shapes, so a change of the
 * manifest's shapes is ported in this file alone. Do not import shared/api or shared/http/route
 * anywhere else in lib/.
 */
import { allRoutes, GROUPS } from '../shared/api/index';
import { groupEntry, isPublicRoute, routeName } from '../shared/http/route';
import { type AreaName, GROUP_AREAS, isAreaName } from './areas';

/** What a group's function may touch; lib/functions.ts turns it into least-privilege grants. */
export interface GroupPermissions {
  table: 'none' | 'read' | 'readwrite';
  jwtSecret?: boolean;
  events?: boolean;
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
  /** The nested stack that holds its function and methods (lib/areas.ts). */
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
export function readManifest(areaOf: Readonly<Record<string, string>> = GROUP_AREAS): Manifest {
  const problems: string[] = [];
  const groups = GROUPS.map((g): ManifestGroup => {
    const area = areaOf[g.name];
    if (area === undefined)
      problems.push(`group "${g.name}" has no area: add it to GROUP_AREAS in lib/areas.ts`);
    else if (!isAreaName(area))
      problems.push(`group "${g.name}" has the unknown area "${area}" (AREAS in lib/areas.ts)`);
    return {
      name: g.name,
      description: g.description,
      memoryMb: g.memoryMb,
      timeoutSeconds: g.timeoutSeconds,
      permissions: {
        table: g.permissions.table,
        jwtSecret: g.permissions.jwtSecret ?? false,
        events: g.permissions.events ?? false,
      },
      entry: groupEntry(g),
      area: area as AreaName,
    };
  });
  for (const name of Object.keys(areaOf)) {
    if (!GROUPS.some((g) => g.name === name))
      problems.push(`GROUP_AREAS names "${name}", which is not a group of the route manifest`);
  }
  if (problems.length) throw new Error(`Route manifest: ${problems.join('; ')}`);

  const routes = allRoutes().map(
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
  return groupEntry({ name });
}
