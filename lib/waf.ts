import { ArnFormat, Fn, Stack } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { gatewayResponse } from '../shared/http/gateway-responses';
import type { Logging } from './logging';
import { deploymentName, rootStack } from './naming';

export interface FirewallProps {
  /**
   * `REGIONAL` for the REST API stage (`stageArn`, associated here); `CLOUDFRONT` for the MCP
   * distribution (lib/mcp-firewall-stack.ts), which must be created in us-east-1 and is attached
   * by the distribution itself.
   */
  scope: 'REGIONAL' | 'CLOUDFRONT';
  /** ARN of the API Gateway stage to protect (REGIONAL only). */
  stageArn?: string;
  /** What the ACL protects, for its description and metric names (`api`, `mcp`). */
  protects: 'api' | 'mcp';
  logging: Logging;
  /** Requests per 5 minutes from one IP address before it is blocked for a while. */
  rateLimitPer5Min: number;
  /** Tighter per-IP limits on single routes (the API's PUBLIC_ROUTE_LIMITS; none for MCP). */
  routeLimits: readonly RouteLimit[];
}

export interface RouteLimit {
  name: string;
  /** The path the URI ends with (a POST to it is counted). */
  path: string;
  limitPer5Min: number;
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
 * Tighter per-IP limits on the two public routes a password-guesser or a registration spammer
 * uses (POST, path ending so that a stage prefix or a custom domain both match). Sign-in allows a
 * shift change of a few hundred staff behind one NAT address in five minutes.
 */
export const PUBLIC_ROUTE_LIMITS: readonly RouteLimit[] = [
  { name: 'RateLimitSignIn', path: '/auth/login', limitPer5Min: 300 },
  { name: 'RateLimitRegistration', path: '/tenants', limitPer5Min: 10 },
];

/**
 * Rules of the common rule set switched to count: `SizeRestrictions_BODY` blocks any body over
 * 8 KB, and a radiology report or a discharge summary the API accepts (or an MCP tool call that
 * carries one) is longer. Body sizes are bounded by every operation's schema, API Gateway's 10 MB
 * limit and the Function URL's 6 MB request payload limit instead.
 */
export const COMMON_RULES_COUNTED = ['SizeRestrictions_BODY'] as const;

/**
 * A WAFv2 web ACL in front of the REST API stage or the MCP distribution: a per-IP rate limit and
 * AWS managed rules.
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
      scope: props.scope,
      description: `${name} ${props.protects === 'api' ? 'REST API' : 'MCP endpoint'} protection`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${name}-${props.protects}`),
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
        ...props.routeLimits.map((r, i) => ({
          name: r.name,
          priority: i + 1,
          action: {
            block: {
              customResponse: {
                responseCode: throttled.statusCode,
                customResponseBodyKey: TOO_MANY_REQUESTS,
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: r.limitPer5Min,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                andStatement: {
                  statements: [
                    {
                      byteMatchStatement: {
                        fieldToMatch: { method: {} },
                        positionalConstraint: 'EXACTLY',
                        searchString: 'POST',
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                    {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'ENDS_WITH',
                        searchString: r.path,
                        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility(r.name),
        })),
        ...MANAGED_RULE_GROUPS.map((name, i) => ({
          name,
          priority: props.routeLimits.length + i + 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              ...(name === 'AWSManagedRulesCommonRuleSet'
                ? {
                    ruleActionOverrides: COMMON_RULES_COUNTED.map((rule) => ({
                      name: rule,
                      actionToUse: { count: {} },
                    })),
                  }
                : {}),
            },
          },
          visibilityConfig: visibility(name),
        })),
      ],
    });

    if (props.scope === 'REGIONAL') {
      if (!props.stageArn) throw new Error('A REGIONAL web ACL needs the stage it protects');
      new wafv2.CfnWebACLAssociation(this, 'Association', {
        resourceArn: props.stageArn,
        webAclArn: this.webAcl.attrArn,
      });
    }

    // WAF only delivers to log groups whose name starts with aws-waf-logs-. The top-level stack's
    // UUID makes the name unique per deployment: the group is retained, and a later stack of the
    // same name must not collide with it.
    const stackUuid = Fn.select(2, Fn.split('/', rootStack(this).stackId));
    const logGroup = props.logging.logGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${name}-${props.protects === 'api' ? '' : 'mcp-'}${stackUuid}`,
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
      // A blocked search's query string (`/patients?q=<name or phone>`) is patient data: redacted.
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { queryString: {} }],
      // Every request is already in the API access log (MCP: the function's request log line);
      // WAF logs only what it blocked or counted.
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
