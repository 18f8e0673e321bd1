import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GROUPS } from '../../../shared/api';

// Each area's role × route matrix lives in its own file and names the resource groups it covers
// in a `MATRIX_GROUPS` array; each of those files checks it lists exactly its groups' routes.
// This test closes the loop: every group the service serves is covered by exactly one matrix.
const DIR = join(import.meta.dirname, '../../integration');

function declaredGroups(file: string): string[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  const block = /const MATRIX_GROUPS[^=]*=\s*\[([^\]]*)\]/.exec(text);
  if (!block) throw new Error(`${file} declares no MATRIX_GROUPS`);
  return [...block[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('role × route matrices', () => {
  const files = readdirSync(DIR).filter((f) => /^role-matrix.*\.test\.ts$/.test(f));

  it('exist', () => {
    expect(files).toContain('role-matrix.test.ts');
  });

  it('cover every resource group exactly once', () => {
    const owners = new Map<string, string[]>();
    for (const file of files)
      for (const group of declaredGroups(file))
        owners.set(group, [...(owners.get(group) ?? []), file]);
    for (const group of GROUPS) expect(owners.get(group.name), group.name).toHaveLength(1);
    expect([...owners.keys()].sort()).toEqual(GROUPS.map((g) => g.name).sort());
  });
});
