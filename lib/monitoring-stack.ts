import { Duration, Fn, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { AccessArchive } from './access-archive';
import { type ApiFunction, constructId } from './functions';
import type { Logging } from './logging';
import { CLOUDFRONT_WAF_REGION } from './mcp-edge';
import { deploymentName } from './naming';
import type { Settings } from './settings';

/**
 * The thresholds of the service's alarms, in one place (docs/operations.md explains each, and
 * what to do when it fires). Periods are five minutes unless said otherwise.
 */
export const ALARM_THRESHOLDS = {
  /** Lambda errors (crashes, timeouts: a handled 4xx/5xx answer is not one) per function. */
  functionErrors: 5,
  /** The authorizer guards every request: its first errors page. */
  authorizerErrors: 1,
  /** Any throttled invocation: the function hit its reserved or the account's concurrency. */
  functionThrottles: 1,
  /** Share of API answers that are 5xx, over three periods in a row. */
  api5xxRate: 0.01,
  /** API p99 latency in milliseconds, over three periods in a row. */
  apiP99LatencyMs: 3000,
  /** DynamoDB read or write throttle events in a period. */
  tableThrottles: 1,
  /** DynamoDB system errors (500s from DynamoDB itself) in a period. */
  tableSystemErrors: 1,
  /** Requests WAF blocked in a period: a spike means an attack or a client gone wrong. */
  wafBlocked: 500,
} as const;

export interface MonitoringStackProps extends NestedStackProps {
  functions: readonly ApiFunction[];
  authorizer: ApiFunction;
  alarmTopic: sns.ITopic;
  table: dynamodb.ITable;
  /** API Gateway's metrics are named by API name and stage. */
  apiName: string;
  stageName: string;
  webAcl: wafv2.CfnWebACL;
  /**
   * The MCP endpoint's edge, when the agents area is deployed: its web ACL's ARN (read at
   * deployment from us-east-1) and its CloudFront distribution, whose metrics are in us-east-1.
   */
  mcpEdge?: { webAclArn: string; distributionId: string };
  settings: Pick<Settings, 'accountConcurrencyAlarm' | 'accessLogRetentionYears'>;
  logging: Logging;
}

/**
 * The alarms every on-call engineer needs (docs/operations.md) and the service's one dashboard,
 * created after everything they watch. Every alarm goes to the alarm topic of the events stack
 * (output `AlarmTopicArn`), as the DLQ and outbox relay alarms there already do. Alarms are
 * derived from the function list, so a new module's function gets its alarms when it merges.
 */
export class MonitoringStack extends NestedStack {
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  /** The write-once copy of the patient access log (lib/access-archive.ts). */
  readonly accessArchive: AccessArchive;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, {
      ...props,
      description: 'Hospital Management Service monitoring: alarms and the service dashboard',
    });
    this.accessArchive = new AccessArchive(this, 'PatientAccessArchive', {
      functions: props.functions.filter(
        (f) => f.spec.permissions.table !== 'none' && f.spec.permissions.patientData !== false,
      ),
      retentionYears: props.settings.accessLogRetentionYears,
      logging: props.logging,
    });
    const t = ALARM_THRESHOLDS;
    const action = new cwActions.SnsAction(props.alarmTopic);
    const alarm = (alarmId: string, p: cloudwatch.AlarmProps) => {
      const a = new cloudwatch.Alarm(this, alarmId, {
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        ...p,
      });
      a.addAlarmAction(action);
      a.addOkAction(action);
      this.alarms.push(a);
      return a;
    };
    const five = Duration.minutes(5);

    for (const f of props.functions) {
      const fid = constructId(f.spec.name);
      const isAuthorizer = f === props.authorizer;
      alarm(`${fid}Errors`, {
        alarmDescription: `${f.spec.name}: Lambda errors (crashes or timeouts)`,
        metric: f.fn.metricErrors({ period: five, statistic: 'Sum' }),
        threshold: isAuthorizer ? t.authorizerErrors : t.functionErrors,
        evaluationPeriods: 1,
      });
      alarm(`${fid}Throttles`, {
        alarmDescription: `${f.spec.name}: throttled invocations`,
        metric: f.fn.metricThrottles({ period: five, statistic: 'Sum' }),
        threshold: t.functionThrottles,
        evaluationPeriods: 1,
      });
    }

    const api = (metricName: string, statistic: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiName: props.apiName, Stage: props.stageName },
        period: five,
        statistic,
      });
    // 5XXError's Average is the share of 5xx answers among all answers.
    alarm('Api5xxRate', {
      alarmDescription: `API 5xx answers above ${t.api5xxRate * 100}% for 15 minutes`,
      metric: api('5XXError', 'Average'),
      threshold: t.api5xxRate,
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    alarm('ApiLatencyP99', {
      alarmDescription: `API p99 latency above ${t.apiP99LatencyMs} ms for 15 minutes`,
      metric: api('Latency', 'p99'),
      threshold: t.apiP99LatencyMs,
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });
    alarm('AccountConcurrency', {
      alarmDescription:
        "The account's concurrent Lambda executions near its limit (every function of the account shares it)",
      metric: new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'ConcurrentExecutions',
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
      threshold: props.settings.accountConcurrencyAlarm,
      evaluationPeriods: 3,
    });

    const tableMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: { TableName: props.table.tableName },
        period: five,
        statistic: 'Sum',
      });
    alarm('TableThrottles', {
      alarmDescription: 'DynamoDB throttled reads or writes (a hot partition or a runaway client)',
      metric: new cloudwatch.MathExpression({
        expression: 'r + w',
        usingMetrics: {
          r: tableMetric('ReadThrottleEvents'),
          w: tableMetric('WriteThrottleEvents'),
        },
        period: five,
      }),
      threshold: t.tableThrottles,
      evaluationPeriods: 1,
    });
    // The operations the functions call (lib/table-grants.ts); an alarm takes 10 metrics at most.
    const systemErrors = props.table.metricSystemErrorsForOperations({
      period: five,
      operations: [
        dynamodb.Operation.GET_ITEM,
        dynamodb.Operation.QUERY,
        dynamodb.Operation.PUT_ITEM,
        dynamodb.Operation.UPDATE_ITEM,
        dynamodb.Operation.DELETE_ITEM,
        dynamodb.Operation.TRANSACT_WRITE_ITEMS,
      ],
    });
    alarm('TableSystemErrors', {
      alarmDescription: 'DynamoDB answered with system errors (HTTP 500 from DynamoDB)',
      metric: systemErrors,
      threshold: t.tableSystemErrors,
      evaluationPeriods: 1,
    });

    // The web ACL's CloudFormation Ref is `name|id|scope`; WAF's metrics are named by the name.
    const webAclName = Fn.select(0, Fn.split('|', props.webAcl.ref));
    const wafBlocked = new cloudwatch.Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: { WebACL: webAclName, Region: this.region, Rule: 'ALL' },
      period: five,
      statistic: 'Sum',
    });
    alarm('WafBlockedSpike', {
      alarmDescription: `WAF blocked ${t.wafBlocked} or more requests in 5 minutes`,
      metric: wafBlocked,
      threshold: t.wafBlocked,
      evaluationPeriods: 1,
    });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${deploymentName(this)}-service`,
      defaultInterval: Duration.hours(3),
    });
    const byFunction = (metric: (f: ApiFunction) => cloudwatch.IMetric) =>
      props.functions.map(metric);
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests, 4xx, 5xx',
        left: [api('Count', 'Sum'), api('4XXError', 'Sum'), api('5XXError', 'Sum')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency p50 / p99 (ms)',
        left: [api('Latency', 'p50'), api('Latency', 'p99')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda errors by function',
        left: byFunction((f) => f.fn.metricErrors({ period: five, label: f.spec.name })),
        width: 12,
        legendPosition: cloudwatch.LegendPosition.RIGHT,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda throttles by function',
        left: byFunction((f) => f.fn.metricThrottles({ period: five, label: f.spec.name })),
        width: 12,
        legendPosition: cloudwatch.LegendPosition.RIGHT,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda p99 duration by function (ms)',
        left: byFunction((f) =>
          f.fn.metricDuration({ period: five, statistic: 'p99', label: f.spec.name }),
        ),
        width: 12,
        legendPosition: cloudwatch.LegendPosition.RIGHT,
      }),
      new cloudwatch.GraphWidget({
        title: 'DynamoDB throttles and system errors',
        left: [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents'), systemErrors],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'WAF blocked requests',
        left: [wafBlocked],
        width: 12,
      }),
      ...(props.mcpEdge ? [mcpEdgeWidget(props.mcpEdge)] : []),
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarms',
        alarms: this.alarms,
        width: 12,
      }),
    );
  }
}

/**
 * The MCP edge on the service's dashboard: what its web ACL blocked and let through, and
 * CloudFront's 5xx rate. Both are in us-east-1 whatever the service's region (CloudFront's metrics
 * and those of a CLOUDFRONT web ACL, which have no Region dimension); the ACL's alarm is in the
 * firewall stack, next to its metric (lib/mcp-firewall-stack.ts).
 */
function mcpEdgeWidget(edge: {
  webAclArn: string;
  distributionId: string;
}): cloudwatch.GraphWidget {
  // arn:aws:wafv2:us-east-1:<account>:global/webacl/<name>/<id>: the metrics are named by <name>.
  const webAclName = Fn.select(2, Fn.split('/', edge.webAclArn));
  const waf = (metricName: string, label: string) =>
    new cloudwatch.Metric({
      namespace: 'AWS/WAFV2',
      metricName,
      dimensionsMap: { WebACL: webAclName, Rule: 'ALL' },
      region: CLOUDFRONT_WAF_REGION,
      period: Duration.minutes(5),
      statistic: 'Sum',
      label,
    });
  return new cloudwatch.GraphWidget({
    title: 'MCP edge (us-east-1): WAF allowed / blocked, CloudFront 5xx %',
    left: [waf('AllowedRequests', 'allowed'), waf('BlockedRequests', 'blocked')],
    right: [
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: edge.distributionId, Region: 'Global' },
        region: CLOUDFRONT_WAF_REGION,
        period: Duration.minutes(5),
        statistic: 'Average',
        label: 'CloudFront 5xx %',
      }),
    ],
    width: 12,
  });
}
