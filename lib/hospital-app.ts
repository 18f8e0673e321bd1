import type { App } from 'aws-cdk-lib';
import { HospitalStack } from './hospital-stack';
import { McpFirewallStack } from './mcp-firewall-stack';
import type { Settings } from './settings';

/**
 * The app's two top-level stacks: the MCP endpoint's web ACL, which CloudFront needs in us-east-1
 * (lib/mcp-firewall-stack.ts), and the service (lib/hospital-stack.ts), which reads the ACL's ARN
 * from it at deployment and so depends on it: `cdk deploy HospitalStack` (npm run deploy)
 * deploys the firewall first, in one command.
 */
export function addHospitalStacks(
  app: App,
  settings: Settings,
  /** The CLI credentials' account and region; without them the stacks synthesise env-agnostic. */
  env: { account?: string; region?: string } = {},
): { service: HospitalStack; firewall: McpFirewallStack } {
  const firewall = new McpFirewallStack(app, 'HospitalMcpFirewall', {
    stackName: `${settings.stackName}-McpFirewall`,
    description:
      'Hospital Management Service: WAF web ACL of the MCP endpoint (CloudFront, us-east-1)',
    ...(env.account ? { env: { account: env.account } } : {}),
    settings,
    serviceStackName: settings.stackName,
  });
  const service = new HospitalStack(app, 'HospitalStack', {
    stackName: settings.stackName,
    description:
      'Hospital Management Service: REST API, Lambda functions, DynamoDB table (nested stacks)',
    env: env.account ? { account: env.account, region: env.region } : undefined,
    settings,
  });
  service.addDependency(firewall, 'reads the MCP web ACL ARN from its SSM parameter');
  return { service, firewall };
}
