/**
 * Opaque list cursors (errors read "cursor: …" on every transport). A cursor carries DynamoDB's
 * LastEvaluatedKey and a digest of the query it came from, so a cursor reused after the query
 * changed (another search text, date or filter, another list, another tenant) or edited by hand is
 * a 400 that names `cursor`, never a DynamoDB ValidationException (500) or a read outside the
 * query's partition.
 *
 * The cursor is sealed: AES-256-GCM under a key derived from the deployment's `CURSOR_SECRET`, so
 * a client sees neither the table's key structure (`TENANT#…`) nor can it forge a position; any
 * edited character fails the tag. The IV is derived from the payload (an HMAC of it), so the same
 * position always gives the same cursor: deterministic, and safe because a repeated IV only ever
 * seals the same plaintext again.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac } from 'node:crypto';
import { InternalError, Invalid } from '../errors';
import { type IndexName, indexSpec, TABLE } from './table';

/** The parts of a query a cursor is bound to (see Store.queryPage). */
export interface CursorBinding {
  index: IndexName | undefined;
  partition: string;
  range: KeyRange | undefined;
  /** Filter expression and values: part of the query's identity too. */
  filter: unknown;
  newestFirst: boolean;
}

export type KeyRange = { beginsWith: string } | { between: readonly [string, string] };

interface CursorPayload {
  /** Digest of the binding. */
  q: string;
  /** LastEvaluatedKey. */
  k: Record<string, string>;
}

function digest(binding: CursorBinding): string {
  return createHash('sha256').update(JSON.stringify(binding)).digest('base64url').slice(0, 16);
}

/** The attributes DynamoDB puts in a LastEvaluatedKey: the table's key, plus the index's key. */
function keyAttributes(index: IndexName | undefined): {
  partition: string;
  sort: string;
  all: string[];
} {
  const table = [TABLE.partitionKey, TABLE.sortKey];
  if (!index) return { partition: TABLE.partitionKey, sort: TABLE.sortKey, all: table };
  const spec = indexSpec(index);
  return {
    partition: spec.partitionKey,
    sort: spec.sortKey,
    all: [...table, spec.partitionKey, spec.sortKey],
  };
}

/** The sealing keys, derived once per secret (encryption and IV derivation keys are distinct). */
let keys: { secret: string; enc: Buffer; iv: Buffer } | undefined;

function sealingKeys(): { enc: Buffer; iv: Buffer } {
  const secret = process.env.CURSOR_SECRET;
  if (!secret || secret.length < 16)
    throw new InternalError('CURSOR_SECRET is not set: list cursors cannot be sealed');
  if (keys?.secret !== secret) {
    const derive = (label: string) => createHmac('sha256', secret).update(label).digest();
    keys = { secret, enc: derive('hms-cursor-enc'), iv: derive('hms-cursor-iv') };
  }
  return keys;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Seals a cursor's text (exported for tests that play a client holding the deployment's key). */
export function seal(plaintext: string): string {
  const { enc, iv: ivKey } = sealingKeys();
  const iv = createHmac('sha256', ivKey).update(plaintext).digest().subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', enc, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plaintext of a sealed cursor, or null for anything that was not sealed under this key. */
export function open(cursor: string): string | null {
  const { enc } = sealingKeys();
  const raw = Buffer.from(cursor, 'base64url');
  // base64url decoding skips characters it does not know: only its own output round-trips.
  if (raw.length <= IV_BYTES + TAG_BYTES || raw.toString('base64url') !== cursor) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', enc, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}

export function encodeCursor(
  lastKey: Record<string, unknown> | undefined,
  binding: CursorBinding,
): string | null {
  if (!lastKey) return null;
  const payload: CursorPayload = { q: digest(binding), k: lastKey as Record<string, string> };
  return seal(JSON.stringify(payload));
}

function fitsRange(value: string, range: KeyRange | undefined): boolean {
  if (!range) return true;
  if ('beginsWith' in range) return value.startsWith(range.beginsWith);
  return value >= range.between[0] && value <= range.between[1];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The ExclusiveStartKey a cursor stands for, after checking that it was issued for this very
 * query and that its key fits the query's key condition: its attributes are exactly the queried
 * table's or index's key attributes, every one a non-empty string, its partition is the queried
 * one and its sort key lies in the queried range.
 */
export function decodeCursor(
  cursor: string | undefined,
  binding: CursorBinding,
): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  const plaintext = open(cursor);
  if (plaintext === null) throw new Invalid('cursor: is not a valid cursor');
  let payload: unknown;
  try {
    payload = JSON.parse(plaintext);
  } catch {
    throw new Invalid('cursor: is not a valid cursor');
  }
  if (!isPlainObject(payload) || !isPlainObject(payload.k) || typeof payload.q !== 'string') {
    throw new Invalid('cursor: is not a valid cursor');
  }
  if (payload.q !== digest(binding)) {
    const message =
      'belongs to another list or to the same list with other filters; start again without a cursor';
    throw new Invalid(`cursor: ${message}`);
  }
  const key = payload.k;
  const attrs = keyAttributes(binding.index);
  const valid =
    Object.keys(key).length === attrs.all.length &&
    attrs.all.every((a) => typeof key[a] === 'string' && key[a] !== '') &&
    key[attrs.partition] === binding.partition &&
    fitsRange(key[attrs.sort] as string, binding.range);
  if (!valid) {
    const message = 'is not a valid cursor for this list';
    throw new Invalid(`cursor: ${message}`);
  }
  return key as Record<string, string>;
}

/**
 * Cursors of a Scan (the tenant export, tenant-scan.ts): the position is a table key
 * of any partition (the Scan walks the whole table), so the cursor is bound to a scope naming the
 * tenant instead of to a partition; another tenant's cursor, or an edited one, is a 400.
 */
export function encodeScanCursor(
  lastKey: Record<string, unknown> | undefined,
  scope: string,
): string | null {
  if (!lastKey) return null;
  return seal(JSON.stringify({ q: `scan:${scope}`, k: lastKey }));
}

export function decodeScanCursor(
  cursor: string | undefined,
  scope: string,
): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  const plaintext = open(cursor);
  let payload: unknown;
  try {
    payload = plaintext === null ? null : JSON.parse(plaintext);
  } catch {
    payload = null;
  }
  if (!isPlainObject(payload) || payload.q !== `scan:${scope}` || !isPlainObject(payload.k))
    throw new Invalid('cursor: is not a valid cursor for this export; start again without one');
  const key = payload.k;
  const attrs = [TABLE.partitionKey, TABLE.sortKey];
  const valid =
    Object.keys(key).length === attrs.length &&
    attrs.every((a) => typeof key[a] === 'string' && key[a] !== '');
  if (!valid) throw new Invalid('cursor: is not a valid cursor for this export');
  return key as Record<string, string>;
}
