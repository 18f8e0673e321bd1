/**
 * The REST view of the module list (shared/modules/index.ts): every resource group (one Lambda
 * function each) and its routes, derived from the modules' manifests. API Gateway, the local
 * runtime, the docs, the OpenAPI document and the access tests read it from here.
 */
import type { GroupDef } from '../http/route';
import { groupsOf, type ModuleGroup, type ModuleRoute, routesOf } from '../manifest/derive';
import { MODULES } from '../modules/index';

export const GROUPS: readonly ModuleGroup[] = groupsOf(MODULES);

/** A route with the group (function) that serves it and the module that declares it. */
export type ManifestRoute = ModuleRoute;

export function allRoutes(): ManifestRoute[] {
  return routesOf(MODULES);
}

/** A group by name. */
export function groupNamed(name: string): GroupDef {
  const group = GROUPS.find((g) => g.name === name);
  if (!group) throw new Error(`No group named ${name}`);
  return group;
}
