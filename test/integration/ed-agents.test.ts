import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { mcpClient, toolAnswer } from '../support/agents';
import { newTenant } from '../support/api';
import { HIGH_NEWS2_VITALS, inpatientHospital, must } from '../support/inpatient';
import { opdRuntime } from '../support/opd';

// The ED's agent capabilities through the real MCP SDK client and the real @a2a-js/sdk client:
// get-ed-board answers the attendances by acuity with their waits; the ed-triage skill runs it;
// scopes and tenancy hold as on REST; nothing is written.

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: Awaited<ReturnType<typeof inpatientHospital>>;
const NO = {
  lifeSavingIntervention: false,
  highRiskSituation: false,
  newConfusionLethargyOrDisorientation: false,
  severePainOrDistress: false,
};
let urgent: any;
let waiting: any;
beforeAll(async () => {
  h = await inpatientHospital(opd.url, TZ);
  const arrive = async (complaint: string) =>
    must(
      h.reception.api.post('/emergency/arrivals', {
        patientId: (await h.patient()).id,
        arrivalMode: 'walk-in',
        presentingComplaint: complaint,
      }),
      201,
      'arrival',
    );
  waiting = await arrive('Sprained ankle');
  urgent = await arrive('Fever and confusion');
  await must(
    h.nurse.api.post(`/emergency/visits/${urgent.id}/triage`, {
      answers: { ...NO, resources: ['labs', 'xray', 'iv-fluids'] },
      vitals: HIGH_NEWS2_VITALS,
      suspectedInfection: true,
    }),
    200,
    'triage',
  );
}, 60_000);

describe('get-ed-board over MCP', () => {
  it('answers the attendances by acuity with waits and targets, read-only, as the REST board', async () => {
    const mcp = await mcpClient(opd.url, 'http', { token: h.nurse.token, tenantId: h.tenantId });
    try {
      const { tools } = await mcp.listTools();
      expect(tools.find((t) => t.name === 'get-ed-board')?.annotations).toMatchObject({
        readOnlyHint: true,
      });
      const answer = toolAnswer(await mcp.callTool({ name: 'get-ed-board', arguments: {} }));
      expect(answer.isError, JSON.stringify(answer.body)).toBe(false);
      const mine = answer.body.patients.filter((p: any) =>
        [urgent.id, waiting.id].includes(p.visitId),
      );
      expect(mine.map((p: any) => [p.presentingComplaint, p.level, p.status])).toEqual([
        ['Fever and confusion', 2, 'awaiting-clinician'],
        ['Sprained ankle', null, 'awaiting-triage'],
      ]);
      expect(mine[0].targetMinutes).toBe(answer.body.targets.level2);
      expect(typeof mine[0].minutesWaiting).toBe('number');
      const stats = toolAnswer(
        await mcp.callTool({ name: 'get-ed-stats', arguments: { date: '2026-11-25' } }),
      );
      expect(stats.isError, JSON.stringify(stats.body)).toBe(false);
      expect(stats.body).toMatchObject({ date: '2026-11-25', departures: 0 });
      const bad = toolAnswer(
        await mcp.callTool({ name: 'get-ed-stats', arguments: { date: 'yesterday' } }),
      );
      expect(bad.body).toMatchObject({ statusCode: 400 });
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('a key needs emergency:read; another hospital sees its own empty board', async () => {
    const reader = await h.key(['emergency:read'], 'ed agent');
    const other = await h.key(['patients:read'], 'no ed');
    const ok = await mcpClient(opd.url, 'http', { token: reader.key.secret });
    const refused = await mcpClient(opd.url, 'http', { token: other.key.secret });
    const elsewhere = await newTenant(opd.url, { timezone: TZ });
    const theirs = await elsewhere.key(['emergency:read'], 'their ed agent');
    const theirMcp = await mcpClient(opd.url, 'http', { token: theirs.key.secret });
    try {
      const yes = toolAnswer(await ok.callTool({ name: 'get-ed-board', arguments: {} }));
      expect(yes.body.patients.map((p: any) => p.visitId)).toEqual(
        expect.arrayContaining([urgent.id, waiting.id]),
      );
      const no = toolAnswer(await refused.callTool({ name: 'get-ed-board', arguments: {} }));
      expect(no.body).toMatchObject({ statusCode: 403 });
      const empty = toolAnswer(await theirMcp.callTool({ name: 'get-ed-board', arguments: {} }));
      expect(empty.body.patients).toEqual([]);
    } finally {
      await ok.close();
      await refused.close();
      await theirMcp.close();
    }
  }, 60_000);
});

describe('the ed-triage A2A skill', () => {
  it('is on the agent card and answers the board to a nurse', async () => {
    const card = AgentCard.fromJSON(agentCard({ baseUrl: opd.url, mcpUrl: opd.url }));
    expect(card.skills.map((s) => s.id)).toContain('ed-triage');
    const fetchImpl: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          authorization: `Bearer ${h.nurse.token}`,
          'x-tenant-id': h.tenantId,
        },
      });
    const client = await new JsonRpcTransportFactory({ fetchImpl }).create(`${opd.url}/a2a`, card);
    const done = (await client.sendMessage({
      tenant: '',
      message: {
        messageId: crypto.randomUUID(),
        contextId: '',
        taskId: '',
        role: Role.ROLE_USER,
        parts: [
          {
            content: { $case: 'text', value: 'Who is waiting in the ED?' },
            metadata: undefined,
            filename: '',
            mediaType: '',
          },
          {
            content: { $case: 'data', value: { capability: 'get-ed-board', arguments: {} } },
            metadata: undefined,
            filename: '',
            mediaType: '',
          },
        ],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
      configuration: undefined,
      metadata: undefined,
    } as any)) as any;
    expect(done.status.state, JSON.stringify(done.status)).toBe(TaskState.TASK_STATE_COMPLETED);
    const answer = done.artifacts[0].parts[0].content.value;
    expect(JSON.stringify(answer)).toContain(urgent.id);
  }, 60_000);
});
