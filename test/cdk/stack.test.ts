import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, HIPAASecurityChecks, type NagPack } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { Data } from '../../lib/data';
import { type FunctionSpec, functionSpecs, PROJECT_ROOT } from '../../lib/function-specs';
import { Functions } from '../../lib/functions';
import { HospitalStack } from '../../lib/hospital-stack';
import { Logging } from '../../lib/logging';
import { Secrets } from '../../lib/secrets';
import { readSettings, type Settings } from '../../lib/settings';
import { allRoutes, GROUPS } from '../../shared/api/index';
import { GATEWAY_RESPONSES } from '../../shared/http/gateway-responses';
import { isPublicRoute } from '../../shared/http/route';
import { TABLE } from '../../shared/kernel/store/table';

/**
 * The stack is built once, and every expectation is generated from the declarations the stack
 * reads: the route manifest, the table spec, the gateway responses and the settings.
 */
type Json = Record<string, any>;

/**
 * An app like the CLI's: cdk.json's feature flags, plus `extra`. No bundling (`cdk synth` bundles,
 * bin/bundles.ts measures) and no built-in CloudFormation schema validation (12 s here; `cdk synth`
 * runs it).
 */
function testApp(extra: Record<string, unknown> = {}): App {
  const { context } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return new App({
    context: { ...context, 'aws:cdk:bundling-stacks': [], ...extra },
    builtinCloudFormationValidation: false,
  });
}

let stack: HospitalStack;
let template: Template;
let resources: Record<string, Json>;
let app: App;
let settings: Settings;

const logicalId = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const asArray = <T>(x: T | T[]): T[] => (Array.isArray(x) ? x : [x]);

/** Every statement of the IAM policies attached to a function's role. */
function statementsOf(spec: FunctionSpec): Json[] {
  const fn = stack.functions.all.find((f) => f.spec.name === spec.name)!;
  const roleId = logicalId(fn.role);
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => asArray(p.Properties.Roles).some((r: Json) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Json[]);
}

const actionsOf = (statements: Json[]) => statements.flatMap((s) => asArray<string>(s.Action));

beforeAll(() => {
  app = testApp();
  settings = readSettings(app.node);
  stack = new HospitalStack(app, 'HospitalTest', { settings });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources;
});

describe('DynamoDB table (from shared/table/spec.ts)', () => {
  it('has the key schema, every GSI, TTL, PITR, KMS encryption and deletion protection', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS', KMSMasterKeyId: Match.anyValue() },
      DeletionProtectionEnabled: true,
    });
    const [, table] = ofType('AWS::DynamoDB::Table')[0]!;
    const gsis = table.Properties.GlobalSecondaryIndexes as Json[];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(TABLE.indexes.map((i) => i.name).sort());
    for (const index of TABLE.indexes) {
      expect(gsis.find((g) => g.IndexName === index.name)).toMatchObject({
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
    const attributes = [
      TABLE.partitionKey,
      TABLE.sortKey,
      ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(
        attributes.map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      ),
    );
  });

  it('is retained with its customer-managed, rotating key', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    const keyId = logicalId(stack.data.key);
    expect(resources[keyId]).toMatchObject({
      Type: 'AWS::KMS::Key',
      DeletionPolicy: 'Retain',
      Properties: { EnableKeyRotation: true },
    });
  });
});

describe('Lambda functions (one per GROUP plus the authorizer)', () => {
  const specs = functionSpecs();

  it('has exactly one function per group plus the authorizer', () => {
    expect(specs.map((s) => s.name)).toEqual([...GROUPS.map((g) => g.name), 'authorizer']);
    template.resourceCountIs('AWS::Lambda::Function', GROUPS.length + 1);
  });

  it.each(specs.map((s) => [s.name, s] as const))(
    '%s: nodejs24.x, arm64, X-Ray, memory, timeout and environment from its declaration',
    (_name, spec) => {
      const fn = stack.functions.all.find((f) => f.spec.name === spec.name)!;
      const props = resources[logicalId(fn.fn)]!.Properties;
      expect(props).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: spec.memoryMb,
        Timeout: spec.timeoutSeconds,
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      });
      const env = props.Environment.Variables as Json;
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect('TABLE_NAME' in env).toBe(spec.permissions.table !== 'none');
      expect('JWT_SECRET_ARN' in env).toBe(Boolean(spec.permissions.jwtSecret));
      // Its log group is encrypted and has a retention.
      const logGroup = resources[props.LoggingConfig.LogGroup.Ref]!;
      expect(logGroup.Properties).toMatchObject({
        RetentionInDays: settings.logRetentionDays,
        KmsKeyId: expect.anything(),
      });
    },
  );
});

describe("least privilege (from each group's permissions)", () => {
  const specs = functionSpecs();
  const tableId = () => logicalId(stack.data.table);
  const secretId = () => logicalId(stack.secrets.jwtSecret);
  const touches = (statements: Json[], id: string) =>
    statements.filter((s) => JSON.stringify(s.Resource).includes(`"${id}"`));
  const WRITE = [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ];

  it.each(specs.map((s) => [s.name, s] as const))(
    '%s gets only what it declares',
    (_name, spec) => {
      const statements = statementsOf(spec);
      const actions = actionsOf(statements);
      const dynamo = actions.filter((a) => a.startsWith('dynamodb:'));
      if (spec.permissions.table === 'none') {
        expect(dynamo).toEqual([]);
        expect(touches(statements, tableId())).toEqual([]);
      } else {
        expect(actionsOf(touches(statements, tableId()))).toEqual(
          expect.arrayContaining(['dynamodb:GetItem']),
        );
        const writes = dynamo.filter((a) => WRITE.includes(a));
        expect(writes.length > 0).toBe(spec.permissions.table === 'readwrite');
      }
      expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(
        Boolean(spec.permissions.jwtSecret),
      );
      expect(touches(statements, secretId()).length > 0).toBe(Boolean(spec.permissions.jwtSecret));
      // '*' only where AWS allows nothing narrower: X-Ray (acknowledged as AwsSolutions-IAM5[Resource::*]).
      for (const s of statements.filter((s) => s.Resource === '*')) {
        expect(
          asArray<string>(s.Action).every((a) => a.startsWith('xray:')),
          JSON.stringify(s),
        ).toBe(true);
      }
    },
  );

  /** `{table, index, key}` → the actions a function's policy allows on each, sorted. */
  function tableGrantsOf(spec: FunctionSpec) {
    const on = (pred: (resource: string) => boolean) =>
      [
        ...new Set(
          statementsOf(spec)
            .filter((s) => asArray<Json>(s.Resource).some((r) => pred(JSON.stringify(r))))
            .flatMap((s) => asArray<string>(s.Action)),
        ),
      ].sort();
    const table = `{"Fn::GetAtt":["${tableId()}","Arn"]}`;
    const key = `{"Fn::GetAtt":["${logicalId(stack.data.key)}","Arn"]}`;
    return {
      table: on((r) => r === table),
      index: on((r) => r.includes(tableId()) && r.includes('/index/*')),
      key: on((r) => r === key),
    };
  }

  it('no function may Scan, batch, read streams or use wildcard DynamoDB actions', () => {
    for (const spec of specs) {
      const dynamo = actionsOf(statementsOf(spec)).filter((a) =>
        a.toLowerCase().startsWith('dynamodb:'),
      );
      for (const forbidden of [
        'dynamodb:Scan',
        'dynamodb:BatchWriteItem',
        'dynamodb:BatchGetItem',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:DescribeStream',
      ]) {
        expect(dynamo, `${spec.name} ${forbidden}`).not.toContain(forbidden);
      }
      expect(
        dynamo.filter((a) => a.includes('*')),
        spec.name,
      ).toEqual([]);
    }
  });

  it('the authorizer may only GetItem on the table (no index) and decrypt with the table key', () => {
    const authorizer = specs.find((s) => s.name === 'authorizer')!;
    expect(tableGrantsOf(authorizer)).toEqual({
      table: ['dynamodb:GetItem'],
      index: [],
      key: ['kms:Decrypt'],
    });
    expect(actionsOf(statementsOf(authorizer)).filter((a) => a.startsWith('dynamodb:'))).toEqual([
      'dynamodb:GetItem',
    ]);
  });

  it.each(
    specs.filter((s) => s.permissions.table === 'readwrite').map((s) => [s.name, s] as const),
  )(
    '%s (readwrite): item reads and writes on the table, Query on its indexes, the table key for encrypt and decrypt',
    (_name, spec) => {
      expect(tableGrantsOf(spec)).toEqual({
        table: [
          'dynamodb:ConditionCheckItem',
          'dynamodb:DeleteItem',
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:Query',
          'dynamodb:UpdateItem',
        ],
        index: ['dynamodb:Query'],
        key: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey*'],
      });
    },
  );

  it('only functions that declare jwtSecret may decrypt the secret (key policy)', () => {
    const keyPolicy = resources[logicalId(stack.secrets.key)]!.Properties.KeyPolicy
      .Statement as Json[];
    const rolePrincipals = keyPolicy
      .flatMap((s) => asArray<Json>(s.Principal?.AWS ?? []))
      .filter((p) => p['Fn::GetAtt'])
      .map((p) => p['Fn::GetAtt'][0] as string)
      .sort();
    const expected = stack.functions.all
      .filter((f) => f.spec.permissions.jwtSecret)
      .map((f) => logicalId(f.role))
      .sort();
    expect(rolePrincipals).toEqual(expected);
  });

  it('the web function (table: none) has no DynamoDB permission and cannot read the secret', () => {
    const web = specs.find((s) => s.name === 'web');
    if (!web) return; // the group may be renamed one day; the per-function test above still holds
    expect(web.permissions.table).toBe('none');
    const actions = actionsOf(statementsOf(web));
    expect(
      actions.filter(
        (a) => a.startsWith('dynamodb:') || a.startsWith('secretsmanager:') || a.startsWith('kms:'),
      ),
    ).toEqual([]);
  });
});

describe('API Gateway (from the route manifest)', () => {
  /** `METHOD /path` → method resource, with the path rebuilt from the template's resources. */
  function methodsByRoute(): Map<string, Json> {
    const paths = new Map<string, string>();
    const pathOf = (ref: Json | undefined): string => {
      if (!ref || ref['Fn::GetAtt']) return ''; // the root resource
      const id = ref.Ref as string;
      if (!paths.has(id)) {
        const r = resources[id]!;
        paths.set(id, `${pathOf(r.Properties.ParentId)}/${r.Properties.PathPart}`);
      }
      return paths.get(id)!;
    };
    return new Map(
      ofType('AWS::ApiGateway::Method').map(([, m]) => [
        `${m.Properties.HttpMethod} ${pathOf(m.Properties.ResourceId) || '/'}`,
        m.Properties,
      ]),
    );
  }

  it('has every route of allRoutes() and nothing else', () => {
    const methods = methodsByRoute();
    expect([...methods.keys()].sort()).toEqual(
      allRoutes()
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it.each(allRoutes().map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: authorization and its group's function",
    (key, route) => {
      const method = methodsByRoute().get(key)!;
      if (isPublicRoute(route)) {
        expect(method.AuthorizationType).toBe('NONE');
        expect(method.AuthorizerId).toBeUndefined();
      } else {
        const [authorizerId] = ofType('AWS::ApiGateway::Authorizer')[0]!;
        expect(method.AuthorizationType).toBe('CUSTOM');
        expect(method.AuthorizerId).toEqual({ Ref: authorizerId });
      }
      expect(method.Integration.Type).toBe('AWS_PROXY');
      const fn = stack.functions.groups.get(route.group)!;
      expect(JSON.stringify(method.Integration.Uri)).toContain(`"${logicalId(fn.fn)}"`);
    },
  );

  it('uses a REQUEST authorizer on the Authorization header, cached 60 s', () => {
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 60,
    });
    const [, authorizer] = ofType('AWS::ApiGateway::Authorizer')[0]!;
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(
      `"${logicalId(stack.functions.authorizer.fn)}"`,
    );
  });

  /**
   * Every response type API Gateway defines, with the status the service answers, written out here
   * rather than read from the declaration, so that dropping one from shared/http/gateway-responses.ts
   * fails this test instead of shrinking it. (API Gateway's list: GatewayResponse.responseType in
   * the API reference.)
   */
  const REQUIRED_GATEWAY_RESPONSES: Record<string, number> = {
    ACCESS_DENIED: 403,
    API_CONFIGURATION_ERROR: 500,
    AUTHORIZER_CONFIGURATION_ERROR: 500,
    AUTHORIZER_FAILURE: 500,
    BAD_REQUEST_BODY: 400,
    BAD_REQUEST_PARAMETERS: 400,
    DEFAULT_4XX: 400,
    DEFAULT_5XX: 500,
    EXPIRED_TOKEN: 403,
    INTEGRATION_FAILURE: 504,
    INTEGRATION_TIMEOUT: 504,
    INVALID_API_KEY: 403,
    INVALID_SIGNATURE: 403,
    MISSING_AUTHENTICATION_TOKEN: 404,
    QUOTA_EXCEEDED: 429,
    REQUEST_TOO_LARGE: 413,
    RESOURCE_NOT_FOUND: 404,
    THROTTLED: 429,
    UNAUTHORIZED: 401,
    UNSUPPORTED_MEDIA_TYPE: 415,
    WAF_FILTERED: 403,
  };

  it('every API Gateway response type answers {statusCode, message, error} JSON with its status', () => {
    const installed = ofType('AWS::ApiGateway::GatewayResponse').map(
      ([, r]) => r.Properties as Json,
    );
    expect(installed.map((p) => p.ResponseType).sort()).toEqual(
      Object.keys(REQUIRED_GATEWAY_RESPONSES).sort(),
    );
    for (const p of installed) {
      const status = REQUIRED_GATEWAY_RESPONSES[p.ResponseType as string]!;
      expect(p.StatusCode, p.ResponseType).toBe(String(status));
      expect(p.ResponseParameters).toEqual({
        'gatewayresponse.header.Content-Type': "'application/json'",
      });
      const body = JSON.parse(p.ResponseTemplates['application/json']);
      expect(body, p.ResponseType).toEqual({
        statusCode: status,
        message: expect.any(String),
        error: expect.any(String),
      });
    }
  });

  it.each(GATEWAY_RESPONSES.map((r) => [r.type, r] as const))(
    'gateway response %s answers the JSON body',
    (_type, r) => {
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: r.type,
        StatusCode: String(r.statusCode),
        ResponseParameters: { 'gatewayresponse.header.Content-Type': "'application/json'" },
        ResponseTemplates: {
          'application/json': JSON.stringify({
            statusCode: r.statusCode,
            message: r.message,
            error: r.error,
          }),
        },
      });
    },
  );

  it('stage: REGIONAL, throttled, access-logged as JSON, traced, errors-only execution logs without bodies', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      AccessLogSetting: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: settings.throttleRateLimit,
          ThrottlingBurstLimit: settings.throttleBurstLimit,
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
        }),
      ]),
    });
    template.resourceCountIs('AWS::ApiGateway::Account', 1);
  });

  it('is behind a WAF web ACL with logging that redacts the Authorization header', () => {
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }],
    });
  });

  it('outputs the API URL and the /get-started URL', () => {
    const outputs = template.toJSON().Outputs as Json;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'GetStartedUrl']));
    expect(JSON.stringify(outputs.GetStartedUrl.Value)).toContain('/get-started');
  });
});

describe('cdk-nag', () => {
  const packs: [string, () => NagPack][] = [
    ['AwsSolutions', () => new AwsSolutionsChecks(app, { verbose: true })],
    ['HIPAA.Security', () => new HIPAASecurityChecks(app, { verbose: true })],
  ];

  it.each(packs)('%s: no unacknowledged findings', (_name, makePack) => {
    const report = makePack().validateScope(stack);
    const found = report.violations.map(
      (v) =>
        `${v.ruleName} (${v.severity})\n  ${v.description}\n  ${v.violatingResources.map((r) => r.constructPath).join('\n  ')}`,
    );
    if (found.length)
      console.error(
        `Unacknowledged cdk-nag findings (fix them or acknowledge with a reason in lib/nag-acknowledgements.ts):\n${found.join('\n')}`,
      );
    expect(found, found.join('\n')).toEqual([]);
    expect(report.success).toBe(true);
  });
});

describe('declarations the stack refuses', () => {
  const group = GROUPS[0]!;

  it("a group may not take the authorizer's name", () => {
    expect(() => functionSpecs([{ ...group, name: 'authorizer' }])).toThrow(/reserved/);
  });

  it('a group that publishes events needs an event bus', () => {
    const lone = testApp();
    const settings = readSettings(lone.node);
    const s = new Stack(lone, 'Lone');
    const logging = new Logging(s, 'Logging', { retentionDays: settings.logRetentionDays });
    const data = new Data(s, 'Data', { contributorInsights: false });
    const secrets = new Secrets(s, 'Secrets');
    expect(
      () =>
        new Functions(s, 'Functions', {
          table: data.table,
          jwtSecret: secrets.jwtSecret,
          logging,
          logLevel: 'info',
          specs: functionSpecs([{ ...group, permissions: { table: 'none', events: true } }]),
        }),
    ).toThrow(/eventBus/);
  });
});

describe('optional custom domain', () => {
  it('maps the API at the root of the domain and outputs URLs on it', () => {
    const domainApp = testApp({
      domainName: 'hms.example.org',
      certificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/abc',
    });
    const domainStack = new HospitalStack(domainApp, 'HospitalDomain', {
      settings: readSettings(domainApp.node),
    });
    const t = Template.fromStack(domainStack);
    t.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'hms.example.org',
      SecurityPolicy: 'TLS_1_2',
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    t.resourceCountIs('AWS::ApiGateway::BasePathMapping', 1);
    const outputs = t.toJSON().Outputs as Json;
    expect(JSON.stringify(outputs.GetStartedUrl.Value)).toContain('https://');
    expect(JSON.stringify(outputs.GetStartedUrl.Value)).toContain('/get-started');
    expect(outputs.DomainTarget).toBeDefined();
  });
});
