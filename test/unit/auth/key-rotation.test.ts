import { describe, expect, it } from 'vitest';
import { type KeyStorage, rotateIfDue } from '../../../shared/auth/key-rotation';
import { newKeySet, parseKeySet } from '../../../shared/auth/signing-keys';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const DAY = 86_400_000;

function memory(initial: string | null) {
  const writes: string[] = [];
  const state = { private: initial, public: null as string | null };
  const storage: KeyStorage = {
    readPrivate: async () => state.private,
    writePublic: async (text) => {
      writes.push('public');
      state.public = text;
    },
    writePrivate: async (text) => {
      writes.push('private');
      state.private = text;
    },
  };
  return { storage, state, writes };
}

describe('rotateIfDue (the scheduled rotation)', () => {
  it('creates the first set over a placeholder, public half first', async () => {
    for (const initial of [null, 'placeholder-generated-by-secrets-manager']) {
      const m = memory(initial);
      const report = await rotateIfDue(m.storage, T0);
      expect(report).toMatchObject({ rotated: true, reason: 'initialised' });
      expect(m.writes).toEqual(['public', 'private']);
      const set = parseKeySet(m.state.private!, true);
      expect(set.keys.find((k) => k.status === 'current')!.kid).toBe(report.currentKid);
      expect(m.state.public).not.toContain('"d"');
      expect(parseKeySet(m.state.public!, false).keys).toHaveLength(2);
    }
  });

  it('does nothing before 30 days and rotates at 30 days', async () => {
    const set = newKeySet(T0);
    const m = memory(JSON.stringify(set));
    const early = await rotateIfDue(m.storage, new Date(T0.getTime() + 29 * DAY));
    expect(early).toEqual({ rotated: false, reason: 'not-due', currentKid: set.keys[0]!.kid });
    expect(m.writes).toEqual([]);
    const due = await rotateIfDue(m.storage, new Date(T0.getTime() + 30 * DAY));
    expect(due).toEqual({ rotated: true, reason: 'due', currentKid: set.keys[1]!.kid });
    expect(m.writes).toEqual(['public', 'private']);
  });
});
