/**
 * The headline HITL flow over MCP (the first test): an agent with a scoped key proposes a
 * prescription with the propose-prescription tool (audited as a tool call) → it is pending → a
 * nurse, the key and the agent cannot approve → a doctor approves → the executor writes the
 * prescription once, even with the event delivered twice → the action is EXECUTED with its id.
 */
import { describe, expect, it } from 'vitest';
import { mcpClient, toolAnswer } from '../support/agents';
import { expectError } from '../support/api';
import { hitlHospital, hitlRuntime, PARACETAMOL } from '../support/hitl';

const rt = hitlRuntime();

describe('propose-prescription over MCP', () => {
  it('creates a pending action that only a doctor may approve, then carries it out once', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter, patient } = await h.encounter();
    const mcp = await mcpClient(rt.url, 'sse', { token: h.agentKey.key.secret });
    const tools = await mcp.listTools();
    const tool = tools.tools.find((t) => t.name === 'propose-prescription');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    // A key without the scope does not see it.
    const plain = await h.key(['patients:read']);
    const other = await mcpClient(rt.url, 'http', { token: plain.key.secret });
    expect((await other.listTools()).tools.map((t) => t.name)).not.toContain(
      'propose-prescription',
    );
    await other.close();

    const result = await mcp.callTool({
      name: 'propose-prescription',
      arguments: { encounterId: encounter.id, ...PARACETAMOL, rationale: 'Fever for two days' },
    });
    await mcp.close();
    const { isError, body } = toolAnswer(result);
    expect(isError, JSON.stringify(body)).toBe(false);
    expect(body).toMatchObject({ status: 'PENDING', risk: 'LOW', patientId: patient.id });
    expect(body.message).toMatch(new RegExp(`Action ${body.id} \\(risk LOW\\) awaits approval`));
    expect(body.proposer).toMatchObject({ kind: 'apiKey', id: h.agentKey.key.id });

    const audit = await h.admin.get(`/agenty/admin/audit?capability=propose-prescription`);
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        transport: 'mcp',
        actorId: h.agentKey.key.id,
        // The key's name as the administrator gave it (test/support/hitl.ts).
        keyName: 'clinical agent',
        operations: ['agent-actions.proposePrescription'],
        outcome: 'success',
      }),
    ]);

    const pending = await h.doctorUser.api.get(`/agent-actions/pending?patientId=${patient.id}`);
    expect(pending.body.items.map((a: { id: string }) => a.id)).toEqual([body.id]);
    expectError(await h.nurse.api.post(`/agent-actions/${body.id}/approve`), 403);
    expectError(await h.agentKey.api.post(`/agent-actions/${body.id}/approve`), 403);

    const approved = await h.doctorUser.api.post(`/agent-actions/${body.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await rt.events.bus.idle();
    const event = rt.events.bus.published.find(
      (e) =>
        e['detail-type'] === 'AgentActionApproved' &&
        (e.detail as { actionId: string }).actionId === body.id,
    )!;
    expect(event).toMatchObject({
      source: 'hms.agent-actions',
      'detail-type': 'AgentActionApproved',
    });
    await Promise.all([rt.events.bus.deliver(event), rt.events.bus.deliver(event)]);

    const done = (await h.doctorUser.api.get(`/agent-actions/${body.id}`)).body;
    expect(done.status).toBe('EXECUTED');
    const enc = (await h.doctorUser.api.get(`/encounters/${encounter.id}`)).body;
    expect(enc.prescriptions.map((p: { id: string }) => p.id)).toEqual([done.result.id]);
  });
});

describe('an agent follows what it proposed', () => {
  it('get-agent-action (MCP) and the agent-action-status skill (A2A) report the human decision', async () => {
    const h = await hitlHospital(rt.url);
    const { encounter } = await h.encounter();
    const proposed = await h.proposeRx(encounter.id);
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const id = proposed.body.id;

    const mcp = await mcpClient(rt.url, 'http', { token: h.agentKey.key.secret });
    const before = toolAnswer(await mcp.callTool({ name: 'get-agent-action', arguments: { id } }));
    expect(before.isError, JSON.stringify(before.body)).toBe(false);
    expect(before.body).toMatchObject({ id, status: 'PENDING', type: 'prescription' });

    const rejected = await h.doctorUser.api.post(`/agent-actions/${id}/reject`, {
      reason: 'Already on paracetamol from home',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const after = toolAnswer(await mcp.callTool({ name: 'get-agent-action', arguments: { id } }));
    expect(after.body).toMatchObject({
      id,
      status: 'REJECTED',
      decision: { userId: h.doctorUser.user.id, reason: 'Already on paracetamol from home' },
    });
    // Another hospital's action id is not found.
    const other = await hitlHospital(rt.url);
    const foreign = await mcpClient(rt.url, 'http', { token: other.agentKey.key.secret });
    const missing = toolAnswer(
      await foreign.callTool({ name: 'get-agent-action', arguments: { id } }),
    );
    expect(missing.isError).toBe(true);
    expect(JSON.stringify(missing.body)).toMatch(/not found/i);
    await foreign.close();
    // A key without agent-actions:read (nor agents:clinical:propose, which brings it) does not see it.
    const narrow = await h.key(['patients:read']);
    const blind = await mcpClient(rt.url, 'http', { token: narrow.key.secret });
    expect((await blind.listTools()).tools.map((t) => t.name)).not.toContain('get-agent-action');
    await blind.close();
    await mcp.close();

    // Over A2A, in words.
    const res = await fetch(`${rt.url}/a2a`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${h.agentKey.key.secret}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tasks/send',
        params: {
          id: crypto.randomUUID(),
          message: {
            role: 'user',
            parts: [{ type: 'text', text: `What happened to agent action ${id}?` }],
          },
        },
      }),
    });
    const task = ((await res.json()) as any).result;
    expect(task.status.state, JSON.stringify(task.status)).toBe('completed');
    expect(task.artifacts[0].name).toBe('get-agent-action');
    expect(task.artifacts[0].parts[0].data).toMatchObject({ id, status: 'REJECTED' });
  });
});
