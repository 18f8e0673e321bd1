import { ArnFormat, Fn, Stack } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { gatewayResponse } from '../shared/http/gateway-responses';
import type { Logging } from './logging';
import { deploymentName, rootStack } from './naming';

export interface FirewallProps {
  /** ARN of the API Gateway stage to protect. */
  stageArn: string;
  logging: Logging;
  /** Requests per 5 minutes from one IP address before it is blocked for a while. */
  rateLimitPer5Min: number;
}

/** AWS managed rule groups without a subscription fee (each counts as one WAF rule). */
const MANAGED_RULE_GROUPS = [
  // Addresses on Amazon's threat-intelligence lists (bots, scanners, known attackers).
  'AWSManagedRulesAmazonIpReputationList',
  // OWASP-style protections: XSS, LFI/RFI, oversize bodies (> 8 KB), bad user agents.
  'AWSManagedRulesCommonRuleSet',
  // Request patterns of known exploits (Log4Shell, Java deserialisation, localhost Host header).
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

const TOO_MANY_REQUESTS = 'TooManyRequests';

/**
 * A WAFv2 web ACL in front of the REST API stage: a per-IP rate limit and AWS managed rules.
 * Blocked and counted requests are logged, with the Authorization header redacted (it carries
 * access tokens and API keys). Sampled requests stay off for the same reason: the console would
 * show their headers.
 */
export class Firewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: FirewallProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const name = deploymentName(this);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: false,
    });
    const throttled = gatewayResponse('THROTTLED');

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: `${name} REST API protection`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${name}-api`),
      customResponseBodies: {
        [TOO_MANY_REQUESTS]: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify(throttled.body),
        },
      },
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: throttled.statusCode,
                customResponseBodyKey: TOO_MANY_REQUESTS,
              },
            },
          },
          statement: {
            rateBasedStatement: { limit: props.rateLimitPer5Min, aggregateKeyType: 'IP' },
          },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        ...MANAGED_RULE_GROUPS.map((name, i) => ({
          name,
          priority: i + 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
          visibilityConfig: visibility(name),
        })),
      ],
    });

    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stageArn,
      webAclArn: this.webAcl.attrArn,
    });

    // WAF only delivers to log groups whose name starts with aws-waf-logs-. The top-level stack's
    // UUID makes the name unique per deployment: the group is retained, and a later stack of the
    // same name must not collide with it.
    const stackUuid = Fn.select(2, Fn.split('/', rootStack(this).stackId));
    const logGroup = props.logging.logGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${name}-${stackUuid}`,
    });
    new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // WAF wants the log group ARN without the `:*` suffix of the CloudFormation attribute.
      logDestinationConfigs: [
        stack.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }],
      // Every request is already in the API access log; WAF logs only what it blocked or counted.
      loggingFilter: {
        DefaultBehavior: 'DROP',
        Filters: [
          {
            Behavior: 'KEEP',
            Requirement: 'MEETS_ANY',
            Conditions: [
              { ActionCondition: { Action: 'BLOCK' } },
              { ActionCondition: { Action: 'COUNT' } },
            ],
          },
        ],
      },
    });
  }
}
