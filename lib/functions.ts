import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TENANT_SESSION_TAG } from '../shared/kernel/store/isolation';
import { PAGE_SCRIPTS_FUNCTION } from '../shared/web/assets';
import { BUNDLE, functionCode } from './bundling';
import type { FunctionSpec } from './function-specs';
import type { Logging } from './logging';
import type { Secrets } from './secrets';
import type { Settings } from './settings';
import {
  denyAccessRecordChanges,
  denyAuditChanges,
  GLOBAL_LOOKUP_KEYS,
  grantAccessRecordAppend,
  grantTableAccess,
  grantTenantScan,
  TENANT_SESSION_KEYS,
} from './table-grants';

export interface FunctionsProps {
  table: dynamodb.ITable;
  /** The signing keys (granted by `tokenKeys`) and the cursor key. */
  secrets: Secrets;
  logging: Logging;
  logLevel: Settings['logLevel'];
  specs: readonly FunctionSpec[];
  /** Required once a group declares `permissions.events` (the bus is a later addition). */
  eventBus?: events.IEventBus;
}

export interface ApiFunctionProps extends Omit<FunctionsProps, 'specs'> {
  spec: FunctionSpec;
  /** Asynchronously invoked functions (event executors, jobs): where failed invocations go. */
  deadLetterQueue?: sqs.IQueue;
}

/** The alias every caller invokes. */
export const LIVE_ALIAS = 'live';

/**
 * Gradual rollout: 10% of invocations go to the new version for 5 minutes, then all of them,
 * unless the function's rollback alarm fires first (then CodeDeploy moves the alias back).
 */
export const DEPLOYMENT_CONFIG = codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/** `api-keys` → `ApiKeys`: construct ids, hence logical ids, stay readable. */
export function constructId(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, c: string) => c.toUpperCase());
}

/**
 * One Lambda function with its own role and log group. The role starts empty: it may write its
 * own log group and X-Ray traces, and gets exactly what the spec's `permissions` declare.
 */
export class ApiFunction extends Construct {
  readonly fn: lambda.Function;
  /**
   * What every caller invokes (API Gateway, the authorizer, EventBridge, the MCP Function URL):
   * the `live` alias. A deployment publishes a new version and CodeDeploy shifts the alias to it
   * gradually, rolling back when `rollbackAlarm` fires (safe delivery, docs/production.md).
   */
  readonly live: lambda.Alias;
  /** Errors of the new version during a gradual deployment: CodeDeploy rolls back on it. */
  readonly rollbackAlarm: cloudwatch.Alarm;
  readonly deployment: codedeploy.LambdaDeploymentGroup;
  readonly role: iam.Role;
  /**
   * The role its tenant sessions assume (tenant-scoped functions with table access): the table
   * grant, confined to the session's tenant by `dynamodb:LeadingKeys`.
   */
  readonly tenantRole?: iam.Role;
  readonly spec: FunctionSpec;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    const { spec } = props;
    this.spec = spec;

    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${spec.name} function: its log group, X-Ray, and the permissions its group declares`,
    });
    const logGroup = props.logging.logGroup(this, 'Logs');
    logGroup.grantWrite(this.role);

    const environment: Record<string, string> = {
      ...(BUNDLE.nodeOptions ? { NODE_OPTIONS: BUNDLE.nodeOptions } : {}),
      LOG_LEVEL: props.logLevel,
    };

    this.fn = new lambda.Function(this, 'Function', {
      // The bundle folder (lib/bundling.ts); the function that serves the pages' scripts gets
      // them built into it.
      code: functionCode({
        entry: spec.entry,
        ...(spec.restGroup ? { restGroup: spec.restGroup } : {}),
        withPageScripts: spec.name === PAGE_SCRIPTS_FUNCTION,
      }),
      handler: 'index.handler',
      description: spec.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: spec.memoryMb,
      timeout: Duration.seconds(spec.timeoutSeconds),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup,
      environment,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
    });

    const { permissions } = spec;
    // Least privilege from the declared level (lib/table-grants.ts), not CDK's grantRead*Data,
    // which would add Scan, batch operations and stream reads.
    if (permissions.table !== 'none' && !permissions.crossTenant) {
      // Tenant isolation in IAM: the function's own role reaches the global lookups only; a
      // tenant's items need a session of the tenant role tagged with that tenant, which the
      // store opens per tenant and container (shared/kernel/store/tenant-credentials.ts).
      grantTableAccess(this.role, props.table, permissions.table, GLOBAL_LOOKUP_KEYS);
      this.tenantRole = new iam.Role(this, 'TenantRole', {
        description: `${spec.name} function, one tenant's session: that tenant's items only (dynamodb:LeadingKeys on the session tag)`,
        maxSessionDuration: Duration.hours(1),
        assumedBy: new iam.SessionTagsPrincipal(
          new iam.PrincipalWithConditions(new iam.ArnPrincipal(this.role.roleArn), {
            // A session must carry the tenant tag, and no other tag.
            StringLike: { [`aws:RequestTag/${TENANT_SESSION_TAG}`]: '?*' },
            'ForAllValues:StringEquals': { 'aws:TagKeys': [TENANT_SESSION_TAG] },
          }),
        ),
      });
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['sts:AssumeRole', 'sts:TagSession'],
          resources: [this.tenantRole.roleArn],
        }),
      );
      grantTableAccess(this.tenantRole, props.table, permissions.table, TENANT_SESSION_KEYS);
      if (permissions.table === 'read' && permissions.patientData !== false)
        grantAccessRecordAppend(this.tenantRole, props.table);
      if (permissions.scansTable)
        grantTenantScan(this.tenantRole, props.table, permissions.scansTable.writes);
      denyAuditChanges(this.tenantRole, props.table, {
        writesAgentAudit: Boolean(permissions.writesAgentAudit),
      });
      this.fn.addEnvironment('TENANT_ROLE_ARN', this.tenantRole.roleArn);
    } else {
      grantTableAccess(this.role, props.table, permissions.table);
      if (permissions.crossTenant?.scan)
        this.role.addToPrincipalPolicy(
          new iam.PolicyStatement({
            sid: 'ScanTheTable',
            actions: ['dynamodb:Scan'],
            resources: [props.table.tableArn],
          }),
        );
    }
    if (permissions.table !== 'none')
      denyAuditChanges(this.role, props.table, {
        writesAgentAudit: Boolean(permissions.writesAgentAudit),
      });
    // The patient access log: appended, never changed (shared/kernel/patient-access.ts).
    for (const role of this.tenantRole ? [this.role, this.tenantRole] : [this.role])
      if (permissions.table !== 'none')
        denyAccessRecordChanges(role, props.table, {
          appends: permissions.patientData !== false,
        });
    if (permissions.table !== 'none') {
      this.fn.addEnvironment('TABLE_NAME', props.table.tableName);
      this.fn.addEnvironment(
        'HMS_ACCESS_LOG_RETENTION_YEARS',
        String(props.logging.accessLogRetentionYears),
      );
      // Lists answer sealed cursors (lib/secrets.ts).
      this.fn.addEnvironment('CURSOR_SECRET', props.secrets.cursorSecretReference());
    }

    // The access-token keys (lib/signing-keys.ts): private to the signer, public to verifiers.
    if (permissions.tokenKeys) {
      const keys = props.secrets.signingKeys;
      const grant = {
        sign: () => keys.grantSign(this.role),
        verify: () => keys.grantVerify(this.role),
        rotate: () => keys.grantRotate(this.role),
      }[permissions.tokenKeys];
      for (const [name, value] of Object.entries(grant())) this.fn.addEnvironment(name, value);
    }

    this.live = new lambda.Alias(this, 'Live', {
      aliasName: LIVE_ALIAS,
      version: this.fn.currentVersion,
    });
    // Watched by CodeDeploy only (no notification: the Monitoring stack pages on errors).
    this.rollbackAlarm = new cloudwatch.Alarm(this, 'RollbackAlarm', {
      alarmDescription: `${spec.name}: errors of the live alias during a deployment (CodeDeploy rolls back)`,
      metric: this.live.metricErrors({ period: Duration.minutes(1), statistic: 'Sum' }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.deployment = new codedeploy.LambdaDeploymentGroup(this, 'Deployment', {
      alias: this.live,
      deploymentConfig: DEPLOYMENT_CONFIG,
      alarms: [this.rollbackAlarm],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });

    if (permissions.events) {
      if (!props.eventBus) {
        throw new Error(
          `Function ${spec.name} declares permissions.events, but the stack passes no eventBus to Functions (lib/functions.ts)`,
        );
      }
      props.eventBus.grantPutEventsTo(this.fn);
      this.fn.addEnvironment('EVENT_BUS_NAME', props.eventBus.eventBusName);
    }
  }
}

/** The functions of some groups (an area's), by group name. */
export class Functions extends Construct {
  readonly groups: ReadonlyMap<string, ApiFunction>;
  readonly all: readonly ApiFunction[];

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const { specs, ...shared } = props;
    this.all = specs.map(
      (spec) => new ApiFunction(this, constructId(spec.name), { ...shared, spec }),
    );
    this.groups = new Map(this.all.map((f) => [f.spec.name, f]));
  }
}
