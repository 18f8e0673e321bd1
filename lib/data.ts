import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { TABLE } from '../shared/kernel/store/table';
import { deploymentName } from './naming';

export interface DataProps {
  /** CloudWatch Contributor Insights on the table and its indexes (most-accessed keys = hot tenants). */
  contributorInsights: boolean;
}

const str = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * The single table, built from `TABLE` (the spec the local runtime and tests also use), so key
 * names, indexes and the TTL attribute cannot drift from the code that reads them.
 *
 * It holds patient data, so: a customer-managed key with yearly rotation, point-in-time recovery
 * (35 days), deletion protection, and RETAIN on both the table and its key. Deleting the stack
 * leaves the data readable; deleting the key would make a retained table unreadable.
 */
export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    this.key = new kms.Key(this, 'Key', {
      description: `${deploymentName(this)} DynamoDB table encryption`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(TABLE.partitionKey),
      sortKey: str(TABLE.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.key,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      timeToLiveAttribute: TABLE.ttlAttribute,
      ...(props.contributorInsights ? { contributorInsightsSpecification: { enabled: true } } : {}),
    });

    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
        ...(props.contributorInsights
          ? { contributorInsightsSpecification: { enabled: true } }
          : {}),
      });
    }
  }
}
