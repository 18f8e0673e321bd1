import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import {
  AGENT_AUDIT_COLLECTION,
  GLOBAL_LOOKUPS,
  PATIENT_ACCESS_COLLECTION,
  TENANT_SESSION_TAG,
} from '../shared/kernel/store/isolation';
import type { GroupPermissions } from './manifest';

/**
 * Partition keys (`dynamodb:LeadingKeys`) of the global lookups (slug, e-mail, API-key hash,
 * sign-in throttle): found before the tenant is known, written with their owner's transaction
 * (shared/kernel/store/keys.ts).
 */
export const GLOBAL_LOOKUP_KEYS: readonly string[] = GLOBAL_LOOKUPS.map((kind) => `${kind}#*`);

/**
 * The partitions one tenant session may reach: its own (`TENANT#<t>` and `TENANT#<t>#…`, from
 * the session tag STS sets, shared/kernel/store/tenant-credentials.ts) and the global lookups.
 * IAM substitutes the tag when it evaluates the policy: a session of hospital A cannot name a
 * key of hospital B, whatever the code builds.
 */
export const TENANT_SESSION_KEYS: readonly string[] = [
  `TENANT#\${aws:PrincipalTag/${TENANT_SESSION_TAG}}`,
  `TENANT#\${aws:PrincipalTag/${TENANT_SESSION_TAG}}#*`,
  ...GLOBAL_LOOKUP_KEYS,
];

/** The patient access partitions of every tenant (shared/kernel/patient-access.ts). */
export const PATIENT_ACCESS_KEYS: readonly string[] = [`TENANT#*#${PATIENT_ACCESS_COLLECTION}#*`];

/** One tenant session's own patient access partitions. */
export const TENANT_PATIENT_ACCESS_KEYS: readonly string[] = [
  `TENANT#\${aws:PrincipalTag/${TENANT_SESSION_TAG}}#${PATIENT_ACCESS_COLLECTION}#*`,
];

/** The agent audit partitions of every tenant (shared/modules/agent-audit/store.ts). */
export const AGENT_AUDIT_KEYS: readonly string[] = [`TENANT#*#${AGENT_AUDIT_COLLECTION}`];

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

/**
 * Adds exactly the table, index and key actions of `access` to the role's policy; with
 * `leadingKeys`, only on items (and index partitions) whose partition key matches one of them.
 * `ForAllValues` is safe here because every granted action names its partition key (no Scan).
 */
export function grantTableAccess(
  role: iam.IRole,
  table: dynamodb.ITable,
  access: TableAccess,
  leadingKeys?: readonly string[],
): void {
  if (access === 'none') return;
  const grant = TABLE_GRANTS[access];
  const conditions = leadingKeys
    ? { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] } } }
    : {};
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: grant.table, resources: [table.tableArn], ...conditions }),
  );
  if (grant.indexes.length)
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: grant.indexes,
        resources: [`${table.tableArn}/index/*`],
        ...conditions,
      }),
    );
  if (table.encryptionKey)
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: grant.key, resources: [table.encryptionKey.keyArn] }),
    );
}

/**
 * Audit records are append-only for everyone: no role may update or delete an item of an agent
 * audit partition, and only a function that runs agent calls (`writesAgentAudit`) may put one.
 * An explicit Deny, so that no later Allow (a wider grant added by mistake) can undo it.
 */
export function denyAuditChanges(
  role: iam.IRole,
  table: dynamodb.ITable,
  options: { writesAgentAudit: boolean },
): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      effect: iam.Effect.DENY,
      actions: [
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        ...(options.writesAgentAudit ? [] : ['dynamodb:PutItem']),
      ],
      resources: [table.tableArn],
      conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [...AGENT_AUDIT_KEYS] } },
    }),
  );
}

/**
 * The patient access log is append-only for everyone: no role may update or delete an item of a
 * patient access partition (table items expire by TTL, which IAM does not govern). A function
 * that declares it never touches patient data (`patientData: false`) may not append either.
 */
export function denyAccessRecordChanges(
  role: iam.IRole,
  table: dynamodb.ITable,
  options: { appends: boolean },
): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      effect: iam.Effect.DENY,
      actions: [
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        ...(options.appends ? [] : ['dynamodb:PutItem']),
      ],
      resources: [table.tableArn],
      conditions: {
        'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [...PATIENT_ACCESS_KEYS] },
      },
    }),
  );
}

/**
 * A read-only function still appends the access records of the patients it read
 * (shared/kernel/patient-access.ts): PutItem on its tenant's access partitions and nothing else.
 */
export function grantAccessRecordAppend(role: iam.IRole, table: dynamodb.ITable): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:PutItem', 'dynamodb:ConditionCheckItem'],
      resources: [table.tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...TENANT_PATIENT_ACCESS_KEYS] },
      },
    }),
  );
  if (table.encryptionKey)
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['kms:Encrypt', 'kms:GenerateDataKey*'],
        resources: [table.encryptionKey.keyArn],
      }),
    );
}

/** One tenant session's partitions of one collection: `TENANT#<t>#<name>` and below. */
export function tenantCollectionKeys(name: string): readonly string[] {
  const root = `TENANT#\${aws:PrincipalTag/${TENANT_SESSION_TAG}}#${name}`;
  return [root, `${root}#*`];
}

/**
 * The hospital export's grants on its tenant role (lib/function-specs.ts `scansTable`): Scan of
 * the table, which no condition can confine to the tenant (the code's filter and key re-check
 * do, shared/kernel/store/tenant-scan.ts), and PutItem/DeleteItem on the tenant's `writes`
 * partitions only (its job record, lock and pages). Not the indexes: a Scan of an index is not
 * needed, and nothing else is added.
 */
export function grantTenantScan(role: iam.IRole, table: dynamodb.ITable, writes: string): void {
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'ScanForTheHospitalExport',
      actions: ['dynamodb:Scan'],
      resources: [table.tableArn],
    }),
  );
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      sid: 'WriteOnlyTheHospitalExport',
      actions: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
      resources: [table.tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...tenantCollectionKeys(writes)] },
      },
    }),
  );
  if (table.encryptionKey)
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['kms:Encrypt', 'kms:GenerateDataKey*'],
        resources: [table.encryptionKey.keyArn],
      }),
    );
}
