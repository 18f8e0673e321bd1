import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The access-token signing keys (issue 23 item 2; shared/auth/signing-keys.ts). Decision: ES256
 * key pairs kept in two Secrets Manager secrets, encrypted with the secrets' customer key:
 * - `privateKeys`, the set with private keys: read only by the signer (`auth`, the function of
 *   POST /auth/login), read and written only by the rotation function;
 * - `publicKeys`, the same set without private keys: read by the verifiers (the authorizer, MCP),
 *   written only by the rotation function.
 * Not KMS `Sign`: a KMS asymmetric key cannot be rotated by KMS, so a scheduled rotation would
 * mean creating keys at run time (kms:CreateKey for a function, and a registry of key ids), and
 * every login would pay a KMS call. Here the signer loads its key once per container.
 * Both secrets start as a placeholder; the rotation function creates the first set (run by a
 * deployment trigger when the stack is created, docs/deployment.md) and rotates every 30 days.
 */
export class SigningKeys extends Construct {
  readonly privateKeys: secretsmanager.Secret;
  readonly publicKeys: secretsmanager.Secret;
  private readonly key: kms.IKey;

  constructor(scope: Construct, id: string, props: { key: kms.IKey }) {
    super(scope, id);
    this.key = props.key;
    const placeholder = { generateSecretString: { passwordLength: 32, excludePunctuation: true } };
    this.privateKeys = new secretsmanager.Secret(this, 'PrivateKeys', {
      description:
        'ES256 access-token signing keys (private): the signer reads, the rotation function writes',
      encryptionKey: props.key,
      ...placeholder,
      // Signing keys are not data: a new deployment simply signs new tokens.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.publicKeys = new secretsmanager.Secret(this, 'PublicKeys', {
      description: 'ES256 access-token verification keys (public half, the JWKS)',
      encryptionKey: props.key,
      ...placeholder,
      removalPolicy: RemovalPolicy.DESTROY,
    });
  }

  /** The signer: reads the private set. */
  grantSign(role: iam.IRole): Record<string, string> {
    this.grant(role, this.privateKeys, ['secretsmanager:GetSecretValue'], ['kms:Decrypt']);
    return { SIGNING_KEYS_ARN: this.privateKeys.secretArn };
  }

  /** A verifier: reads the public set only. */
  grantVerify(role: iam.IRole): Record<string, string> {
    this.grant(role, this.publicKeys, ['secretsmanager:GetSecretValue'], ['kms:Decrypt']);
    return { SIGNING_PUBLIC_KEYS_ARN: this.publicKeys.secretArn };
  }

  /** The rotation function: reads and writes both sets. */
  grantRotate(role: iam.IRole): Record<string, string> {
    for (const secret of [this.privateKeys, this.publicKeys])
      this.grant(
        role,
        secret,
        ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
        ['kms:Decrypt', 'kms:GenerateDataKey'],
      );
    return {
      SIGNING_KEYS_ARN: this.privateKeys.secretArn,
      SIGNING_PUBLIC_KEYS_ARN: this.publicKeys.secretArn,
    };
  }

  /**
   * In the role's own policy, not the key policy (as lib/secrets.ts explains: the roles live in
   * stacks created after this one); KMS only when Secrets Manager calls it for the role.
   */
  private grant(
    role: iam.IRole,
    secret: secretsmanager.Secret,
    actions: string[],
    keyActions: string[],
  ): void {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [secret.secretArn] }));
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: keyActions,
        resources: [this.key.keyArn],
        conditions: {
          StringEquals: {
            'kms:ViaService': `secretsmanager.${Stack.of(role).region}.amazonaws.com`,
          },
        },
      }),
    );
  }
}
