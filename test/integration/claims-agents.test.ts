import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { resetClock } from '../../shared/kernel/clock';
import { mcpClient, toolAnswer } from '../support/agents';
import { type ClaimsHospital, claimsHospital } from '../support/claims';
import { clockToNineAm } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

// The billing health check as agents reach it: the MCP tool `billing-health-check` through the
// real MCP SDK client (a key with agents:operations:read, and signed-in users by role), and the
// A2A skill `billing-check` through the real @a2a-js/sdk client. The answers are the engine's own:
// a remittance left unallocated is found with its id as evidence.

const TZ = 'Asia/Kolkata';
let url: string;
let h: ClaimsHospital;
let remittance: any;

beforeAll(async () => {
  clockToNineAm(TZ);
  url = (await startTestRuntime()).url;
  h = await claimsHospital(url, TZ);
  remittance = await h.remittance(12_345);
}, 120_000);
afterAll(() => resetClock());

const expectRemittanceFound = (body: any) => {
  expect(body.findings).toEqual([
    expect.objectContaining({
      kind: 'unallocated-payments',
      evidence: [remittance.id],
      amount: 12_345,
      suggestedFix: expect.stringContaining('/allocations'),
    }),
  ]);
};

describe('MCP tool billing-health-check', () => {
  it('a key with agents:operations:read lists and calls it', async () => {
    const { key } = await h.key(['agents:operations:read'], 'month-end agent');
    const mcp = await mcpClient(url, 'http', { token: key.secret });
    try {
      const { tools } = await mcp.listTools();
      const tool = tools.find((t) => t.name === 'billing-health-check');
      expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
      expect(Object.keys((tool?.inputSchema as any).properties)).toEqual(
        expect.arrayContaining(['chargeDays', 'draftDays', 'overdueDays', 'denialRateBp']),
      );
      const answer = toolAnswer(
        await mcp.callTool({ name: 'billing-health-check', arguments: {} }),
      );
      expect(answer.isError, JSON.stringify(answer.body)).toBe(false);
      expectRemittanceFound(answer.body);
      const bad = toolAnswer(
        await mcp.callTool({ name: 'billing-health-check', arguments: { chargeDays: 0 } }),
      );
      expect(bad.isError).toBe(true);
      expect(bad.body).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/chargeDays/),
      });
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('by role as on REST: the accountant calls it, the insurance desk does not see it', async () => {
    const accountant = await mcpClient(url, 'http', {
      token: h.accountant.token,
      tenantId: h.tenantId,
    });
    const desk = await mcpClient(url, 'sse', { token: h.desk.token, tenantId: h.tenantId });
    try {
      const answer = toolAnswer(
        await accountant.callTool({ name: 'billing-health-check', arguments: {} }),
      );
      expect(answer.isError, JSON.stringify(answer.body)).toBe(false);
      expectRemittanceFound(answer.body);
      const { tools } = await desk.listTools();
      expect(tools.map((t) => t.name)).not.toContain('billing-health-check');
      const refused = toolAnswer(
        await desk.callTool({ name: 'billing-health-check', arguments: {} }),
      );
      expect(refused).toMatchObject({ isError: true, body: { statusCode: 403 } });
    } finally {
      await accountant.close();
      await desk.close();
    }
  }, 60_000);

  it('another hospital’s agent sees its own hospital only', async () => {
    const other = await claimsHospital(url, TZ);
    const { key } = await other.key(['agents:operations:read'], 'other agent');
    const mcp = await mcpClient(url, 'http', { token: key.secret });
    try {
      const answer = toolAnswer(
        await mcp.callTool({ name: 'billing-health-check', arguments: {} }),
      );
      expect(answer.isError).toBe(false);
      expect(answer.body.findings).toEqual([]);
    } finally {
      await mcp.close();
    }
  }, 60_000);
});

describe('A2A skill billing-check', () => {
  it('is on the agent card and runs the check through @a2a-js/sdk', async () => {
    const card = agentCard({ baseUrl: url, mcpUrl: url });
    expect(card.skills.map((s: any) => s.id)).toContain('billing-check');
    const { key } = await h.key(['agents:operations:read'], 'a2a month-end agent');
    const client = await new JsonRpcTransportFactory({
      fetchImpl: (input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            authorization: `Bearer ${key.secret}`,
          },
        }),
    }).create(`${url}/a2a`, AgentCard.fromJSON(card));
    const task = (await client.sendMessage({
      tenant: '',
      message: {
        messageId: crypto.randomUUID(),
        contextId: '',
        taskId: '',
        role: Role.ROLE_USER,
        parts: [
          {
            content: {
              $case: 'data' as const,
              value: { capability: 'billing-health-check', arguments: {} },
            },
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
    } as never)) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expectRemittanceFound(task.artifacts[0].parts[0].content.value);
  }, 60_000);
});
