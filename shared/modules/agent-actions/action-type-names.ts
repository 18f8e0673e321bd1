/**
 * The agent action types, one name per kind of clinical change an agent may propose. Each has
 * its declaration in action-types.ts (target operation, lifetime, executor, risk rules); the
 * names live apart so the schemas can use them without importing the operations.
 */
export const ACTION_TYPE_NAMES = [
  'prescription',
  'admission',
  'discharge',
  'lab-order',
  'radiology-order',
] as const;
export type ActionTypeName = (typeof ACTION_TYPE_NAMES)[number];
