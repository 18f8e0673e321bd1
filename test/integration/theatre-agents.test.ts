/**
 * The theatre's agent capabilities through the real SDK clients (issue 17, item 8): MCP tools
 * get-theatre-list and get-surgical-checklist, and the A2A skill ot-protocol, which answers where a
 * case stands (by id, or the case in a theatre now or next) and refuses to tick an item, naming the
 * team member who must confirm it in person. Agents never confirm an item themselves.
 */
import { AgentCard, Role, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentCard } from '../../shared/agents';
import { mcpClient, toolAnswer } from '../support/agents';
import { opdRuntime } from '../support/opd';
import { confirmPhase, must, type TheatreHospital, theatreHospital } from '../support/theatre';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: TheatreHospital;
let caseId: string;
let theatre: string;

beforeAll(async () => {
  h = await theatreHospital(opd.url, TZ);
  const ot = await h.theatre();
  theatre = ot.code;
  const s = await h.session(ot.code, opd.today, '10:00', '18:00');
  const c = await h.requestCase();
  caseId = c.id;
  await must(
    h.coordinator.api.post(`/theatre/cases/${c.id}/schedule`, {
      sessionId: s.id,
      start: h.at(opd.today, '10:00'),
    }),
    200,
    'book',
  );
  await confirmPhase(h, c.id, 'sign-in');
}, 60_000);

describe('MCP (the SDK client)', () => {
  it('lists the theatre tools and answers the list and the checklist; ticking is not a tool', async () => {
    const mcp = await mcpClient(opd.url, 'http', { token: h.surgeon.token, tenantId: h.tenantId });
    const tools = (await mcp.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(['get-theatre-list', 'get-surgical-checklist']));
    expect(tools).not.toContain('tick-checklist-item');

    const list = toolAnswer(
      await mcp.callTool({ name: 'get-theatre-list', arguments: { date: opd.today, theatre } }),
    );
    expect(list.isError).toBe(false);
    expect(list.body.theatres[0].sessions[0].cases[0]).toMatchObject({
      id: caseId,
      checklist: { currentPhase: 'time-out', confirmed: 7 },
    });

    const byTheatre = toolAnswer(
      await mcp.callTool({ name: 'get-surgical-checklist', arguments: { theatre } }),
    );
    expect(byTheatre.body).toMatchObject({ caseId, currentPhase: 'time-out' });
    expect(byTheatre.body.outstanding.slice(0, 2)).toEqual([
      {
        code: 'team-introduced',
        text: 'All team members have introduced themselves by name and role',
        confirmer: 'nurse',
        confirmerName: h.scrubNurse.user.name,
      },
      {
        code: 'patient-procedure-site',
        text: "Confirm the patient's name, procedure, and where the incision will be made",
        confirmer: 'surgeon',
        confirmerName: h.surgeon.user.name,
      },
    ]);
    expect(byTheatre.body.nextStep).toBe('Record in-room.');

    const none = toolAnswer(await mcp.callTool({ name: 'get-surgical-checklist', arguments: {} }));
    expect(none.isError).toBe(true);
    expect(none.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/caseId/) });
    await mcp.close();
  });
});

describe('A2A ot-protocol (the SDK client)', () => {
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
  const client = () =>
    new JsonRpcTransportFactory({ fetchImpl: authed(h.scrubNurse.token) }).create(
      `${opd.url}/a2a`,
      AgentCard.fromJSON(agentCard({ baseUrl: opd.url, mcpUrl: opd.url })),
    );
  const message = (data: Record<string, unknown>) => ({
    tenant: '',
    message: {
      messageId: crypto.randomUUID(),
      contextId: '',
      taskId: '',
      role: Role.ROLE_USER,
      parts: [
        {
          content: { $case: 'data' as const, value: data },
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
  });
  const statusText = (task: any) =>
    (task.status?.message?.parts ?? [])
      .map((p: any) => (p.content?.$case === 'text' ? p.content.value : ''))
      .join('');

  it('is on the agent card with its capabilities', () => {
    const card = agentCard({ baseUrl: opd.url, mcpUrl: opd.url }) as { skills: { id: string }[] };
    expect(card.skills.map((s) => s.id)).toContain('ot-protocol');
  });

  it('answers where the next case in a theatre stands', async () => {
    const task = (await (
      await client()
    ).sendMessage(
      message({ capability: 'get-surgical-checklist', arguments: { theatre } }),
    )) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts[0].parts[0].content.value).toMatchObject({
      caseId,
      currentPhase: 'time-out',
      phases: [
        { phase: 'sign-in', complete: true },
        { phase: 'time-out', complete: false },
        { phase: 'sign-out', complete: false },
      ],
    });
  });

  it('refuses to tick an item and names who must confirm it in person; nothing changes', async () => {
    const task = (await (
      await client()
    ).sendMessage(
      message({
        capability: 'tick-checklist-item',
        arguments: { caseId, item: 'patient-procedure-site' },
      }),
    )) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(task)).toMatch(
      new RegExp(`must be confirmed in person by the case's surgeon, ${h.surgeon.user.name}`),
    );
    const after = await must(h.surgeon.api.get(`/theatre/cases/${caseId}/checklist`), 200, 'view');
    expect(
      after.phases[1].items.find((i: { code: string }) => i.code === 'patient-procedure-site')
        .confirmation,
    ).toBeUndefined();
  });
});
