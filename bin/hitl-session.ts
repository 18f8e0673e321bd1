/**
 * The MCP-to-approval session of docs/hitl.md, against a running `npm start` (BASE, default
 * http://127.0.0.1:3456): sets up a hospital, lets an agent key propose over MCP (SSE), and has a
 * nurse, the key and a doctor try to approve. `npx tsx bin/hitl-session.ts`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';

const BASE = process.env.BASE ?? 'http://127.0.0.1:3456';
const show = (label: string, v: unknown) =>
  console.log(`\n### ${label}\n${JSON.stringify(v, null, 2)}`);
async function call(method: string, path: string, body?: unknown, token?: string, tenant?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (tenant) headers['x-tenant-id'] = tenant;
  const res = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const s = Date.now().toString(36);
const reg = await call('POST', '/tenants', {
  hospitalName: 'Session Hospital',
  slug: `session-${s}`,
  adminName: 'Asha Admin',
  adminEmail: `admin-${s}@example.test`,
  timezone: 'Asia/Kolkata',
});
const tenant = reg.body.tenant.id;
const admin = (await call('POST', '/auth/login', reg.body.credentials)).body.accessToken;
const mk = async (role: string, name: string) => {
  const u = await call(
    'POST',
    '/users',
    { name, email: `${role.toLowerCase()}-${s}@example.test`, role },
    admin,
    tenant,
  );
  const t = (
    await call('POST', '/auth/login', {
      email: u.body.user.email,
      password: u.body.credentials.password,
    })
  ).body.accessToken;
  return { user: u.body.user, token: t };
};
const doc = await mk('DOCTOR', 'Dr Arjun Rao');
const nurse = await mk('NURSE', 'Nurse Leela');
const dept = await call('POST', '/departments', { name: 'General Medicine' }, admin, tenant);
await call(
  'POST',
  '/doctors',
  {
    userId: doc.user.id,
    departmentId: dept.body.id,
    specialty: 'Internal Medicine',
    consultationFee: 500,
  },
  admin,
  tenant,
);
const patient = await call(
  'POST',
  '/patients/register',
  {
    name: 'Kavya Menon',
    dateOfBirth: '1988-04-02',
    sex: 'female',
    phone: '+91 98450 12345',
    allergies: ['Penicillin'],
  },
  admin,
  tenant,
);
const enc = await call(
  'POST',
  '/encounters',
  { patientId: patient.body.id, chiefComplaint: 'Fever for two days' },
  doc.token,
  tenant,
);
const key = await call(
  'POST',
  '/api-keys',
  { name: 'clinical agent', scopes: ['agents:clinical:propose', 'agent-actions:read'] },
  admin,
  tenant,
);
console.log(
  `Hospital ${reg.body.tenant.slug}, patient ${patient.body.mrn} (allergy: Penicillin), encounter ${enc.body.id}; agent key ${key.body.prefix ?? ''}… scopes ${key.body.scopes}`,
);

const headers = { Authorization: `Bearer ${key.body.secret}` };
const mcp = new Client({ name: 'session-agent', version: '1.0.0' });
await mcp.connect(
  new SSEClientTransport(new URL(`${BASE}/sse`), {
    requestInit: { headers },
    eventSourceInit: {
      fetch: (u, i) => fetch(u, { ...i, headers: { ...i?.headers, ...headers } }),
    },
  }),
);
const tools = (await mcp.listTools()).tools.map((t) => t.name);
show('MCP tools/list (this key)', tools);
const args = {
  encounterId: enc.body.id,
  drugName: 'Paracetamol',
  strength: '500 mg',
  dose: '1 tablet',
  route: 'oral',
  frequency: 'every 6 hours when required',
  durationDays: 3,
  quantity: 12,
  rationale: 'Fever 38.4 °C; no liver disease recorded',
};
show('MCP tools/call propose-prescription arguments', args);
const r1 = await mcp.callTool({ name: 'propose-prescription', arguments: args });
const a1 = JSON.parse((r1.content as { text: string }[])[0]!.text);
show('answer', { id: a1.id, status: a1.status, risk: a1.risk, message: a1.message });
const r2 = await mcp.callTool({
  name: 'propose-prescription',
  arguments: {
    ...args,
    drugName: 'Amoxicillin',
    strength: '500 mg',
    frequency: 'three times daily',
    durationDays: 5,
    quantity: 15,
    rationale: 'Suspected streptococcal pharyngitis',
  },
});
show(
  'propose-prescription Amoxicillin (patient allergic to penicillin), no override',
  JSON.parse((r2.content as { text: string }[])[0]!.text),
);
const r3 = await mcp
  .callTool({ name: 'encounters-prescribe-directly-does-not-exist', arguments: {} })
  .catch((e: Error) => ({ error: e.message }));
show('a tool that would prescribe directly does not exist', r3);
await mcp.close();

const pending = await call('GET', '/agent-actions/pending', undefined, doc.token, tenant);
show(
  'GET /agent-actions/pending (doctor)',
  pending.body.items.map((a: Record<string, unknown>) => ({
    id: a.id,
    type: a.type,
    risk: a.risk,
    patientName: a.patientName,
    summary: a.summary,
    expiresAt: a.expiresAt,
  })),
);
show(
  'POST approve as NURSE',
  await call('POST', `/agent-actions/${a1.id}/approve`, {}, nurse.token, tenant),
);
show(
  'POST approve with the agent key',
  await call('POST', `/agent-actions/${a1.id}/approve`, {}, key.body.secret),
);
const ok = await call(
  'POST',
  `/agent-actions/${a1.id}/approve`,
  { note: 'Agreed' },
  doc.token,
  tenant,
);
show('POST approve as DOCTOR', {
  status: ok.status,
  actionStatus: ok.body.status,
  decision: ok.body.decision,
});
await new Promise((r) => setTimeout(r, 1500));
const done = await call('GET', `/agent-actions/${a1.id}`, undefined, doc.token, tenant);
show('GET /agent-actions/{id}', {
  status: done.body.status,
  result: done.body.result,
  history: done.body.history,
});
const e2 = await call('GET', `/encounters/${enc.body.id}`, undefined, doc.token, tenant);
show(
  'the encounter now',
  e2.body.prescriptions.map((p: Record<string, unknown>) => ({
    id: p.id,
    drugName: p.drugName,
    status: p.status,
    prescriberId: p.prescriberId,
  })),
);
show(
  'again: approve an EXECUTED action',
  await call('POST', `/agent-actions/${a1.id}/approve`, {}, doc.token, tenant),
);
const audit = await call(
  'GET',
  '/agenty/admin/audit?capability=propose-prescription',
  undefined,
  admin,
  tenant,
);
show(
  'GET /agenty/admin/audit?capability=propose-prescription',
  audit.body.items.map((i: Record<string, unknown>) => ({
    at: i.at,
    transport: i.transport,
    capability: i.capability,
    outcome: i.outcome,
    errorCode: i.errorCode,
    operations: i.operations,
  })),
);
