/** What an agent scope brings to agent tools (shared/agents/scope-presets.ts), written out. */
import { describe, expect, it } from 'vitest';
import { agentScopes, includesNote } from '../../../shared/agents/scope-presets';

describe('agent scope presets', () => {
  it('an agent scope adds its read scopes; another scope adds nothing', () => {
    expect([...agentScopes(['agents:reception:write'])].sort()).toEqual(
      ['agents:reception:write', 'appointments:read', 'doctors:read', 'patients:read'].sort(),
    );
    expect([...agentScopes(['lab:read'])]).toEqual(['lab:read']);
    expect([...agentScopes([])]).toEqual([]);
  });

  it('describes what an agent scope includes, and nothing for another scope', () => {
    expect(includesNote('agents:operations:read')).toBe(
      '; its tools also find what they need (doctors:read for agent tools and skills)',
    );
    expect(includesNote('lab:read')).toBe('');
  });
});
