/**
 * The platform settings of issue 23 in the synthesized templates: the fair share between
 * hospitals, deployment naming, the MCP endpoint's protection, the production profile and the
 * budget alarm. Expected values are written out by hand.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/function-specs';
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
const build = (id: string, extra: Record<string, unknown> = {}) => {
  const app = testApp(extra);
  return new HospitalStack(app, id, { settings: readSettings(app.node) });
};
const stacksOf = (top: Stack): Stack[] => [
  top,
  ...top.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack),
];
const cache = new Map<Stack, Record<string, Json>>();
const resources = (s: Stack): Record<string, Json> => {
  if (!cache.has(s)) cache.set(s, Template.fromStack(s).toJSON().Resources);
  return cache.get(s)!;
};
const allResources = (top: Stack) => stacksOf(top).flatMap((s) => Object.values(resources(s)));

let stack: HospitalStack;
beforeAll(() => {
  stack = build('PlatformTest');
});

describe('fair share between hospitals', () => {
  it('gives every REST function that serves operations the hospital and API key limits', () => {
    const envOf = (name: string) => {
      const f = stack.functions.all.find((x) => x.spec.name === name)!;
      const el = f.fn.node.defaultChild as CfnElement;
      const r = resources(Stack.of(el))[Stack.of(el).getLogicalId(el)];
      return r.Properties.Environment.Variables as Record<string, unknown>;
    };
    expect(envOf('patients')).toMatchObject({
      HMS_HOSPITAL_RATE_LIMIT: '25',
      HMS_HOSPITAL_BURST_LIMIT: '50',
      HMS_API_KEY_RATE_LIMIT: '10',
      HMS_API_KEY_BURST_LIMIT: '20',
    });
    // The page-serving function counts nothing (it has no table).
    expect(envOf('web')).not.toHaveProperty('HMS_HOSPITAL_RATE_LIMIT');
  });

  it('keeps the stage throttle as the ceiling of every share', () => {
    const stage = allResources(stack).find((r) => r.Type === 'AWS::ApiGateway::Stage')!;
    expect(stage.Properties.MethodSettings[0]).toMatchObject({
      ThrottlingRateLimit: 500,
      ThrottlingBurstLimit: 1000,
    });
    const read = (ctx: Record<string, unknown>) => () => readSettings(testApp(ctx).node);
    expect(read({ hospitalRateLimit: 600 })).toThrow(
      'Context hospitalRateLimit (600) must be at most throttleRateLimit (500)',
    );
    expect(read({ apiKeyBurstLimit: 60 })).toThrow(
      'Context apiKeyBurstLimit (60) must be at most hospitalBurstLimit (50)',
    );
    expect(
      read({ throttleRateLimit: 50, hospitalRateLimit: 10, apiKeyRateLimit: 5 }),
    ).not.toThrow();
  });
});

describe('two copies in one account and region', () => {
  /** Properties that name a resource account- or region-wide (a second copy must not reuse them). */
  const PHYSICAL_NAMES = new Set([
    'Name',
    'EventBusName',
    'DashboardName',
    'BackupVaultName',
    'BackupPlanName',
    'LogGroupName',
    'TopicName',
    'QueueName',
    'FunctionName',
    'RoleName',
    'TableName',
    'SecretName',
    'MetricNamespace',
  ]);
  function namesOf(top: Stack): string[] {
    const found: string[] = [];
    const add = (props: Json) => {
      for (const [key, value] of Object.entries(props ?? {}))
        if (typeof value === 'string' && PHYSICAL_NAMES.has(key)) found.push(`${key}=${value}`);
    };
    for (const r of allResources(top)) {
      // An alias's name (`live`) is per function, not per account.
      if (r.Type === 'AWS::Lambda::Alias') continue;
      add(r.Properties);
      add(r.Properties?.BackupPlan);
      for (const t of r.Properties?.MetricTransformations ?? []) add(t);
    }
    return found;
  }

  it('names every account-wide resource after stackName, so a second copy does not collide', () => {
    const copy = (stackName: string) => {
      const app = testApp({ stackName });
      return new HospitalStack(app, 'HospitalStack', {
        stackName,
        settings: readSettings(app.node),
      });
    };
    const a = copy('HospitalA');
    const b = copy('HospitalB');
    const namesA = namesOf(a);
    expect(namesA).toEqual(
      expect.arrayContaining([
        'Name=HospitalA-events',
        'DashboardName=HospitalA-service',
        'Name=HospitalA-api',
        'MetricNamespace=HospitalManagementService/HospitalA',
        // CloudFront Function names are per account, in every region (lib/mcp-edge.ts).
        'Name=HospitalA-mcp-viewer-request',
      ]),
    );
    const namesB = new Set(namesOf(b));
    const shared = namesA.filter((n) => namesB.has(n));
    expect(shared).toEqual([]);
  }, 120_000);
});

describe('production profile', () => {
  it('tells the functions the registration mode (open by default)', () => {
    const patientsEnv = (s: HospitalStack) => {
      const f = s.functions.all.find((x) => x.spec.name === 'patients')!;
      const el = f.fn.node.defaultChild as CfnElement;
      return resources(Stack.of(el))[Stack.of(el).getLogicalId(el)].Properties.Environment
        .Variables;
    };
    expect(patientsEnv(stack)).toMatchObject({ HMS_REGISTRATION: 'open' });
    expect(patientsEnv(stack)).not.toHaveProperty('HMS_REGISTRATION_INVITE_SHA256');
    const hash = 'a'.repeat(64);
    const invite = build('InviteTest', {
      registration: 'invite-only',
      registrationInviteSha256: hash,
    });
    expect(patientsEnv(invite)).toMatchObject({
      HMS_REGISTRATION: 'invite-only',
      HMS_REGISTRATION_INVITE_SHA256: hash,
    });
    const read = (ctx: Record<string, unknown>) => () => readSettings(testApp(ctx).node);
    expect(read({ registration: 'closed' })).not.toThrow();
    expect(read({ registration: 'sometimes' })).toThrow(
      'Context registration must be one of open, invite-only, closed',
    );
    expect(read({ registration: 'invite-only' })).toThrow(/needs registrationInviteSha256/);
    expect(read({ registration: 'open', registrationInviteSha256: hash })).toThrow(
      /needs registrationInviteSha256/,
    );
  }, 60_000);

  it('rate-limits sign-in and registration per IP, and lets a long report through the common rules', () => {
    const acl = allResources(stack).find((r) => r.Type === 'AWS::WAFv2::WebACL')!;
    const rules = acl.Properties.Rules as Json[];
    expect(rules.map((r) => [r.Name, r.Priority])).toEqual([
      ['RateLimitPerIp', 0],
      ['RateLimitSignIn', 1],
      ['RateLimitRegistration', 2],
      ['AWSManagedRulesAmazonIpReputationList', 3],
      ['AWSManagedRulesCommonRuleSet', 4],
      ['AWSManagedRulesKnownBadInputsRuleSet', 5],
    ]);
    const scoped = (name: string) => {
      const rate = rules.find((r) => r.Name === name).Statement.RateBasedStatement;
      const [method, path] = rate.ScopeDownStatement.AndStatement.Statements;
      return [
        rate.Limit,
        method.ByteMatchStatement.SearchString,
        path.ByteMatchStatement.SearchString,
      ];
    };
    expect(scoped('RateLimitSignIn')).toEqual([300, 'POST', '/auth/login']);
    expect(scoped('RateLimitRegistration')).toEqual([10, 'POST', '/tenants']);
    const common = rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet');
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
  });
});

describe('monthly budget', () => {
  it('exists only when asked for, on the deployment tag, with an e-mail at 80% actual and 100% forecast', () => {
    const budgetsOf = (s: Stack) =>
      allResources(s).filter((r) => r.Type === 'AWS::Budgets::Budget');
    expect(budgetsOf(stack)).toEqual([]);
    const withBudget = build('BudgetTest', {
      monthlyBudgetUsd: '250',
      budgetAlertEmail: 'finance@hospital.example',
    });
    const [budget] = budgetsOf(withBudget);
    expect(budget.Properties.Budget).toEqual({
      BudgetName: 'BudgetTest-monthly',
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 250, Unit: 'USD' },
      CostFilters: { TagKeyValue: ['user:hms-deployment$BudgetTest'] },
    });
    expect(
      budget.Properties.NotificationsWithSubscribers.map((n: Json) => [
        n.Notification.NotificationType,
        n.Notification.Threshold,
        n.Subscribers[0].Address,
      ]),
    ).toEqual([
      ['ACTUAL', 80, 'finance@hospital.example'],
      ['FORECASTED', 100, 'finance@hospital.example'],
    ]);
    expect(() => readSettings(testApp({ monthlyBudgetUsd: '250' }).node)).toThrow(
      'Context monthlyBudgetUsd and budgetAlertEmail (an e-mail address) go together',
    );
  }, 60_000);
});

describe('custom domain only', () => {
  it('switches the execute-api endpoint off only when asked, and only with a domain', () => {
    const restApi = (s: HospitalStack) =>
      allResources(s).find((r) => r.Type === 'AWS::ApiGateway::RestApi')!.Properties;
    expect(restApi(stack)).not.toHaveProperty('DisableExecuteApiEndpoint');
    const domain = {
      domainName: 'hms.example.org',
      certificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/abc',
    };
    const off = build('DomainOnly', { ...domain, disableExecuteApiEndpoint: 'true' });
    expect(restApi(off).DisableExecuteApiEndpoint).toBe(true);
    const domainName = allResources(off).find((r) => r.Type === 'AWS::ApiGateway::DomainName');
    expect(domainName.Properties.SecurityPolicy).toBe('TLS_1_2');
    expect(() => readSettings(testApp({ disableExecuteApiEndpoint: 'true' }).node)).toThrow(
      'Context disableExecuteApiEndpoint needs domainName',
    );
  }, 60_000);
});
