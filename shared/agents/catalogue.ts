/**
 * The agent catalogue: every capability (MCP tool, A2A skill member) and every A2A skill. Modules
 * declare their capabilities and the skills they open in their manifests, and each agent action
 * type adds its proposal tool (shared/manifest/hitl.ts); the catalogue is their description as
 * data, generated into catalogue.generated.ts (`npm run docs`; a test fails when it is stale). So
 * listing tools, the agent card and the scope filter load no module, and a call loads only the
 * module that declares its capability (`loadCapability`): an agent function's bundle does not grow
 * with every module (with code splitting, each module is a chunk of its own, lib/bundling.ts).
 * The output schemas load on demand too (`outputSchemas`).
 */

import { AGENT_ACTION_TYPES } from '../kernel/catalogue.generated';
import type { ModuleManifest } from '../manifest/module';
import type { AnyCapability, DeclaredCapability, Skill } from './capability';
import { CAPABILITY_TABLE, MODULE_LOADERS, SKILL_TABLE } from './catalogue.generated';

/** Every capability, in the order tools/list shows them (module order). */
export const CAPABILITIES: readonly AnyCapability[] = CAPABILITY_TABLE;

/** Every A2A skill; each groups the capabilities that name it. */
export const SKILLS: readonly Skill[] = SKILL_TABLE;

type JsonSchema = Record<string, unknown>;

let outputs: Promise<Readonly<Record<string, JsonSchema>>> | undefined;

/**
 * Each capability's output as JSON Schema, by name: loaded on first use (tools/list, the meta
 * tool list), not with the catalogue, so a function that never lists tools never parses them.
 */
export function outputSchemas(): Promise<Readonly<Record<string, JsonSchema>>> {
  outputs ??= import('./output-schemas.generated').then((m) => m.OUTPUT_SCHEMAS);
  return outputs;
}

/** Loads the manifest of a module that declares capabilities or agent action types. */
export async function loadModule(name: string): Promise<ModuleManifest> {
  const load = (
    MODULE_LOADERS as Readonly<Record<string, () => Promise<{ default: ModuleManifest }>>>
  )[name];
  if (!load) throw new Error(`No module ${name} in the agent catalogue`);
  return (await load()).default;
}

const declared = new Map<string, Promise<DeclaredCapability>>();

/**
 * The declared capability (its input schema, its operations and its `run`), its module loaded:
 * derived once per container (a module's proposal tools are built with their schemas when
 * derived), not on every call.
 */
export function loadCapability(info: AnyCapability): Promise<DeclaredCapability> {
  let cap = declared.get(info.name);
  if (!cap) {
    cap = (async () => {
      const [manifest, { agentCatalogueOf }] = await Promise.all([
        loadModule(info.module),
        import('../manifest/derive'),
      ]);
      const found = agentCatalogueOf([manifest]).capabilities.find((c) => c.name === info.name);
      if (!found) throw new Error(`Module ${info.module} declares no capability ${info.name}`);
      return found;
    })();
    declared.set(info.name, cap);
    // A failed load is tried again by the next call.
    cap.catch(() => declared.delete(info.name));
  }
  return cap;
}

/**
 * Registers the declaration of an agent action type with the executor (dispatch.ts), loading the
 * module that declares it: an executor function carries out approved actions of its type only.
 */
export async function loadActionType(type: keyof typeof AGENT_ACTION_TYPES): Promise<void> {
  const [manifest, { registerActionTypes }] = await Promise.all([
    loadModule(AGENT_ACTION_TYPES[type].module),
    import('../modules/agent-actions/index'),
  ]);
  registerActionTypes(manifest.actionTypes);
}

/** Names are unique, every capability's skill exists and every skill has a capability. */
export function checkCatalogue(
  capabilities: readonly Pick<AnyCapability, 'name' | 'skill'>[],
  skills: readonly Skill[],
): void {
  const skillNames = new Set(skills.map((s) => s.name));
  if (skillNames.size !== skills.length) throw new Error('A skill is declared twice');
  const seen = new Set<string>();
  for (const cap of capabilities) {
    if (seen.has(cap.name)) throw new Error(`Capability ${cap.name} is declared twice`);
    seen.add(cap.name);
    if (cap.skill !== null && !skillNames.has(cap.skill))
      throw new Error(`Capability ${cap.name} names unknown skill ${cap.skill}`);
  }
  for (const skill of skills) {
    if (!capabilities.some((c) => c.skill === skill.name))
      throw new Error(`Skill ${skill.name} has no capability`);
  }
}
