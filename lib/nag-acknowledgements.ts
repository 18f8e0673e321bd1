import { type CfnElement, Names, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { ApiFunction } from './functions';
import type { HospitalStack } from './hospital-stack';
import { TABLE_GRANTS } from './table-grants';

/**
 * Every cdk-nag finding the deployment accepts (the top-level stack and each nested stack), in
 * one place, each with the reason a reviewer needs. Each acknowledgement is attached to the
 * narrowest construct it concerns, so a new resource elsewhere is still checked. Ids with a finding suffix (`IAM5[...]`) acknowledge
 * that one finding only, not the rule.
 */
export interface NagAcknowledgement {
  id: string;
  reason: string;
  scopes: IConstruct[];
}

export const REASONS = {
  cursorSecretRotation:
    'The secret is the key that seals list cursors (opaque, tamper-proof pagination tokens). Rotating it invalidates every cursor handed out before, which clients then answer by listing again from the start; a scheduled rotation would break paging clients at an arbitrary moment for no gain, since a cursor carries no credential and the store refuses any cursor outside the query and tenant it names. It is rotated as a deliberate operation (docs/deployment.md).',
  signingKeyRotation:
    "The secrets hold the ES256 access-token signing keys (private set; public set). They are rotated every 30 days by the stack's own scheduled function (signing-key-rotation, hourly check), not by Secrets Manager rotation: a rotation must publish the next public key before it signs and keep the previous one verifying for a two-hour overlap (shared/auth/signing-keys.ts), which the four-step Secrets Manager protocol across two secrets does not express. test/cdk/production.test.ts asserts the schedule and that only that function writes them.",
  xrayWildcard:
    "Active X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so AWS requires Resource '*'. test/cdk/stack.test.ts asserts that '*' appears in the function policies for X-Ray actions only.",
  tableIndexes:
    "Table grant for this function's declared table permission: Query on the GSIs declared in shared/kernel/store/table.ts needs the index ARNs, and '<table ARN>/index/*' covers only this table's indexes.",
  kmsWriteActions:
    "Writing to a table encrypted with a customer-managed key: DynamoDB may call GenerateDataKey on the caller's behalf. The wildcard expands only to the variants of that action (GenerateDataKeyWithoutPlaintext, GenerateDataKeyPair…) and is granted on this one key ARN, not on any key (lib/table-grants.ts).",
  requestValidation:
    "Requests are validated inside each function by the zod input schema of the operation each route binds (shared/modules/*/operations.ts; the same declaration drives the docs, the local runtime and the MCP and A2A bindings), answering 400 with the project's {statusCode,message,error} body. An API Gateway request validator would need those schemas duplicated as JSON Schema models.",
  apiGatewayCloudWatchRole:
    'The account-level API Gateway CloudWatch role (AWS::ApiGateway::Account) uses AmazonAPIGatewayPushToCloudWatchLogs, the AWS-documented policy for it: API Gateway needs it to create and write the execution-log groups and streams whose names it chooses itself.',
  noCognito:
    "The API authenticates with its own credentials (HS256 JWT access tokens from POST /auth/login, hashed svc_sk_ API keys for machine clients) verified by a Lambda REQUEST authorizer; there is no Cognito user pool. Methods with no authorizer at all are the manifest's public routes (see APIG4).",
  publicRoute: (label: string) =>
    `Declared public in the route manifest (${label}): health check, product pages, sign-in and hospital registration must be reachable without a credential. Every other method goes through the Lambda REQUEST authorizer.`,
  rollbackAlarms:
    "A function's rollback alarm exists for CodeDeploy, which watches its state during a gradual deployment and moves the alias back when it fires. It notifies nobody on purpose: the Monitoring stack's errors alarm of the same function pages the on-call engineer (docs/operations.md), and a second page for the same errors would be noise.",
  codeDeployServiceRole:
    "CodeDeploy's service role for a Lambda deployment group uses AWSCodeDeployRoleForLambdaLimited, the AWS-managed policy CodeDeploy documents for it: it may read the group's alarms and update this function's alias (lib/functions.ts, gradual rollout with rollback).",
  backupServiceRole:
    "AWS Backup's role for the table's backup selection uses AWSBackupServiceRolePolicyForBackup, the AWS-managed policy AWS Backup documents for it: the service needs it to create, copy and expire recovery points of the resources it is assigned (here: the table only, lib/backup.ts).",
  perFunctionPolicies:
    "Each function has its own role, whose policy CDK generates from that group's declared permissions (table read or readwrite, JWT secret, its own log group, X-Ray). Such policies belong to exactly one role by design; customer-managed policies are meant to be shared between roles, the opposite of per-function least privilege.",
  reservedConcurrency:
    "Load is bounded in front of the functions instead: stage throttling (rate and burst in lib/settings.ts) and a per-IP WAF rate rule. Reserved concurrency would carve capacity out of the account's unreserved pool (Lambda refuses reservations that leave fewer than 100 unreserved, and new accounts may have a total limit of 10), and would turn peaks into throttling inside single groups.",
  deadLetterQueues:
    "These queues are dead-letter queues themselves: each receives the events its EventBridge rule target could not deliver and the failed asynchronous invocations of its function (lib/events-stack.ts). cdk-nag recognises a DLQ only through another queue's redrive policy; a DLQ of a DLQ would only hide messages further.",
  dlq: 'API Gateway invokes every one of these functions synchronously (the authorizer included): the caller receives the error and Lambda does not retry, while a dead-letter queue only receives failed asynchronous invocations and would stay empty. Asynchronous functions (the planned EventBridge executors) get DLQs.',
  vpc: 'The functions call only AWS APIs (DynamoDB, Secrets Manager, X-Ray, CloudWatch Logs) over TLS with IAM-signed requests and open no connection to private resources. A VPC would need interface endpoints or a NAT gateway per AZ for the same calls and would not change who can reach the data, which IAM and the KMS key policies control.',
  noStageCache:
    'API Gateway response caching is deliberately off: responses are tenant- and principal-specific patient data, and the stage cache is keyed by path and parameters, not by credential. With no cache there is no cached data to encrypt. (The authorizer result cache is separate: 60 s, see lib/api.ts.)',
  mcpFunctionUrl:
    "The MCP server's Function URL has auth type NONE by necessity, and serves only what comes through its CloudFront distribution (WAF web ACL, per-IP rate rule): MCP clients (Claude Desktop through mcp-remote, Cursor, VS Code, MCP Inspector) send `Authorization: Bearer <API key or JWT>` and sign neither requests nor their bodies, which CloudFront's origin access control for Lambda would require of every POST (x-amz-content-sha256), and API Gateway REST APIs cannot stream the SSE transport. The function refuses (403) every request without the secret header CloudFront adds (shared/mcp/origin.ts), then authenticates the caller itself with the API authorizer's own code, answers 401 otherwise, and rate-limits each credential in the table (docs/agents.md, docs/decisions.md).",
  mcpOriginSecretRotation:
    'The secret is the header value CloudFront adds to every request it forwards to the MCP function, which refuses requests without it. The distribution and the function each read it through a CloudFormation dynamic reference, resolved at deployment: a Secrets Manager rotation would change the value that neither of them reads until the next deployment, and the function would refuse every MCP request meanwhile. It is rotated as a deliberate operation: put a new value, then deploy (docs/operations.md).',
  mcpGeoRestriction:
    "The MCP endpoint serves a hospital's own agents and integrations, which run wherever the hospital hosts them (its data centre, a cloud region, a vendor's service): no country list fits every hospital. Every request is authenticated by the function, and the WAF web ACL limits each address; an operator who needs a country list adds a geo match rule to the web ACL (lib/waf.ts).",
  mcpEdgeAccessLogs:
    "Every request that reaches the MCP function is logged by it (the edge pipeline's request line: principal, tenant, route, status, latency; docs/operations.md), and the WAF web ACL logs every request it blocks or counts. A CloudFront standard log would be a third copy of the same requests, with query strings that carry session ids, in an S3 bucket with its own key, retention and findings.",
  mcpDefaultCertificate:
    "The distribution uses CloudFront's own *.cloudfront.net certificate, whose TLS policy CloudFront sets (a minimum protocol version can only be chosen with a custom certificate). The MCP clients this serves (Node.js, Python httpx, browsers) negotiate TLS 1.2 or 1.3, and the origin connection to the Function URL is TLS 1.2 only. A deployment with its own domain sets TLSv1.2_2021 with its certificate.",
  mcpWebAclLookup:
    "The deploy-time lookup of the MCP web ACL's ARN (lib/mcp-web-acl-lookup.ts) is CDK's AwsCustomResource: its function runs only while CloudFormation creates or updates the stack, makes one call (SSM GetParameter on the one parameter the firewall stack writes in us-east-1) and reports the outcome to CloudFormation, which fails the deployment with the reason if the call fails. So there is no traffic to cap with reserved concurrency, no asynchronous failure for a dead-letter queue to keep, no private resource a VPC would reach, and its role (CDK's, with AWSLambdaBasicExecutionRole for its own logs) carries one inline statement that belongs to it alone.",
  noClientCertificate:
    'The rule asks for a client certificate, which API Gateway presents to HTTP backends to prove the call comes from API Gateway. Every integration here is a Lambda proxy integration, invoked through the Lambda API with IAM and a resource policy scoped to this API, where client certificates do not apply. Clients reach the API over TLS only.',
  archiveServerAccessLogs:
    "The patient access archive is written by Firehose alone and read only in an audit: its objects are under Object Lock in compliance mode, so no request can change or delete one before its retention ends, whoever sends it. Who read it is recorded by CloudTrail (S3 data events, which the hospital's account trail enables); server access logs would need a second bucket whose own findings repeat these.",
  archiveReplication:
    'The archive is the write-once copy of a record whose queryable copy lives in the table, which AWS Backup copies to the vault of another account or region (lib/backup.ts). Replicating the bucket would need a second Object Lock bucket in another region, with its own key and role, per deployment: the operator adds it if their retention rule asks for two regions (docs/operations.md, "Patient access log").',
  archiveDelivery:
    "Firehose's roles, as CDK's S3 destination generates them: the delivery role reads and writes this one bucket (the wildcard is the bucket's objects, and DeleteObject* cannot touch an object under its Object Lock retention) and uses this one key (GenerateDataKey*/ReEncrypt* are that key's variants of the same action); the roles belong to this stream alone, hence their inline policies.",
  archiveSubscription:
    'The role CloudWatch Logs assumes to copy `patient access` log lines to the archive stream: firehose:PutRecord* on that one stream. It belongs to these subscription filters alone, hence its inline policy.',
} as const;

/**
 * cdk-nag's rendering of the ARN of `element` inside a finding id about a resource of
 * `consumer`. In the same stack, `Fn::GetAtt [X, Arn]` renders as `<X.Arn>`. From a sibling nested
 * stack, CDK passes the value through the parent: an output of the producing stack named
 * `<unique id of the element>Arn`, read by the parent as `Outputs.<that>` of the producing nested
 * stack resource, and handed to the consumer as a parameter named `referenceto<unique id of that
 * resource>Outputs<output>` (aws-cdk-lib core/lib/private/refs.ts, createNestedStackOutput and
 * createNestedStackParameter; renaming them would rename every nested stack parameter of every
 * CDK app). A reference to that parameter renders as `<parameter>`. The cdk-nag test fails if the
 * rendering ever differs.
 */
function arnRefIn(consumer: Stack, element: CfnElement): string {
  const producer = Stack.of(element);
  if (producer === consumer) return `<${producer.getLogicalId(element)}.Arn>`;
  const resource = producer.nestedStackResource;
  if (
    !resource ||
    !consumer.nestedStackParent ||
    consumer.nestedStackParent !== producer.nestedStackParent
  )
    throw new Error(
      `nag acknowledgements: ${consumer.node.path} and ${producer.node.path} are not sibling nested stacks`,
    );
  const output = `${Names.nodeUniqueId(element.node)}Arn`;
  return `<referenceto${Names.nodeUniqueId(resource.node)}Outputs${output}>`;
}

/** The same acknowledgement for several scopes, one entry per distinct id. */
function byId(
  entries: readonly { id: string; scope: IConstruct }[],
  reason: string,
): NagAcknowledgement[] {
  const scopes = new Map<string, IConstruct[]>();
  for (const { id, scope } of entries) scopes.set(id, [...(scopes.get(id) ?? []), scope]);
  return [...scopes].map(([id, list]) => ({ id, reason, scopes: list }));
}

export function nagAcknowledgements(stack: HospitalStack): NagAcknowledgement[] {
  const { functions, platform, api, areas } = stack;
  const { data, secrets } = platform;
  const tableCfn = data.table.node.defaultChild as CfnElement;
  const fns = (pred: (f: ApiFunction) => boolean) => functions.all.filter(pred);
  const roles = (pred: (f: ApiFunction) => boolean) => fns(pred).map((f) => f.role);
  /** The roles holding a function's table grant: its own, and its tenant role if it has one. */
  const tableRoles = (pred: (f: ApiFunction) => boolean) =>
    fns(pred).flatMap((f) => (f.tenantRole ? [f.role, f.tenantRole] : [f.role]));
  const stage = stack.stage.apiStage.stage;
  const mcp = areas.get('agents')?.mcp;
  const mcpWebAcl = areas.get('agents')?.mcpWebAcl;
  const readsIndexes = (f: ApiFunction) =>
    f.spec.permissions.table !== 'none' &&
    TABLE_GRANTS[f.spec.permissions.table].indexes.length > 0;

  const list: NagAcknowledgement[] = [
    ...[secrets.signingKeys.privateKeys, secrets.signingKeys.publicKeys].flatMap((secret) => [
      { id: 'AwsSolutions-SMG4', reason: REASONS.signingKeyRotation, scopes: [secret] },
      {
        id: 'HIPAA.Security-SecretsManagerRotationEnabled',
        reason: REASONS.signingKeyRotation,
        scopes: [secret],
      },
    ]),
    {
      id: 'AwsSolutions-SMG4',
      reason: REASONS.cursorSecretRotation,
      scopes: [secrets.cursorSecret],
    },
    {
      id: 'HIPAA.Security-SecretsManagerRotationEnabled',
      reason: REASONS.cursorSecretRotation,
      scopes: [secrets.cursorSecret],
    },

    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: REASONS.xrayWildcard,
      scopes: roles(() => true),
    },
    // The table ARN is rendered per stack: each area stack receives it as a parameter.
    ...byId(
      tableRoles(readsIndexes).map((role) => ({
        id: `AwsSolutions-IAM5[Resource::${arnRefIn(Stack.of(role), tableCfn)}/index/*]`,
        scope: role,
      })),
      REASONS.tableIndexes,
    ),
    {
      id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
      reason: REASONS.kmsWriteActions,
      scopes: tableRoles(
        (f) =>
          f.spec.permissions.table !== 'none' &&
          TABLE_GRANTS[f.spec.permissions.table].key.includes('kms:GenerateDataKey*'),
      ),
    },
    {
      id: 'HIPAA.Security-IAMNoInlinePolicy',
      reason: REASONS.perFunctionPolicies,
      scopes: tableRoles(() => true),
    },
    // A read-only function appends its patient access records (lib/table-grants.ts).
    {
      id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
      reason: REASONS.kmsWriteActions,
      scopes: fns(
        (f) =>
          f.spec.permissions.table === 'read' &&
          f.spec.permissions.patientData !== false &&
          f.tenantRole !== undefined,
      ).map((f) => f.tenantRole!),
    },
    ...archiveAcknowledgements(stack),

    {
      id: 'HIPAA.Security-LambdaConcurrency',
      reason: REASONS.reservedConcurrency,
      scopes: fns(() => true),
    },
    {
      id: 'HIPAA.Security-LambdaDLQ',
      reason: REASONS.dlq,
      scopes: fns((f) => !functions.events.includes(f)),
    },
    {
      id: 'AwsSolutions-SQS3',
      reason: REASONS.deadLetterQueues,
      scopes: stack.events.queues,
    },
    { id: 'HIPAA.Security-LambdaInsideVPC', reason: REASONS.vpc, scopes: fns(() => true) },

    { id: 'AwsSolutions-APIG2', reason: REASONS.requestValidation, scopes: [api.api.resource] },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason: REASONS.apiGatewayCloudWatchRole,
      scopes: [api.api.cloudWatchRole],
    },
    // Every method of an area is created beneath its imported RestApi construct.
    {
      id: 'AwsSolutions-COG4',
      reason: REASONS.noCognito,
      scopes: [...areas.values()].map((a) => a.routes.restApi),
    },
    {
      id: 'HIPAA.Security-APIGWCacheEnabledAndEncrypted',
      reason: REASONS.noStageCache,
      scopes: [stage],
    },
    { id: 'HIPAA.Security-APIGWSSLEnabled', reason: REASONS.noClientCertificate, scopes: [stage] },

    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
      reason: REASONS.codeDeployServiceRole,
      scopes: fns(() => true).map((f) => f.deployment),
    },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: REASONS.backupServiceRole,
      scopes: [platform.backup.plan],
    },
    {
      id: 'HIPAA.Security-LambdaFunctionPublicAccessProhibited',
      reason: REASONS.mcpFunctionUrl,
      // The Function URL is on the live alias (its permission is the alias's).
      scopes: mcp ? [mcp.fn.fn, mcp.fn.live] : [],
    },
    ...byId(
      mcpWebAcl
        ? [
            'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
            'HIPAA.Security-IAMNoInlinePolicy',
            'HIPAA.Security-LambdaConcurrency',
            'HIPAA.Security-LambdaDLQ',
            'HIPAA.Security-LambdaInsideVPC',
          ].flatMap((id) => mcpWebAcl.nagScopes().map((scope) => ({ id, scope })))
        : [],
      REASONS.mcpWebAclLookup,
    ),
    ...(mcp
      ? [
          {
            id: 'AwsSolutions-SMG4',
            reason: REASONS.mcpOriginSecretRotation,
            scopes: [mcp.edge.originSecret],
          },
          {
            id: 'HIPAA.Security-SecretsManagerRotationEnabled',
            reason: REASONS.mcpOriginSecretRotation,
            scopes: [mcp.edge.originSecret],
          },
          {
            id: 'AwsSolutions-CFR1',
            reason: REASONS.mcpGeoRestriction,
            scopes: [mcp.edge.distribution],
          },
          {
            id: 'AwsSolutions-CFR3',
            reason: REASONS.mcpEdgeAccessLogs,
            scopes: [mcp.edge.distribution],
          },
          {
            id: 'AwsSolutions-CFR4',
            reason: REASONS.mcpDefaultCertificate,
            scopes: [mcp.edge.distribution],
          },
        ]
      : []),
    {
      id: 'HIPAA.Security-CloudWatchAlarmAction',
      reason: REASONS.rollbackAlarms,
      scopes: fns(() => true).map((f) => f.rollbackAlarm),
    },
  ];

  // Public routes, one acknowledgement per method, generated from the manifest.
  for (const area of areas.values()) {
    for (const { spec, method } of area.routes.methods) {
      if (!spec.route.isPublic) continue;
      list.push({
        id: 'AwsSolutions-APIG4',
        reason: REASONS.publicRoute(`${spec.route.label}, ${spec.httpMethod} ${spec.path}`),
        scopes: [method],
      });
    }
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

/** The patient access archive (lib/access-archive.ts). */
function archiveAcknowledgements(stack: HospitalStack): NagAcknowledgement[] {
  const archive = stack.monitoring.accessArchive;
  return [
    { id: 'AwsSolutions-S1', reason: REASONS.archiveServerAccessLogs, scopes: [archive.bucket] },
    {
      id: 'HIPAA.Security-S3BucketLoggingEnabled',
      reason: REASONS.archiveServerAccessLogs,
      scopes: [archive.bucket],
    },
    {
      id: 'HIPAA.Security-S3BucketReplicationEnabled',
      reason: REASONS.archiveReplication,
      scopes: [archive.bucket],
    },
    ...[
      'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
      'AwsSolutions-IAM5[Action::kms:ReEncrypt*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      `AwsSolutions-IAM5[Resource::<${stack.monitoring.getLogicalId(archive.bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
      'HIPAA.Security-IAMNoInlinePolicy',
    ].map((id) => ({ id, reason: REASONS.archiveDelivery, scopes: [archive.stream] })),
    {
      id: 'HIPAA.Security-IAMNoInlinePolicy',
      reason: REASONS.archiveSubscription,
      scopes: [archive.subscriptionRole],
    },
  ];
}
