/**
 * Everything the rest of the system knows about the modules, derived from their manifests: pure
 * functions of a list of manifests, so a test can pass a fixture module and see it everywhere
 * (test/unit/architecture/manifest-derivations.test.ts). shared/modules/index.ts applies them to
 * the one list of modules; nothing else lists modules, groups, scopes or capabilities.
 */
import {
  type CapabilityInfo,
  capabilityInfo,
  type DeclaredCapability,
  outputJsonSchema,
  type Skill,
} from '../agents/capability';
import type { GroupDef, Route } from '../http/route';
import { allowedRoles } from '../kernel/access';
import { ROLE_GROUPS, ROLES, type Role } from '../kernel/roles';
import { type ActionTypeDef, approverRoles } from '../modules/agent-actions/index';
import { ACTION_READERS } from '../modules/agent-actions/operations';
import type { AreaName } from './areas';
import { proposalCapability, proposalRoute } from './hitl';
import type {
  ChargeSource,
  DischargeHold,
  ModuleManifest,
  PageAudience,
  ShellPageInfo,
  StateTable,
} from './module';

/** A group with the module that declares it and its deployment area. */
export type ModuleGroup = GroupDef & { module: string; area: AreaName };

/**
 * A route with the group (function) that serves it and the module it belongs to: an operation's
 * module (the prefix of its name; a proposal of agent actions belongs to agent-actions, whichever
 * module's group serves it), else the module that declares the group.
 */
export type ModuleRoute = Route & { group: string; module: string };

const NAME_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Every REST group, in module order. */
export function groupsOf(modules: readonly ModuleManifest[]): ModuleGroup[] {
  return modules.flatMap((m) => m.groups.map((g) => ({ ...g, module: m.name, area: m.area })));
}

/** The area of every group, by group name. */
export function groupAreasOf(modules: readonly ModuleManifest[]): Record<string, AreaName> {
  return Object.fromEntries(groupsOf(modules).map((g) => [g.name, g.area]));
}

/** Every route of every group, in module and group order. */
export function routesOf(modules: readonly ModuleManifest[]): ModuleRoute[] {
  return groupsOf(modules).flatMap((g) =>
    g.routes.map((r) => ({
      ...r,
      group: g.name,
      module: r.kind === 'operation' ? r.op.name.slice(0, r.op.name.indexOf('.')) : g.module,
    })),
  );
}

/** The scope catalogue: every module's scopes with what each grants, in module order. */
export function scopesOf(modules: readonly ModuleManifest[]): Record<string, string> {
  const scopes: Record<string, string> = {};
  for (const m of modules)
    for (const [scope, description] of Object.entries(m.scopes)) {
      if (Object.hasOwn(scopes, scope))
        throw new Error(`Scope ${scope} is declared twice (module ${m.name})`);
      scopes[scope] = description;
    }
  return scopes;
}

/** The state tables of docs/state-machines.md, in module order. */
export function stateTablesOf(
  modules: readonly ModuleManifest[],
): (StateTable & { module: string })[] {
  return modules.flatMap((m) => m.stateTables.map((t) => ({ ...t, module: m.name })));
}

/**
 * The roles an audience derives: every role that may use at least one of its operations (ADMIN
 * first, then in the order of ROLES); `staff` is every role.
 */
export function audienceRoles(audience: Exclude<PageAudience, 'public'>): Role[] {
  if (audience === 'staff') return [...ROLES];
  const roles = new Set<Role>();
  for (const op of audience)
    if (op.access.public) for (const r of ROLES) roles.add(r);
    else for (const r of allowedRoles(op.access)) roles.add(r);
  return ROLES.filter((r) => roles.has(r));
}

/** Every page as the shell knows it, in module order, with the roles that see it. */
export function pagesOf(modules: readonly ModuleManifest[]): ShellPageInfo[] {
  return modules.flatMap((m) =>
    m.pages.map((p) => ({
      name: p.name,
      module: m.name,
      path: p.path,
      title: p.title,
      summary: p.summary,
      icon: p.icon,
      section: p.section,
      layout: p.layout,
      roles: p.audience === 'public' ? ('public' as const) : audienceRoles(p.audience),
      ...(p.script ? { script: p.name } : {}),
      nav: (p.nav ?? []).map((n) => ({
        id: n.id,
        hash: n.hash,
        title: n.title,
        icon: n.icon,
        section: n.section,
        roles: n.audience === 'public' ? [...ROLES] : audienceRoles(n.audience),
      })),
    })),
  );
}

/** Every page script: asset name → entry file (the pages' scripts under the page's name). */
export function pageScriptsOf(modules: readonly ModuleManifest[]): Record<string, string> {
  const scripts: Record<string, string> = {};
  for (const m of modules)
    for (const [name, entry] of [
      ...Object.entries(m.pageScripts),
      ...m.pages.flatMap((p) => (p.script ? [[p.name, p.script] as const] : [])),
    ]) {
      if (Object.hasOwn(scripts, name))
        throw new Error(`Page script ${name} is declared twice (module ${m.name})`);
      scripts[name] = entry;
    }
  return scripts;
}

/** Every charge source, with its module. */
export function chargeSourcesOf(
  modules: readonly ModuleManifest[],
): (ChargeSource & { module: string })[] {
  return modules.flatMap((m) => m.chargeSources.map((c) => ({ ...c, module: m.name })));
}

/** The service types billing accepts: those of every charge source, in module order. */
export function serviceTypesOf(modules: readonly ModuleManifest[]): string[] {
  return [...new Set(chargeSourcesOf(modules).flatMap((c) => c.serviceTypes))];
}

/** Every discharge hold, with its module. */
export function dischargeHoldsOf(
  modules: readonly ModuleManifest[],
): (DischargeHold & { module: string })[] {
  return modules.flatMap((m) => m.dischargeHolds.map((h) => ({ ...h, module: m.name })));
}

/** The agent catalogue: every capability (tools/list order) and every skill. */
export function agentCatalogueOf(modules: readonly ModuleManifest[]): {
  capabilities: DeclaredCapability[];
  skills: Skill[];
  /** The module that declares each capability (its code is loaded with that module). */
  moduleOf: Map<string, string>;
} {
  // A module's own capabilities, then the proposal tool of each of its agent action types.
  const own = (m: ModuleManifest) => [...m.capabilities, ...m.actionTypes.map(proposalCapability)];
  const capabilities = modules.flatMap(own);
  const moduleOf = new Map(modules.flatMap((m) => own(m).map((c) => [c.name, m.name])));
  return { capabilities, skills: modules.flatMap((m) => m.skills), moduleOf };
}

/** The agent catalogue as data: each capability described (catalogue.generated.ts, the docs). */
export function agentInfosOf(modules: readonly ModuleManifest[]): {
  capabilities: CapabilityInfo[];
  skills: Skill[];
} {
  const { capabilities, skills, moduleOf } = agentCatalogueOf(modules);
  return {
    capabilities: capabilities.map((c) => capabilityInfo(c, moduleOf.get(c.name)!)),
    skills,
  };
}

/** Each capability's output as JSON Schema, by capability name (catalogue order). */
export function outputSchemasOf(
  modules: readonly ModuleManifest[],
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    agentCatalogueOf(modules).capabilities.map((c) => [c.name, outputJsonSchema(c)]),
  );
}

/** Every agent action type, with its module. */
export function actionTypesOf(modules: readonly ModuleManifest[]): ActionTypeDef[] {
  return modules.flatMap((m) => m.actionTypes);
}

/** Bundle budgets of the groups that declare one, by group name (npm run bundles). */
export function bundleBudgetsOf(
  modules: readonly ModuleManifest[],
): Record<string, NonNullable<GroupDef['bundle']>> {
  return Object.fromEntries(
    groupsOf(modules).flatMap((g) => (g.bundle ? [[g.name, g.bundle]] : [])),
  );
}

/** The modules that have routes (what the role × route matrices must cover), in module order. */
export function modulesWithRoutes(modules: readonly ModuleManifest[]): string[] {
  return [...new Set(routesOf(modules).map((r) => r.module))];
}

/** Modules with routes that no role × route matrix covers (each matrix names its modules). */
export function uncoveredModules(
  modules: readonly ModuleManifest[],
  covered: Iterable<string>,
): string[] {
  const names = new Set(covered);
  return modulesWithRoutes(modules).filter((m) => !names.has(m));
}

/**
 * What must hold across manifests; throws naming every problem. Run on the one list when it is
 * assembled (shared/modules/index.ts), so a synth, a local start or any test catches it.
 */
export function checkModules(modules: readonly ModuleManifest[]): void {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const m of modules) {
    if (seen.has(m.name)) problems.push(`module ${m.name} is listed twice`);
    seen.add(m.name);
  }
  const groups = new Set<string>();
  for (const g of groupsOf(modules)) {
    if (groups.has(g.name)) problems.push(`group ${g.name} is declared twice`);
    groups.add(g.name);
  }
  const routes = new Set<string>();
  for (const r of routesOf(modules)) {
    const key = `${r.method} ${r.path}`;
    if (routes.has(key)) problems.push(`route ${key} is declared twice`);
    routes.add(key);
  }
  const scopes = new Set<string>();
  const pageScripts = new Set<string>();
  const pagePaths = new Set<string>();
  const navIds = new Set<string>();
  for (const m of modules) {
    for (const scope of Object.keys(m.scopes)) {
      if (scopes.has(scope)) problems.push(`scope ${scope} is declared twice (module ${m.name})`);
      scopes.add(scope);
    }
    for (const name of [
      ...Object.keys(m.pageScripts),
      ...m.pages.filter((p) => p.script).map((p) => p.name),
    ]) {
      if (pageScripts.has(name))
        problems.push(`page script ${name} is declared twice (module ${m.name})`);
      pageScripts.add(name);
    }
    for (const p of m.pages) {
      if (pagePaths.has(p.path))
        problems.push(`page ${p.path} is declared twice (module ${m.name})`);
      pagePaths.add(p.path);
      if (!NAME_RE.test(p.name)) problems.push(`page name ${p.name} must be kebab-case`);
      // The shell's nav gives a page's entry the id nav-<name>; its parts' ids are declared.
      for (const id of [`nav-${p.name}`, ...(p.nav ?? []).map((n) => n.id)]) {
        if (navIds.has(id))
          problems.push(`nav entry id ${id} is declared twice (module ${m.name})`);
        navIds.add(id);
      }
    }
  }
  for (const r of routesOf(modules)) {
    if (r.kind !== 'operation' || r.op.access.public) continue;
    const { scope } = r.op.access;
    if (scope !== undefined && scope !== 'any' && !scopes.has(scope))
      problems.push(`${r.op.name} asks for scope ${scope}, which no module declares`);
  }
  const { capabilities, skills } = agentCatalogueOf(modules);
  const skillNames = new Set<string>();
  for (const s of skills) {
    if (skillNames.has(s.name)) problems.push(`skill ${s.name} is declared twice`);
    skillNames.add(s.name);
  }
  const capabilityNames = new Set<string>();
  for (const c of capabilities) {
    if (capabilityNames.has(c.name)) problems.push(`capability ${c.name} is declared twice`);
    capabilityNames.add(c.name);
    if (!scopes.has(c.scope))
      problems.push(`capability ${c.name} asks for scope ${c.scope}, which no module declares`);
    if (c.skill !== null && !skillNames.has(c.skill))
      problems.push(`capability ${c.name} names unknown skill ${c.skill}`);
  }
  for (const s of skills)
    if (!capabilities.some((c) => c.skill === s.name))
      problems.push(`skill ${s.name} has no capability`);
  // Each action type is served by its own module's group (withProposals), once; whoever may
  // approve one may read agent actions.
  const readers: readonly Role[] = ROLE_GROUPS[ACTION_READERS];
  const types = new Set<string>();
  for (const m of modules)
    for (const def of m.actionTypes) {
      if (types.has(def.type)) problems.push(`agent action type ${def.type} is declared twice`);
      types.add(def.type);
      const path = proposalRoute(def).path;
      const served = m.groups.filter((g) =>
        g.routes.some((r) => r.method === 'POST' && r.path === path),
      );
      if (served.length !== 1)
        problems.push(
          `agent action type ${def.type} must be proposed through one group of module ${m.name} (withProposals), not ${served.length}`,
        );
      const outside = approverRoles(def).filter((r) => r !== 'ADMIN' && !readers.includes(r));
      if (outside.length)
        problems.push(
          `agent action type ${def.type} is approved by ${outside.join(', ')}, who cannot read agent actions (ROLE_GROUPS.${ACTION_READERS})`,
        );
    }
  if (problems.length) throw new Error(`Module manifests: ${problems.join('; ')}`);
}
