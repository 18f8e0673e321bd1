/**
 * The MCP tool `generate-demo-data` with the real MCP SDK client (docs/demo.md): refused to keys
 * without `demo:write`, once per hospital under concurrent calls, refused (409) on a hospital with
 * patients of its own unless an administrator forces it (a key may not), and only on a trial.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import * as demo from '../../shared/modules/demo/operations';
import { mcpClient, toolAnswer } from '../support/agents';
import { newTenant } from '../support/api';
import { must } from '../support/inpatient';
import { contextFor, invokeOperation } from '../support/operations';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
}, 60_000);
afterAll(() => rt?.close());

const call = async (token: string, args: Record<string, unknown> = {}, tenantId?: string) => {
  const mcp = await mcpClient(rt.url, 'http', { token, ...(tenantId ? { tenantId } : {}) });
  try {
    return toolAnswer(await mcp.callTool({ name: 'generate-demo-data', arguments: args }));
  } finally {
    await mcp.close();
  }
};

describe('generate-demo-data', () => {
  it('a key without demo:write neither sees the tool nor may call it', async () => {
    const t = await newTenant(rt.url);
    const { key } = await t.key(['patients:read', 'agents:operations:read']);
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    const tools = (await mcp.listTools()).tools.map((x) => x.name);
    await mcp.close();
    expect(tools).not.toContain('generate-demo-data');
    const answer = await call(key.secret);
    expect(answer.isError).toBe(true);
    expect(answer.body.statusCode).toBe(403);
    expect((await must(t.admin.get('/patients'), 200, 'patients')).items).toEqual([]);
  });

  it('concurrent calls with a demo:write key generate exactly once; the others answer 409', async () => {
    const t = await newTenant(rt.url);
    const { key } = await t.key(['demo:write']);
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    expect((await mcp.listTools()).tools.map((x) => x.name)).toContain('generate-demo-data');
    await mcp.close();
    const answers = await Promise.all([1, 2, 3].map(() => call(key.secret, { seed: 'race' })));
    const won = answers.filter((a) => !a.isError);
    const lost = answers.filter((a) => a.isError);
    expect(won).toHaveLength(1);
    expect(lost.map((a) => a.body.statusCode)).toEqual([409, 409]);
    expect(won[0]!.body).toMatchObject({ seed: 'race', size: 'small' });
    expect(won[0]!.body.counts.patients).toBe(30);
    const patients = await must(t.admin.get('/patients?limit=100'), 200, 'patients');
    expect(patients.items).toHaveLength(30);
    // Once per hospital: a later call is refused too, and adds nothing.
    const again = await call(key.secret);
    expect(again.isError).toBe(true);
    expect(again.body.statusCode).toBe(409);
    expect(again.body.message).toMatch(/already has its demo data/);
  }, 60_000);

  it('a hospital with patients of its own is refused unless an administrator forces it; a key may not force', async () => {
    const t = await newTenant(rt.url);
    await must(
      t.admin.post('/patients/register', {
        name: 'Real Patient',
        dateOfBirth: '1970-01-01',
        sex: 'female',
        phone: '+91 98450 12345',
      }),
      201,
      'patient',
    );
    const refused = await call(t.token, {}, t.tenantId);
    expect(refused.isError).toBe(true);
    expect(refused.body.statusCode).toBe(409);
    expect(refused.body.message).toMatch(/patients of its own.*force: true/);

    const { key } = await t.key(['demo:write']);
    const keyForce = await call(key.secret, { force: true });
    expect(keyForce.isError).toBe(true);
    expect(keyForce.body.statusCode).toBe(403);

    const bad = await call(t.token, { force: 'yes' }, t.tenantId);
    expect(bad.isError).toBe(true);
    expect(bad.body.statusCode).toBe(400);
    expect(bad.body.message).toMatch(/force/);
    const badSize = await call(t.token, { force: true, size: 'huge' }, t.tenantId);
    expect(badSize.isError).toBe(true);
    expect(badSize.body.statusCode).toBe(400);
    expect(badSize.body.message).toMatch(/size.*small or default/);

    const forced = await call(t.token, { force: true }, t.tenantId);
    expect(forced.isError, JSON.stringify(forced.body)).toBe(false);
    const patients = await must(t.admin.get('/patients?limit=100'), 200, 'patients');
    expect(patients.items).toHaveLength(31);
  }, 60_000);

  it('a hospital no longer on its trial is refused', async () => {
    const t = await newTenant(rt.url);
    // A live hospital: its verified tenant says ACTIVE (there is no route to end a trial yet).
    const live = contextFor(
      {
        id: t.tenantId,
        slug: t.slug,
        name: 'Live Hospital',
        status: 'ACTIVE',
        trialEndsAt: '',
        timeZone: 'Asia/Kolkata',
      },
      { kind: 'user', id: t.registration.admin.id, role: 'ADMIN' },
    );
    const err = await invokeOperation(demo.generate, live, {}).catch((e) => e);
    expect(err).toMatchObject({ code: 'conflict' });
    expect(err.message).toMatch(/only for a hospital on its trial/);
  });
});
