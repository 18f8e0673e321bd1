import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks, HIPAASecurityChecks, type NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Data } from '../../lib/data';
import { eventFunctionSpecs, TARGET_RETRY } from '../../lib/events-stack';
import { type FunctionSpec, functionSpecs, PROJECT_ROOT } from '../../lib/function-specs';
import { Functions } from '../../lib/functions';
import { addHospitalStacks } from '../../lib/hospital-app';
import { HospitalStack } from '../../lib/hospital-stack';
import { Logging } from '../../lib/logging';
import { GROUP_AREAS, type Manifest, readManifest } from '../../lib/manifest';
import { McpFirewallStack, mcpWebAclParameterName } from '../../lib/mcp-firewall-stack';
import { Secrets } from '../../lib/secrets';
import { DEFAULT_SETTINGS, readSettings, type Settings } from '../../lib/settings';
import { GATEWAY_RESPONSES } from '../../shared/http/gateway-responses';
import { TABLE } from '../../shared/kernel/store/table';
import { ACTION_TYPE_NAMES, agentActionRules } from '../../shared/modules/agent-actions/index';
import { checkTemplate, formatFindings, resourceModel } from '../support/cfn-model';

/**
 * The deployment is built once, and every expectation is generated from the declarations it
 * reads: the route manifest (through lib/manifest.ts), the areas, the table spec, the gateway
 * responses and the settings. It is one top-level stack of nested stacks; assertions look in the
 * nested template that holds each resource, and follow values passed between stacks (nested
 * stack parameters and outputs) back to the resource they come from.
 */
type Json = Record<string, any>;

/** CloudFormation's limit is 500 resources per stack; this leaves room to notice in time. */
const MAX_RESOURCES_PER_STACK = 400;

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
let firewall: McpFirewallStack;
let app: App;
let settings: Settings;
const manifest = readManifest();

/** The top-level stack and every nested stack, top first. */
function stacksOf(top: Stack): Stack[] {
  return [top, ...top.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack)];
}

const templateCache = new Map<Stack, Template>();
function templateOf(s: Stack): Template {
  if (!templateCache.has(s)) templateCache.set(s, Template.fromStack(s));
  return templateCache.get(s)!;
}
const resourcesOf = (s: Stack): Record<string, Json> => templateOf(s).toJSON().Resources;

const logicalId = (construct: IConstruct) => {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(element).getLogicalId(element);
};
/** `[stack, logical id, resource]` of every resource of a type, in every stack. */
const ofType = (type: string, top: Stack = stack) =>
  stacksOf(top).flatMap((s) =>
    Object.entries(resourcesOf(s))
      .filter(([, r]) => r.Type === type)
      .map(([id, r]) => [s, id, r] as const),
  );
const asArray = <T>(x: T | T[]): T[] => (Array.isArray(x) ? x : [x]);

/**
 * Where a value of `s`'s template comes from: a nested stack parameter is followed to the value
 * its parent passes, and a parent's `Outputs.X` of a nested stack to that output's value, until
 * the value is the producing stack's own (`{Ref}` / `{Fn::GetAtt}` of its resource).
 */
function origin(s: Stack, value: unknown): { stack: Stack; value: unknown } {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Json;
    const parameters = templateOf(s).toJSON().Parameters ?? {};
    if (typeof v.Ref === 'string' && v.Ref in parameters && s.nestedStackParent) {
      const parent = s.nestedStackParent;
      const resource = resourcesOf(parent)[logicalId((s as NestedStack).nestedStackResource!)]!;
      return origin(parent, resource.Properties.Parameters[v.Ref]);
    }
    const getAtt = v['Fn::GetAtt'];
    if (Array.isArray(getAtt) && String(getAtt[1]).startsWith('Outputs.')) {
      const child = stacksOf(s).find(
        (c) =>
          c.nestedStackParent === s &&
          logicalId((c as NestedStack).nestedStackResource!) === getAtt[0],
      );
      if (child) {
        const output = templateOf(child).toJSON().Outputs[String(getAtt[1]).slice(8)];
        return origin(child, output.Value);
      }
    }
  }
  return { stack: s, value };
}

/** `value` with every value passed between stacks replaced by where it comes from. */
function traced(s: Stack, value: unknown): any {
  const o = origin(s, value);
  if (o.stack !== s || o.value !== value) return traced(o.stack, o.value);
  if (Array.isArray(value)) return value.map((v) => traced(s, v));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, traced(s, v)]));
  return value;
}

const fnOf = (spec: FunctionSpec) => stack.functions.all.find((f) => f.spec.name === spec.name)!;

/** Every statement of the IAM policies attached to a role, with values traced. */
function roleStatements(role: IConstruct): Json[] {
  const home = Stack.of(role);
  const roleId = logicalId(role);
  return Object.values(resourcesOf(home))
    .filter((p) => p.Type === 'AWS::IAM::Policy')
    .filter((p) => asArray(p.Properties.Roles).some((r: Json) => r.Ref === roleId))
    .flatMap((p) => traced(home, p.Properties.PolicyDocument.Statement) as Json[]);
}

/**
 * The Allow statements of a function's role (what it may do). Its explicit Deny statements (audit
 * records, lib/table-grants.ts) grant nothing: they are asserted in test/cdk/production.test.ts.
 */
function statementsOf(spec: FunctionSpec): Json[] {
  return roleStatements(fnOf(spec).role).filter((s) => s.Effect !== 'Deny');
}

const actionsOf = (statements: Json[]) => statements.flatMap((s) => asArray<string>(s.Action));

beforeAll(() => {
  app = testApp();
  settings = readSettings(app.node);
  stack = new HospitalStack(app, 'HospitalTest', { settings });
  firewall = new McpFirewallStack(app, 'HospitalTestMcpFirewall', {
    stackName: 'HospitalTest-McpFirewall',
    settings,
    serviceStackName: 'HospitalTest',
  });
  templateOf(firewall);
  // Synthesise before anything inspects constructs: only synthesis turns values passed between
  // stacks into nested stack parameters, which is what cdk-nag sees under `cdk synth`.
  for (const s of stacksOf(stack)) templateOf(s);
});

describe('nested stacks (CloudFormation limits)', () => {
  it('is one top-level stack of nested stacks: platform, API, one per area, stage, monitoring', () => {
    const nested = stacksOf(stack).slice(1);
    const areas = [...new Set(manifest.groups.map((g) => g.area))];
    expect(nested.map((s) => s.node.id).sort()).toEqual(
      [
        'Platform',
        'Api',
        'Events',
        'Stage',
        'Monitoring',
        ...areas.map((a) => stack.areas.get(a)!.node.id),
      ].sort(),
    );
    expect(Object.values(resourcesOf(stack)).map((r) => r.Type)).toEqual(
      expect.arrayContaining(nested.map(() => 'AWS::CloudFormation::Stack')),
    );
  });

  it(`no stack, top-level or nested, has more than ${MAX_RESOURCES_PER_STACK} resources`, () => {
    const counts = Object.fromEntries(
      stacksOf(stack).map((s) => [s.node.path, Object.keys(resourcesOf(s)).length]),
    );
    const over = Object.entries(counts).filter(([, n]) => n > MAX_RESOURCES_PER_STACK);
    expect(over, JSON.stringify(counts)).toEqual([]);
    expect(Object.keys(counts)).toHaveLength(stacksOf(stack).length);
  });

  it('every group of the route manifest has an area (lib/areas.ts), and only groups do', () => {
    expect(() => readManifest()).not.toThrow();
    const { patients: _dropped, ...withoutPatients } = GROUP_AREAS;
    expect(() => readManifest(withoutPatients)).toThrow(/group "patients" has no area/);
    expect(() => readManifest({ ...GROUP_AREAS, 'no-such-group': 'identity' })).toThrow(
      /"no-such-group", which is not a group/,
    );
    expect(() => readManifest({ ...GROUP_AREAS, patients: 'nowhere' })).toThrow(/unknown area/);
  });

  it("each area stack holds exactly its groups' functions and the methods of their routes", () => {
    for (const [area, areaStack] of stack.areas) {
      const groups = manifest.groups.filter((g) => g.area === area).map((g) => g.name);
      expect([...areaStack.functions.groups.keys()], area).toEqual(groups);
      for (const f of areaStack.functions.all) expect(Stack.of(f.fn)).toBe(areaStack);
      const routes = manifest.routes.filter((r) => groups.includes(r.group));
      expect(
        areaStack.routes.methods.map((m) => m.spec.route.label),
        area,
      ).toEqual(routes.map((r) => r.label));
      for (const { method } of areaStack.routes.methods) expect(Stack.of(method)).toBe(areaStack);
    }
    expect(Stack.of(stack.functions.authorizer.fn)).toBe(stack.api);
    expect(Stack.of(stack.platform.data.table)).toBe(stack.platform);
  });
});

describe('DynamoDB table (from shared/kernel/store/table.ts)', () => {
  it('has the key schema, every GSI, TTL, PITR, KMS encryption and deletion protection', () => {
    expect(ofType('AWS::DynamoDB::Table')).toHaveLength(1);
    const template = templateOf(stack.platform);
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
    const [, , table] = ofType('AWS::DynamoDB::Table')[0]!;
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
    templateOf(stack.platform).hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    const key = stack.platform.data.key;
    expect(resourcesOf(Stack.of(key))[logicalId(key)]).toMatchObject({
      Type: 'AWS::KMS::Key',
      DeletionPolicy: 'Retain',
      Properties: { EnableKeyRotation: true },
    });
  });
});

describe('Lambda functions (one per GROUP plus the authorizer)', () => {
  const specs = functionSpecs();

  it('has exactly one function per group plus the authorizer', () => {
    expect(specs.map((s) => s.name)).toEqual([
      ...manifest.groups.map((g) => g.name),
      'authorizer',
      'mcp',
    ]);
    // Plus two: the provider of the deploy-time trigger that makes the first signing keys
    // (lib/events-stack.ts, aws-cdk-lib/triggers), and the deploy-time lookup of the MCP web
    // ACL's ARN (lib/mcp-web-acl-lookup.ts, AwsCustomResource).
    expect(ofType('AWS::Lambda::Function')).toHaveLength(
      manifest.groups.length + 2 + eventFunctionSpecs().length + 2,
    );
    // The event functions besides the executors (one per action type), written out by hand.
    expect(
      eventFunctionSpecs()
        .filter((s) => !s.actionType)
        .map((s) => s.name),
    ).toEqual([
      'agent-actions-sweep',
      'outbox-relay',
      'signing-key-rotation',
      'notification-delivery',
      'notification-triggers',
      'webhook-delivery',
      'specimen-orders',
      'roster-generation',
      'tenant-export',
    ]);
  });

  it('serves MCP from a streaming Function URL behind CloudFront, whose URL is the McpUrl output', () => {
    const agents = stack.areas.get('agents')!;
    const urls = Object.entries(resourcesOf(agents)).filter(
      ([, r]) => r.Type === 'AWS::Lambda::Url',
    );
    expect(urls).toHaveLength(1);
    // NONE: MCP clients sign nothing; the function refuses what did not come through CloudFront.
    expect(urls[0]![1].Properties).toMatchObject({
      AuthType: 'NONE',
      InvokeMode: 'RESPONSE_STREAM',
    });
    const outputs = Template.fromStack(stack).toJSON().Outputs as Json;
    expect(outputs.McpUrl).toBeDefined();
    // The output is the distribution's domain, never the Function URL.
    const value = traced(stack, outputs.McpUrl.Value);
    const text = JSON.stringify(value);
    expect(text).toContain(`"${logicalId(agents.mcp!.edge.distribution)}","DomainName"`);
    expect(text).not.toContain('FunctionUrl');
    expect(value['Fn::Join'][1][0]).toBe('https://');
    expect(value['Fn::Join'][1][2]).toBe('/');
  });

  it('reserves concurrency for MCP (its cap too), so long streams cannot starve REST; only MCP', () => {
    const functions = Object.values(resourcesOf(stack.areas.get('agents')!)).filter(
      (r) => r.Type === 'AWS::Lambda::Function',
    );
    const reserved = functions.filter((f) => f.Properties.ReservedConcurrentExecutions);
    expect(reserved).toHaveLength(1);
    expect(reserved[0]!.Properties).toMatchObject({
      Description: expect.stringMatching(/^MCP server/),
      ReservedConcurrentExecutions: 20,
    });
    expect(DEFAULT_SETTINGS.mcpReservedConcurrency).toBe(20);
  });

  it.each(specs.map((s) => [s.name, s] as const))(
    '%s: nodejs24.x, arm64, X-Ray, memory, timeout and environment from its declaration',
    (_name, spec) => {
      const fn = fnOf(spec);
      const home = resourcesOf(Stack.of(fn.fn));
      const props = home[logicalId(fn.fn)]!.Properties;
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
      // No --enable-source-maps: each bundle maps its stack traces on first use (lib/bundling.ts).
      expect(env.NODE_OPTIONS).toBeUndefined();
      expect('TABLE_NAME' in env).toBe(spec.permissions.table !== 'none');
      // The cursor sealing key, as a dynamic reference (never its value) to the generated secret.
      expect('CURSOR_SECRET' in env).toBe(spec.permissions.table !== 'none');
      if ('CURSOR_SECRET' in env)
        expect(JSON.stringify(env.CURSOR_SECRET)).toMatch(/\{\{resolve:secretsmanager:/);
      // The signer gets the private keys' ARN, a verifier the public keys' only (lib/signing-keys.ts).
      expect('SIGNING_KEYS_ARN' in env).toBe(spec.permissions.tokenKeys === 'sign');
      expect('SIGNING_PUBLIC_KEYS_ARN' in env).toBe(spec.permissions.tokenKeys === 'verify');
      expect('JWT_SECRET_ARN' in env).toBe(false);
      // Its log group is encrypted and has a retention.
      const logGroup = home[props.LoggingConfig.LogGroup.Ref]!;
      expect(logGroup.Properties).toMatchObject({
        RetentionInDays: settings.logRetentionDays,
        KmsKeyId: expect.anything(),
      });
    },
  );
});

describe("least privilege (from each group's permissions)", () => {
  const specs = functionSpecs();
  const tableId = () => logicalId(stack.platform.data.table);
  const secretIds = () => [
    logicalId(stack.platform.secrets.signingKeys.privateKeys),
    logicalId(stack.platform.secrets.signingKeys.publicKeys),
  ];
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
        Boolean(spec.permissions.tokenKeys),
      );
      const [privateId, publicId] = secretIds();
      expect(touches(statements, privateId!).length > 0).toBe(
        spec.permissions.tokenKeys === 'sign',
      );
      expect(touches(statements, publicId!).length > 0).toBe(
        spec.permissions.tokenKeys === 'verify',
      );
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
    const key = `{"Fn::GetAtt":["${logicalId(stack.platform.data.key)}","Arn"]}`;
    return {
      table: on((r) => r === table),
      index: on((r) => r.includes(tableId()) && r.includes('/index/*')),
      key: on((r) => r === key),
    };
  }

  /**
   * The only functions that may Scan, written out, and on which role: notification-triggers, a
   * cross-tenant job whose grant already reaches every item, backfills the hospital list once per
   * table (shared/modules/tenants/hospital-index-backfill.ts) on its own role; the hospital export
   * Scans for one hospital's items on its tenant session only (shared/modules/tenants/export-run.ts).
   */
  const SCANNERS = ['notification-triggers', 'tenant-export'];
  /** Every Allow statement of a function's roles: its own and its tenant sessions'. */
  const allStatementsOf = (spec: FunctionSpec) => {
    const f = fnOf(spec);
    return [f.role, ...(f.tenantRole ? [f.tenantRole] : [])]
      .flatMap(roleStatements)
      .filter((s) => s.Effect !== 'Deny');
  };

  it('no function may Scan (but the two listed, on the table only), batch, read streams or use wildcard DynamoDB actions', () => {
    // Every function: the REST groups' and the event and scheduled ones (lib/events-stack.ts).
    const every = stack.functions.all.map((f) => f.spec);
    const scanners = every.filter((spec) =>
      actionsOf(allStatementsOf(spec)).includes('dynamodb:Scan'),
    );
    expect(scanners.map((s) => s.name).sort()).toEqual(SCANNERS);
    for (const spec of scanners) {
      if (spec.name === 'tenant-export') {
        expect(spec.permissions.scansTable?.reason.length).toBeGreaterThan(20);
        expect(actionsOf(statementsOf(spec))).not.toContain('dynamodb:Scan');
      } else expect(spec.permissions.crossTenant?.scan?.reason.length).toBeGreaterThan(20);
      const scans = allStatementsOf(spec).filter((s) =>
        asArray<string>(s.Action).includes('dynamodb:Scan'),
      );
      expect(scans.map((s) => [s.Action, s.Resource, s.Condition])).toEqual([
        ['dynamodb:Scan', { 'Fn::GetAtt': [tableId(), 'Arn'] }, undefined],
      ]);
    }
    for (const spec of every) {
      const dynamo = actionsOf(allStatementsOf(spec)).filter((a) =>
        a.toLowerCase().startsWith('dynamodb:'),
      );
      for (const forbidden of [
        ...(SCANNERS.includes(spec.name) ? [] : ['dynamodb:Scan']),
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

  /**
   * The secret's key is used through the roles' own policies (lib/secrets.ts, grantRead): a key
   * policy naming roles of stacks created after it would be a dependency cycle. So the key policy
   * must name no role, and exactly the roles of functions declaring tokenKeys may decrypt with
   * the key, only through Secrets Manager.
   */
  it('only functions that declare tokenKeys may decrypt the secrets (key and role policies)', () => {
    const secretsKey = stack.platform.secrets.key;
    const keyId = logicalId(secretsKey);
    const keyPolicy = resourcesOf(Stack.of(secretsKey))[keyId]!.Properties.KeyPolicy
      .Statement as Json[];
    const principals = keyPolicy.flatMap((s) => asArray<Json>(s.Principal?.AWS ?? []));
    expect(principals.filter((p) => !JSON.stringify(p).endsWith(':root"]]}'))).toEqual([]);

    const onKey = `{"Fn::GetAtt":["${keyId}","Arn"]}`;
    const readers = specs.filter((spec) =>
      statementsOf(spec).some((s) =>
        asArray<Json>(s.Resource).some((r) => JSON.stringify(r) === onKey),
      ),
    );
    expect(readers.map((s) => s.name).sort()).toEqual(
      specs
        .filter((s) => s.permissions.tokenKeys)
        .map((s) => s.name)
        .sort(),
    );
    for (const spec of readers) {
      const onSecretKey = statementsOf(spec).filter((s) =>
        asArray<Json>(s.Resource).some((r) => JSON.stringify(r) === onKey),
      );
      for (const s of onSecretKey) {
        expect(s.Action, spec.name).toBe('kms:Decrypt');
        expect(JSON.stringify(s.Condition?.StringEquals?.['kms:ViaService']), spec.name).toContain(
          'secretsmanager.',
        );
      }
    }
    // No other policy anywhere names the key.
    const policies = ofType('AWS::IAM::Policy').filter(([s, , p]) =>
      JSON.stringify(traced(s, p.Properties.PolicyDocument)).includes(`"${keyId}"`),
    );
    // … and the signing-key rotation function's (an event function, not in `specs`).
    expect(policies).toHaveLength(readers.length + 1);
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

/**
 * `METHOD /path` → `{stack, method}` for every method of every stack of `top`, with the path
 * rebuilt from the resources, following a parent resource into the stack that created it.
 */
function methodsByRoute(top: Stack = stack): Map<string, { stack: Stack; props: Json }> {
  const pathOf = (s: Stack, ref: unknown): string => {
    const o = origin(s, ref);
    const v = o.value as Json;
    if (Array.isArray(v?.['Fn::GetAtt']) && v['Fn::GetAtt'][1] === 'RootResourceId') return '';
    const r = resourcesOf(o.stack)[v.Ref as string]!;
    expect(r.Type).toBe('AWS::ApiGateway::Resource');
    return `${pathOf(o.stack, r.Properties.ParentId)}/${r.Properties.PathPart}`;
  };
  const methods = new Map<string, { stack: Stack; props: Json }>();
  for (const [s, , m] of ofType('AWS::ApiGateway::Method', top)) {
    const key = `${m.Properties.HttpMethod} ${pathOf(s, m.Properties.ResourceId) || '/'}`;
    expect(methods.has(key), key).toBe(false);
    methods.set(key, { stack: s, props: m.Properties });
  }
  return methods;
}

/** The API's cached authorizer (`authorizer`) or the uncached one of POST /a2a (`challenge`). */
function authorizerNamed(which: 'authorizer' | 'challenge-authorizer') {
  const cfn = which === 'authorizer' ? stack.api.api.authorizer : stack.api.api.challengeAuthorizer;
  const found = ofType('AWS::ApiGateway::Authorizer').filter(([, id]) => id === logicalId(cfn));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The one Lambda permission letting API Gateway invoke the authorizer function as `authorizerId`. */
function invokePermissionOf(authorizerId: string) {
  const permissions = ofType('AWS::Lambda::Permission').filter(
    ([s, , p]) =>
      JSON.stringify(traced(s, p.Properties.FunctionName)).includes(
        `"${logicalId(stack.functions.authorizer.live)}"`,
      ) && JSON.stringify(traced(s, p.Properties.SourceArn)).includes(`{"Ref":"${authorizerId}"}`),
  );
  expect(permissions).toHaveLength(1);
  return permissions[0]!;
}

describe('API Gateway (from the route manifest)', () => {
  it('has every route of allRoutes() and nothing else', () => {
    const methods = methodsByRoute();
    expect([...methods.keys()].sort()).toEqual(
      manifest.routes.map((r) => `${r.method} ${r.path}`).sort(),
    );
  });

  it.each(manifest.routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    "%s: authorization and its group's function, in its group's area stack",
    (key, route) => {
      const { stack: home, props: method } = methodsByRoute().get(key)!;
      const group = manifest.groups.find((g) => g.name === route.group)!;
      expect(home).toBe(stack.areas.get(group.area));
      if (route.isPublic) {
        expect(method.AuthorizationType).toBe('NONE');
        expect(method.AuthorizerId).toBeUndefined();
      } else {
        // POST /a2a alone has the uncached challenge authorizer; every other protected route the
        // cached one (issue 22: only /a2a answers its own OAuth challenge).
        const [authorizerStack, authorizerId] = authorizerNamed(
          key === 'POST /a2a' ? 'challenge-authorizer' : 'authorizer',
        );
        expect(method.AuthorizationType).toBe('CUSTOM');
        expect(origin(home, method.AuthorizerId)).toEqual({
          stack: authorizerStack,
          value: { Ref: authorizerId },
        });
      }
      expect(method.Integration.Type).toBe('AWS_PROXY');
      const fn = stack.functions.groups.get(route.group)!;
      expect(Stack.of(fn.fn)).toBe(home);
      // Its group's function, through the live alias (gradual deployments, lib/functions.ts).
      expect(JSON.stringify(method.Integration.Uri)).toContain(`{"Ref":"${logicalId(fn.live)}"}`);
      // Every method is on the one RestApi.
      expect(traced(home, method.RestApiId)).toEqual({ Ref: logicalId(stack.api.api.resource) });
    },
  );

  it('uses a REQUEST authorizer on the Authorization header, cached 60 s', () => {
    // Two: this one, and the challenge authorizer of POST /a2a (next test).
    expect(ofType('AWS::ApiGateway::Authorizer')).toHaveLength(2);
    const template = templateOf(stack.api);
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 2);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 60,
    });
    const [, authorizerId, authorizer] = authorizerNamed('authorizer');
    expect(authorizer.Properties).toMatchObject({
      Type: 'REQUEST',
      IdentitySource: 'method.request.header.Authorization',
      AuthorizerResultTtlInSeconds: 60,
    });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(
      `"${logicalId(stack.functions.authorizer.live)}"`,
    );
    // API Gateway may invoke the authorizer function, as this authorizer of this API only.
    const [s, , permission] = invokePermissionOf(authorizerId);
    const sourceArn = JSON.stringify(traced(s, permission.Properties.SourceArn));
    expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
    expect(sourceArn).toContain('/authorizers/');
    expect(sourceArn).toContain(`{"Ref":"${authorizerId}"}`);
  });

  it('gives POST /a2a alone an authorizer without identity source or cache, so a request without a credential reaches the authorizer and the A2A function answers its OAuth challenge', () => {
    const [, id, challenge] = authorizerNamed('challenge-authorizer');
    expect(challenge.Properties.Type).toBe('REQUEST');
    // No identity source: API Gateway calls the authorizer even without an Authorization header
    // (with one, it would answer its own 401, the same for every path). Hence no cache either.
    expect(challenge.Properties.IdentitySource).toBeUndefined();
    expect(challenge.Properties.AuthorizerResultTtlInSeconds).toBe(0);
    // The same authorizer function.
    expect(JSON.stringify(challenge.Properties.AuthorizerUri)).toContain(
      `"${logicalId(stack.functions.authorizer.live)}"`,
    );
    const [s, , permission] = invokePermissionOf(id);
    expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
    expect(JSON.stringify(traced(s, permission.Properties.SourceArn))).toContain(`{"Ref":"${id}"}`);
    // Only POST /a2a uses it; every REST route keeps the cached authorizer, so API Gateway's
    // 401 there never points OAuth clients at /a2a's metadata.
    const using = [...methodsByRoute()]
      .filter(
        ([, m]) => JSON.stringify(traced(m.stack, m.props.AuthorizerId)) === `{"Ref":"${id}"}`,
      )
      .map(([key]) => key);
    expect(using).toEqual(['POST /a2a']);
    // And API Gateway's own 401 names no resource metadata.
    const unauthorized = ofType('AWS::ApiGateway::GatewayResponse').find(
      ([, , r]) => r.Properties.ResponseType === 'UNAUTHORIZED',
    )!;
    expect(JSON.stringify(unauthorized[2].Properties)).not.toContain('resource_metadata');
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
      ([, , r]) => r.Properties as Json,
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
      templateOf(stack.api).hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
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
    templateOf(stack.api).hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    expect(ofType('AWS::ApiGateway::RestApi')).toHaveLength(1);
    expect(ofType('AWS::ApiGateway::Stage')).toHaveLength(1);
    templateOf(stack.stage).hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: settings.stageName,
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
    expect(ofType('AWS::ApiGateway::Account')).toHaveLength(1);
    templateOf(stack.api).hasResource('AWS::ApiGateway::Account', { DeletionPolicy: 'Retain' });
  });

  it('deploys the stage after every method of every area stack', () => {
    const [deploymentStack, deploymentId] = ofType('AWS::ApiGateway::Deployment')[0]!;
    expect(ofType('AWS::ApiGateway::Deployment')).toHaveLength(1);
    expect(deploymentStack).toBe(stack.stage);
    expect(
      traced(
        stack.stage,
        resourcesOf(stack.stage)[logicalId(stack.stage.apiStage.stage)]!.Properties.DeploymentId,
      ),
    ).toEqual({ Ref: deploymentId });
    // Methods are in area stacks: the stage stack as a whole waits for every one of them.
    const stageStackResource = resourcesOf(stack)[logicalId(stack.stage.nestedStackResource!)]!;
    expect(asArray(stageStackResource.DependsOn).sort()).toEqual(
      expect.arrayContaining(
        [...stack.areas.values()].map((a) => logicalId(a.nestedStackResource!)),
      ),
    );
  });

  // Synthesises five whole apps; with each function's alias, deployment group and tenant role,
  // that takes longer than the default 30 s on a busy machine (hence the timeout below).
  it('takes a new deployment when any method changes, and only then', () => {
    const deploymentIdOf = (m: Manifest) => {
      const other = testApp();
      const s = new HospitalStack(other, 'Other', {
        settings: readSettings(other.node),
        manifest: m,
      });
      return Object.entries(Template.fromStack(s.stage).toJSON().Resources as Json).find(
        ([, r]) => r.Type === 'AWS::ApiGateway::Deployment',
      )![0];
    };
    const same = deploymentIdOf(manifest);
    expect(deploymentIdOf(readManifest())).toBe(same);
    const [first, ...rest] = manifest.routes;
    const changes: Manifest[] = [
      { ...manifest, routes: rest },
      { ...manifest, routes: [{ ...first!, isPublic: !first!.isPublic }, ...rest] },
      { ...manifest, routes: [{ ...first!, path: `${first!.path}x` }, ...rest] },
    ];
    for (const changed of changes) expect(deploymentIdOf(changed)).not.toBe(same);
  }, 120_000);

  it('creates each path resource once, in the API stack when areas share it', () => {
    // A route of an identity group beneath the outpatient /patients/{id}.
    const identityGroup = manifest.groups.find((g) => g.area === 'identity')!;
    const shared: Manifest = {
      ...manifest,
      routes: [
        ...manifest.routes,
        {
          method: 'GET',
          path: '/patients/{id}/consents',
          group: identityGroup.name,
          isPublic: false,
          label: `${identityGroup.name}.patientConsents`,
        },
      ],
    };
    const other = testApp();
    const s = new HospitalStack(other, 'Shared', {
      settings: readSettings(other.node),
      manifest: shared,
    });
    const methods = methodsByRoute(s);
    expect([...methods.keys()].sort()).toEqual(
      shared.routes.map((r) => `${r.method} ${r.path}`).sort(),
    );
    expect(methods.get('GET /patients/{id}/consents')!.stack).toBe(s.areas.get('identity'));
    const parts = (st: Stack) =>
      Object.values(resourcesOf(st))
        .filter((r) => r.Type === 'AWS::ApiGateway::Resource')
        .map((r) => r.Properties.PathPart);
    // /agent-actions/proposals is shared too: each module's group serves its agent action types'
    // proposals (shared/manifest/hitl.ts), in the module's area, beside the agents area's routes.
    // /.well-known is shared by the agents area (agent card) and identity (auth's jwks.json);
    // /theatre and /roster by the web area (their pages) and their modules' areas.
    expect(parts(s.api).sort()).toEqual(
      ['.well-known', 'agent-actions', 'proposals', 'patients', '{id}', 'roster', 'theatre'].sort(),
    );
    expect(parts(s.areas.get('outpatient')!)).not.toContain('patients');
    expect(parts(s.areas.get('identity')!)).toContain('consents');
  });

  it('is behind a WAF web ACL with logging that redacts the Authorization header and the query string', () => {
    expect(ofType('AWS::WAFv2::WebACLAssociation')).toHaveLength(1);
    const template = templateOf(stack.stage);
    template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { QueryString: {} }],
    });
    // Associated with the stage of this API.
    const [, , association] = ofType('AWS::WAFv2::WebACLAssociation')[0]!;
    expect(JSON.stringify(association.Properties.ResourceArn)).toContain(
      `{"Ref":"${logicalId(stack.stage.apiStage.stage)}"}`,
    );
  });

  it('outputs the API URL and the /get-started URL', () => {
    const outputs = templateOf(stack).toJSON().Outputs as Json;
    expect(Object.keys(outputs)).toEqual(expect.arrayContaining(['ApiUrl', 'GetStartedUrl']));
    expect(JSON.stringify(outputs.GetStartedUrl.Value)).toContain('/get-started');
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining([
        'RestApiId',
        'StageName',
        'TableName',
        'SigningKeyRotator',
        'AccessLogGroup',
      ]),
    );
  });
});

describe('events (lib/events-stack.ts, from the agent action type declaration)', () => {
  const inEvents = (type: string) =>
    Object.entries(resourcesOf(stack.events)).filter(([, r]) => r.Type === type);

  it('one rule and one executor per action type, each rule target with a retry policy and a DLQ', () => {
    const types = agentActionRules();
    expect(types.length).toBe(ACTION_TYPE_NAMES.length);
    const functions = inEvents('AWS::Lambda::Function');
    const queues = new Map(inEvents('AWS::SQS::Queue'));
    for (const rule of types) {
      const executor = functions.filter(
        ([, f]) => f.Properties.Environment?.Variables.ACTION_TYPE === rule.type,
      );
      expect(executor, rule.type).toHaveLength(1);
      const [fnId, fn] = executor[0]!;
      const matching = inEvents('AWS::Events::Rule').filter(
        ([, r]) => JSON.stringify(r.Properties.EventPattern) === JSON.stringify(rule.pattern),
      );
      expect(matching, rule.type).toHaveLength(1);
      const rl = matching[0]![1];
      expect(rl.Properties.EventBusName).toEqual({ Ref: logicalId(stack.events.bus) });
      expect(rl.Properties.Targets).toHaveLength(1);
      const target = rl.Properties.Targets[0];
      // The executor's live alias (gradual deployments, lib/functions.ts).
      const alias = inEvents('AWS::Lambda::Alias').find(
        ([, a]) => JSON.stringify(a.Properties.FunctionName) === JSON.stringify({ Ref: fnId }),
      )!;
      expect(target.Arn).toEqual({ Ref: alias[0] });
      expect(target.RetryPolicy).toEqual({
        MaximumRetryAttempts: TARGET_RETRY.retryAttempts,
        MaximumEventAgeInSeconds: TARGET_RETRY.maxEventAge.toSeconds(),
      });
      const dlqId = target.DeadLetterConfig.Arn['Fn::GetAtt'][0];
      expect(queues.get(dlqId)?.Properties).toMatchObject({ SqsManagedSseEnabled: true });
      // The function's failed asynchronous invocations go to the same queue.
      expect(fn.Properties.DeadLetterConfig.TargetArn).toEqual({ 'Fn::GetAtt': [dlqId, 'Arn'] });
    }
  });

  /** The scheduled rules whose target is the function named `name`. */
  const schedulesOf = (name: string) => {
    const fn = stack.functions.events.find((f) => f.spec.name === name)!;
    return inEvents('AWS::Events::Rule').filter(
      ([, r]) =>
        r.Properties.ScheduleExpression &&
        JSON.stringify(r.Properties.Targets[0].Arn).includes(logicalId(fn.live)),
    );
  };

  it('runs the agent actions job every five minutes with a DLQ', () => {
    const schedules = schedulesOf('agent-actions-sweep');
    expect(schedules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(5 minutes)']);
    expect(schedules[0]![1].Properties.Targets[0].DeadLetterConfig).toBeDefined();
  });

  it('runs the outbox relay and the webhook retries every minute with a DLQ, and no other schedule exists', () => {
    for (const name of ['outbox-relay', 'webhook-delivery']) {
      const schedules = schedulesOf(name);
      expect(
        schedules.map(([, r]) => r.Properties.ScheduleExpression),
        name,
      ).toEqual(['rate(1 minute)']);
      expect(schedules[0]![1].Properties.Targets[0].DeadLetterConfig).toBeDefined();
    }
    // The sweep, the relay, the webhook retries, the signing-key rotation check and the
    // notification triggers.
    expect(
      inEvents('AWS::Events::Rule').filter(([, r]) => r.Properties.ScheduleExpression),
    ).toHaveLength(5);
  });

  it('runs the notification triggers every five minutes with a DLQ, with the SES/SNS grants', () => {
    const schedules = schedulesOf('notification-triggers');
    expect(schedules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(5 minutes)']);
    expect(schedules[0]![1].Properties.Targets[0].DeadLetterConfig).toBeDefined();
    const fn = stack.functions.events.find((f) => f.spec.name === 'notification-triggers')!;
    const env = inEvents('AWS::Lambda::Function').find(([id]) => id === logicalId(fn.fn))![1]
      .Properties.Environment.Variables;
    expect(env.NOTIFY_TRANSPORT).toBe('aws');
  });

  it('specimens to the lab, roster generation jobs and hospital exports: one rule each by detail-type, with a retry policy and a DLQ', () => {
    const expected = [
      ['specimen-orders', 'TheatreSpecimenTaken', 512, 30],
      ['roster-generation', 'RosterGenerationRequested', 2048, 180],
      ['tenant-export', 'TenantExportRequested', 1024, 900],
    ] as const;
    for (const [name, detailType, memory, timeout] of expected) {
      const fn = stack.functions.events.find((f) => f.spec.name === name)!;
      const props = resourcesOf(stack.events)[logicalId(fn.fn)]!.Properties;
      expect(props.MemorySize, name).toBe(memory);
      expect(props.Timeout, name).toBe(timeout);
      const rules = inEvents('AWS::Events::Rule').filter(
        ([, r]) =>
          JSON.stringify(r.Properties.EventPattern) ===
          JSON.stringify({ 'detail-type': [detailType] }),
      );
      expect(rules, name).toHaveLength(1);
      const target = rules[0]![1].Properties.Targets[0];
      expect(JSON.stringify(target.Arn)).toContain(logicalId(fn.fn));
      expect(target.RetryPolicy).toEqual({
        MaximumRetryAttempts: TARGET_RETRY.retryAttempts,
        MaximumEventAgeInSeconds: TARGET_RETRY.maxEventAge.toSeconds(),
      });
      expect(target.DeadLetterConfig).toBeDefined();
    }
  });

  it('checks the signing keys every hour (rotation after 30 days) with a DLQ', () => {
    const schedules = schedulesOf('signing-key-rotation');
    expect(schedules.map(([, r]) => r.Properties.ScheduleExpression)).toEqual(['rate(1 hour)']);
    expect(schedules[0]![1].Properties.Targets[0].DeadLetterConfig).toBeDefined();
  });

  it('every DLQ and the relay raise an alarm to the encrypted alarm topic, which is a stack output', () => {
    const topics = inEvents('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    const [topicId, topic] = topics[0]!;
    expect(topic.Properties.KmsMasterKeyId).toBeDefined();
    // Not the functions' rollback alarms, which only CodeDeploy watches (lib/functions.ts).
    const rollback = new Set(stack.events.functions.map((f) => logicalId(f.rollbackAlarm)));
    const alarms = inEvents('AWS::CloudWatch::Alarm')
      .filter(([id]) => !rollback.has(id))
      .map(([, a]) => a.Properties);
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
    // One alarm per queue, on a visible message.
    const queues = inEvents('AWS::SQS::Queue');
    // An executor's per action type, and the sweep's, the relay's, the notification and webhook
    // deliveries', the signing-key rotation's, the specimen orders', the roster generation's, the
    // hospital export's and the notification triggers'.
    expect(queues.length).toBe(ACTION_TYPE_NAMES.length + 9);
    for (const [queueId] of queues) {
      const onQueue = alarms.filter((a) =>
        JSON.stringify(a.Dimensions ?? []).includes(`"${queueId}"`),
      );
      expect(onQueue, queueId).toHaveLength(1);
      expect(onQueue[0]).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
    }
    // The relay's failures, from its log lines.
    const filters = inEvents('AWS::Logs::MetricFilter').map(([, f]) => f.Properties);
    expect(filters.map((f) => f.FilterPattern).sort()).toEqual([
      '{ $.msg = "outbox event dead" }',
      '{ $.msg = "outbox publish failed" }',
    ]);
    const relayLogs = stack.functions.events.find((f) => f.spec.name === 'outbox-relay')!;
    for (const f of filters)
      expect(JSON.stringify(f.LogGroupName)).toContain(
        logicalId(relayLogs.fn.logGroup.node.defaultChild as never),
      );
    expect(
      alarms
        .filter((a) => a.Namespace === 'HospitalManagementService/HospitalTest')
        .map((a) => [a.MetricName, a.Threshold, a.Period])
        .sort(),
    ).toEqual([
      ['OutboxEventsDead', 1, 300],
      ['OutboxPublishFailures', 5, 900],
    ]);
    expect(alarms).toHaveLength(queues.length + 2);
    const outputs = Template.fromStack(stack).toJSON().Outputs as Json;
    expect(outputs.AlarmTopicArn).toBeDefined();
  });

  it('executors get the table but neither the bus nor the secret; the job and agent-actions may publish', () => {
    for (const f of stack.functions.events) {
      const policy = JSON.stringify(
        Object.values(resourcesOf(Stack.of(f.role))).filter(
          (r) =>
            r.Type === 'AWS::IAM::Policy' &&
            JSON.stringify(r.Properties.Roles).includes(logicalId(f.role)),
        ),
      );
      expect(policy.includes('events:PutEvents'), f.spec.name).toBe(
        Boolean(f.spec.permissions.events),
      );
      // Only the signing-key rotation function touches a secret (lib/signing-keys.ts).
      expect(policy.includes('secretsmanager:'), f.spec.name).toBe(
        f.spec.name === 'signing-key-rotation',
      );
    }
    expect(stack.functions.groups.get('agent-actions')?.spec.permissions.events).toBe(true);
  });
});

describe('MCP behind CloudFront and WAF (lib/mcp-edge.ts, lib/mcp-firewall-stack.ts)', () => {
  const agents = () => stack.areas.get('agents')!;
  const distribution = () => {
    const all = ofType('AWS::CloudFront::Distribution');
    expect(all).toHaveLength(1);
    expect(all[0]![0]).toBe(agents());
    return all[0]![2].Properties.DistributionConfig as Json;
  };

  it('one distribution whose only origin is the MCP Function URL, over HTTPS (TLS 1.2) only', () => {
    const config = distribution();
    expect(config.Origins).toHaveLength(1);
    const [o] = config.Origins;
    const urlId = Object.entries(resourcesOf(agents())).find(
      ([, r]) => r.Type === 'AWS::Lambda::Url',
    )![0];
    expect(o.DomainName).toEqual({
      'Fn::Select': [2, { 'Fn::Split': ['/', { 'Fn::GetAtt': [urlId, 'FunctionUrl'] }] }],
    });
    expect(o.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
      // Above the 15 s keep-alive of an SSE stream; CloudFront's most without a quota increase.
      OriginReadTimeout: 60,
      OriginKeepaliveTimeout: 60,
    });
    // No limit on a whole response: an SSE stream lasts up to 290 s.
    expect(o.ResponseCompletionTimeout).toBeUndefined();
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('https-only');
    expect(config.CacheBehaviors).toBeUndefined();
  });

  it('caches nothing, compresses nothing, forwards every viewer header but Host and every query string, allows POST and DELETE', () => {
    const behavior = distribution().DefaultCacheBehavior;
    // AWS managed policies, by their published ids: CachingDisabled and AllViewerExceptHostHeader.
    expect(behavior.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    expect(behavior.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    expect(behavior.Compress).toBe(false);
    expect([...behavior.AllowedMethods].sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
  });

  it('adds the origin secret header from Secrets Manager, the same secret the MCP function checks', () => {
    const [o] = distribution().Origins;
    const secretId = logicalId(agents().mcp!.edge.originSecret);
    expect(o.OriginCustomHeaders).toEqual([
      {
        HeaderName: 'x-origin-verify',
        HeaderValue: {
          'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
        },
      },
    ]);
    const mcpFn = resourcesOf(agents())[logicalId(agents().mcp!.fn.fn)]!;
    expect(mcpFn.Properties.Environment.Variables.MCP_ORIGIN_SECRET).toEqual(
      o.OriginCustomHeaders[0].HeaderValue,
    );
  });

  it("runs the viewer-request function that names the client's host and address", () => {
    const behavior = distribution().DefaultCacheBehavior;
    expect(behavior.FunctionAssociations).toHaveLength(1);
    expect(behavior.FunctionAssociations[0].EventType).toBe('viewer-request');
    const [, fnId] = ofType('AWS::CloudFront::Function')[0]!;
    expect(behavior.FunctionAssociations[0].FunctionARN).toEqual({
      'Fn::GetAtt': [fnId, 'FunctionARN'],
    });
    const fn = resourcesOf(agents())[fnId]!.Properties;
    expect(fn.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    // CloudFront Function names are per account: the deployment's name keeps copies apart.
    expect(fn.Name).toBe('HospitalTest-mcp-viewer-request');
    expect(fn.FunctionCode).toContain("request.headers['x-forwarded-host']");
    expect(fn.FunctionCode).toContain(
      "request.headers['x-hms-viewer-ip'] = { value: event.viewer.ip }",
    );
  });

  it('is associated with the web ACL the firewall stack names in SSM (us-east-1), read at deployment', () => {
    // No deploy-time parameter: one `cdk deploy` is enough.
    expect(templateOf(stack).toJSON().Parameters?.McpWebAclArn).toBeUndefined();
    const agentsStack = agents();
    const lookups = Object.entries(resourcesOf(agentsStack)).filter(
      ([, r]) => r.Type === 'Custom::AWS',
    );
    expect(lookups).toHaveLength(1);
    const [lookupId, lookup] = lookups[0]!;
    for (const call of ['Create', 'Update']) {
      expect(JSON.parse(lookup.Properties[call])).toMatchObject({
        service: 'SSM',
        action: 'GetParameter',
        parameters: { Name: '/HospitalTest/mcp/web-acl-arn' },
        region: 'us-east-1',
      });
    }
    // Nothing to undo on delete: the ACL and its parameter belong to the firewall stack.
    expect(lookup.Properties.Delete).toBeUndefined();
    expect(origin(agentsStack, distribution().WebACLId)).toEqual({
      stack: agentsStack,
      value: { 'Fn::GetAtt': [lookupId, 'Parameter.Value'] },
    });
    // Its function may read that one parameter, nothing else.
    const statements = Object.values(resourcesOf(agentsStack))
      .filter((r) => r.Type === 'AWS::IAM::Policy')
      .flatMap((r) => r.Properties.PolicyDocument.Statement as Json[])
      .filter((st) => actionsOf([st]).some((a) => a.startsWith('ssm:')));
    expect(statements).toHaveLength(1);
    expect(actionsOf(statements)).toEqual(['ssm:GetParameter']);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(':ssm:us-east-1:');
    expect(JSON.stringify(statements[0]!.Resource)).toContain(
      ':parameter/HospitalTest/mcp/web-acl-arn',
    );
  });

  it('the service stack depends on the firewall stack, so `cdk deploy HospitalStack` deploys it first', () => {
    const deployApp = testApp();
    const { service, firewall: fw } = addHospitalStacks(deployApp, readSettings(deployApp.node), {
      account: '123456789012',
      region: 'ap-south-1',
    });
    expect(service.dependencies).toEqual([fw]);
    expect(fw.region).toBe('us-east-1');
    expect(service.region).toBe('ap-south-1');
    // The service reads the parameter the firewall writes, by the same name.
    const written = Object.values(resourcesOf(fw)).find((r) => r.Type === 'AWS::SSM::Parameter');
    expect(written!.Properties.Name).toBe(mcpWebAclParameterName(service.stackName));
  });

  describe('the MCP web ACL stack (us-east-1)', () => {
    const acl = () => {
      const t = templateOf(firewall).toJSON().Resources as Record<string, Json>;
      const acls = Object.values(t).filter((r) => r.Type === 'AWS::WAFv2::WebACL');
      expect(acls).toHaveLength(1);
      return acls[0]!.Properties;
    };

    it('is in us-east-1 with scope CLOUDFRONT, and outputs its ARN', () => {
      expect(firewall.region).toBe('us-east-1');
      expect(acl().Scope).toBe('CLOUDFRONT');
      expect(firewall.terminationProtection).toBe(true);
      const outputs = templateOf(firewall).toJSON().Outputs as Json;
      expect(outputs.McpWebAclArn.Value).toEqual({
        'Fn::GetAtt': [logicalId(firewall.firewall.webAcl), 'Arn'],
      });
      // The parameter the service stack reads at deployment (lib/mcp-web-acl-lookup.ts).
      const parameters = Object.values(resourcesOf(firewall)).filter(
        (r) => r.Type === 'AWS::SSM::Parameter',
      );
      expect(parameters.map((p) => p.Properties)).toEqual([
        expect.objectContaining({
          Name: '/HospitalTest/mcp/web-acl-arn',
          Type: 'String',
          Value: { 'Fn::GetAtt': [logicalId(firewall.firewall.webAcl), 'Arn'] },
        }),
      ]);
    });

    it('limits each address to 30,000 requests in 5 minutes (a hospital behind one NAT), blocking with 429', () => {
      const rate = acl().Rules.find((r: Json) => r.Name === 'RateLimitPerIp');
      expect(rate.Statement.RateBasedStatement).toEqual({ Limit: 30000, AggregateKeyType: 'IP' });
      expect(rate.Action.Block.CustomResponse.ResponseCode).toBe(429);
      expect(DEFAULT_SETTINGS.wafRateLimitPer5Min).toBe(30000);
      // No route rule of the API's (sign-in, registration) on MCP.
      expect(acl().Rules.map((r: Json) => r.Name)).toEqual([
        'RateLimitPerIp',
        'AWSManagedRulesAmazonIpReputationList',
        'AWSManagedRulesCommonRuleSet',
        'AWSManagedRulesKnownBadInputsRuleSet',
      ]);
    });

    it("counts instead of blocking the common rule set's 8 KB body rule (a radiology report in a tool call)", () => {
      const common = acl().Rules.find((r: Json) => r.Name === 'AWSManagedRulesCommonRuleSet');
      expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
        { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
      ]);
    });

    it('alarms on 500 blocked requests in 5 minutes to its own encrypted us-east-1 topic, an output', () => {
      const t = templateOf(firewall);
      const aclId = logicalId(firewall.firewall.webAcl);
      t.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/WAFV2',
        MetricName: 'BlockedRequests',
        // A CLOUDFRONT ACL's metrics have no Region dimension.
        Dimensions: [
          { Name: 'Rule', Value: 'ALL' },
          { Name: 'WebACL', Value: { 'Fn::Select': [0, { 'Fn::Split': ['|', { Ref: aclId }] }] } },
        ],
        Statistic: 'Sum',
        Period: 300,
        Threshold: 500,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [{ Ref: logicalId(firewall.alarmTopic) }],
      });
      t.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
      const outputs = t.toJSON().Outputs as Json;
      expect(outputs.McpAlarmTopicArn.Value).toEqual({ Ref: logicalId(firewall.alarmTopic) });
    });

    it('logs what it blocks or counts to an encrypted us-east-1 log group, Authorization and query strings redacted', () => {
      const t = templateOf(firewall);
      t.resourceCountIs('AWS::WAFv2::WebACLAssociation', 0);
      t.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
        RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { QueryString: {} }],
      });
      t.hasResourceProperties('AWS::Logs::LogGroup', {
        LogGroupName: Match.objectLike({
          'Fn::Join': ['', Match.arrayWith(['aws-waf-logs-HospitalTest-McpFirewall-mcp-'])],
        }),
        KmsKeyId: Match.anyValue(),
        RetentionInDays: settings.logRetentionDays,
      });
    });
  });
});

describe('cdk-nag', () => {
  const packs: [string, () => NagPack][] = [
    ['AwsSolutions', () => new AwsSolutionsChecks(app, { verbose: true })],
    ['HIPAA.Security', () => new HIPAASecurityChecks(app, { verbose: true })],
  ];

  it.each(packs)('%s: no unacknowledged findings in any stack', (_name, makePack) => {
    const found: string[] = [];
    for (const s of [...stacksOf(stack), firewall]) {
      // validateScope walks the construct tree below `s`, nested stacks included: keep the
      // findings about resources of `s` itself (each nested stack gets its own pass).
      const byPath = new Map(s.node.findAll().map((c) => [c.node.path, c]));
      for (const v of makePack().validateScope(s).violations) {
        const own = v.violatingResources.filter(
          (r) => Stack.of(byPath.get(r.constructPath ?? '')!) === s,
        );
        if (own.length)
          found.push(
            `${s.node.path}: ${v.ruleName} (${v.severity})\n  ${v.description}\n  ${own.map((r) => r.constructPath).join('\n  ')}`,
          );
      }
    }
    if (found.length)
      console.error(
        `Unacknowledged cdk-nag findings (fix them or acknowledge with a reason in lib/nag-acknowledgements.ts):\n${found.join('\n')}`,
      );
    expect(found, found.join('\n')).toEqual([]);
  });

  it.each(packs)('%s: the whole app passes', (_name, makePack) => {
    expect(makePack().validateScope(app).success).toBe(true);
  });
});

/** Every optional feature of the settings on, so that their resources are checked too. */
const EVERY_OPTION = {
  domainName: 'hms.example.org',
  certificateArn: 'arn:aws:acm:eu-west-1:111111111111:certificate/abc',
  disableExecuteApiEndpoint: 'true',
  monthlyBudgetUsd: '250',
  budgetAlertEmail: 'ops@example.org',
  breakGlassRoleArn: 'arn:aws:iam::111111111111:role/BreakGlass',
  backupCopyVaultArn: 'arn:aws:backup:eu-central-1:111111111111:backup-vault:copy',
  registration: 'invite-only',
  registrationInviteSha256: 'a'.repeat(64),
  notifyEmailFrom: 'no-reply@example.org',
  notifySesConfigurationSet: 'hms',
  notifySmsSenderId: 'HMS',
  contributorInsights: 'true',
};

describe('CloudFormation resource model (test/support/cfn-model.ts)', () => {
  it('every template checks out: types, properties, required, allowed values, GetAtt, Ref', async () => {
    const db = await resourceModel();
    const everyOption = testApp(EVERY_OPTION);
    const optional = new HospitalStack(everyOption, 'HospitalEveryOption', {
      settings: readSettings(everyOption.node),
    });
    const found: string[] = [];
    let resources = 0;
    // Every stack of both apps, top-level and nested (Stack.isStack holds for both).
    const all = [app, everyOption].flatMap((a) =>
      a.node.findAll().filter((c): c is Stack => Stack.isStack(c)),
    );
    expect(all).toEqual(expect.arrayContaining([...stacksOf(stack), ...stacksOf(optional)]));
    for (const s of all) {
      const template = templateOf(s).toJSON();
      resources += Object.keys(template.Resources).length;
      const findings = checkTemplate(db, template);
      if (findings.length) found.push(`${s.node.path}:\n${formatFindings(findings)}`);
    }
    expect(found.join('\n')).toBe('');
    // The checker saw the whole app: twelve or more templates per app, hundreds of resources.
    expect(stacksOf(stack).length).toBeGreaterThanOrEqual(12);
    expect(resources).toBeGreaterThan(1000);
  });
});

describe('declarations the stack refuses', () => {
  const group = manifest.groups[0]!;

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
          secrets,
          logging,
          logLevel: 'info',
          specs: functionSpecs([{ ...group, permissions: { table: 'none', events: true } }]),
        }),
    ).toThrow(/eventBus/);
  });

  it('a route of a group that does not exist', () => {
    const other = testApp();
    const broken: Manifest = {
      ...manifest,
      routes: [...manifest.routes, { ...manifest.routes[0]!, path: '/ghost', group: 'ghost' }],
    };
    expect(
      () =>
        new HospitalStack(other, 'Broken', {
          settings: readSettings(other.node),
          manifest: broken,
        }),
    ).toThrow(/unknown group ghost/);
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
    const t = Template.fromStack(domainStack.stage);
    t.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'hms.example.org',
      SecurityPolicy: 'TLS_1_2',
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    t.resourceCountIs('AWS::ApiGateway::BasePathMapping', 1);
    const outputs = Template.fromStack(domainStack).toJSON().Outputs as Json;
    expect(JSON.stringify(outputs.GetStartedUrl.Value)).toContain('https://');
    expect(JSON.stringify(outputs.GetStartedUrl.Value)).toContain('/get-started');
    expect(outputs.DomainTarget).toBeDefined();
  });
});
