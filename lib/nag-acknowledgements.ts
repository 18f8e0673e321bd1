import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { isPublicRoute, routeName } from '../shared/http/route';
import type { HospitalStack } from './hospital-stack';
import { TABLE_GRANTS } from './table-grants';

/**
 * Every cdk-nag finding this stack accepts, in one place, each with the reason a reviewer needs.
 * Each acknowledgement is attached to the narrowest construct it concerns, so a new resource
 * elsewhere in the stack is still checked. Ids with a finding suffix (`IAM5[...]`) acknowledge
 * that one finding only, not the rule.
 */
export interface NagAcknowledgement {
  id: string;
  reason: string;
  scopes: IConstruct[];
}

export const REASONS = {
  jwtSecretRotation:
    'The secret is the HS256 key that signs access tokens. Verification uses a single key, so replacing it invalidates every token signed before; a scheduled rotation would sign all users out at an arbitrary moment. It is rotated as a deliberate operation (docs/deployment.md: put-secret-value, then recycle the functions that read it). It is 64 random characters, encrypted with its own customer-managed KMS key and readable only by the functions whose group declares jwtSecret.',
  xrayWildcard:
    "Active X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so AWS requires Resource '*'. test/cdk/stack.test.ts asserts that '*' appears in the function policies for X-Ray actions only.",
  tableIndexes:
    "Table grant for this function's declared table permission: Query on the GSIs declared in shared/table/spec.ts needs the index ARNs, and '<table ARN>/index/*' covers only this table's indexes.",
  kmsWriteActions:
    "Writing to a table encrypted with a customer-managed key: DynamoDB may call GenerateDataKey on the caller's behalf. The wildcard expands only to the variants of that action (GenerateDataKeyWithoutPlaintext, GenerateDataKeyPair…) and is granted on this one key ARN, not on any key (lib/table-grants.ts).",
  requestValidation:
    "Requests are validated inside each function by the zod body, query and path schemas declared with the route in shared/routes (the same declaration drives the OpenAPI document and the local runtime), answering 400 with the project's {statusCode,message,error} body. An API Gateway request validator would need those schemas duplicated as JSON Schema models.",
  apiGatewayCloudWatchRole:
    'The account-level API Gateway CloudWatch role (AWS::ApiGateway::Account) uses AmazonAPIGatewayPushToCloudWatchLogs, the AWS-documented policy for it: API Gateway needs it to create and write the execution-log groups and streams whose names it chooses itself.',
  noCognito:
    "The API authenticates with its own credentials (HS256 JWT access tokens from POST /auth/login, hashed svc_sk_ API keys for machine clients) verified by a Lambda REQUEST authorizer; there is no Cognito user pool. Methods with no authorizer at all are the manifest's public routes (see APIG4).",
  publicRoute: (label: string) =>
    `Declared public in the route manifest (${label}): health check, product pages, sign-in and hospital registration must be reachable without a credential. Every other method goes through the Lambda REQUEST authorizer.`,
  backupPlan:
    'Point-in-time recovery is on (continuous backups, restore to any second of the last 35 days), and the table and its KMS key are deletion-protected and retained. Longer-term copies belong in an AWS Backup plan with a vault in a separate backup account, which is set up organisation-wide (AWS Organizations backup policies) rather than inside an application stack.',
  perFunctionPolicies:
    "Each function has its own role, whose policy CDK generates from that group's declared permissions (table read or readwrite, JWT secret, its own log group, X-Ray). Such policies belong to exactly one role by design; customer-managed policies are meant to be shared between roles, the opposite of per-function least privilege.",
  reservedConcurrency:
    "Load is bounded in front of the functions instead: stage throttling (rate and burst in lib/settings.ts) and a per-IP WAF rate rule. Reserved concurrency would carve capacity out of the account's unreserved pool (Lambda refuses reservations that leave fewer than 100 unreserved, and new accounts may have a total limit of 10), and would turn peaks into throttling inside single groups.",
  dlq: 'API Gateway invokes every one of these functions synchronously (the authorizer included): the caller receives the error and Lambda does not retry, while a dead-letter queue only receives failed asynchronous invocations and would stay empty. Asynchronous functions (the planned EventBridge executors) get DLQs.',
  vpc: 'The functions call only AWS APIs (DynamoDB, Secrets Manager, X-Ray, CloudWatch Logs) over TLS with IAM-signed requests and open no connection to private resources. A VPC would need interface endpoints or a NAT gateway per AZ for the same calls and would not change who can reach the data, which IAM and the KMS key policies control.',
  noStageCache:
    'API Gateway response caching is deliberately off: responses are tenant- and principal-specific patient data, and the stage cache is keyed by path and parameters, not by credential. With no cache there is no cached data to encrypt. (The authorizer result cache is separate: 60 s, see lib/api.ts.)',
  noClientCertificate:
    'The rule asks for a client certificate, which API Gateway presents to HTTP backends to prove the call comes from API Gateway. Every integration here is a Lambda proxy integration, invoked through the Lambda API with IAM and a resource policy scoped to this API, where client certificates do not apply. Clients reach the API over TLS only.',
} as const;

/** cdk-nag's rendering of `Fn::GetAtt [X, Arn]` inside a finding id. */
function arnRef(element: CfnElement): string {
  return `<${Stack.of(element).getLogicalId(element)}.Arn>`;
}

export function nagAcknowledgements(stack: HospitalStack): NagAcknowledgement[] {
  const { functions, api, data, secrets } = stack;
  const tableArn = arnRef(data.table.node.defaultChild as CfnElement);
  const roles = (pred: (f: (typeof functions.all)[number]) => boolean) =>
    functions.all.filter(pred).map((f) => f.role);
  const stage = api.restApi.deploymentStage;

  const list: NagAcknowledgement[] = [
    { id: 'AwsSolutions-SMG4', reason: REASONS.jwtSecretRotation, scopes: [secrets.jwtSecret] },
    {
      id: 'HIPAA.Security-SecretsManagerRotationEnabled',
      reason: REASONS.jwtSecretRotation,
      scopes: [secrets.jwtSecret],
    },

    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: REASONS.xrayWildcard,
      scopes: roles(() => true),
    },
    {
      id: `AwsSolutions-IAM5[Resource::${tableArn}/index/*]`,
      reason: REASONS.tableIndexes,
      scopes: roles(
        (f) =>
          f.spec.permissions.table !== 'none' &&
          TABLE_GRANTS[f.spec.permissions.table].indexes.length > 0,
      ),
    },
    {
      id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
      reason: REASONS.kmsWriteActions,
      scopes: roles(
        (f) =>
          f.spec.permissions.table !== 'none' &&
          TABLE_GRANTS[f.spec.permissions.table].key.includes('kms:GenerateDataKey*'),
      ),
    },
    {
      id: 'HIPAA.Security-IAMNoInlinePolicy',
      reason: REASONS.perFunctionPolicies,
      scopes: roles(() => true),
    },

    {
      id: 'HIPAA.Security-LambdaConcurrency',
      reason: REASONS.reservedConcurrency,
      scopes: [functions],
    },
    { id: 'HIPAA.Security-LambdaDLQ', reason: REASONS.dlq, scopes: [functions] },
    { id: 'HIPAA.Security-LambdaInsideVPC', reason: REASONS.vpc, scopes: [functions] },

    { id: 'AwsSolutions-APIG2', reason: REASONS.requestValidation, scopes: [api.restApi] },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason: REASONS.apiGatewayCloudWatchRole,
      scopes: [api.restApi.node.findChild('CloudWatchRole')],
    },
    { id: 'AwsSolutions-COG4', reason: REASONS.noCognito, scopes: [api.restApi] },
    {
      id: 'HIPAA.Security-APIGWCacheEnabledAndEncrypted',
      reason: REASONS.noStageCache,
      scopes: [stage],
    },
    { id: 'HIPAA.Security-APIGWSSLEnabled', reason: REASONS.noClientCertificate, scopes: [stage] },

    { id: 'HIPAA.Security-DynamoDBInBackupPlan', reason: REASONS.backupPlan, scopes: [data.table] },
  ];

  // Public routes, one acknowledgement per method, generated from the manifest.
  for (const { route, method } of api.methods) {
    if (!isPublicRoute(route)) continue;
    list.push({
      id: 'AwsSolutions-APIG4',
      reason: REASONS.publicRoute(`${routeName(route)}, ${route.method} ${route.path}`),
      scopes: [method],
    });
  }
  return list.filter((a) => a.scopes.length > 0);
}

export function acknowledgeNagFindings(stack: HospitalStack): NagAcknowledgement[] {
  const list = nagAcknowledgements(stack);
  for (const { id, reason, scopes } of list) {
    for (const scope of scopes) Validations.of(scope).acknowledge({ id, reason });
  }
  return list;
}
