import { readFileSync } from 'node:fs';
import { INTERFACE_VERSION } from '../../../shared/kernel/version';
import { agentInfosOf } from '../../../shared/manifest/derive';
import { MODULES } from '../../../shared/modules/index';

// The README's agents section is written by hand for people, but its figures come from the
// catalogue: a module that adds tools or skills fails this test until the README says so.
describe('README', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('states the agent catalogue’s counts and the version agents see', () => {
    const { capabilities, skills } = agentInfosOf(MODULES);
    const tools = capabilities.filter((c) => c.tool).length;
    expect(readme).toContain(`Today: ${tools} MCP tools and ${skills.length} A2A skills`);
    expect(readme).toContain(`agent platform version ${INTERFACE_VERSION}`);
  });

  it('names every module with a page under docs/ somewhere in its links', () => {
    for (const doc of new Set(MODULES.flatMap((m) => (m.doc ? [m.doc] : []))))
      expect(readme, doc).toContain(`(${doc})`);
  });
});
