import { readFileSync } from 'node:fs';
import { agentsSummary } from '../../../shared/docs/readme';
import { INTERFACE_VERSION } from '../../../shared/kernel/version';
import { agentInfosOf } from '../../../shared/manifest/derive';
import { MODULES } from '../../../shared/modules/index';
import { fixtureModule } from '../../support/fixture-module';

// The README's agents block is generated from the catalogue (its staleness is checked with the
// other generated docs); here: that it states the counts and the version, and follows a module.
describe('README', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('states the agent catalogue’s counts and the version agents see', () => {
    const { capabilities, skills } = agentInfosOf(MODULES);
    const tools = capabilities.filter((c) => c.tool).length;
    expect(readme).toContain(`Today: ${tools} MCP tools and ${skills.length} A2A skills`);
    expect(readme).toContain(`agent platform version ${INTERFACE_VERSION}`);
    // The fixture module adds a tool, its action type's proposal tool and a skill.
    expect(agentsSummary([...MODULES, fixtureModule])).toContain(
      `Today: ${tools + 2} MCP tools and ${skills.length + 1} A2A skills`,
    );
    expect(agentsSummary([...MODULES, fixtureModule])).toContain(
      'fixture (`list-fixture-things`, `propose-fixture-thing`)',
    );
  });

  it('links the page under docs/ of every module that has one', () => {
    for (const doc of new Set(MODULES.flatMap((m) => (m.doc ? [m.doc] : []))))
      expect(readme, doc).toContain(`(${doc})`);
  });
});
