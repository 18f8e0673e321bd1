import { groupsOf, uncoveredGroups } from '../../../shared/manifest/derive';
import { MODULES } from '../../../shared/modules/index';
import { declaredGroups, matrixFiles } from '../../support/matrix-coverage';

// Each area's role × route matrix names the resource groups it covers; each of those files checks
// it lists exactly its groups' routes. This test closes the loop: every group the module list
// declares is covered by exactly one matrix (shared/manifest/derive.ts: uncoveredGroups).
describe('role × route matrices', () => {
  const files = matrixFiles();

  it('exist', () => {
    expect(files).toContain('role-matrix.test.ts');
  });

  it('cover every resource group exactly once', () => {
    const owners = new Map<string, string[]>();
    for (const file of files)
      for (const group of declaredGroups(file))
        owners.set(group, [...(owners.get(group) ?? []), file]);
    for (const group of groupsOf(MODULES))
      expect(owners.get(group.name), group.name).toHaveLength(1);
    expect(uncoveredGroups(MODULES, owners.keys())).toEqual([]);
    expect([...owners.keys()].sort()).toEqual(
      groupsOf(MODULES)
        .map((g) => g.name)
        .sort(),
    );
  });
});
