import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { GroupPermissions } from './manifest';

/**
 * What a function may do with the table. The groups of the route manifest declare `none`, `read`
 * or `readwrite`; `lookup` (GetItem by key only) exists for the authorizer, which reads the user
 * or API-key record and the tenant by key and nothing else (shared/auth/authorize.ts).
 */
export type TableAccess = GroupPermissions['table'] | 'lookup';

interface TableGrant {
  /** On the table itself. */
  table: string[];
  /** On `<table ARN>/index/*`: only Query reads an index. */
  indexes: string[];
  /** On the table's customer-managed KMS key. */
  key: string[];
}

/**
 * The actions each access level needs, from what the code calls: GetItem and Query (shared/kernel/store
 * items.ts and pagination.ts), PutItem/UpdateItem/DeleteItem and ConditionCheckItem (direct writes
 * and TransactWriteItems, which IAM authorises per item by these same actions). Never Scan,
 * BatchGetItem or BatchWriteItem (no request path uses them: a Scan would read every tenant), and no
 * stream actions. CDK's grantReadData/grantReadWriteData would add all of those.
 *
 * The key: DynamoDB decrypts the table key with the caller's kms:Decrypt (reads and writes alike);
 * writes also get Encrypt and GenerateDataKey*. No ReEncrypt, DescribeKey or CreateGrant: those
 * serve table creation and key changes, which CloudFormation does, not the functions.
 */
export const TABLE_GRANTS: Record<Exclude<TableAccess, 'none'>, TableGrant> = {
  lookup: { table: ['dynamodb:GetItem'], indexes: [], key: ['kms:Decrypt'] },
  read: {
    table: ['dynamodb:GetItem', 'dynamodb:Query'],
    indexes: ['dynamodb:Query'],
    key: ['kms:Decrypt'],
  },
  readwrite: {
    table: [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
    ],
    indexes: ['dynamodb:Query'],
    key: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey*'],
  },
};

/** Adds exactly the table, index and key actions of `access` to the role's policy. */
export function grantTableAccess(
  role: iam.IRole,
  table: dynamodb.ITable,
  access: TableAccess,
): void {
  if (access === 'none') return;
  const grant = TABLE_GRANTS[access];
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: grant.table, resources: [table.tableArn] }),
  );
  if (grant.indexes.length)
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: grant.indexes, resources: [`${table.tableArn}/index/*`] }),
    );
  if (table.encryptionKey)
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: grant.key, resources: [table.encryptionKey.keyArn] }),
    );
}
