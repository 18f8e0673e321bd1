/**
 * Production readiness (issue 23) in the synthesized templates: tenant isolation in IAM, audit
 * records append-only, read-only roles, who may read the signing secret, the table's resource
 * policy, backups and alarms. Each test fails when a grant widens. The lists of names are written
 * out by hand on purpose: a function that gains a power must be added here by someone who meant it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/function-specs';
import type { ApiFunction } from '../../lib/functions';
import { HospitalStack } from '../../lib/hospital-stack';
import { readSettings } from '../../lib/settings';

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON
type Json = any;

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
const templates = new Map<Stack, Json>();
const templateOf = (s: Stack): Json => {
  if (!templates.has(s)) templates.set(s, Template.fromStack(s).toJSON());
  return templates.get(s)!;
};
const stacksOf = (top: Stack): Stack[] => [
  top,
  ...top.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack),
];
const logicalId = (c: IConstruct) => {
  const el = (c.node.defaultChild ?? c) as CfnElement;
  return Stack.of(el).getLogicalId(el);
};
const asArray = <T>(x: T | T[] | undefined): T[] =>
  x === undefined ? [] : Array.isArray(x) ? x : [x];

/** Statements of the policies attached to `role` (values as written in its own stack). */
function statementsOf(role: IConstruct): Json[] {
  const id = logicalId(role);
  return Object.values(templateOf(Stack.of(role)).Resources as Record<string, Json>)
    .filter((r) => r.Type === 'AWS::IAM::Policy')
    .filter((r) => asArray<Json>(r.Properties.Roles).some((x) => x.Ref === id))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Json[]);
}
const allows = (role: IConstruct) => statementsOf(role).filter((s) => s.Effect !== 'Deny');
const denies = (role: IConstruct) => statementsOf(role).filter((s) => s.Effect === 'Deny');
const dynamoActions = (statements: Json[]) =>
  statements.flatMap((s) => asArray<string>(s.Action)).filter((a) => a.startsWith('dynamodb:'));
const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];

const byName = (name: string) => stack.functions.all.find((f) => f.spec.name === name)!;
const withTable = () => stack.functions.all.filter((f) => f.spec.permissions.table !== 'none');

/** The partitions a tenant session may reach, written out (lib/table-grants.ts builds them). */
const TENANT_SESSION_KEYS = [
  'TENANT#${aws:PrincipalTag/tenant}',
  'TENANT#${aws:PrincipalTag/tenant}#*',
  'SLUG#*',
  'EMAIL#*',
  'APIKEYHASH#*',
  'LOGINFAIL#*',
  'OAUTHCLIENT#*',
  'OAUTHREQUEST#*',
  'OAUTHCODE#*',
  'OAUTHTOKEN#*',
  'OAUTHREFRESH#*',
  'OAUTHRATE#*',
];
/** A tenant session's own patient access partitions, written out. */
const TENANT_PATIENT_ACCESS_KEYS = ['TENANT#${aws:PrincipalTag/tenant}#PATIENTACCESS#*'];
const GLOBAL_LOOKUP_KEYS = [
  'SLUG#*',
  'EMAIL#*',
  'APIKEYHASH#*',
  'LOGINFAIL#*',
  'OAUTHCLIENT#*',
  'OAUTHREQUEST#*',
  'OAUTHCODE#*',
  'OAUTHTOKEN#*',
  'OAUTHREFRESH#*',
  'OAUTHRATE#*',
];

/**
 * The one function that may Scan the table (the hospital export, serving no request), on its
 * tenant role, and the partitions it may write, written out.
 */
const SCANNER = 'tenant-export';
const SCANNER_WRITES = [
  'TENANT#${aws:PrincipalTag/tenant}#EXPORT',
  'TENANT#${aws:PrincipalTag/tenant}#EXPORT#*',
];
const isExportGrant = (s: Json) =>
  s.Sid === 'ScanForTheHospitalExport' || s.Sid === 'WriteOnlyTheHospitalExport';
/** The functions that work across tenants, with no tenant session (each says why). */
const CROSS_TENANT = ['agent-actions-sweep', 'notification-triggers', 'outbox-relay'];
/** The functions that run agent calls and so append agent audit records. */
const AUDIT_WRITERS = ['a2a', 'mcp'];
/**
 * Who may touch the access-token signing keys (lib/signing-keys.ts): the private set is read by
 * the signer only and written by the rotation function only; the public set is read by the
 * verifiers. MCP, internet-facing, holds no key that can sign.
 */
const PRIVATE_KEY_READERS = ['auth', 'signing-key-rotation'];
const PUBLIC_KEY_READERS = ['authorizer', 'mcp', 'signing-key-rotation'];
const KEY_WRITERS = ['signing-key-rotation'];

beforeAll(() => {
  const app = testApp();
  stack = new HospitalStack(app, 'ProdTest', { settings: readSettings(app.node) });
  for (const s of stacksOf(stack)) templateOf(s);
});

describe('tenant isolation in IAM', () => {
  it('only the named cross-tenant jobs reach the table without a tenant session, each with its reason', () => {
    const cross = withTable().filter((f) => !f.tenantRole);
    expect(cross.map((f) => f.spec.name).sort()).toEqual(CROSS_TENANT);
    for (const f of cross)
      expect(f.spec.permissions.crossTenant?.reason.length).toBeGreaterThan(20);
  });

  it('every other function with table access reaches only the global lookups with its own role', () => {
    for (const f of withTable().filter((f) => f.tenantRole)) {
      const onTable = allows(f.role).filter((s) => dynamoActions([s]).length);
      expect(onTable.length, f.spec.name).toBeGreaterThan(0);
      for (const s of onTable)
        expect(s.Condition, f.spec.name).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': GLOBAL_LOOKUP_KEYS },
        });
    }
  });

  it("each tenant role allows the table only under the session's tenant tag (LeadingKeys on every statement)", () => {
    const scoped = withTable().filter((f) => f.tenantRole);
    expect(scoped.length).toBeGreaterThan(15);
    for (const f of scoped) {
      // A read-only function's one extra statement appends its patient access records: PutItem
      // (and the check of its condition) under the session's tenant tag too, on the tenant's
      // access partitions only (lib/table-grants.ts grantAccessRecordAppend).
      const isAppend = (s: Json) =>
        JSON.stringify(s.Condition) ===
        JSON.stringify({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': TENANT_PATIENT_ACCESS_KEYS },
        });
      // The export function's Scan and export writes: the next test.
      const onTable = allows(f.tenantRole!).filter(
        (s) => dynamoActions([s]).length && !(f.spec.name === SCANNER && isExportGrant(s)),
      );
      expect(onTable.length, f.spec.name).toBeGreaterThan(0);
      for (const s of onTable.filter((s) => !isAppend(s)))
        expect(s.Condition, f.spec.name).toEqual({
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': TENANT_SESSION_KEYS },
        });
      const appends = onTable.filter(isAppend);
      expect(appends.length, f.spec.name).toBe(
        f.spec.permissions.table === 'read' && f.spec.permissions.patientData !== false ? 1 : 0,
      );
      for (const s of appends)
        expect(asArray<string>(s.Action).sort()).toEqual([
          'dynamodb:ConditionCheckItem',
          'dynamodb:PutItem',
        ]);
      // Same actions as the function declares: the tenant role is no wider than the function.
      expect(new Set(dynamoActions(onTable.filter((s) => !isAppend(s))))).toEqual(
        new Set(dynamoActions(allows(f.role))),
      );
    }
  });

  it('a tenant role trusts only its own function role, and only with a tenant tag and no other', () => {
    for (const f of withTable().filter((f) => f.tenantRole)) {
      const role = templateOf(Stack.of(f.tenantRole!)).Resources[logicalId(f.tenantRole!)];
      const trust = role.Properties.AssumeRolePolicyDocument.Statement as Json[];
      expect(trust, f.spec.name).toHaveLength(1);
      const [t] = trust;
      expect(t.Effect).toBe('Allow');
      expect(asArray(t.Action).sort()).toEqual(['sts:AssumeRole', 'sts:TagSession']);
      expect(t.Principal.AWS).toEqual({ 'Fn::GetAtt': [logicalId(f.role), 'Arn'] });
      expect(t.Condition).toEqual({
        StringLike: { 'aws:RequestTag/tenant': '?*' },
        'ForAllValues:StringEquals': { 'aws:TagKeys': ['tenant'] },
      });
      expect(role.Properties.MaxSessionDuration).toBe(3600);
      // The function knows its tenant role, and its own role may assume that one only.
      const fn = templateOf(Stack.of(f.fn)).Resources[logicalId(f.fn)];
      expect(fn.Properties.Environment.Variables.TENANT_ROLE_ARN).toEqual({
        'Fn::GetAtt': [logicalId(f.tenantRole!), 'Arn'],
      });
      const sts = allows(f.role).filter((s) =>
        asArray<string>(s.Action).some((a) => a.startsWith('sts:')),
      );
      expect(sts.map((s) => s.Resource)).toEqual([
        { 'Fn::GetAtt': [logicalId(f.tenantRole!), 'Arn'] },
      ]);
    }
  });

  it('no role of the deployment may Scan (but the two listed), batch or use a DynamoDB wildcard', () => {
    // The Scans, written out: the notification-triggers role's, on the table, for the
    // once-per-table backfill of the hospital list (shared/modules/tenants/hospital-index-backfill.ts),
    // and the export function's, on its tenant role (checked in the next test).
    const triggersRole = logicalId(byName('notification-triggers').role);
    const exportScan = statementsOf(byName(SCANNER).tenantRole!).find(
      (st) => st.Sid === 'ScanForTheHospitalExport',
    );
    expect(exportScan).toBeDefined();
    let exportScans = 0;
    const scans: Json[] = [];
    for (const s of stacksOf(stack))
      for (const r of Object.values(templateOf(s).Resources as Record<string, Json>))
        if (r.Type === 'AWS::IAM::Policy')
          for (const st of r.Properties.PolicyDocument.Statement as Json[])
            if (st.Effect !== 'Deny')
              for (const a of asArray<string>(st.Action)) {
                if (a === 'dynamodb:Scan' && JSON.stringify(st) === JSON.stringify(exportScan)) {
                  exportScans += 1;
                  continue;
                }
                if (a === 'dynamodb:Scan') {
                  scans.push({ roles: r.Properties.Roles, statement: st });
                  continue;
                }
                expect(
                  /^dynamodb:(Scan|Batch|PartiQL|\*)/.test(a) || a === 'dynamodb:*',
                  `${s.node.path}: ${a}`,
                ).toBe(false);
              }
    expect(scans).toHaveLength(1);
    expect(scans[0].roles).toEqual([{ Ref: triggersRole }]);
    expect(scans[0].statement).toMatchObject({ Sid: 'ScanTheTable', Action: 'dynamodb:Scan' });
    expect(scans[0].statement.Condition).toBeUndefined();
    expect(JSON.stringify(scans[0].statement.Resource)).not.toContain('index');
    expect(exportScans).toBe(1);
  });

  it('the export function Scans on its tenant role only, says why, and writes only its hospital’s export partitions', () => {
    const scanners = stack.functions.all.filter((f) => f.spec.permissions.scansTable);
    expect(scanners.map((f) => f.spec.name)).toEqual([SCANNER]);
    const f = byName(SCANNER);
    expect(f.spec.restGroup).toBeUndefined();
    expect(f.spec.permissions.scansTable!.reason.length).toBeGreaterThan(20);
    expect(dynamoActions(allows(f.role))).not.toContain('dynamodb:Scan');
    const grants = allows(f.tenantRole!).filter(isExportGrant);
    expect(grants).toEqual([
      {
        Sid: 'ScanForTheHospitalExport',
        Effect: 'Allow',
        Action: 'dynamodb:Scan',
        Resource: expect.anything(),
      },
      {
        Sid: 'WriteOnlyTheHospitalExport',
        Effect: 'Allow',
        Action: ['dynamodb:DeleteItem', 'dynamodb:PutItem'],
        Resource: expect.anything(),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': SCANNER_WRITES } },
      },
    ]);
    // Its other table grants only read (and append access records) within its tenant session.
    const writes = allows(f.tenantRole!)
      .filter((s) => !isExportGrant(s))
      .filter((s) => !JSON.stringify(s.Condition ?? {}).includes('PATIENTACCESS'))
      .flatMap((s) => asArray<string>(s.Action))
      .filter((a) => WRITES.includes(a));
    expect(writes).toEqual([]);
  });
});

describe('audit records are append-only', () => {
  const AUDIT = { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['TENANT#*#AGENTAUDIT'] } };
  const rolesOf = (f: ApiFunction) => (f.tenantRole ? [f.role, f.tenantRole] : [f.role]);

  it('every role with table access is denied UpdateItem and DeleteItem on audit partitions', () => {
    for (const f of withTable())
      for (const role of rolesOf(f)) {
        const d = denies(role).filter((s) => JSON.stringify(s.Condition) === JSON.stringify(AUDIT));
        expect(d, f.spec.name).toHaveLength(1);
        expect(asArray<string>(d[0].Action)).toEqual(
          expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
        );
      }
  });

  it('only the named functions may append audit records; every other is denied PutItem too', () => {
    const writers = withTable().filter((f) =>
      rolesOf(f).every((role) =>
        denies(role).every((s) => !asArray<string>(s.Action).includes('dynamodb:PutItem')),
      ),
    );
    expect(writers.map((f) => f.spec.name).sort()).toEqual(AUDIT_WRITERS);
  });
});

describe('least privilege', () => {
  it('agent-audit (its routes only read) may not write at all, with either role', () => {
    const f = byName('agent-audit');
    expect(f.spec.permissions.table).toBe('read');
    for (const role of [f.role, f.tenantRole!])
      expect(dynamoActions(allows(role)).filter((a) => WRITES.includes(a))).toEqual([]);
  });

  it('the authorizer only looks items up by key', () => {
    const f = byName('authorizer');
    for (const role of [f.role, f.tenantRole!])
      expect([...new Set(dynamoActions(allows(role)))]).toEqual(['dynamodb:GetItem']);
  });

  it('tokens are signed in one place: only auth reads the private signing keys, only the rotation function writes them', () => {
    const { privateKeys, publicKeys } = stack.platform.secrets.signingKeys;
    /**
     * The functions whose role allows `action` on the secret. Across nested stacks a role names
     * the secret through a parameter, as its function's environment does: the env var the
     * grant sets (lib/signing-keys.ts) says which parameter stands for which secret.
     */
    const onSecret = (secret: typeof privateKeys, action: string) =>
      stack.functions.all
        .filter((f) => {
          const env = (templateOf(Stack.of(f.fn)).Resources as Json)[logicalId(f.fn)].Properties
            .Environment.Variables as Json;
          const ref = env[secret === privateKeys ? 'SIGNING_KEYS_ARN' : 'SIGNING_PUBLIC_KEYS_ARN'];
          return (
            ref !== undefined &&
            allows(f.role).some(
              (s) =>
                asArray<string>(s.Action).includes(action) &&
                asArray(s.Resource).some((r) => JSON.stringify(r) === JSON.stringify(ref)),
            )
          );
        })
        .map((f) => f.spec.name)
        .sort();
    // The parameters really are the two secrets: their values come from the platform stack.
    expect(logicalId(privateKeys)).not.toBe(logicalId(publicKeys));
    expect(onSecret(privateKeys, 'secretsmanager:GetSecretValue')).toEqual(PRIVATE_KEY_READERS);
    expect(onSecret(publicKeys, 'secretsmanager:GetSecretValue')).toEqual(PUBLIC_KEY_READERS);
    expect(onSecret(privateKeys, 'secretsmanager:PutSecretValue')).toEqual(KEY_WRITERS);
    expect(onSecret(publicKeys, 'secretsmanager:PutSecretValue')).toEqual(KEY_WRITERS);
    // Nobody reads a secret on any other terms (e.g. '*').
    const readers = stack.functions.all.filter((f) =>
      allows(f.role).some((s) =>
        asArray<string>(s.Action).includes('secretsmanager:GetSecretValue'),
      ),
    );
    expect(readers.map((f) => f.spec.name).sort()).toEqual(
      [...new Set([...PRIVATE_KEY_READERS, ...PUBLIC_KEY_READERS])].sort(),
    );
    // No tenant role reads any secret.
    for (const f of withTable().filter((f) => f.tenantRole))
      expect(JSON.stringify(allows(f.tenantRole!))).not.toContain('secretsmanager');
  });

  it('the first key set is made during the first deployment: a trigger runs the rotation function once', () => {
    const rotator = stack.functions.all.find((f) => f.spec.name === 'signing-key-rotation')!;
    const resources = Object.values(
      templateOf(Stack.of(rotator.fn)).Resources as Record<string, Json>,
    );
    const triggers = resources.filter((r) => r.Type === 'Custom::Trigger');
    expect(triggers).toHaveLength(1);
    // It invokes the rotation function itself and waits for it (a failed rotation fails the deploy),
    // on the create only: later deployments leave rotation to the hourly schedule.
    expect(JSON.stringify(triggers[0]!.Properties.HandlerArn)).toContain(
      logicalId(rotator.fn.currentVersion),
    );
    expect(triggers[0]!.Properties.InvocationType).toBe('RequestResponse');
    expect(triggers[0]!.Properties.ExecuteOnHandlerChange).toBe(false);
  });
});

describe('alarms and the dashboard', () => {
  const alarms = () =>
    Object.values(templateOf(stack.monitoring).Resources as Record<string, Json>).filter(
      (r) => r.Type === 'AWS::CloudWatch::Alarm',
    );
  /** The alarm topic, as the monitoring stack receives it (a parameter of the nested stack). */
  const toTopic = (a: Json) => asArray<Json>(a.Properties.AlarmActions).length === 1;

  it('every function has an errors and a throttles alarm, to the alarm topic', () => {
    const list = alarms();
    const n = stack.functions.all.length;
    expect(n).toBeGreaterThan(25);
    for (const metric of ['Errors', 'Throttles']) {
      const mine = list.filter(
        (a) => a.Properties.Namespace === 'AWS/Lambda' && a.Properties.MetricName === metric,
      );
      // One per function: as many alarms as functions, each on a different function name.
      expect(mine, metric).toHaveLength(n);
      const names = mine.map((a) => JSON.stringify(a.Properties.Dimensions));
      expect(new Set(names).size, metric).toBe(n);
      for (const a of mine) expect(toTopic(a)).toBe(true);
    }
    // The authorizer pages at its first error; every other function at five in five minutes.
    const errorThresholds = list
      .filter(
        (a) => a.Properties.Namespace === 'AWS/Lambda' && a.Properties.MetricName === 'Errors',
      )
      .map((a) => a.Properties.Threshold);
    expect(errorThresholds.filter((t) => t === 1)).toHaveLength(1);
    expect(errorThresholds.filter((t) => t === 5)).toHaveLength(n - 1);
  });

  it('alarms on the API (5xx rate, p99), account concurrency, DynamoDB and WAF', () => {
    const byMetric = (ns: string, name: string) =>
      alarms().filter((a) =>
        a.Properties.Namespace
          ? a.Properties.Namespace === ns && a.Properties.MetricName === name
          : JSON.stringify(a.Properties.Metrics).includes(`"${name}"`),
      );
    expect(byMetric('AWS/ApiGateway', '5XXError')).toHaveLength(1);
    expect(byMetric('AWS/ApiGateway', 'Latency')[0].Properties.ExtendedStatistic).toBe('p99');
    expect(byMetric('AWS/Lambda', 'ConcurrentExecutions')).toHaveLength(1);
    expect(byMetric('AWS/DynamoDB', 'ReadThrottleEvents')).toHaveLength(1);
    expect(byMetric('AWS/DynamoDB', 'SystemErrors')).toHaveLength(1);
    expect(byMetric('AWS/WAFV2', 'BlockedRequests')).toHaveLength(1);
    for (const a of alarms()) expect(toTopic(a)).toBe(true);
  });

  it('one dashboard, named in the outputs', () => {
    const dashboards = Object.values(
      templateOf(stack.monitoring).Resources as Record<string, Json>,
    ).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    expect(templateOf(stack).Outputs.DashboardName).toBeDefined();
  });

  it("the dashboard shows the MCP edge from us-east-1: the web ACL's allowed and blocked requests, CloudFront's 5xx rate", () => {
    const [dashboard] = Object.values(
      templateOf(stack.monitoring).Resources as Record<string, Json>,
    ).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    // The body is a Fn::Join of JSON text and references: read it with each reference as TOKEN.
    const parts = dashboard!.Properties.DashboardBody['Fn::Join'][1] as unknown[];
    const body = JSON.parse(parts.map((p) => (typeof p === 'string' ? p : 'TOKEN')).join(''));
    const widget = body.widgets.find((w: Json) =>
      String(w.properties.title).startsWith('MCP edge (us-east-1)'),
    );
    expect(widget.properties.metrics).toEqual([
      [
        'AWS/WAFV2',
        'AllowedRequests',
        'Rule',
        'ALL',
        'WebACL',
        'TOKEN',
        expect.objectContaining({ region: 'us-east-1', stat: 'Sum' }),
      ],
      [
        'AWS/WAFV2',
        'BlockedRequests',
        'Rule',
        'ALL',
        'WebACL',
        'TOKEN',
        expect.objectContaining({ region: 'us-east-1', stat: 'Sum' }),
      ],
      [
        'AWS/CloudFront',
        '5xxErrorRate',
        'DistributionId',
        'TOKEN',
        'Region',
        'Global',
        expect.objectContaining({ region: 'us-east-1', yAxis: 'right' }),
      ],
    ]);
    const raw = JSON.stringify(parts);
    // The ACL's name is the third part of its ARN (…:global/webacl/<name>/<id>), which the
    // agents area reads at deployment and passes to the monitoring stack.
    expect(raw).toContain('{"Fn::Select":[2,{"Fn::Split":["/",{"Ref":');
  });
});

describe('the table: who may touch items, backups, and no replacement', () => {
  const table = () =>
    templateOf(stack.platform).Resources[logicalId(stack.platform.data.table)] as Json;

  it("denies item actions to every principal without this deployment's tag", () => {
    const [st, ...more] = table().Properties.ResourcePolicy.PolicyDocument.Statement as Json[];
    expect(more).toEqual([]);
    expect(st.Effect).toBe('Deny');
    expect(st.Principal).toEqual({ AWS: '*' });
    expect(asArray(st.Action)).toEqual(
      expect.arrayContaining([
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:Scan',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:PartiQLSelect',
      ]),
    );
    expect(st.Condition).toEqual({
      StringNotEquals: { 'aws:PrincipalTag/hms-deployment': 'ProdTest' },
    });
  });

  it('every role with table access carries the deployment tag', () => {
    for (const f of withTable())
      for (const role of f.tenantRole ? [f.role, f.tenantRole] : [f.role]) {
        const r = templateOf(Stack.of(role)).Resources[logicalId(role)];
        expect(r.Properties.Tags, f.spec.name).toEqual(
          expect.arrayContaining([{ Key: 'hms-deployment', Value: 'ProdTest' }]),
        );
      }
  });

  it('a break-glass role, when configured, is the one exception', () => {
    const app = testApp({ breakGlassRoleArn: 'arn:aws:iam::123456789012:role/BreakGlass' });
    const s = new HospitalStack(app, 'BreakGlassTest', { settings: readSettings(app.node) });
    const t = Template.fromStack(s.platform).toJSON();
    const st =
      t.Resources[logicalId(s.platform.data.table)].Properties.ResourcePolicy.PolicyDocument
        .Statement[0];
    expect(st.Condition.ArnNotEquals).toEqual({
      'aws:PrincipalArn': 'arn:aws:iam::123456789012:role/BreakGlass',
    });
  }, 120_000); // synthesises a whole second app

  it('is backed up daily and monthly into a locked, encrypted vault; the stack is termination-protected', () => {
    const res = Object.values(templateOf(stack.platform).Resources as Record<string, Json>);
    const vault = res.find((r) => r.Type === 'AWS::Backup::BackupVault')!;
    expect(vault.Properties.LockConfiguration.MinRetentionDays).toBe(7);
    expect(vault.Properties.EncryptionKeyArn).toBeDefined();
    const plan = res.find((r) => r.Type === 'AWS::Backup::BackupPlan')!;
    expect(
      plan.Properties.BackupPlan.BackupPlanRule.map((r: Json) => [
        r.RuleName,
        r.Lifecycle.DeleteAfterDays,
      ]),
    ).toEqual([
      ['Daily', 42],
      ['Monthly', 400],
    ]);
    const selection = res.find((r) => r.Type === 'AWS::Backup::BackupSelection')!;
    expect(JSON.stringify(selection.Properties.BackupSelection.Resources)).toContain(
      logicalId(stack.platform.data.table),
    );
    expect(stack.terminationProtection).toBe(true);
  });

  /**
   * The CI check against replacing the table: CloudFormation replaces a table whose logical id,
   * key schema or name changes, which would lose every hospital's data. These values are pinned
   * by hand; a change that moves them must come with a migration plan (docs/production.md).
   */
  it('keeps the logical id, key schema and generated name that make CloudFormation keep the table', () => {
    expect(logicalId(stack.platform.data.table)).toBe('DataTableFDBAD0F2');
    expect(stack.platform.node.id).toBe('Platform');
    const t = table();
    expect(t.Type).toBe('AWS::DynamoDB::Table');
    expect(t.Properties.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(t.Properties.TableName).toBeUndefined();
    expect(t.DeletionPolicy).toBe('Retain');
    expect(t.UpdateReplacePolicy).toBe('Retain');
    expect(t.Properties.DeletionProtectionEnabled).toBe(true);
    expect(t.Properties.PointInTimeRecoverySpecification).toEqual({
      PointInTimeRecoveryEnabled: true,
    });
  });
});

describe('patient access log (item 5)', () => {
  const ACCESS = {
    'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['TENANT#*#PATIENTACCESS#*'] },
  };
  const rolesOf = (f: ApiFunction) => (f.tenantRole ? [f.role, f.tenantRole] : [f.role]);

  it('every role with table access is denied UpdateItem and DeleteItem on access partitions; agent-audit PutItem too', () => {
    for (const f of withTable())
      for (const role of rolesOf(f)) {
        const d = denies(role).filter(
          (s) => JSON.stringify(s.Condition) === JSON.stringify(ACCESS),
        );
        expect(d, f.spec.name).toHaveLength(1);
        const expected =
          f.spec.name === 'agent-audit'
            ? ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem']
            : ['dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
        expect(asArray<string>(d[0].Action).sort(), f.spec.name).toEqual(expected.sort());
      }
  });

  it('read-only functions that see patients append to their own tenant’s access partitions only', () => {
    const readers = withTable().filter((f) => f.spec.permissions.table === 'read');
    // tenant-export reads and writes only its export partitions (its own grants, tested above).
    expect(readers.map((f) => f.spec.name).sort()).toEqual([
      'agent-audit',
      'monitor',
      'reports',
      'tenant-export',
    ]);
    for (const name of ['monitor', 'reports']) {
      const writes = allows(byName(name).tenantRole!).filter((s) =>
        asArray<string>(s.Action).includes('dynamodb:PutItem'),
      );
      expect(writes, name).toHaveLength(1);
      expect(writes[0].Condition).toEqual({
        'ForAllValues:StringLike': {
          'dynamodb:LeadingKeys': ['TENANT#${aws:PrincipalTag/tenant}#PATIENTACCESS#*'],
        },
      });
    }
  });

  it('functions keep the records for the retention (six years by default)', () => {
    const env = (name: string) =>
      Object.values(templateOf(Stack.of(byName(name).fn)).Resources as Record<string, Json>).find(
        (r) =>
          r.Type === 'AWS::Lambda::Function' &&
          r.Properties.Description === byName(name).spec.description,
      )?.Properties.Environment.Variables;
    expect(env('patients')).toMatchObject({ HMS_ACCESS_LOG_RETENTION_YEARS: '6' });
  });

  it('archives every patient-access log line to an S3 bucket under Object Lock (compliance, six years)', () => {
    const archive = stack.monitoring.accessArchive;
    const t = templateOf(stack.monitoring);
    const bucket = t.Resources[logicalId(archive.bucket)];
    expect(bucket.Properties.ObjectLockEnabled).toBe(true);
    expect(bucket.Properties.ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 2192 } },
    });
    expect(bucket.DeletionPolicy).toBe('Retain');
    const filters = Object.values(t.Resources as Record<string, Json>).filter(
      (r) => r.Type === 'AWS::Logs::SubscriptionFilter',
    );
    const expected = withTable().filter((f) => f.spec.name !== 'agent-audit');
    expect(filters).toHaveLength(expected.length);
    for (const f of filters)
      expect(f.Properties.FilterPattern).toBe('{ $.msg = "patient access" }');
  });
});

describe('API logs and traces (items 5 and 8)', () => {
  it('the access log names principal, tenant, latencies and errors, never the query string', () => {
    const stage = Object.values(templateOf(stack.stage).Resources as Record<string, Json>).find(
      (r) => r.Type === 'AWS::ApiGateway::Stage',
    );
    const format = JSON.parse(stage.Properties.AccessLogSetting.Format);
    expect(format).toMatchObject({
      principalId: '$context.authorizer.principalId',
      tenantId: '$context.authorizer.tenantId',
      latencyMs: '$context.responseLatency',
      integrationLatencyMs: '$context.integration.latency',
      error: '$context.error.message',
    });
    expect(JSON.stringify(format)).not.toMatch(/querystring|\$context\.path"/i);
  });

  it('creates the execution-log group itself, encrypted, with retention, before the stage', () => {
    const t = templateOf(stack.stage);
    const group = t.Resources[logicalId(stack.stage.apiStage.executionLogs)];
    expect(JSON.stringify(group.Properties.LogGroupName)).toContain('API-Gateway-Execution-Logs_');
    expect(group.Properties.KmsKeyId).toBeDefined();
    expect(group.Properties.RetentionInDays).toBe(365);
    const stageResource = t.Resources[logicalId(stack.stage.apiStage.stage)];
    expect(asArray(stageResource.DependsOn)).toContain(
      logicalId(stack.stage.apiStage.executionLogs),
    );
  });

  it('never samples a patient search for X-Ray (API Gateway records the query string)', () => {
    const rules = Object.values(templateOf(stack.stage).Resources as Record<string, Json>).filter(
      (r) => r.Type === 'AWS::XRay::SamplingRule',
    );
    expect(rules).toHaveLength(1);
    expect(rules[0].Properties.SamplingRule).toMatchObject({
      FixedRate: 0,
      ReservoirSize: 0,
      HTTPMethod: 'GET',
      URLPath: '*/patients',
      ServiceType: 'AWS::ApiGateway::Stage',
      Priority: 1,
    });
  });
});

describe('API method creation is ordered (item 7)', () => {
  it('each area stack waits for the one before it', () => {
    const areas = [...stack.areas.values()];
    const top = templateOf(stack);
    for (let i = 1; i < areas.length; i++) {
      const own = top.Resources[stack.getLogicalId(areas[i]!.nestedStackResource as CfnElement)];
      expect(asArray(own.DependsOn), areas[i]!.node.id).toContain(
        stack.getLogicalId(areas[i - 1]!.nestedStackResource as CfnElement),
      );
    }
  });

  it('within an area, at most five methods are created at once: method i waits for method i - 5', () => {
    for (const area of stack.areas.values()) {
      const { methods } = area.routes;
      const t = templateOf(area);
      methods.forEach(({ method }, i) => {
        const deps = asArray<string>(t.Resources[logicalId(method)].DependsOn);
        if (i >= 5) expect(deps).toContain(logicalId(methods[i - 5]!.method));
        else expect(deps.filter((d) => /Method/.test(d) && d.includes('Routes'))).toEqual([]);
      });
    }
  });
});
