/**
 * What an operation answers in production: its output, cut to the output schema. A handler that
 * forgot `view()` and answered a stored record would otherwise send its internal attributes (key
 * attributes, hashes, versions) to the caller; here every attribute the schema does not declare is
 * removed, wherever it sits (nested objects, list items), and the slip is logged so it gets fixed.
 * Other mismatches (a missing or mistyped field) are logged as errors and the answer goes out as
 * it is: the schema is the contract, and under strict checks (tests, local runs) `checkOutput`
 * fails on any mismatch instead.
 */
import type { Logger } from './log';
import type { AnyOperation } from './operation';

type Path = readonly PropertyKey[];

/** Deletes `keys` from the object at `path` inside `root` (a copy the caller owns). */
function cut(root: unknown, path: Path, keys: readonly string[]): boolean {
  let node = root;
  for (const part of path) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  if (!node || typeof node !== 'object' || Array.isArray(node)) return false;
  for (const key of keys) delete (node as Record<string, unknown>)[key];
  return true;
}

interface Issue {
  code: string;
  path: Path;
  keys?: string[];
  errors?: Issue[][];
}

/** Unrecognised keys, also inside a union's alternatives (each reported from the union's path). */
function extraKeys(issues: readonly Issue[], base: Path = []): { path: Path; keys: string[] }[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === 'unrecognized_keys' && issue.keys) return [{ path, keys: issue.keys }];
    if (issue.code === 'invalid_union' && issue.errors) {
      // The alternative with the fewest other complaints is the one the answer meant.
      const best = [...issue.errors].sort(
        (a, b) =>
          a.filter((i) => i.code !== 'unrecognized_keys').length -
          b.filter((i) => i.code !== 'unrecognized_keys').length,
      )[0];
      return best ? extraKeys(best, path) : [];
    }
    return [];
  });
}

const MAX_PASSES = 5;

/** The answer without attributes the operation's output schema does not declare. */
export function cutToOutput<T>(
  op: Pick<AnyOperation, 'name' | 'output'>,
  output: T,
  log: Pick<Logger, 'warn' | 'error'>,
): T {
  let checked = op.output.safeParse(output);
  if (checked.success) return output;
  const answer = structuredClone(output);
  const removed: string[] = [];
  for (let pass = 0; pass < MAX_PASSES && !checked.success; pass++) {
    const extra = extraKeys(checked.error.issues as unknown as Issue[]);
    if (!extra.length) break;
    for (const { path, keys } of extra)
      if (cut(answer, path, keys)) removed.push(...keys.map((k) => [...path, k].join('.')));
    checked = op.output.safeParse(answer);
  }
  if (removed.length)
    log.warn('answer cut to its output schema: the handler answered undeclared attributes', {
      operation: op.name,
      removed: [...new Set(removed)].slice(0, 20),
    });
  if (!checked.success)
    log.error('answer outside its output schema', {
      operation: op.name,
      issues: checked.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
    });
  return answer;
}
