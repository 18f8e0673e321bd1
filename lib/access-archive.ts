import { Duration, RemovalPolicy, Size } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as firehose from 'aws-cdk-lib/aws-kinesisfirehose';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as destinations from 'aws-cdk-lib/aws-logs-destinations';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { ApiFunction } from './functions';
import { constructId } from './functions';
import type { Logging } from './logging';
import { deploymentName } from './naming';

export interface AccessArchiveProps {
  /** Every function that may append patient access records (table access, patient data). */
  functions: readonly ApiFunction[];
  /** Years each archived object is locked (Settings.accessLogRetentionYears). */
  retentionYears: number;
  /** Firehose's own delivery errors go to an encrypted group of the stack. */
  logging: Logging;
}

/** The log lines the kernel writes for each access (shared/kernel/patient-access.ts). */
export const PATIENT_ACCESS_FILTER = logs.FilterPattern.stringValue('$.msg', '=', 'patient access');

/**
 * The write-once copy of the patient access log: every function's `patient access` log lines go
 * through a subscription filter to Firehose, which writes them (gzip, every 5 minutes) to an S3
 * bucket with Object Lock in compliance mode for the hospital's retention. Nobody, the account's
 * root included, can delete or overwrite an object before its lock ends; the table's items are the
 * queryable copy (GET /patients/{id}/access-log), this is the one an auditor trusts.
 */
export class AccessArchive extends Construct {
  readonly bucket: s3.Bucket;
  readonly key: kms.Key;
  readonly stream: firehose.DeliveryStream;
  readonly filters: logs.SubscriptionFilter[] = [];
  readonly subscriptionRole: iam.Role;

  constructor(scope: Construct, id: string, props: AccessArchiveProps) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', {
      description: `${deploymentName(this)} patient access archive encryption`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.bucket = new s3.Bucket(this, 'Bucket', {
      objectLockEnabled: true,
      objectLockDefaultRetention: s3.ObjectLockRetention.compliance(
        Duration.days(Math.ceil(props.retentionYears * 365.25)),
      ),
      versioned: true,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: this.key,
      bucketKeyEnabled: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stream = new firehose.DeliveryStream(this, 'Stream', {
      destination: new firehose.S3Bucket(this.bucket, {
        dataOutputPrefix: 'patient-access/!{timestamp:yyyy/MM/dd}/',
        errorOutputPrefix: 'errors/!{firehose:error-output-type}/!{timestamp:yyyy/MM/dd}/',
        compression: firehose.Compression.GZIP,
        bufferingInterval: Duration.minutes(5),
        bufferingSize: Size.mebibytes(5),
        encryptionKey: this.key,
        loggingConfig: new firehose.EnableLogging(props.logging.logGroup(this, 'DeliveryErrors')),
      }),
      encryption: firehose.StreamEncryption.customerManagedKey(this.key),
    });
    // One role for every subscription filter: CloudWatch Logs puts records into this stream only.
    this.subscriptionRole = new iam.Role(this, 'SubscriptionRole', {
      assumedBy: new iam.ServicePrincipal('logs.amazonaws.com'),
      description: 'CloudWatch Logs: copy patient access log lines to the archive stream',
    });
    const destination = new destinations.FirehoseDestination(this.stream, {
      role: this.subscriptionRole,
    });
    for (const f of props.functions) {
      this.filters.push(
        new logs.SubscriptionFilter(this, `${constructId(f.spec.name)}Filter`, {
          logGroup: f.fn.logGroup,
          destination,
          filterPattern: PATIENT_ACCESS_FILTER,
        }),
      );
    }
  }
}
