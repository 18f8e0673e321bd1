import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Logging } from './logging';
import type { Settings } from './settings';
import { Firewall } from './waf';

/** CloudFront accepts only web ACLs of scope CLOUDFRONT, and WAF keeps those in us-east-1. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

export interface McpFirewallStackProps extends StackProps {
  settings: Pick<Settings, 'wafRateLimitPer5Min' | 'logRetentionDays'>;
}

/**
 * The web ACL of the MCP endpoint's CloudFront distribution (lib/mcp-edge.ts): the same per-IP
 * rate rule and AWS managed rules as the REST API's (lib/waf.ts), scope CLOUDFRONT. It is its own
 * top-level stack because such an ACL (and its log group) must be in us-east-1 whatever region the
 * service runs in; the service's stack takes its ARN as the deploy-time parameter `McpWebAclArn`
 * (docs/deployment.md, docs/decisions.md "MCP behind CloudFront"). The MCP paths have no
 * per-route rule: OAuth registration and token requests are limited per IP by the function.
 */
export class McpFirewallStack extends Stack {
  readonly firewall: Firewall;

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
    new CfnOutput(this, 'McpWebAclArn', {
      description:
        'Pass to the service stack: npm run deploy -- --parameters McpWebAclArn=<this> (docs/deployment.md)',
      value: this.firewall.webAcl.attrArn,
    });
  }
}
