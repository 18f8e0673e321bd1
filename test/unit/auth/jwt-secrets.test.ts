/**
 * The AWS half of the key sources (shared/auth/jwt.ts): the signer reads the private set from
 * SIGNING_KEYS_ARN, a verifier the public set from SIGNING_PUBLIC_KEYS_ARN, and an empty secret is
 * an error. Secrets Manager is mocked: there is none locally.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  publishedJwks,
  resetSigningKey,
  signAccessToken,
  verifyAccessToken,
} from '../../../shared/auth/jwt';
import { newKeySet, publicHalf } from '../../../shared/auth/signing-keys';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const SET = newKeySet(NOW);
const PRIVATE_ARN = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:private';
const PUBLIC_ARN = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:public';
const sm = mockClient(SecretsManagerClient);
const saved = { ...process.env };

beforeEach(() => {
  sm.reset();
  delete process.env.SIGNING_KEYS;
  delete process.env.SIGNING_KEYS_ARN;
  delete process.env.SIGNING_PUBLIC_KEYS_ARN;
  resetSigningKey();
});
afterAll(() => {
  for (const name of ['SIGNING_KEYS', 'SIGNING_KEYS_ARN', 'SIGNING_PUBLIC_KEYS_ARN'])
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  sm.restore();
  resetSigningKey();
});

describe('signing keys from Secrets Manager', () => {
  it('the signer signs with the private set; a verifier verifies with the public set only', async () => {
    sm.on(GetSecretValueCommand, { SecretId: PRIVATE_ARN }).resolves({
      SecretString: JSON.stringify(SET),
    });
    sm.on(GetSecretValueCommand, { SecretId: PUBLIC_ARN }).resolves({
      SecretString: JSON.stringify(publicHalf(SET)),
    });
    process.env.SIGNING_KEYS_ARN = PRIVATE_ARN;
    const token = await signAccessToken({ sub: 'u', tid: 't', role: 'DOCTOR' }, NOW);
    expect((await publishedJwks(NOW)).keys).toHaveLength(2);

    delete process.env.SIGNING_KEYS_ARN;
    process.env.SIGNING_PUBLIC_KEYS_ARN = PUBLIC_ARN;
    resetSigningKey();
    expect(await verifyAccessToken(token, NOW)).toEqual({ sub: 'u', tid: 't', role: 'DOCTOR' });
    // A verifier cannot sign: it has no private keys.
    await expect(signAccessToken({ sub: 'u', tid: 't', role: 'DOCTOR' }, NOW)).rejects.toThrow(
      /SIGNING_KEYS_ARN/,
    );
    const asked = sm.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId);
    // The signer's JWKS comes from its own private set (read once more for the public cache).
    expect(asked).toEqual([PRIVATE_ARN, PRIVATE_ARN, PUBLIC_ARN]);
  });

  it('an empty secret is an error, and the failed load is not cached', async () => {
    process.env.SIGNING_KEYS_ARN = PRIVATE_ARN;
    sm.on(GetSecretValueCommand)
      .resolvesOnce({})
      .resolves({ SecretString: JSON.stringify(SET) });
    await expect(signAccessToken({ sub: 'u', tid: 't', role: 'DOCTOR' }, NOW)).rejects.toThrow(
      /secret is empty/,
    );
    await expect(signAccessToken({ sub: 'u', tid: 't', role: 'DOCTOR' }, NOW)).resolves.toMatch(
      /\./,
    );
  });
});
