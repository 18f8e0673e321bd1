import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Each area's role × route matrix lives in its own file (test/integration/role-matrix*.test.ts)
// and names the resource groups it covers in a `MATRIX_GROUPS` array.
const DIR = join(import.meta.dirname, '../integration');

export function matrixFiles(): string[] {
  return readdirSync(DIR).filter((f) => /^role-matrix.*\.test\.ts$/.test(f));
}

/** The groups a matrix file declares it covers. */
export function declaredGroups(file: string): string[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  const block = /const MATRIX_GROUPS[^=]*=\s*\[([^\]]*)\]/.exec(text);
  if (!block) throw new Error(`${file} declares no MATRIX_GROUPS`);
  return [...block[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}
