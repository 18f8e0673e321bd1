import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PAGE_SCRIPTS_FUNCTION } from '../shared/web/assets';
import { BUNDLE, nodejsBundling } from './bundling';
import { AUTHORIZER, type FunctionSpec, functionSpecs, PROJECT_ROOT } from './function-specs';
import type { Logging } from './logging';
import type { Settings } from './settings';
import { grantTableAccess } from './table-grants';

export interface FunctionsProps {
  table: dynamodb.ITable;
  jwtSecret: secretsmanager.ISecret;
  logging: Logging;
  logLevel: Settings['logLevel'];
  /** Defaults to every group of the route manifest plus the authorizer. */
  specs?: FunctionSpec[];
  /** Required once a group declares `permissions.events` (the bus is a later addition). */
  eventBus?: events.IEventBus;
}

export interface ApiFunctionProps extends Omit<FunctionsProps, 'specs'> {
  spec: FunctionSpec;
}

/** `api-keys` → `ApiKeys`: construct ids, hence logical ids, stay readable. */
export function constructId(name: string): string {
  return name.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, c: string) => c.toUpperCase());
}

/**
 * One Lambda function with its own role and log group. The role starts empty: it may write its
 * own log group and X-Ray traces, and gets exactly what the spec's `permissions` declare.
 */
export class ApiFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
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
      NODE_OPTIONS: BUNDLE.nodeOptions,
      LOG_LEVEL: props.logLevel,
    };

    this.fn = new NodejsFunction(this, 'Function', {
      entry: join(PROJECT_ROOT, spec.entry),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      description: spec.description,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: spec.memoryMb,
      timeout: Duration.seconds(spec.timeoutSeconds),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup,
      environment,
      // The function that serves the pages' scripts gets them built into its bundle folder.
      bundling: nodejsBundling({ withPageScripts: spec.name === PAGE_SCRIPTS_FUNCTION }),
    });

    const { permissions } = spec;
    // Least privilege from the declared level (lib/table-grants.ts), not CDK's grantRead*Data,
    // which would add Scan, batch operations and stream reads.
    grantTableAccess(this.role, props.table, permissions.table);
    if (permissions.table !== 'none') this.fn.addEnvironment('TABLE_NAME', props.table.tableName);

    if (permissions.jwtSecret) {
      props.jwtSecret.grantRead(this.fn);
      this.fn.addEnvironment('JWT_SECRET_ARN', props.jwtSecret.secretArn);
    }

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

/** Every function of the API, built from the route manifest; none is named here but the authorizer. */
export class Functions extends Construct {
  /** Group functions by group name (the authorizer excluded). */
  readonly groups: ReadonlyMap<string, ApiFunction>;
  readonly authorizer: ApiFunction;
  readonly all: readonly ApiFunction[];

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const { specs = functionSpecs(), ...shared } = props;
    const all = specs.map(
      (spec) => new ApiFunction(this, constructId(spec.name), { ...shared, spec }),
    );
    const authorizer = all.find((f) => f.spec.name === AUTHORIZER.name);
    if (!authorizer) throw new Error('The function specs have no authorizer');
    this.authorizer = authorizer;
    this.all = all;
    this.groups = new Map(all.filter((f) => f !== authorizer).map((f) => [f.spec.name, f]));
  }
}
