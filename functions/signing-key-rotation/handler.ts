/**
 * Rotates the access-token signing keys when due (shared/auth/key-rotation.ts), every hour by an
 * EventBridge schedule; a deployment trigger runs it once when the stack is created, so the first
 * set exists when `cdk deploy` ends (lib/events-stack.ts, docs/deployment.md). The only function that may write either key secret.
 */
import '../../shared/kernel/stack-traces';
import { randomUUID } from 'node:crypto';
import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { type RotationReport, rotateIfDue } from '../../shared/auth/key-rotation';
import { atEdge } from '../../shared/edge/pipeline';
import { systemClock } from '../../shared/kernel/clock';

const client = new SecretsManagerClient({});

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export function handler(
  _event?: unknown,
  context?: { awsRequestId?: string },
): Promise<RotationReport> {
  return atEdge(
    {
      function: 'signing-key-rotation',
      transport: 'schedule',
      requestId: context?.awsRequestId ?? randomUUID(),
    },
    () =>
      rotateIfDue(
        {
          async readPrivate() {
            const res = await client.send(
              new GetSecretValueCommand({ SecretId: env('SIGNING_KEYS_ARN') }),
            );
            return res.SecretString ?? null;
          },
          async writePublic(text) {
            await client.send(
              new PutSecretValueCommand({
                SecretId: env('SIGNING_PUBLIC_KEYS_ARN'),
                SecretString: text,
              }),
            );
          },
          async writePrivate(text) {
            await client.send(
              new PutSecretValueCommand({ SecretId: env('SIGNING_KEYS_ARN'), SecretString: text }),
            );
          },
        },
        systemClock.now(),
      ),
    // The next hourly run tries again; the current keys keep signing meanwhile.
    (err) => {
      throw err;
    },
    (report) => ({ ...report }),
  );
}
