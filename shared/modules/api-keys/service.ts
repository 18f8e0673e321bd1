import { randomUUID } from 'node:crypto';
import { displayPrefix, generateApiKeySecret, hashApiKeySecret } from '../../auth/api-key-secret';
import { actorId } from '../../kernel/actor';
import type { Context } from '../../kernel/context';
import { Conflict, NotFound } from '../../kernel/errors';
import type { PageRequest } from '../../kernel/pagination';
import { view } from '../../kernel/records';
import type { Scope } from '../../kernel/scopes';
import { conditionFailed } from '../../kernel/store/conditions';
import { named } from '../../kernel/store/store';
import { activeApiKeyCount } from '../tenants';
import { ApiKey } from './schemas';
import {
  ApiKeyRecord,
  apiKeyItem,
  apiKeyKeys,
  findApiKey,
  hashKey,
  hashLookupWrite,
} from './store';

/** Active keys per hospital; revoked keys do not count. */
export const MAX_ACTIVE_API_KEYS = 50;

export async function createApiKey(ctx: Context, input: { name: string; scopes: Scope[] }) {
  const secret = generateApiKeySecret();
  const hash = hashApiKeySecret(secret);
  const key: ApiKeyRecord = {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    name: input.name,
    scopes: input.scopes,
    status: 'active',
    hash,
    prefix: displayPrefix(secret),
    createdAt: ctx.now.toISOString(),
    createdBy: actorId(ctx.actor),
  };
  try {
    await ctx.store.transact([
      named('active-key-count', activeApiKeyCount(ctx.store, 1, MAX_ACTIVE_API_KEYS)),
      {
        Put: { Item: apiKeyItem(ctx.store, key), ConditionExpression: 'attribute_not_exists(pk)' },
      },
      hashLookupWrite(key, hash),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'active-key-count')) {
      throw new Conflict(
        `A hospital may have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`,
      );
    }
    throw err;
  }
  return { ...view(ApiKey, key), secret };
}

export function listApiKeys(ctx: Context, page: PageRequest) {
  return ctx.store.collectionPage(
    'gsi1',
    apiKeyKeys(ctx.store).all(),
    page,
    (item) => view(ApiKey, ApiKeyRecord.read(item)),
    {
      newestFirst: true,
    },
  );
}

async function requireKey(ctx: Context, id: string): Promise<ApiKeyRecord> {
  const key = await findApiKey(ctx.store, id, { consistent: true });
  if (!key) throw new NotFound(`API key ${id} not found`);
  return key;
}

/** Marks the key revoked and deletes its hash lookup in one step, so it stops working at once. */
export async function revokeApiKey(ctx: Context, input: { id: string }) {
  const key = await requireKey(ctx, input.id);
  if (key.status === 'revoked') throw new Conflict(`API key ${key.id} is already revoked`);
  const revokedAt = ctx.now.toISOString();
  try {
    await ctx.store.transact([
      {
        name: 'key',
        Update: {
          Key: apiKeyKeys(ctx.store).key(key.id),
          UpdateExpression: 'SET #status = :revoked, revokedAt = :now',
          ConditionExpression: '#status = :active AND #hash = :hash',
          ExpressionAttributeNames: { '#status': 'status', '#hash': 'hash' },
          ExpressionAttributeValues: {
            ':revoked': 'revoked',
            ':active': 'active',
            ':now': revokedAt,
            ':hash': key.hash,
          },
        },
      },
      { Delete: { Key: hashKey(key.hash) } },
      activeApiKeyCount(ctx.store, -1),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'key'))
      throw new Conflict(`API key ${key.id} changed while revoking it; reload and try again`);
    throw err;
  }
  return view(ApiKey, { ...key, status: 'revoked', revokedAt });
}

/** Swaps the secret: the old hash lookup goes and the new one arrives in the same transaction. */
export async function rotateApiKey(ctx: Context, input: { id: string }) {
  const key = await requireKey(ctx, input.id);
  if (key.status !== 'active')
    throw new Conflict(`API key ${key.id} is revoked; create a new key instead`);
  const secret = generateApiKeySecret();
  const hash = hashApiKeySecret(secret);
  const rotatedAt = ctx.now.toISOString();
  const prefix = displayPrefix(secret);
  try {
    await ctx.store.transact([
      {
        name: 'key',
        Update: {
          Key: apiKeyKeys(ctx.store).key(key.id),
          UpdateExpression: 'SET #hash = :new, prefix = :prefix, rotatedAt = :now',
          ConditionExpression: '#status = :active AND #hash = :old',
          ExpressionAttributeNames: { '#status': 'status', '#hash': 'hash' },
          ExpressionAttributeValues: {
            ':new': hash,
            ':old': key.hash,
            ':prefix': prefix,
            ':now': rotatedAt,
            ':active': 'active',
          },
        },
      },
      { Delete: { Key: hashKey(key.hash) } },
      hashLookupWrite(key, hash),
    ]);
  } catch (err) {
    if (conditionFailed(err, 'key'))
      throw new Conflict(`API key ${key.id} changed while rotating it; reload and try again`);
    throw err;
  }
  return { ...view(ApiKey, { ...key, hash, prefix, rotatedAt }), secret };
}
