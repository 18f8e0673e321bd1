/**
 * The MCP server through the local runtime, with the SDK's own clients (SSEClientTransport over
 * GET /sse + POST /messages, whose replies travel through the table mailbox; and
 * StreamableHTTPClientTransport over POST /mcp): discovery, tool calls into real operations,
 * the scope filter, tenancy and the audit log.
 */
import { describe, expect, it } from 'vitest';
import { catalogueCounts } from '../../shared/agents';
import { type McpTransportName, mcpClient, toolAnswer } from '../support/agents';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');

const ALL_SCOPES = [
  'patients:read',
  'appointments:read',
  'doctors:read',
  'encounters:read',
  'lab:read',
  'radiology:read',
  'agents:reception:write',
  'agents:operations:read',
  // The HITL proposal tools (docs/hitl.md).
  'agents:clinical:propose',
  // Decision support, the roster and the theatre (issues 17-19).
  'cds:read',
  'roster:read',
  'roster:manage',
  'theatre:read',
  // The ED board and figures (issue 19's remainder: get-ed-board, get-ed-stats).
  'emergency:read',
  // The demo hospital (docs/demo.md).
  'demo:write',
];

async function hospital() {
  const h = await opdHospital(rt.url);
  // Functional tests make more calls than the default 10 a minute.
  const patched = await h.admin.patch('/tenants/current', { agentRateLimitPerMinute: 1000 });
  expect(patched.status).toBe(200);
  return h;
}

describe.each<McpTransportName>(['http', 'sse'])('MCP over %s', (transport) => {
  it('initializes, lists tools and resources, reads svc:// resources and calls tools', async () => {
    const h = await hospital();
    const { key } = await h.key(ALL_SCOPES, 'reception agent');
    const mcp = await mcpClient(rt.url, transport, { token: key.secret });
    try {
      expect(mcp.getServerVersion()?.name).toBe('hospital-management');
      const { tools } = await mcp.listTools();
      expect(tools).toHaveLength(catalogueCounts().tools);
      const book = tools.find((t) => t.name === 'book-appointment');
      expect(book?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
      expect(book?.inputSchema.required).toEqual(['patientId', 'doctorId', 'start', 'reason']);

      const { resources } = await mcp.listResources();
      expect(resources.map((r) => r.uri)).toEqual(['svc://capabilities', 'svc://agents']);
      const caps = await mcp.readResource({ uri: 'svc://capabilities' });
      const capsBody = JSON.parse(String((caps.contents[0] as { text: string }).text));
      expect(capsBody.counts).toMatchObject({ ...catalogueCounts(), visibleTools: tools.length });
      const agents = JSON.parse(
        String(
          ((await mcp.readResource({ uri: 'svc://agents' })).contents[0] as { text: string }).text,
        ),
      );
      expect(agents.agents).toContainEqual(
        expect.objectContaining({
          name: 'search-patients',
          mcpTool: 'search-patients',
          a2aSkill: 'patient-lookup',
        }),
      );

      // Register, find, check availability, book, check in, read the queue: real operations.
      const registered = await mcp.callTool({
        name: 'register-patient',
        arguments: {
          name: 'Meera Iyer',
          dateOfBirth: '1990-02-03',
          sex: 'female',
          phone: `+91 97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
        },
      });
      const patient = toolAnswer(registered);
      expect(patient.isError, JSON.stringify(patient.body)).toBe(false);
      expect(patient.body.mrn).toMatch(/\d/);
      expect(registered.structuredContent).toEqual(patient.body);

      const found = toolAnswer(
        await mcp.callTool({ name: 'search-patients', arguments: { q: 'Meera' } }),
      );
      expect(found.body.items.map((p: { id: string }) => p.id)).toEqual([patient.body.id]);

      const slots = toolAnswer(
        await mcp.callTool({
          name: 'check-doctor-availability',
          arguments: { doctorId: h.doctor.id, date: rt.today },
        }),
      );
      expect(slots.body.slots.length).toBeGreaterThan(0);
      const slot = slots.body.slots.at(-1);
      const booked = toolAnswer(
        await mcp.callTool({
          name: 'book-appointment',
          arguments: {
            patientId: patient.body.id,
            doctorId: h.doctor.id,
            start: slot.start,
            reason: 'Fever',
          },
        }),
      );
      expect(booked.isError, JSON.stringify(booked.body)).toBe(false);
      expect(booked.body.status).toBe('booked');

      const checkedIn = toolAnswer(
        await mcp.callTool({ name: 'check-in-patient', arguments: { id: booked.body.id } }),
      );
      expect(checkedIn.body.status).toBe('checked-in');
      const queue = toolAnswer(
        await mcp.callTool({ name: 'get-queue-status', arguments: { doctorId: h.doctor.id } }),
      );
      expect(queue.body.items.map((i: { appointmentId: string }) => i.appointmentId)).toEqual([
        booked.body.id,
      ]);
      // Without a doctor: the hospital's queue (the SDK client checks it against outputSchema).
      const hospitalQueue = toolAnswer(
        await mcp.callTool({ name: 'get-queue-status', arguments: {} }),
      );
      expect(hospitalQueue.isError, JSON.stringify(hospitalQueue.body)).toBe(false);
      expect(hospitalQueue.body).toMatchObject({
        waiting: 1,
        doctors: [{ doctorId: h.doctor.id, waiting: 1 }],
      });
      const summary = toolAnswer(
        await mcp.callTool({
          name: 'get-encounter-summary',
          arguments: { patientId: patient.body.id },
        }),
      );
      expect(summary.body).toEqual({
        patientId: patient.body.id,
        encounter: null,
        latestNews2: null,
        prescriptions: [],
      });

      // A conflict is a tool error with the REST error body.
      const again = toolAnswer(
        await mcp.callTool({
          name: 'book-appointment',
          arguments: {
            patientId: patient.body.id,
            doctorId: h.doctor.id,
            start: slot.start,
            reason: 'Fever',
          },
        }),
      );
      expect(again.isError).toBe(true);
      expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict' });

      const cancelled = toolAnswer(
        await mcp.callTool({
          name: 'cancel-appointment',
          arguments: { id: booked.body.id, reason: 'Patient travelling' },
        }),
      );
      expect(cancelled.body.status).toBe('cancelled');
    } finally {
      await mcp.close();
    }
  }, 60_000);

  it('shows a key only the tools its scopes allow and refuses the others', async () => {
    const h = await hospital();
    const { key } = await h.key(['agents:operations:read'], 'operations agent');
    const mcp = await mcpClient(rt.url, transport, { token: key.secret });
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        'list-doctors',
        'list-departments',
        'get-queue-status',
        'get-bed-availability',
        'get-pharmacy-stock',
        'get-low-stock',
        'pharmacy-expiry-scan',
        'get-billing-summary',
        'billing-health-check',
        'get-report',
        'system-monitor',
        'onboarding-chat',
        'support-query',
      ]);
      const refused = toolAnswer(
        await mcp.callTool({ name: 'search-patients', arguments: { q: 'a' } }),
      );
      expect(refused).toEqual({
        isError: true,
        body: {
          statusCode: 403,
          error: 'Forbidden',
          message: 'API key lacks the scope patients:read required by search-patients',
        },
      });
      const unknown = toolAnswer(await mcp.callTool({ name: 'drop-tables', arguments: {} }));
      expect(unknown.body).toMatchObject({
        statusCode: 404,
        message: 'No capability named drop-tables',
      });
      const queue = toolAnswer(
        await mcp.callTool({ name: 'get-queue-status', arguments: { doctorId: h.doctor.id } }),
      );
      expect(queue.isError).toBe(false);
      // The agent scope opens the operations' own scopes (beds:read, pharmacy:read, billing:read)
      // for these tools only: real answers from a new hospital's empty wards, shelves and tills.
      const beds = toolAnswer(await mcp.callTool({ name: 'get-bed-availability', arguments: {} }));
      expect(beds.isError, JSON.stringify(beds.body)).toBe(false);
      expect(beds.body).toMatchObject({ wards: [] });
      const expiry = toolAnswer(
        await mcp.callTool({ name: 'pharmacy-expiry-scan', arguments: { withinDays: 30 } }),
      );
      expect(expiry.isError, JSON.stringify(expiry.body)).toBe(false);
      const summary = toolAnswer(
        await mcp.callTool({ name: 'get-billing-summary', arguments: {} }),
      );
      expect(summary.isError, JSON.stringify(summary.body)).toBe(false);
      expect(summary.body).toMatchObject({ today: { billed: 0, collectedTotal: 0 } });
    } finally {
      await mcp.close();
    }
  }, 60_000);
});

describe('MCP with a signed-in user', () => {
  it('a user token with x-tenant-id sees the tools of its role, as on REST', async () => {
    const h = await hospital();
    const pharmacist = await h.staff('PHARMACIST');
    const mcp = await mcpClient(rt.url, 'http', { token: pharmacist.token, tenantId: h.tenantId });
    try {
      const names = (await mcp.listTools()).tools.map((t) => t.name);
      expect(names).toContain('search-patients');
      expect(names).not.toContain('register-patient');
      expect(names).not.toContain('book-appointment');
    } finally {
      await mcp.close();
    }
  }, 60_000);
});

describe('MCP tenancy', () => {
  it("another hospital's ids are not found through any tool", async () => {
    const [a, b] = await Promise.all([hospital(), hospital()]);
    const theirPatient = await b.patient();
    const { key } = await a.key(ALL_SCOPES);
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['get-patient', { id: theirPatient.id }],
        ['get-encounter-summary', { patientId: theirPatient.id }],
        ['check-doctor-availability', { doctorId: b.doctor.id, date: rt.today }],
        ['get-queue-status', { doctorId: b.doctor.id }],
        [
          'book-appointment',
          {
            patientId: theirPatient.id,
            doctorId: a.doctor.id,
            start: `${rt.today}T12:00:00+05:30`,
            reason: 'x',
          },
        ],
      ];
      for (const [name, args] of calls) {
        const answer = toolAnswer(await mcp.callTool({ name, arguments: args }));
        expect(answer.body.statusCode, name).toBe(404);
      }
      const search = toolAnswer(
        await mcp.callTool({ name: 'search-patients', arguments: { q: theirPatient.name } }),
      );
      expect(search.body.items).toEqual([]);
    } finally {
      await mcp.close();
    }
  }, 60_000);
});

describe('the README reception key (agents:reception:write + agents:operations:read)', () => {
  it('finds the patient, the doctor and a slot, books and reads the queue; learns which scope opens the rest', async () => {
    const h = await hospital();
    const { key, api } = await h.key(
      ['agents:reception:write', 'agents:operations:read'],
      'reception agent',
    );
    const patient = await h.patient({ name: 'Ravi Kumar' });
    const mcp = await mcpClient(rt.url, 'sse', { token: key.secret });
    try {
      const listed = await mcp.listTools();
      const names = listed.tools.map((t) => t.name).sort();
      expect(names).toEqual(
        [
          'billing-health-check',
          'book-appointment',
          'cancel-appointment',
          'check-doctor-availability',
          'check-in-patient',
          'get-bed-availability',
          'get-billing-summary',
          'get-low-stock',
          'get-patient',
          'get-pharmacy-stock',
          'get-queue-status',
          'get-report',
          'list-appointments',
          'list-departments',
          'list-doctors',
          'pharmacy-expiry-scan',
          'register-patient',
          'search-patients',
          'system-monitor',
          'onboarding-chat',
          'support-query',
        ].sort(),
      );
      // What it does not see, by the scope that would open it (the proposals among them).
      const hidden = (listed._meta?.['hms/hidden-tools'] ?? []) as {
        scope: string;
        tools: string[];
      }[];
      expect(hidden.find((g) => g.scope === 'agents:clinical:propose')?.tools).toContain(
        'propose-prescription',
      );
      expect(hidden.flatMap((g) => g.tools)).not.toContain('search-patients');

      const found = toolAnswer(
        await mcp.callTool({ name: 'search-patients', arguments: { q: 'Ravi' } }),
      );
      expect(found.isError, JSON.stringify(found.body)).toBe(false);
      expect(found.body.items.map((p: { id: string }) => p.id)).toContain(patient.id);
      const doctors = toolAnswer(await mcp.callTool({ name: 'list-doctors', arguments: {} }));
      expect(doctors.body.items.map((d: { id: string }) => d.id)).toContain(h.doctor.id);
      const slots = toolAnswer(
        await mcp.callTool({
          name: 'check-doctor-availability',
          arguments: { doctorId: h.doctor.id, date: rt.today },
        }),
      );
      const booked = toolAnswer(
        await mcp.callTool({
          name: 'book-appointment',
          arguments: {
            patientId: patient.id,
            doctorId: h.doctor.id,
            start: slots.body.slots.at(-1).start,
            reason: 'Fever',
          },
        }),
      );
      expect(booked.isError, JSON.stringify(booked.body)).toBe(false);
      expect(booked.body.status).toBe('booked');
    } finally {
      await mcp.close();
    }
    // Over REST the key keeps exactly the scopes it was given.
    expect((await api.get('/patients?q=Ravi')).status).toBe(403);
  });
});
