import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../../shared/agents';
import { PROMPTS, renderPrompt } from '../../../shared/agents/prompts';

const everything = {
  kind: 'apiKey' as const,
  id: 'k1',
  name: 'all',
  scopes: [...new Set(CAPABILITIES.map((c) => c.scope))],
};

/** Arguments that pass each prompt's rules, written out by hand. */
const VALID: Record<string, Record<string, string>> = {
  'ward-round-summary': { ward: 'Ward A' },
  'discharge-readiness': { patientId: 'p-1' },
  'todays-clinic': { doctorId: 'd-1', date: '2026-11-25' },
  'book-for-patient': { patient: 'Ravi', doctor: 'Sen', date: '2026-11-25', reason: 'fever' },
};

describe('MCP prompts', () => {
  it('are these four, each naming only catalogue tools', () => {
    expect(PROMPTS.map((p) => p.name)).toEqual([
      'ward-round-summary',
      'discharge-readiness',
      'todays-clinic',
      'book-for-patient',
    ]);
    const names = new Set(CAPABILITIES.map((c) => c.name));
    for (const p of PROMPTS) for (const t of p.tools) expect(names.has(t), t).toBe(true);
  });

  it('name in their text exactly the tools they declare (what decides who is offered them)', () => {
    const names = CAPABILITIES.map((c) => c.name);
    for (const p of PROMPTS) {
      const text = renderPrompt(p.name, VALID[p.name]!, CAPABILITIES, everything as never)!.text;
      const mentioned = names.filter((n) => new RegExp(`\\b${n}\\b`).test(text));
      expect(mentioned.sort(), p.name).toEqual([...p.tools].sort());
    }
  });

  it('fill in the optional arguments only when given', () => {
    const all = renderPrompt('todays-clinic', {}, CAPABILITIES, everything as never)!.text;
    expect(all).toContain("Summarise the hospital's clinics today");
    expect(all).toContain('1. Call list-appointments, following');
    const ward = renderPrompt('ward-round-summary', {}, CAPABILITIES, everything as never)!.text;
    expect(ward).toContain('for every ward');
    expect(renderPrompt('nope', {}, CAPABILITIES, everything as never)).toBeUndefined();
  });

  it('refuse an id that is not one', () => {
    expect(() =>
      renderPrompt('discharge-readiness', { patientId: 'a b' }, CAPABILITIES, everything as never),
    ).toThrow('patientId: must be a valid patient id');
  });
});
