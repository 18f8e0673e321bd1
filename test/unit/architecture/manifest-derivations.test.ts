/**
 * "Adding a module is one folder and one line" holds only while everything that knows about
 * modules is derived from the list. This test passes a fixture module (test/support/fixture-module.ts,
 * one of everything a manifest declares) to the derivation functions beside the real list, and
 * checks that it shows up everywhere: groups and areas, scopes (and the generated kernel
 * catalogue), routes and the generated docs, the agent catalogue, page scripts, service types,
 * bundle budgets, the CDK function specs and the role matrices' coverage.
 */
import { functionSpecs } from '../../../lib/function-specs';
import { readManifest } from '../../../lib/manifest';
import { routesMarkdown, stateMachinesMarkdown } from '../../../shared/docs/generated';
import {
  agentCatalogueOf,
  bundleBudgetsOf,
  chargeSourcesOf,
  checkModules,
  dischargeHoldsOf,
  groupAreasOf,
  groupsOf,
  pageScriptsOf,
  routesOf,
  scopesOf,
  serviceTypesOf,
  stateTablesOf,
  uncoveredModules,
} from '../../../shared/manifest/derive';
import { kernelCatalogueSource } from '../../../shared/manifest/generated-sources';
import { defineModule } from '../../../shared/manifest/module';
import { MODULES } from '../../../shared/modules/index';
import { fixtureModule, listThings, thingAction } from '../../support/fixture-module';
import { declaredModules, matrixFiles } from '../../support/matrix-coverage';

const withFixture = [...MODULES, fixtureModule];

describe('derived from the module list', () => {
  it('groups, their areas and their routes', () => {
    expect(groupsOf(withFixture).find((g) => g.name === 'fixture-things')).toMatchObject({
      module: 'fixture',
      area: 'diagnostics',
      memoryMb: 512,
    });
    expect(groupAreasOf(withFixture)['fixture-things']).toBe('diagnostics');
    expect(routesOf(withFixture).find((r) => r.path === '/fixture/things')).toMatchObject({
      method: 'GET',
      group: 'fixture-things',
      module: 'fixture',
    });
    expect(groupsOf(MODULES).some((g) => g.name === 'fixture-things')).toBe(false);
  });

  it('the scope catalogue, and the generated kernel catalogue that holds it as data', () => {
    expect(scopesOf(withFixture)['fixture:read']).toBe('Read the fixture’s things');
    expect(kernelCatalogueSource(withFixture)).toContain(
      '"fixture:read": "Read the fixture’s things"',
    );
    expect(kernelCatalogueSource(MODULES)).not.toContain('fixture:read');
  });

  it('the generated docs: its route with its role group and scope, its state table', () => {
    const routes = routesMarkdown(withFixture);
    expect(routes).toContain(
      '| GET | `/fixture/things` | `fixture.listThings` | The fixture module’s things | ADMIN, DOCTOR, NURSE, LAB_TECHNICIAN, PATHOLOGIST (labReaders) | `fixture:read` | fixture-things |',
    );
    expect(routes).toContain('| `fixture:read` | Read the fixture’s things |');
    expect(stateMachinesMarkdown(withFixture)).toContain(
      '## Fixture thing\n\nA fixture thing is `new` until it is `done`.\n\n| new | done |',
    );
    expect(stateTablesOf(withFixture).at(-1)).toMatchObject({ module: 'fixture' });
  });

  it('the agent catalogue: its capability and its skill', () => {
    const catalogue = agentCatalogueOf(withFixture);
    const cap = catalogue.capabilities.find((c) => c.name === 'list-fixture-things');
    expect(cap?.operations).toEqual([listThings]);
    expect(catalogue.moduleOf.get('list-fixture-things')).toBe('fixture');
    expect(catalogue.skills.map((s) => s.name)).toContain('fixture-skill');
  });

  it('an agent action type: its proposal operation, route (in its module’s group), tool, skill and catalogue entry', () => {
    const route = routesOf(withFixture).find(
      (r) => r.method === 'POST' && r.path === '/agent-actions/proposals/fixture-thing',
    );
    expect(route).toMatchObject({ group: 'fixture-things', module: 'agent-actions', status: 201 });
    const op = route?.kind === 'operation' ? route.op : undefined;
    expect(op?.name).toBe('agent-actions.proposeFixtureThing');
    expect(op?.access).toMatchObject({ roles: ['NURSE'], scope: 'agents:clinical:propose' });
    // The proposal's group may publish the approval of an auto-approved proposal.
    expect(groupsOf(withFixture).find((g) => g.name === 'fixture-things')?.permissions.events).toBe(
      true,
    );
    const tool = agentCatalogueOf(withFixture).capabilities.find(
      (c) => c.name === 'propose-fixture-thing',
    );
    expect(tool).toMatchObject({ skill: 'fixture-skill', scope: 'agents:clinical:propose' });
    expect(tool?.operations).toEqual([op]);
    expect(thingAction.executor).toBe('agent-action-fixture-thing');
    expect(kernelCatalogueSource(withFixture)).toContain(
      '"fixture-thing": {\n    "title": "Fixture thing",\n    "lifetimeMinutes": 60,\n    "module": "fixture",\n    "approverRoles": [\n      "ADMIN",\n      "DOCTOR"\n    ]\n  }',
    );
    // A type its module does not serve is named.
    const unserved = defineModule({ ...fixtureModule, groups: [] });
    expect(() => checkModules([...MODULES, unserved])).toThrow(
      /agent action type fixture-thing must be proposed through one group of module fixture/,
    );
  });

  it('page scripts, charge sources and service types, discharge holds, bundle budgets', () => {
    expect(pageScriptsOf(withFixture)['fixture-page']).toBe('test/support/fixture-page.ts');
    expect(chargeSourcesOf(withFixture).at(-1)).toMatchObject({
      module: 'fixture',
      source: 'fixture-thing',
    });
    expect(serviceTypesOf(withFixture)).toContain('fixture-service');
    expect(serviceTypesOf(MODULES)).not.toContain('fixture-service');
    expect(dischargeHoldsOf(withFixture)).toEqual([
      {
        module: 'theatre',
        kind: 'theatre-case',
        placedWhen: 'a case of an admission in progress is booked into a session',
        releasedWhen:
          'the patient leaves the operating room, or the case is cancelled or bumped back to the waiting list',
      },
      {
        module: 'fixture',
        kind: 'fixture-hold',
        placedWhen: 'a thing starts',
        releasedWhen: 'it is done',
      },
    ]);
    expect(bundleBudgetsOf(withFixture)['fixture-things']).toEqual({
      budgetKb: 123,
      reason: 'a fixture budget with its reason',
    });
  });

  it('the CDK functions: its group gets a function in its area, bundled from its own file', () => {
    const manifest = readManifest(undefined, withFixture);
    const group = manifest.groups.find((g) => g.name === 'fixture-things');
    expect(group).toMatchObject({
      area: 'diagnostics',
      entry: 'functions/rest/handler.ts',
      restGroup: { source: 'test/support/fixture-module.ts', name: 'fixture-things' },
      bundle: { budgetKb: 123, classicZod: false, reason: 'a fixture budget with its reason' },
    });
    expect(manifest.routes).toContainEqual({
      method: 'GET',
      path: '/fixture/things',
      group: 'fixture-things',
      isPublic: false,
      label: 'fixture.listThings',
    });
    expect(functionSpecs(manifest.groups).find((s) => s.name === 'fixture-things')).toMatchObject({
      restGroup: { source: 'test/support/fixture-module.ts' },
      bundle: { budgetKb: 123 },
    });
  });

  it('the role matrices’ coverage: a new module’s routes are uncovered until a matrix names it', () => {
    const covered = matrixFiles().flatMap(declaredModules);
    expect(uncoveredModules(withFixture, covered)).toEqual(['fixture']);
    expect(uncoveredModules(MODULES, covered)).toEqual([]);
  });

  it('the cross-manifest checks pass for the fixture and name what is wrong otherwise', () => {
    expect(() => checkModules(withFixture)).not.toThrow();
    const broken = defineModule({
      ...fixtureModule,
      name: 'broken',
      scopes: {},
      skills: [],
    });
    const problems = (() => {
      try {
        checkModules([...MODULES, broken]);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(problems).toMatch(/fixture.listThings asks for scope fixture:read, which no module/);
    expect(problems).toMatch(/capability list-fixture-things names unknown skill fixture-skill/);
    expect(() => checkModules([...MODULES, fixtureModule, fixtureModule])).toThrow(
      /module fixture is listed twice; group fixture-things is declared twice; route GET \/fixture\/things is declared twice/,
    );
  });
});
