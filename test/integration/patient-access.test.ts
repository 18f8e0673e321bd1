/**
 * Who looked at which patient (issue 23 item 5, shared/kernel/patient-access.ts): every read and
 * write of a patient's data, whatever way it came in, leaves a record an administrator reads with
 * GET /patients/{id}/access-log; another hospital's administrator cannot; a search term is not
 * written to the service's logs.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LocalRuntime } from '../../bin/local/server';
import { mcpClient, toolAnswer } from '../support/agents';
import { type Client, expectError, newTenant } from '../support/api';
import { opdHospital } from '../support/opd';
import { startTestRuntime } from '../support/runtime';

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
}, 60_000);
afterAll(() => rt?.close());

const uniquePhone = () => `+91 ${randomInt(6, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

async function accessLog(api: Client, patientId: string, query = '') {
  const r = await api.get(`/patients/${patientId}/access-log${query}`);
  expect(r.status).toBe(200);
  return r.body as { items: any[]; nextCursor: string | null };
}

describe('patient access log', () => {
  it('records a doctor’s read, a nurse’s write and a read over MCP, newest first, for the administrator', async () => {
    const t = await opdHospital(rt.url);
    const { reception, nurse, doctorUser: doctor } = t;
    const registered = await reception.api.post('/patients/register', {
      name: 'Meera Iyer',
      dateOfBirth: '1984-02-29',
      sex: 'female',
      phone: uniquePhone(),
    });
    expect(registered.status).toBe(201);
    const patient = registered.body;
    const other = await reception.api.post('/patients/register', {
      name: 'Other Person',
      dateOfBirth: '1970-01-01',
      sex: 'male',
      phone: uniquePhone(),
    });

    expect((await doctor.api.get(`/patients/${patient.id}`)).status).toBe(200);
    // A walk-in encounter (its input names the patient), then vitals by a nurse, whose input names
    // only the encounter: the patient is found in the answer.
    const encounter = await doctor.api.post('/encounters', { patientId: patient.id });
    expect(encounter.status).toBe(201);
    const vitals = await nurse.api.patch(`/encounters/${encounter.body.id}/vitals`, {
      pulse: 88,
    });
    expect(vitals.status).toBe(200);

    const { key } = await t.key(['patients:read']);
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    try {
      const answer = toolAnswer(
        await mcp.callTool({ name: 'get-patient', arguments: { id: patient.id } }),
      );
      expect(answer.isError).toBe(false);
    } finally {
      await mcp.close();
    }

    const log = await accessLog(t.admin, patient.id);
    const rows = log.items.map((r) => [
      r.operation,
      r.kind,
      r.transport,
      r.via,
      r.actorKind,
      r.role,
      r.agent,
    ]);
    expect(rows).toEqual([
      ['patients.get', 'read', 'mcp', 'get-patient', 'agent', null, expect.any(String)],
      [
        'encounters.recordVitals',
        'write',
        'rest',
        'PATCH /encounters/{id}/vitals',
        'user',
        'NURSE',
        null,
      ],
      ['encounters.create', 'write', 'rest', 'POST /encounters', 'user', 'DOCTOR', null],
      ['patients.get', 'read', 'rest', 'GET /patients/{id}', 'user', 'DOCTOR', null],
      [
        'patients.register',
        'write',
        'rest',
        'POST /patients/register',
        'user',
        'RECEPTIONIST',
        null,
      ],
    ]);
    expect(log.items.map((r) => r.actorId)).toEqual([
      key.id,
      nurse.user.id,
      doctor.user.id,
      doctor.user.id,
      reception.user.id,
    ]);
    for (const r of log.items) {
      expect(r.patientId).toBe(patient.id);
      expect(Date.parse(r.at)).not.toBeNaN();
      expect(r.requestId).toEqual(expect.any(String));
    }
    // The other patient's log holds only their own registration.
    const theirs = await accessLog(t.admin, other.body.id);
    expect(theirs.items.map((r) => r.operation)).toEqual(['patients.register']);
    // Reading the log is not itself an access of the patient's data.
    expect((await accessLog(t.admin, patient.id)).items).toHaveLength(5);
  });

  it('a search records every patient it answered; pages follow the cursor', async () => {
    const t = await newTenant(rt.url);
    const ids: string[] = [];
    for (const name of ['Kavya Rao', 'Kavita Rao', 'Karan Rao']) {
      const r = await t.admin.post('/patients/register', {
        name,
        dateOfBirth: '1990-05-05',
        sex: 'female',
        phone: uniquePhone(),
      });
      ids.push(r.body.id);
    }
    const nurse = await t.staff('NURSE');
    const found = await nurse.api.get('/patients?q=rao');
    expect(found.body.items).toHaveLength(3);
    for (const id of ids) {
      const log = await accessLog(t.admin, id);
      expect(log.items.map((r) => [r.operation, r.role])).toEqual([
        ['patients.list', 'NURSE'],
        ['patients.register', 'ADMIN'],
      ]);
    }
    // Three more reads of the first patient: five records, two pages of three and two.
    for (let i = 0; i < 3; i++) await nurse.api.get(`/patients/${ids[0]}`);
    const first = await accessLog(t.admin, ids[0]!, '?limit=3');
    expect(first.items.map((r) => r.operation)).toEqual([
      'patients.get',
      'patients.get',
      'patients.get',
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await accessLog(
      t.admin,
      ids[0]!,
      `?limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.items.map((r) => r.operation)).toEqual(['patients.list', 'patients.register']);
    expect(second.nextCursor).toBeNull();
  });

  it('another hospital’s administrator gets 404; staff other than the administrator 403', async () => {
    const t = await newTenant(rt.url);
    const patient = await t.admin.post('/patients/register', {
      name: 'Isolated Patient',
      dateOfBirth: '1960-06-06',
      sex: 'male',
      phone: uniquePhone(),
    });
    const elsewhere = await newTenant(rt.url);
    expectError(await elsewhere.admin.get(`/patients/${patient.body.id}/access-log`), 404);
    const doctor = await t.staff('DOCTOR');
    expectError(await doctor.api.get(`/patients/${patient.body.id}/access-log`), 403);
    const { api } = await t.key(['patients:read']);
    expectError(await api.get(`/patients/${patient.body.id}/access-log`), 403);
    // The refused and foreign reads were not accesses: only the registration is on record.
    expect((await accessLog(t.admin, patient.body.id)).items).toHaveLength(1);
    expectError(await t.admin.get(`/patients/${patient.body.id}/access-log?limit=0`), 400);
  });

  it('a search term that names a patient is not written to the service’s logs', async () => {
    const t = await newTenant(rt.url);
    const name = `Zubeida Quarshie ${randomInt(1000, 9999)}`;
    await t.admin.post('/patients/register', {
      name,
      dateOfBirth: '1975-07-07',
      sex: 'female',
      phone: uniquePhone(),
    });
    const written: string[] = [];
    const level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'debug';
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      const found = await t.admin.get(`/patients?q=${encodeURIComponent('Zubeida Quar')}`);
      expect(found.body.items).toHaveLength(1);
    } finally {
      out.mockRestore();
      err.mockRestore();
      process.env.LOG_LEVEL = level;
    }
    const lines = written.join('');
    // The request was logged (its access too), the term was not.
    expect(lines).toContain('"msg":"patient access"');
    expect(lines).not.toMatch(/zubeida/i);
    expect(lines).not.toMatch(/quar/i);
  });
});
