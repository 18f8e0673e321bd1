import { randomUUID } from 'node:crypto';
import { displayPrefix, generateApiKeySecret, hashApiKeySecret } from '../../auth/api-key-secret';
import type { Scope } from '../../auth/scopes';
import { Conflict } from '../../http/errors';
import { table } from '../../table/client';
import { failedConditions } from '../../table/errors';
import { requireItem } from '../../table/items';
import { keys } from '../../table/keys';
import { type PageRequest, queryCollection } from '../../table/pagination';
import { transact } from '../../table/transact';
import { type ApiKeyRecord, publicApiKey } from './records';

/** Active keys per hospital; revoked keys do not count. */
export const MAX_ACTIVE_API_KEYS = 50;

function lookupItem(hash: string, key: Pick<ApiKeyRecord, 'tenantId' | 'id' | 'scopes'>) {
  return {
    ...keys.apiKeyHash(hash),
    entity: 'ApiKeyLookup',
    tenantId: key.tenantId,
    keyId: key.id,
    scopes: key.scopes,
  };
}

function keyItem(key: ApiKeyRecord) {
  return {
    ...keys.apiKey(key.tenantId, key.id),
    entity: 'ApiKey',
    gsi1pk: keys.apiKeys(key.tenantId),
    gsi1sk: `${key.createdAt}#${key.id}`,
    ...key,
  };
}

export async function createApiKey(
  tenantId: string,
  createdBy: string,
  input: { name: string; scopes: Scope[] },
  now: Date,
) {
  const secret = generateApiKeySecret();
  const hash = hashApiKeySecret(secret);
  const key: ApiKeyRecord = {
    id: randomUUID(),
    tenantId,
    name: input.name,
    scopes: input.scopes,
    status: 'active',
    hash,
    prefix: displayPrefix(secret),
    createdAt: now.toISOString(),
    createdBy,
  };
  try {
    await transact([
      {
        Update: {
          TableName: table(),
          Key: keys.tenant(tenantId),
          UpdateExpression: 'ADD activeApiKeys :one',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(activeApiKeys) OR activeApiKeys < :max)',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_ACTIVE_API_KEYS },
        },
      },
      {
        Put: {
          TableName: table(),
          Item: keyItem(key),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: table(),
          Item: lookupItem(hash, key),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(0)) {
      throw new Conflict(
        `A hospital may have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`,
      );
    }
    throw err;
  }
  return { ...publicApiKey(key), secret };
}

export async function listApiKeys(tenantId: string, page: PageRequest) {
  return queryCollection(
    'gsi1',
    keys.apiKeys(tenantId),
    page,
    (item) => publicApiKey(item as unknown as ApiKeyRecord),
    { newestFirst: true },
  );
}

async function getKey(tenantId: string, keyId: string): Promise<ApiKeyRecord> {
  return requireItem<ApiKeyRecord>(keys.apiKey(tenantId, keyId), `API key ${keyId} not found`, {
    consistent: true,
  });
}

/** Marks the key revoked and deletes its hash lookup in one step, so it stops working at once. */
export async function revokeApiKey(tenantId: string, keyId: string, now: Date) {
  const key = await getKey(tenantId, keyId);
  if (key.status === 'revoked') throw new Conflict(`API key ${keyId} is already revoked`);
  const revokedAt = now.toISOString();
  try {
    await transact([
      {
        Update: {
          TableName: table(),
          Key: keys.apiKey(tenantId, keyId),
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
      { Delete: { TableName: table(), Key: keys.apiKeyHash(key.hash) } },
      {
        Update: {
          TableName: table(),
          Key: keys.tenant(tenantId),
          UpdateExpression: 'ADD activeApiKeys :minus',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(0))
      throw new Conflict(`API key ${keyId} changed while revoking it; reload and try again`);
    throw err;
  }
  return publicApiKey({ ...key, status: 'revoked', revokedAt });
}

/** Swaps the secret: the old hash lookup goes and the new one arrives in the same transaction. */
export async function rotateApiKey(tenantId: string, keyId: string, now: Date) {
  const key = await getKey(tenantId, keyId);
  if (key.status !== 'active')
    throw new Conflict(`API key ${keyId} is revoked; create a new key instead`);
  const secret = generateApiKeySecret();
  const hash = hashApiKeySecret(secret);
  const rotatedAt = now.toISOString();
  const prefix = displayPrefix(secret);
  try {
    await transact([
      {
        Update: {
          TableName: table(),
          Key: keys.apiKey(tenantId, keyId),
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
      { Delete: { TableName: table(), Key: keys.apiKeyHash(key.hash) } },
      {
        Put: {
          TableName: table(),
          Item: lookupItem(hash, key),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  } catch (err) {
    if (failedConditions(err)?.includes(0))
      throw new Conflict(`API key ${keyId} changed while rotating it; reload and try again`);
    throw err;
  }
  return { ...publicApiKey({ ...key, hash, prefix, rotatedAt }), secret };
}
