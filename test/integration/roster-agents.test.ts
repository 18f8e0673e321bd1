import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { mcpClient, toolAnswer } from '../support/agents';
import { rosterHospital } from '../support/roster';
import { startTestRuntime } from '../support/runtime';

// The roster's agent capabilities through the real MCP SDK client and the real @a2a-js/sdk
// client: the tools, who may use them, and the roster-generation skill's input-required turn.

let url = '';
let h: Awaited<ReturnType<typeof rosterHospital>>;
const START = '2027-03-01';

beforeAll(async () => {
  url = (await startTestRuntime()).url;
  h = await rosterHospital(url, 3);
}, 120_000);

const authed =
  (token: string): typeof fetch =>
  (input, init) =>
    fetch(input, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        authorization: `Bearer ${token}`,
        'x-tenant-id': h.tenantId,
      },
    });

const message = (text: string, taskId = '', data?: Record<string, unknown>) => ({
  tenant: '',
  message: {
    messageId: crypto.randomUUID(),
    contextId: '',
    taskId,
    role: Role.ROLE_USER,
    parts: [
      {
        content: { $case: 'text' as const, value: text },
        metadata: undefined,
        filename: '',
        mediaType: '',
      },
      ...(data
        ? [
            {
              content: { $case: 'data' as const, value: data },
              metadata: undefined,
              filename: '',
              mediaType: '',
            },
          ]
        : []),
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  },
  configuration: undefined,
  metadata: undefined,
});

describe('MCP tools', () => {
  it('a ward manager generates a draft, reads it and who is on duty once published', async () => {
    const mcp = await mcpClient(url, 'http', { token: h.manager.token, tenantId: h.tenantId });
    try {
      const tools = (await mcp.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(
        expect.arrayContaining(['get-roster', 'who-is-on-duty', 'generate-roster']),
      );
      const gen = toolAnswer(
        await mcp.callTool({
          name: 'generate-roster',
          arguments: { wardId: 'W1', start: START, days: 2 },
        }),
      );
      expect(gen.isError, JSON.stringify(gen.body)).toBe(false);
      expect(gen.body).toMatchObject({
        status: 'done',
        summary: { coverageMet: true, violations: 0 },
      });
      // The job the tool started can be followed by id (a large ward answers still solving).
      expect(tools).toContain('get-roster-generation');
      const followed = toolAnswer(
        await mcp.callTool({ name: 'get-roster-generation', arguments: { id: gen.body.id } }),
      );
      expect(followed.body).toEqual(gen.body);
      expect(followed.body.next).toMatch(/^Review the draft roster of W1/);
      const roster = toolAnswer(
        await mcp.callTool({ name: 'get-roster', arguments: { wardId: 'W1', start: START } }),
      );
      expect(roster.body).toMatchObject({ status: 'draft', version: 1 });
      // Publishing stays human: no tool publishes; the manager does it over REST.
      expect(tools.some((t) => /publish/.test(t))).toBe(false);
      const pub = await h.manager.api.post(`/roster/wards/W1/rosters/${START}/publish`, {
        version: 1,
      });
      expect(pub.status).toBe(200);
      const night = roster.body.assignments.find((a: any) => a.shift === 'N' && a.date === START);
      const duty = toolAnswer(
        await mcp.callTool({
          name: 'who-is-on-duty',
          arguments: { wardId: 'W1', at: `${START}T23:00:00Z` },
        }),
      );
      expect(duty.body.onDuty.map((d: any) => d.userId)).toEqual([night.userId]);
    } finally {
      await mcp.close();
    }
  });

  it('a nurse may read but not generate', async () => {
    const nurse = h.staff[0] as any;
    const mcp = await mcpClient(url, 'http', { token: nurse.token, tenantId: h.tenantId });
    try {
      const gen = toolAnswer(
        await mcp.callTool({
          name: 'generate-roster',
          arguments: { wardId: 'W1', start: '2027-04-05', days: 1 },
        }),
      );
      expect(gen.isError).toBe(true);
      expect(JSON.stringify(gen.body)).toMatch(/may not use|403|forbidden/i);
      const read = toolAnswer(
        await mcp.callTool({ name: 'get-roster', arguments: { wardId: 'W1', start: START } }),
      );
      expect(read.isError).toBe(false);
    } finally {
      await mcp.close();
    }
  });
});

describe('A2A roster-generation', () => {
  it('asks for what is missing, then generates and answers the draft summary', async () => {
    const card = AgentCard.fromJSON(agentCard({ baseUrl: url, mcpUrl: url }));
    expect(card.skills.map((s) => s.id)).toContain('roster-generation');
    const client = await new JsonRpcTransportFactory({ fetchImpl: authed(h.manager.token) }).create(
      `${url}/a2a`,
      card,
    );
    const waiting = (await client.sendMessage(
      message('Please roster the ward', '', { skill: 'roster-generation' }),
    )) as any;
    expect(waiting.status.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const asked = JSON.stringify(waiting.status.message);
    for (const field of ['wardId', 'start', 'days']) expect(asked).toContain(field);
    const done = (await client.sendMessage(
      message('', waiting.id, { arguments: { wardId: 'W1', start: '2027-05-03', days: 2 } }),
    )) as any;
    expect(done.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const answer = done.artifacts[0].parts[0].content.value;
    expect(answer).toMatchObject({ status: 'done', wardId: 'W1', start: '2027-05-03' });
    expect(answer.summary).toMatchObject({
      coverageMet: true,
      shortfalls: [],
      figures: expect.any(Object),
    });
  });
});
