import { CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { encryptedAlarmTopic } from './alarm-topic';
import { Logging } from './logging';
import { CLOUDFRONT_WAF_REGION } from './mcp-edge';
import { ALARM_THRESHOLDS } from './monitoring-stack';
import type { Settings } from './settings';
import { Firewall } from './waf';

/**
 * The SSM parameter (us-east-1) holding the MCP web ACL's ARN, which the service stack named
 * `serviceStackName` reads at deployment (lib/mcp-web-acl-lookup.ts).
 */
export function mcpWebAclParameterName(serviceStackName: string): string {
  return `/${serviceStackName}/mcp/web-acl-arn`;
}

export interface McpFirewallStackProps extends StackProps {
  settings: Pick<Settings, 'wafRateLimitPer5Min' | 'logRetentionDays'>;
  /** The service stack's name: the ARN goes to its parameter (mcpWebAclParameterName). */
  serviceStackName: string;
}

/**
 * The web ACL of the MCP endpoint's CloudFront distribution (lib/mcp-edge.ts): the same per-IP
 * rate rule and AWS managed rules as the REST API's (lib/waf.ts), scope CLOUDFRONT. It is its own
 * top-level stack because such an ACL (and its log group) must be in us-east-1 whatever region the
 * service runs in. It writes the ACL's ARN to an SSM parameter, which the service's stack reads at
 * deployment (lib/mcp-web-acl-lookup.ts); the service stack depends on this one, so one
 * `cdk deploy` deploys this stack first (docs/deployment.md, docs/decisions.md "MCP behind
 * CloudFront"). The MCP paths have no
 * per-route rule: OAuth registration and token requests are limited per IP by the function.
 * Its block-spike alarm is here too, with a topic of its own: an alarm must be in its metric's
 * region, and SNS delivers an alarm only to a topic in the alarm's region.
 */
export class McpFirewallStack extends Stack {
  readonly firewall: Firewall;
  readonly alarmTopic: sns.Topic;
  readonly blockedSpike: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: McpFirewallStackProps) {
    super(scope, id, {
      terminationProtection: true,
      ...props,
      env: { ...props.env, region: CLOUDFRONT_WAF_REGION },
    });
    // Its own log key: a KMS key serves its own region only.
    const logging = new Logging(this, 'Logging', {
      retentionDays: props.settings.logRetentionDays,
    });
    this.firewall = new Firewall(this, 'Firewall', {
      scope: 'CLOUDFRONT',
      protects: 'mcp',
      routeLimits: [],
      logging,
      rateLimitPer5Min: props.settings.wafRateLimitPer5Min,
    });
    // The MCP side of the service's WafBlockedSpike (lib/monitoring-stack.ts). A CLOUDFRONT ACL's
    // metrics have no Region dimension; like the API's, they are named by the ACL's name.
    const blocked = new cloudwatch.Metric({
      namespace: 'AWS/WAFV2',
      metricName: 'BlockedRequests',
      dimensionsMap: {
        WebACL: Fn.select(0, Fn.split('|', this.firewall.webAcl.ref)),
        Rule: 'ALL',
      },
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
    this.alarmTopic = encryptedAlarmTopic(this, 'Hospital Management Service MCP web ACL');
    this.blockedSpike = new cloudwatch.Alarm(this, 'McpWafBlockedSpike', {
      alarmDescription: `The MCP web ACL blocked ${ALARM_THRESHOLDS.wafBlocked} or more requests in 5 minutes (docs/operations.md)`,
      metric: blocked,
      threshold: ALARM_THRESHOLDS.wafBlocked,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.blockedSpike.addAlarmAction(new cwActions.SnsAction(this.alarmTopic));
    this.blockedSpike.addOkAction(new cwActions.SnsAction(this.alarmTopic));
    new CfnOutput(this, 'McpAlarmTopicArn', {
      description:
        'SNS topic (us-east-1) of the MCP web ACL alarm: subscribe operators to it, as to AlarmTopicArn',
      value: this.alarmTopic.topicArn,
    });
    new ssm.StringParameter(this, 'McpWebAclArnParameter', {
      parameterName: mcpWebAclParameterName(props.serviceStackName),
      description: `ARN of the MCP web ACL, read by the stack ${props.serviceStackName} at deployment`,
      stringValue: this.firewall.webAcl.attrArn,
    });
    new CfnOutput(this, 'McpWebAclArn', {
      description: `The MCP web ACL; the stack ${props.serviceStackName} reads it from SSM at deployment`,
      value: this.firewall.webAcl.attrArn,
    });
  }
}
