import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { TABLE } from '../shared/kernel/store/table';
import { deploymentName } from './naming';

export interface DataProps {
  /** CloudWatch Contributor Insights on the table and its indexes (most-accessed keys = hot tenants). */
  contributorInsights: boolean;
  /** The one role besides the stack's own that may touch items (Settings.breakGlassRoleArn). */
  breakGlassRoleArn?: string;
}

/** The tag every role of the deployment carries; the table's resource policy reads it. */
export const DEPLOYMENT_TAG = 'hms-deployment';

/** Every DynamoDB action that reads or writes items (control-plane actions are not among them). */
export const ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PartiQLSelect',
  'dynamodb:PartiQLInsert',
  'dynamodb:PartiQLUpdate',
  'dynamodb:PartiQLDelete',
] as const;

/**
 * The table's resource policy: no principal may read or write items unless it carries the
 * deployment's tag (every role the stack creates, lib/hospital-stack.ts) or is the documented
 * break-glass role. A Deny, so that an administrator's wide IAM policy elsewhere in the account
 * (`dynamodb:*` on `*`) does not reach patient data; control-plane actions (backups, restores,
 * CloudFormation's own updates) are not items and stay with IAM. `*` is this table: a resource
 * policy cannot name the ARN of the table it is created with.
 */
export function tableResourcePolicy(deployment: string, breakGlassRoleArn?: string) {
  return new iam.PolicyDocument({
    statements: [
      new iam.PolicyStatement({
        sid: 'OnlyThisDeploymentsRoles',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: [...ITEM_ACTIONS],
        resources: ['*'],
        conditions: {
          StringNotEquals: { [`aws:PrincipalTag/${DEPLOYMENT_TAG}`]: deployment },
          ...(breakGlassRoleArn ? { ArnNotEquals: { 'aws:PrincipalArn': breakGlassRoleArn } } : {}),
        },
      }),
    ],
  });
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
      resourcePolicy: tableResourcePolicy(deploymentName(this), props.breakGlassRoleArn),
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
