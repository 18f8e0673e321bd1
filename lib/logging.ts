import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { deploymentName } from './naming';

export interface LoggingProps {
  /** Must be a value CloudWatch Logs accepts (1, 3, 5, 7, 14, 30, 60, 90, …, 365, 400, …). */
  retentionDays: number;
}

/**
 * Every log group of the stack: encrypted with one customer-managed key (logs may carry request
 * ids, tenant ids and IP addresses) and kept for a fixed retention. Log groups and the key are
 * retained when the stack is deleted, so audit evidence outlives the deployment.
 */
export class Logging extends Construct {
  readonly key: kms.Key;
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
      encryptionKey: this.key,
      retention: this.retention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    return group;
  }
}
