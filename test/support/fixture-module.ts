/**
 * A throwaway module for the derivation tests (test/unit/architecture/manifest-derivations.test.ts):
 * a manifest with one of everything a manifest declares, never listed in shared/modules/index.ts.
 * Passed to the derivation functions beside the real list, it must show up in the groups and their
 * areas, the scopes, the routes and docs, the agent catalogue, the page scripts, the service types,
 * the bundle budgets, the function specs and the role matrices' coverage.
 */
import { operationCapability } from '../../shared/agents/capability';
import { defineGroup, route } from '../../shared/http/route';
import { defineOperation } from '../../shared/kernel/operation';
import * as z from '../../shared/kernel/zod';
import { withProposals } from '../../shared/manifest/hitl';
import { defineModule } from '../../shared/manifest/module';
import {
  createdId,
  defineActionType,
  inputFieldsOf,
} from '../../shared/modules/agent-actions/index';

const Thing = z.strictObject({ id: z.string(), name: z.string() });

export const listThings = defineOperation({
  name: 'fixture.listThings',
  summary: 'The fixture module’s things',
  input: z.strictObject({}),
  output: z.strictObject({ items: z.array(Thing) }),
  // A named role group and a scope of the fixture's own (not in the generated catalogue).
  access: { roles: 'labReaders', scope: 'fixture:read' as never },
  kind: 'read',
  idempotent: true,
  handler: async () => ({ items: [] }),
});

export const makeThing = defineOperation({
  name: 'fixture.makeThing',
  summary: 'Make a thing',
  input: z.strictObject({ name: z.string() }),
  output: Thing,
  access: { roles: ['DOCTOR'], scope: 'fixture:read' as never, humanOnly: true },
  kind: 'write',
  idempotent: false,
  handler: async (_ctx, input) => ({ id: 't1', name: input.name }),
});

/** A HITL action type: a thing an agent proposes and a doctor approves. */
export const thingAction = defineActionType({
  type: 'fixture-thing',
  title: 'Fixture thing',
  proposeSummary: 'Propose a thing for a doctor to approve',
  proposal: z.strictObject(inputFieldsOf(makeThing)),
  proposers: ['NURSE'],
  target: makeThing,
  toTargetInput: (proposal) => proposal,
  assess: async () => ({ patientId: 'p', patientName: 'P', summary: 'a thing', findings: [] }),
  resultId: createdId,
  result: 'created',
  lifetimeMinutes: 60,
  riskRules: ['LOW: always'],
  tool: {
    skill: 'fixture-skill',
    title: 'Propose a thing',
    description: 'Propose a thing for a doctor to approve',
    tags: ['fixture'],
    keywords: ['thing'],
    examples: ['Propose a thing'],
  },
});

export const fixtureGroup = withProposals(
  defineGroup({
    name: 'fixture-things',
    source: import.meta.url,
    description: 'The fixture module’s function',
    bundle: { budgetKb: 123, reason: 'a fixture budget with its reason' },
    routes: [route(listThings, { method: 'GET', path: '/fixture/things', tag: 'Fixture' })],
  }),
  [thingAction],
);

export const fixtureModule = defineModule({
  name: 'fixture',
  title: 'Fixture',
  area: 'diagnostics',
  source: import.meta.url,
  scopes: { 'fixture:read': 'Read the fixture’s things' },
  groups: [fixtureGroup],
  actionTypes: [thingAction],
  capabilities: [
    operationCapability(listThings, {
      name: 'list-fixture-things',
      tool: true,
      skill: 'fixture-skill',
      title: 'List fixture things',
      scope: 'fixture:read' as never,
      tags: ['fixture'],
      keywords: ['fixture', 'things'],
      examples: ['List the fixture things'],
    }),
  ],
  skills: [
    {
      name: 'fixture-skill',
      title: 'Fixture skill',
      description: 'Things of the fixture',
      tags: ['fixture'],
      examples: ['List the fixture things'],
      keywords: ['fixture'],
    },
  ],
  stateTables: [
    {
      title: 'Fixture thing',
      intro: 'A fixture thing is `new` until it is `done`.',
      render: () => '| new | done |',
    },
  ],
  chargeSources: [
    {
      source: 'fixture-thing',
      serviceTypes: ['fixture-service'],
      event: 'a fixture thing is done',
      charged: 'its price',
    },
  ],
  dischargeHolds: [
    { kind: 'fixture-hold', placedWhen: 'a thing starts', releasedWhen: 'it is done' },
  ],
  pageScripts: { 'fixture-page': 'test/support/fixture-page.ts' },
});
