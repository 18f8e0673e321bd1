import { describe, expect, it } from 'vitest';
import { clientNameFromSession, clientNameOf, sessionIdFor } from '../../../shared/mcp/client-name';

describe('MCP client name', () => {
  it.each([
    [{ name: 'claude-ai', version: '0.1.0' }, 'claude-ai/0.1.0'],
    [{ name: ' mcp-remote ' }, 'mcp-remote'],
    [{ name: 'Inspector', version: '' }, 'Inspector'],
    [{ name: 'a\nb;c', version: '1' }, 'a_b_c/1'],
    [{ name: 'x'.repeat(150) }, 'x'.repeat(100)],
    [{ name: '' }, undefined],
    [{ version: '1' }, undefined],
    ['claude', undefined],
    [null, undefined],
  ])('%j → %s', (info, name) => {
    expect(clientNameOf(info)).toBe(name);
  });

  it('travels in the session id and back; other ids name no one', () => {
    const id = sessionIdFor('claude-ai/0.1.0');
    expect(id).toMatch(/^[\x21-\x7e]+$/);
    expect(id).not.toBe(sessionIdFor('claude-ai/0.1.0'));
    expect(clientNameFromSession(id)).toBe('claude-ai/0.1.0');
    expect(clientNameFromSession(undefined)).toBeUndefined();
    expect(clientNameFromSession('0f9e-uuid')).toBeUndefined();
    expect(clientNameFromSession('hmsc1.!!!.x')).toBeUndefined();
    expect(clientNameFromSession(`hmsc1.${'a'.repeat(400)}`)).toBeUndefined();
  });
});
