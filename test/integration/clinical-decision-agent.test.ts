import { beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { mcpClient, toolAnswer } from '../support/agents';
import { newTenant } from '../support/api';
import { inpatientHospital } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

// The clinical-decision skill through the real MCP SDK client: get-clinical-alerts answers a
// patient's cards with their sources, read-only; scopes and tenancy hold as on REST.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof inpatientHospital>>;
beforeAll(async () => {
  h = await inpatientHospital(opd.url, TZ);
}, 60_000);

describe('get-clinical-alerts over MCP', () => {
  it('a doctor’s agent gets the cards of a proposed drug by MRN, each with its source; the tool is read-only', async () => {
    const patient = await h.patient({ allergies: ['Penicillin'] });
    const mcp = await mcpClient(opd.url, 'http', {
      token: h.doctorUser.token,
      tenantId: h.tenantId,
    });
    try {
      const { tools } = await mcp.listTools();
      const tool = tools.find((t) => t.name === 'get-clinical-alerts');
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
      const answer = toolAnswer(
        await mcp.callTool({
          name: 'get-clinical-alerts',
          arguments: { patient: patient.mrn, proposedDrugs: 'Co-amoxiclav' },
        }),
      );
      expect(answer.isError, JSON.stringify(answer.body)).toBe(false);
      expect(answer.body.patient).toEqual({ id: patient.id, mrn: patient.mrn, name: patient.name });
      expect(answer.body.cards).toHaveLength(1);
      expect(answer.body.cards[0]).toMatchObject({
        indicator: 'critical',
        source: { topic: { code: 'drug-allergy' }, url: 'https://www.nice.org.uk/guidance/cg183' },
      });
      expect(answer.body.nextSteps.at(-1)).toMatch(/propose-\* tool/);
      // Nothing about the patient changed: no override or order was written.
      const overrides = await h.doctorUser.api.get(
        `/decision-support/patients/${patient.id}/overrides`,
      );
      expect(overrides.body.items).toEqual([]);
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('a key needs cds:read; another hospital’s patient is not found', async () => {
    const patient = await h.patient();
    const reader = await h.key(['cds:read'], 'cds agent');
    const other = await h.key(['patients:read'], 'no cds');
    const ok = await mcpClient(opd.url, 'http', { token: reader.key.secret });
    const refused = await mcpClient(opd.url, 'http', { token: other.key.secret });
    try {
      const yes = toolAnswer(
        await ok.callTool({ name: 'get-clinical-alerts', arguments: { patient: patient.id } }),
      );
      expect(yes.isError, JSON.stringify(yes.body)).toBe(false);
      expect(yes.body.cards).toEqual([]);
      const no = toolAnswer(
        await refused.callTool({ name: 'get-clinical-alerts', arguments: { patient: patient.id } }),
      );
      expect(no.body).toMatchObject({ statusCode: 403 });
      const bad = toolAnswer(
        await ok.callTool({ name: 'get-clinical-alerts', arguments: { patient: '' } }),
      );
      expect(bad.body).toMatchObject({ statusCode: 400 });

      const elsewhere = await newTenant(opd.url, { timezone: TZ });
      const theirs = await elsewhere.key(['cds:read'], 'their agent');
      const theirMcp = await mcpClient(opd.url, 'http', { token: theirs.key.secret });
      try {
        const hidden = toolAnswer(
          await theirMcp.callTool({
            name: 'get-clinical-alerts',
            arguments: { patient: patient.id },
          }),
        );
        expect(hidden.body).toMatchObject({ statusCode: 404 });
      } finally {
        await theirMcp.close();
      }
    } finally {
      await ok.close();
      await refused.close();
    }
  }, 60_000);
});

describe('the clinical-decision A2A skill', () => {
  it('is on the agent card with its tools', () => {
    const card = agentCard({ baseUrl: opd.url, mcpUrl: opd.url });
    const skill = card.skills.find((s: { id: string }) => s.id === 'clinical-decision');
    expect(skill).toBeDefined();
    expect(JSON.stringify(skill)).toMatch(/propose-\*/);
  });
});
