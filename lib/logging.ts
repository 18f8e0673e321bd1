import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { deploymentName } from './naming';

export interface LoggingProps {
  /** Must be a value CloudWatch Logs accepts (1, 3, 5, 7, 14, 30, 60, 90, …, 365, 400, …). */
  retentionDays: number;
  /** Years the patient access log is kept (Settings.accessLogRetentionYears). */
  accessLogRetentionYears?: number;
}

/**
 * Every log group of the stack: encrypted with one customer-managed key (logs may carry request
 * ids, tenant ids and IP addresses) and kept for a fixed retention. Log groups and the key are
 * retained when the stack is deleted, so audit evidence outlives the deployment.
 */
export class Logging extends Construct {
  readonly key: kms.Key;
  /** Years the patient access log is kept: the functions' TTL and the archive's lock. */
  readonly accessLogRetentionYears: number;
  private readonly retention: logs.RetentionDays;

  constructor(scope: Construct, id: string, props: LoggingProps) {
    super(scope, id);
    if (
      !Object.values(logs.RetentionDays).includes(props.retentionDays) ||
      props.retentionDays === logs.RetentionDays.INFINITE
    ) {
      throw new Error(
        `logRetentionDays ${props.retentionDays} is not a CloudWatch Logs retention value`,
      );
    }
    this.retention = props.retentionDays as logs.RetentionDays;
    this.accessLogRetentionYears = props.accessLogRetentionYears ?? 6;
    if (!Number.isInteger(this.accessLogRetentionYears) || this.accessLogRetentionYears < 1)
      throw new Error(
        `accessLogRetentionYears ${this.accessLogRetentionYears} must be a whole number of years, at least 1`,
      );

    const stack = Stack.of(this);
    this.key = new kms.Key(this, 'Key', {
      description: `${deploymentName(this)} CloudWatch Logs encryption`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudWatch Logs encrypts with the key on behalf of this account's log groups only.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AllowCloudWatchLogsOfThisAccount',
        principals: [new iam.ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: [
          'kms:Encrypt*',
          'kms:Decrypt*',
          'kms:ReEncrypt*',
          'kms:GenerateDataKey*',
          'kms:Describe*',
        ],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': stack.formatArn({
              service: 'logs',
              resource: 'log-group',
              resourceName: '*',
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
  }

  /**
   * Every log group masks what CloudWatch Logs recognises as a person's details (names, postal
   * and e-mail addresses, phone numbers) for readers without logs:Unmask: the code logs ids only
   * (shared/kernel/log.ts masks field names that suggest more), this is the second line.
   */
  private dataProtection(): logs.DataProtectionPolicy {
    return new logs.DataProtectionPolicy({
      name: 'patient-details',
      description: 'Mask personal details that reach a log line by mistake (docs/operations.md)',
      identifiers: [
        logs.DataIdentifier.ADDRESS,
        logs.DataIdentifier.EMAILADDRESS,
        logs.DataIdentifier.PHONENUMBER_US,
        logs.DataIdentifier.PHONENUMBER_GB,
      ],
    });
  }

  /** A new encrypted log group with the stack's retention. */
  logGroup(
    scope: Construct,
    id: string,
    props: Pick<logs.LogGroupProps, 'logGroupName'> = {},
  ): logs.LogGroup {
    // The key policy is part of the key resource, which the group references: CloudFormation
    // creates the key (and its policy) first.
    const group = new logs.LogGroup(scope, id, {
      ...props,
      dataProtectionPolicy: this.dataProtection(),
      encryptionKey: this.key,
      retention: this.retention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    return group;
  }
}
