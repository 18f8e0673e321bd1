import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { HospitalStack } from '../lib/hospital-stack';
import { McpFirewallStack } from '../lib/mcp-firewall-stack';
import { readSettings } from '../lib/settings';

/**
 * The CDK app: the service's stack, made of nested stacks (lib/hospital-stack.ts), and the MCP
 * endpoint's web ACL, which CloudFront needs in us-east-1 (lib/mcp-firewall-stack.ts; deployed
 * first, its ARN is the service stack's parameter McpWebAclArn). cdk-nag's AWS Solutions
 * and HIPAA Security packs run as validation plugins over every stack, nested ones included, so
 * `cdk synth` and `cdk deploy` fail on any finding that lib/nag-acknowledgements.ts does not
 * acknowledge with a reason.
 */
const app = new App();
const settings = readSettings(app.node);
// Deploys to the account and region of the CLI credentials; synthesises offline without them.
const account = process.env.CDK_DEFAULT_ACCOUNT;

new HospitalStack(app, 'HospitalStack', {
  stackName: settings.stackName,
  description:
    'Hospital Management Service: REST API, Lambda functions, DynamoDB table (nested stacks)',
  env: account ? { account, region: process.env.CDK_DEFAULT_REGION } : undefined,
  settings,
});
new McpFirewallStack(app, 'HospitalMcpFirewall', {
  stackName: `${settings.stackName}-McpFirewall`,
  description:
    'Hospital Management Service: WAF web ACL of the MCP endpoint (CloudFront, us-east-1)',
  ...(account ? { env: { account } } : {}),
  settings,
});
Tags.of(app).add('project', 'hospital-management-service');

Validations.of(app).addPlugins(
  new AwsSolutionsChecks(app, { verbose: true }),
  new HIPAASecurityChecks(app, { verbose: true }),
);
