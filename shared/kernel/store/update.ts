/**
 * Builds UpdateItem inputs from plain data instead of hand-assembled expression strings:
 * `updateItem(key, { set: { status: 'fulfilled', updatedAt }, remove: ['encounterId'], append:
 * { history: [change] } }, condition)`. Undefined values in `set` are skipped, so optional
 * patches need no `if`s. Placeholders are prefixed by kind (`#s_status`, `:s_status`), so a
 * condition may use its own (`#status = :from`) without clashing.
 */
import type { ItemKey } from './keys';

/** An update that fits both UpdateItem and a transaction's Update. */
export interface UpdateSpec {
  Key: ItemKey;
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export interface Changes {
  set?: Record<string, unknown>;
  remove?: readonly string[];
  /** `list_append(attr, values)`: e.g. a status change onto a history list. */
  append?: Record<string, readonly unknown[]>;
  /** Atomic `ADD attr n` on a number attribute. */
  add?: Record<string, number>;
}

export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

const token = (attr: string) => attr.replace(/\W/g, '_');

/** The UpdateExpression, names and values for `changes` (and the condition's, merged). */
export function updateExpression(changes: Changes, condition?: Condition) {
  const names: Record<string, string> = { ...condition?.names };
  const values: Record<string, unknown> = { ...condition?.values };
  const sets: string[] = [];
  for (const [attr, value] of Object.entries(changes.set ?? {})) {
    if (value === undefined) continue;
    names[`#s_${token(attr)}`] = attr;
    values[`:s_${token(attr)}`] = value;
    sets.push(`#s_${token(attr)} = :s_${token(attr)}`);
  }
  for (const [attr, list] of Object.entries(changes.append ?? {})) {
    names[`#s_${token(attr)}`] = attr;
    values[`:a_${token(attr)}`] = list;
    sets.push(`#s_${token(attr)} = list_append(#s_${token(attr)}, :a_${token(attr)})`);
  }
  const removes = (changes.remove ?? []).map((attr) => {
    names[`#r_${token(attr)}`] = attr;
    return `#r_${token(attr)}`;
  });
  const adds = Object.entries(changes.add ?? {}).map(([attr, n]) => {
    names[`#n_${token(attr)}`] = attr;
    values[`:n_${token(attr)}`] = n;
    return `#n_${token(attr)} :n_${token(attr)}`;
  });
  const clauses = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
  ].filter(Boolean);
  if (!clauses.length) throw new Error('updateExpression: nothing to change');
  return {
    UpdateExpression: clauses.join(' '),
    ...(condition ? { ConditionExpression: condition.expression } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/** An UpdateItem input (or, wrapped as `{ Update: … }`, a transaction item). */
export function updateItem(key: ItemKey, changes: Changes, condition?: Condition): UpdateSpec {
  return { Key: key, ...updateExpression(changes, condition) };
}
