import { modulesWithRoutes, uncoveredModules } from '../../../shared/manifest/derive';
import { MODULES } from '../../../shared/modules/index';
import { declaredModules, matrixFiles } from '../../support/matrix-coverage';

// Each area's role × route matrix names the modules whose routes it covers; each of those files
// checks it lists exactly its modules' routes. This test closes the loop: every module of the
// list that has routes is covered by exactly one matrix (shared/manifest/derive.ts).
describe('role × route matrices', () => {
  const files = matrixFiles();

  it('exist', () => {
    expect(files).toContain('role-matrix.test.ts');
  });

  it('cover every module with routes exactly once', () => {
    const owners = new Map<string, string[]>();
    for (const file of files)
      for (const module of declaredModules(file))
        owners.set(module, [...(owners.get(module) ?? []), file]);
    for (const module of modulesWithRoutes(MODULES))
      expect(owners.get(module), module).toHaveLength(1);
    expect(uncoveredModules(MODULES, owners.keys())).toEqual([]);
    expect([...owners.keys()].sort()).toEqual(modulesWithRoutes(MODULES).sort());
  });
});
