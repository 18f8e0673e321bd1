import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Each area's role × route matrix lives in its own file (test/integration/role-matrix*.test.ts)
// and names the modules whose routes it covers in a `MATRIX_MODULES` array.
const DIR = join(import.meta.dirname, '../integration');

export function matrixFiles(): string[] {
  return readdirSync(DIR).filter((f) => /^role-matrix.*\.test\.ts$/.test(f));
}

/** The modules a matrix file declares it covers. */
export function declaredModules(file: string): string[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  const block = /const MATRIX_MODULES[^=]*=\s*\[([^\]]*)\]/.exec(text);
  if (!block) throw new Error(`${file} declares no MATRIX_MODULES`);
  return [...block[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}
