/**
 * The theatre's agent capabilities through the real SDK clients (issue 17, item 8): MCP tools
 * get-theatre-list and get-surgical-checklist, and the A2A skill ot-protocol, which answers where a
 * case stands (by id, or the case in a theatre now or next) and refuses to tick an item, naming the
 * team member who must confirm it in person. Agents never confirm an item themselves.
 */
import { AgentCard, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { agentCard } from '../../shared/agents';
import { a2aDataMessage, a2aStatusText, mcpClient, toolAnswer } from '../support/agents';
import { expectError } from '../support/api';
import { PROPOSER_SCOPES } from '../support/hitl';
import { opdRuntime } from '../support/opd';
import { startTestRuntime } from '../support/runtime';
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

  it('is on the agent card with its capabilities', () => {
    const card = agentCard({ baseUrl: opd.url, mcpUrl: opd.url }) as { skills: { id: string }[] };
    expect(card.skills.map((s) => s.id)).toContain('ot-protocol');
  });

  it('answers where the next case in a theatre stands', async () => {
    const task = (await (
      await client()
    ).sendMessage(
      a2aDataMessage({ capability: 'get-surgical-checklist', arguments: { theatre } }),
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

  it('"theatre 2" is the theatre whose code or name ends in 2, when only one does; two are a question back', async () => {
    const own = await theatreHospital(opd.url, TZ);
    const ot2 = await own.theatre();
    await must(
      own.coordinator.api.put('/theatre/theatres/OT2', {
        name: 'Main theatre',
        type: 'general',
        equipment: [],
        pricePerMinuteMinor: 1000,
      }),
      200,
      'OT2',
    );
    const s = await own.session('OT2', opd.today, '10:00', '18:00');
    const c = await own.requestCase();
    await must(
      own.coordinator.api.post(`/theatre/cases/${c.id}/schedule`, {
        sessionId: s.id,
        start: own.at(opd.today, '11:00'),
      }),
      200,
      'book',
    );
    const byNumber = await must(
      own.surgeon.api.get('/theatre/theatres/2/checklist'),
      200,
      'theatre 2',
    );
    expect(byNumber).toMatchObject({ caseId: c.id, currentPhase: 'sign-in' });
    // A second theatre named "Theatre 2": which one is meant is asked, not guessed.
    await must(
      own.coordinator.api.put(`/theatre/theatres/${ot2.code}`, {
        name: 'Theatre 2',
        type: 'general',
        equipment: [],
        pricePerMinuteMinor: 1000,
      }),
      200,
      'rename',
    );
    expectError(
      await own.surgeon.api.get('/theatre/theatres/2/checklist'),
      400,
      new RegExp(
        `theatre 2 could be OT2 \\(Main theatre\\) or ${ot2.code} \\(Theatre 2\\)|theatre 2 could be ${ot2.code} \\(Theatre 2\\) or OT2 \\(Main theatre\\)`,
      ),
    );
  });

  it('refuses to tick an item and names who must confirm it in person; nothing changes', async () => {
    const task = (await (
      await client()
    ).sendMessage(
      a2aDataMessage({
        capability: 'tick-checklist-item',
        arguments: { caseId, item: 'patient-procedure-site' },
      }),
    )) as any;
    expect(task.status.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(a2aStatusText(task)).toMatch(
      new RegExp(`must be confirmed in person by the case's surgeon, ${h.surgeon.user.name}`),
    );
    const after = await must(h.surgeon.api.get(`/theatre/cases/${caseId}/checklist`), 200, 'view');
    expect(
      after.phases[1].items.find((i: { code: string }) => i.code === 'patient-procedure-site')
        .confirmation,
    ).toBeUndefined();
  });
});

describe('HITL surgery-booking', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startTestRuntime();
  });

  it('an agent proposes, the coordinator approves, the executor books through theatre.schedule (overlaps refused)', async () => {
    const ot = await h.theatre();
    const day = opd.today;
    const s = await h.session(ot.code, day, '12:00', '18:00');
    const [first, second] = await Promise.all([h.requestCase(), h.requestCase()]);
    const agent = await h.key(PROPOSER_SCOPES, 'theatre agent');
    const propose = (id: string) =>
      agent.api.post('/agent-actions/proposals/surgery-booking', {
        id,
        sessionId: s.id,
        start: h.at(day, '12:00'),
        rationale: 'First free slot of the afternoon list',
      });
    const p1 = await must(propose(first.id), 201, 'proposal');
    expect(p1).toMatchObject({ type: 'surgery-booking', risk: 'LOW', status: 'PENDING' });
    // Proposing changed nothing.
    expect((await h.coordinator.api.get(`/theatre/cases/${first.id}`)).body.status).toBe('waiting');
    // Approvers are who may book: not the nurse.
    expectError(await h.scrubNurse.api.post(`/agent-actions/${p1.id}/approve`), 403);
    await must(h.coordinator.api.post(`/agent-actions/${p1.id}/approve`), 200, 'approve');
    await rt.events.bus.idle();
    const done = (await h.coordinator.api.get(`/agent-actions/${p1.id}`)).body;
    expect(done).toMatchObject({ status: 'EXECUTED', result: { id: first.id } });
    const booked = (await h.coordinator.api.get(`/theatre/cases/${first.id}`)).body;
    expect(booked).toMatchObject({
      status: 'scheduled',
      schedule: { theatre: ot.code, start: h.at(day, '12:00') },
    });

    // The same time for another case with the same team: the executor's booking is refused.
    const p2 = await must(propose(second.id), 201, 'second proposal');
    await must(h.coordinator.api.post(`/agent-actions/${p2.id}/approve`), 200, 'approve 2');
    await rt.events.bus.idle();
    const failed = (await h.coordinator.api.get(`/agent-actions/${p2.id}`)).body;
    expect(failed.status).toBe('FAILED');
    expect(JSON.stringify(failed)).toMatch(/already booked/);
    expect((await h.coordinator.api.get(`/theatre/cases/${second.id}`)).body.status).toBe(
      'waiting',
    );
  });
});
