/**
 * The agent action types' names, titles and default lifetimes, as data: each type is declared in
 * the module of its target operation (action-types.ts); the generated kernel catalogue holds what
 * the schemas, the settings and the events need without loading those modules.
 */
import { AGENT_ACTION_TYPES } from '../../kernel/catalogue.generated';
import type { Role } from '../../kernel/roles';

export type ActionTypeName = keyof typeof AGENT_ACTION_TYPES;

export const ACTION_TYPE_NAMES = Object.keys(AGENT_ACTION_TYPES) as [
  ActionTypeName,
  ...ActionTypeName[],
];

/** A type's title and default lifetime (the settings list every type). */
export function actionTypeInfo(type: ActionTypeName): {
  title: string;
  lifetimeMinutes: number;
  /** The module that declares it. */
  module: string;
  /** The roles that may decide it (the roles that may run its target operation). */
  approverRoles: readonly Role[];
} {
  return AGENT_ACTION_TYPES[type];
}
