/**
 * Ids of created records. Normally random (UUID v4); an executor carrying out an approved agent
 * action derives them from the action's id instead (`derivedIds`), so what the action created has
 * a known id: an executor that died after its write and runs again finds the result by that id
 * rather than guessing (shared/modules/agent-actions/dispatch.ts).
 */
import { createHash, randomUUID } from 'node:crypto';

export interface IdSource {
  next(): string;
}

/** A new record id: from the context's id source when it has one, else random. */
export function newId(ctx: { ids?: IdSource | undefined }): string {
  return ctx.ids?.next() ?? randomUUID();
}

/** The n-th id (from 1) derived from `seed`: a name-based UUID (version 5 layout, SHA-256). */
export function derivedId(seed: string, n: number): string {
  const b = createHash('sha256').update(`${seed}#${n}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Ids derived from `seed`, in order: the same sequence every time. */
export function derivedIds(seed: string): IdSource {
  let n = 0;
  return { next: () => derivedId(seed, ++n) };
}
