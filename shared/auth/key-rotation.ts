/**
 * The scheduled rotation of the access-token signing keys (functions/signing-key-rotation, hourly
 * on AWS; the local runtime at start): rotates when the current key has signed for 30 days, or
 * creates the first set when there is none (a new deployment's secret holds a placeholder).
 * The public set is written before the private one, so no verifier meets a key it cannot find.
 */
import {
  type PrivateKeySet,
  parseKeySet,
  publicHalf,
  rotateKeySet,
  rotationDue,
} from './signing-keys';

export interface KeyStorage {
  /** The private set's text, or null when nothing is stored yet. */
  readPrivate(): Promise<string | null>;
  writePublic(text: string): Promise<void>;
  writePrivate(text: string): Promise<void>;
}

export interface RotationReport {
  rotated: boolean;
  /** Why: the set was missing or not a key set, or the current key was due. */
  reason: 'initialised' | 'due' | 'not-due';
  currentKid: string;
}

export async function rotateIfDue(storage: KeyStorage, now: Date): Promise<RotationReport> {
  const text = await storage.readPrivate();
  let stored: PrivateKeySet | null = null;
  try {
    stored = text === null ? null : parseKeySet(text, true);
  } catch {
    // Not a key set: the placeholder a new deployment's secret is created with.
    stored = null;
  }
  if (stored && !rotationDue(stored, now)) {
    return { rotated: false, reason: 'not-due', currentKid: currentKid(stored) };
  }
  const next = rotateKeySet(stored ?? { keys: [] }, now);
  await storage.writePublic(JSON.stringify(publicHalf(next)));
  await storage.writePrivate(JSON.stringify(next));
  return { rotated: true, reason: stored ? 'due' : 'initialised', currentKid: currentKid(next) };
}

function currentKid(set: PrivateKeySet): string {
  return set.keys.find((k) => k.status === 'current')?.kid ?? '';
}
