/** The rotation function's Secrets Manager wiring (functions/signing-key-rotation/handler.ts). */
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it } from 'vitest';
import { handler } from '../../../functions/signing-key-rotation/handler';
import { parseKeySet } from '../../../shared/auth/signing-keys';

const sm = mockClient(SecretsManagerClient);
const saved = { a: process.env.SIGNING_KEYS_ARN, b: process.env.SIGNING_PUBLIC_KEYS_ARN };
afterAll(() => {
  sm.restore();
  if (saved.a === undefined) delete process.env.SIGNING_KEYS_ARN;
  else process.env.SIGNING_KEYS_ARN = saved.a;
  if (saved.b === undefined) delete process.env.SIGNING_PUBLIC_KEYS_ARN;
  else process.env.SIGNING_PUBLIC_KEYS_ARN = saved.b;
});

describe('signing-key-rotation handler', () => {
  it('initialises over the placeholder: public secret first, then the private one', async () => {
    process.env.SIGNING_KEYS_ARN = 'private-arn';
    process.env.SIGNING_PUBLIC_KEYS_ARN = 'public-arn';
    sm.on(GetSecretValueCommand).resolves({ SecretString: 'placeholder' });
    sm.on(PutSecretValueCommand).resolves({});
    const report = await handler(undefined, { awsRequestId: 'r1' });
    expect(report).toMatchObject({ rotated: true, reason: 'initialised' });
    const puts = sm.commandCalls(PutSecretValueCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => p.SecretId)).toEqual(['public-arn', 'private-arn']);
    expect(parseKeySet(puts[1]!.SecretString!, true).keys).toHaveLength(2);
    expect(puts[0]!.SecretString).not.toContain('"d"');
  });

  it('fails (for the next run to retry) when a secret ARN is missing', async () => {
    delete process.env.SIGNING_KEYS_ARN;
    await expect(handler(undefined, {})).rejects.toThrow(/SIGNING_KEYS_ARN is not set/);
  });
});
