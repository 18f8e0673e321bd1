/**
 * MCP prompts through the local runtime with the SDK's own client: prompts/list offers a prompt
 * only when the credential may use every tool it names, prompts/get validates its arguments (and
 * refuses a prompt the credential is not offered before looking at them), and the text it answers
 * names the tools the workflow uses with the arguments given.
 */
import { describe, expect, it } from 'vitest';
import { mcpClient } from '../support/agents';
import { opdHospital, opdRuntime } from '../support/opd';

const rt = opdRuntime('Asia/Kolkata');

describe('MCP prompts', () => {
  it('lists the prompts a key may run, by the scopes it holds', async () => {
    const h = await opdHospital(rt.url);
    const list = async (scopes: string[]) => {
      const { key } = await h.key(scopes, `prompts ${scopes.join(' ')}`);
      const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
      try {
        expect(mcp.getServerCapabilities()?.prompts).toBeDefined();
        return (await mcp.listPrompts()).prompts.map((p) => p.name).sort();
      } finally {
        await mcp.close();
      }
    };
    // Written out by hand: which prompt each preset opens (every tool of the prompt usable).
    // A reception key reads appointments and the queue (its preset's appointments:read).
    expect(await list(['agents:reception:write'])).toEqual(['book-for-patient', 'todays-clinic']);
    expect(await list(['appointments:read'])).toEqual(['todays-clinic']);
    expect(await list(['patients:read', 'encounters:read', 'lab:read'])).toEqual([
      'discharge-readiness',
    ]);
    expect(
      await list(['agents:operations:read', 'lab:read', 'encounters:read', 'patients:read']),
    ).toEqual(['discharge-readiness', 'ward-round-summary']);
    expect(await list(['patients:read'])).toEqual([]);
  });

  it('describes each prompt with its arguments, and answers its text for valid arguments', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(
      ['agents:reception:write', 'agents:operations:read', 'encounters:read', 'lab:read'],
      'prompt reader',
    );
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    try {
      const { prompts } = await mcp.listPrompts();
      const book = prompts.find((p) => p.name === 'book-for-patient');
      expect(book?.arguments).toEqual([
        { name: 'patient', description: expect.any(String), required: true },
        { name: 'doctor', description: expect.any(String), required: true },
        { name: 'date', description: expect.any(String), required: true },
        { name: 'reason', description: expect.any(String), required: true },
      ]);

      const got = await mcp.getPrompt({
        name: 'book-for-patient',
        arguments: {
          patient: 'Ravi Kumar',
          doctor: 'Dr Vikram Sen',
          date: '2026-11-26',
          reason: 'fever for three days',
        },
      });
      expect(got.messages).toHaveLength(1);
      expect(got.messages[0]!.role).toBe('user');
      const text = (got.messages[0]!.content as { text: string }).text;
      for (const tool of [
        'search-patients',
        'list-doctors',
        'check-doctor-availability',
        'book-appointment',
      ])
        expect(text).toContain(tool);
      expect(text).toContain('q "Ravi Kumar"');
      expect(text).toContain('reason "fever for three days"');
      expect(text).toContain('date 2026-11-26');

      const clinic = await mcp.getPrompt({
        name: 'todays-clinic',
        arguments: { doctorId: h.doctor.id },
      });
      const clinicText = (clinic.messages[0]!.content as { text: string }).text;
      expect(clinicText).toContain(`list-appointments with doctorId ${h.doctor.id}`);
      expect(clinicText).toContain('today');

      const discharge = await mcp.getPrompt({
        name: 'discharge-readiness',
        arguments: { patientId: 'a1b2c3' },
      });
      expect((discharge.messages[0]!.content as { text: string }).text).toContain(
        'get-lab-results with patientId a1b2c3',
      );
    } finally {
      await mcp.close();
    }
  });

  it('refuses bad arguments naming them, unknown prompts, and prompts the key is not offered', async () => {
    const h = await opdHospital(rt.url);
    const { key } = await h.key(['agents:reception:write', 'patients:read'], 'reception only');
    const mcp = await mcpClient(rt.url, 'http', { token: key.secret });
    try {
      const refusal = async (name: string, args: Record<string, string>) => {
        const err = (await mcp.getPrompt({ name, arguments: args }).catch((e) => e)) as {
          code: number;
          message: string;
        };
        expect(err.code).toBe(-32602);
        return err.message;
      };
      const valid = { patient: 'Ravi', doctor: 'Sen', date: '2026-11-26', reason: 'fever' };
      expect(await refusal('book-for-patient', { ...valid, date: '26/11/2026' })).toContain(
        'date: must be a date as YYYY-MM-DD',
      );
      expect(await refusal('book-for-patient', { ...valid, reason: '' })).toContain(
        'reason: must not be empty',
      );
      const { reason: _omitted, ...noReason } = valid;
      expect(await refusal('book-for-patient', noReason)).toContain('reason: is required');
      expect(await refusal('book-for-patient', { ...valid, colour: 'red' })).toContain(
        'colour: is not a known field',
      );
      expect(await refusal('no-such-prompt', {})).toContain('No prompt named no-such-prompt');
      // Not offered to this key: refused before its (bad) arguments are looked at.
      expect(await refusal('discharge-readiness', { patientId: 'not an id!' })).toBe(
        'MCP error -32602: The prompt discharge-readiness uses tools this credential may not use: get-encounter-summary, get-lab-results',
      );
    } finally {
      await mcp.close();
    }
  });
});
