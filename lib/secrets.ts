import { RemovalPolicy } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { deploymentName } from './naming';
import { SigningKeys } from './signing-keys';

/** 64 characters from [A-Za-z0-9] carry about 381 bits. */
export const CURSOR_SECRET_LENGTH = 64;

/**
 * The secrets' customer-managed key, the list-cursor key, and (lib/signing-keys.ts) the
 * access-token signing keys, encrypted with this key so that only the roles granted a secret can
 * decrypt it.
 */
export class Secrets extends Construct {
  /**
   * The key that seals list cursors (shared/kernel/store/cursor.ts reads it as CURSOR_SECRET).
   * Every function with table access gets its value as an environment variable through a
   * CloudFormation dynamic reference (the template holds only the reference; the value is
   * resolved at deployment and readable by whoever may read the functions' configuration). A
   * leaked value shows a client its cursors' key structure and lets it write cursors, which the
   * store still refuses outside the query and tenant they name; rotating it only invalidates
   * cursors handed out before (a 400 "start again without a cursor").
   */
  readonly cursorSecret: secretsmanager.Secret;
  readonly key: kms.Key;
  readonly signingKeys: SigningKeys;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', {
      description: `${deploymentName(this)} Secrets Manager encryption`,
      enableKeyRotation: true,
      // It encrypts nothing but this secret, which goes with the stack (deletion is scheduled, 30 days).
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.cursorSecret = new secretsmanager.Secret(this, 'CursorSealingKey', {
      description: 'Key that seals list cursors (rotating it invalidates open cursors only)',
      encryptionKey: this.key,
      generateSecretString: {
        passwordLength: CURSOR_SECRET_LENGTH,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.signingKeys = new SigningKeys(this, 'SigningKeys', { key: this.key });
  }

  /** The cursor key's value as a dynamic reference, for a function's environment. */
  cursorSecretReference(): string {
    return this.cursorSecret.secretValue.unsafeUnwrap();
  }
}
