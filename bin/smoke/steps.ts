/**
 * The smoke test of a deployed stage (docs/deployment.md, "After `cdk deploy`"): the steps
 * `npm run smoke -- --url <api> --mcp <url>` runs, one after another, each printed as it passes.
 * The first that fails stops the run with what it got and what to do next. It uses the service as
 * a client would: REST over fetch, the real MCP SDK client (Streamable HTTP) and the real A2A SDK
 * client (JSON-RPC transport, the agent card the stage publishes).
 *
 * It works in a hospital of its own: a new one registered for the run, or (registration
 * invite-only or closed) the hospital whose administrator `--email`/`--password` name, which
 * should be one kept for smoke tests: the run adds a doctor, a patient, an encounter, a
 * prescription and an API key (revoked at the end) to it.
 */
import { AgentCard, Role, type Task, TaskState } from '@a2a-js/sdk';
import { JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface SmokeOptions {
  /** The API's base URL (stack output `ApiUrl`). */
  url: string;
  /** The MCP server's base URL (stack output `McpUrl`). */
  mcp: string;
  /** An administrator of an existing hospital, instead of registering one. */
  email?: string | undefined;
  password?: string | undefined;
  /** How long to wait for the approved proposal to be executed (EventBridge → executor). */
  executionTimeoutMs?: number;
}

/** A step that failed: what happened and what to do about it. */
export class SmokeFailure extends Error {
  constructor(
    readonly step: string,
    message: string,
    readonly next: string,
  ) {
    super(message);
  }
}

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON of whatever route answered
  body: any;
}

const trim = (url: string) => url.replace(/\/+$/, '');

/** Runs every step; resolves when all passed, rejects with a SmokeFailure at the first that failed. */
export async function runSmoke(
  options: SmokeOptions,
  print: (line: string) => void,
): Promise<void> {
  const api = trim(options.url);
  const mcpBase = trim(options.mcp).replace(/\/mcp$/, '');
  let step = '';
  const pass = (detail: string) => print(`ok   ${step}: ${detail}`);
  const begin = (name: string) => {
    step = name;
  };
  const fail = (message: string, next: string): never => {
    throw new SmokeFailure(step, message, next);
  };

  async function call(
    method: string,
    path: string,
    body?: unknown,
    auth?: { token: string; tenantId?: string },
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) headers.authorization = `Bearer ${auth.token}`;
    if (auth?.tenantId) headers['x-tenant-id'] = auth.tenantId;
    let res: Response;
    try {
      res = await fetch(api + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      return fail(
        `${method} ${api}${path} did not answer (${((err as Error).cause as Error | undefined)?.message ?? (err as Error).message})`,
        'Check --url: it is the stack output ApiUrl (with the stage, e.g. https://<id>.execute-api.<region>.amazonaws.com/prod/), and that the stack finished deploying.',
      );
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: kept as text for the message */
    }
    return { status: res.status, body: parsed };
  }
  const expectStatus = (reply: Reply, status: number, what: string, next: string) => {
    if (reply.status !== status)
      fail(`${what} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`, next);
  };
  const logs =
    'Look up the request in the API access log (output AccessLogGroup) and the function log (docs/operations.md).';

  begin('health');
  const health = await call('GET', '/health');
  expectStatus(health, 200, 'GET /health', logs);
  pass(`${api}/health answers ${JSON.stringify(health.body)}`);

  begin('hospital');
  const suffix = Date.now().toString(36);
  let admin: { token: string; tenantId: string };
  if (options.email) {
    const login = await call('POST', '/auth/login', {
      email: options.email,
      password: options.password ?? '',
    });
    expectStatus(
      login,
      200,
      'POST /auth/login',
      'Check --email and --password (an administrator of the hospital kept for smoke tests).',
    );
    admin = { token: login.body.accessToken, tenantId: login.body.tenantId };
    if (login.body.user?.role !== 'ADMIN')
      fail(
        `${options.email} is a ${login.body.user?.role}, not an administrator`,
        'Sign in with an administrator of the smoke-test hospital.',
      );
    pass(`signed in to ${login.body.tenantSlug} as ${options.email}`);
  } else {
    const reg = await call('POST', '/tenants', {
      hospitalName: `Smoke test ${suffix}`,
      slug: `smoke-${suffix}`,
      adminName: 'Smoke Admin',
      adminEmail: `smoke-${suffix}@example.test`,
    });
    if (reg.status === 403)
      fail(
        `registration is not open on this stage: ${reg.body?.message}`,
        'Pass --email and --password of an administrator of a hospital kept for smoke tests.',
      );
    expectStatus(reg, 201, 'POST /tenants', logs);
    const login = await call('POST', '/auth/login', reg.body.credentials);
    expectStatus(login, 200, 'POST /auth/login', logs);
    admin = { token: login.body.accessToken, tenantId: reg.body.tenant.id };
    pass(`registered ${reg.body.tenant.slug} and signed in as its administrator`);
  }
  const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, body, admin);

  begin('patient');
  const patient = await asAdmin('POST', '/patients/register', {
    name: 'Smoke Test Patient',
    dateOfBirth: '1980-01-01',
    sex: 'unknown',
    phone: '+44 20 7946 0000',
  });
  expectStatus(patient, 201, 'POST /patients/register', logs);
  const read = await asAdmin('GET', `/patients/${patient.body.id}`);
  expectStatus(read, 200, `GET /patients/${patient.body.id}`, logs);
  pass(`registered and read patient ${patient.body.mrn}`);

  begin('doctor and encounter');
  const email = `smoke-doctor-${suffix}@example.test`;
  const user = await asAdmin('POST', '/users', { name: 'Dr Smoke', email, role: 'DOCTOR' });
  expectStatus(user, 201, 'POST /users', logs);
  const dept = await asAdmin('POST', '/departments', { name: `Smoke medicine ${suffix}` });
  expectStatus(dept, 201, 'POST /departments', logs);
  const profile = await asAdmin('POST', '/doctors', {
    userId: user.body.user.id,
    departmentId: dept.body.id,
    specialty: 'Internal Medicine',
    consultationFee: 100,
  });
  expectStatus(profile, 201, 'POST /doctors', logs);
  const doctorLogin = await call('POST', '/auth/login', {
    email,
    password: user.body.credentials.password,
  });
  expectStatus(doctorLogin, 200, 'POST /auth/login (doctor)', logs);
  const doctor = { token: doctorLogin.body.accessToken as string, tenantId: admin.tenantId };
  const encounter = await call(
    'POST',
    '/encounters',
    { patientId: patient.body.id, chiefComplaint: 'Smoke test' },
    doctor,
  );
  expectStatus(encounter, 201, 'POST /encounters', logs);
  pass(`doctor ${email} opened encounter ${encounter.body.id}`);

  begin('agent key');
  const key = await asAdmin('POST', '/api-keys', {
    name: `smoke ${suffix}`,
    scopes: ['patients:read', 'agents:clinical:propose', 'agent-actions:read'],
  });
  expectStatus(key, 201, 'POST /api-keys', logs);
  const secret: string = key.body.secret;
  pass(`API key ${key.body.prefix} with patients:read, agents:clinical:propose`);

  try {
    begin('MCP');
    const mcp = new Client({ name: 'hms-smoke', version: '1.0.0' });
    try {
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(`${mcpBase}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${secret}` } },
        }),
      );
    } catch (err) {
      fail(
        `the MCP client could not connect to ${mcpBase}/mcp: ${(err as Error).message}`,
        'Check --mcp: it is the stack output McpUrl (the MCP endpoint, not the API). Then the mcp function log group (docs/operations.md).',
      );
    }
    const found = await mcp.callTool({
      name: 'get-patient',
      arguments: { id: patient.body.id },
    });
    const text = (found.content as { type: string; text?: string }[])[0]?.text ?? '';
    if (found.isError || !text.includes(patient.body.mrn))
      fail(`tools/call get-patient answered ${text.slice(0, 300)}`, logs);
    pass(`tools/call get-patient found ${patient.body.mrn} over Streamable HTTP`);

    begin('proposal over MCP');
    const proposed = await mcp.callTool({
      name: 'propose-prescription',
      arguments: {
        encounterId: encounter.body.id,
        drugName: 'Paracetamol',
        strength: '500 mg',
        dose: '1 tablet',
        route: 'oral',
        frequency: 'every 6 hours when required',
        durationDays: 1,
        quantity: 4,
        rationale: 'Smoke test of the approval path',
      },
    });
    await mcp.close();
    const action = JSON.parse((proposed.content as { text?: string }[])[0]?.text ?? '{}') as Record<
      string,
      string
    >;
    if (proposed.isError || !action.id)
      fail(`propose-prescription answered ${JSON.stringify(action).slice(0, 300)}`, logs);
    pass(`proposal ${action.id} is ${action.status}`);

    begin('A2A');
    const cardReply = await call('GET', '/.well-known/agent-card.json');
    expectStatus(cardReply, 200, 'GET /.well-known/agent-card.json', logs);
    const a2aFetch: typeof fetch = (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          authorization: `Bearer ${secret}`,
        },
      });
    const a2aUrl = `${api}/a2a`;
    const a2a = await new JsonRpcTransportFactory({ fetchImpl: a2aFetch }).create(
      a2aUrl,
      AgentCard.fromJSON(cardReply.body),
    );
    const task = (await a2a.sendMessage({
      tenant: '',
      message: {
        messageId: crypto.randomUUID(),
        contextId: '',
        taskId: '',
        role: Role.ROLE_USER,
        parts: [
          {
            content: {
              $case: 'data',
              value: { capability: 'get-patient', arguments: { id: patient.body.id } },
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
    })) as Task;
    if (task?.status?.state !== TaskState.TASK_STATE_COMPLETED)
      fail(
        `message/send get-patient ended ${TaskState[task?.status?.state ?? 0]}: ${JSON.stringify(task?.status?.message?.parts ?? []).slice(0, 300)}`,
        logs,
      );
    pass(`message/send get-patient completed task ${task.id} at ${a2aUrl}`);

    begin('approval and execution');
    const approved = await call(
      'POST',
      `/agent-actions/${action.id}/approve`,
      { note: 'Smoke test' },
      doctor,
    );
    expectStatus(approved, 200, `POST /agent-actions/${action.id}/approve`, logs);
    const deadline = Date.now() + (options.executionTimeoutMs ?? 60_000);
    let status = approved.body.status as string;
    while (status === 'APPROVED') {
      if (Date.now() > deadline)
        fail(
          `the approved proposal is still ${status}`,
          'The executor runs from EventBridge: check the executor function log, its DLQ alarm and the outbox relay (docs/operations.md, "DLQ alarms").',
        );
      await new Promise((r) => setTimeout(r, 1000));
      status = (await call('GET', `/agent-actions/${action.id}`, undefined, doctor)).body.status;
    }
    if (status !== 'EXECUTED') fail(`the approved proposal ended ${status}`, logs);
    pass(`approved by the doctor and executed (${status})`);
  } finally {
    // The key was for this run only.
    await asAdmin('DELETE', `/api-keys/${key.body.id}`).catch(() => undefined);
  }
}
