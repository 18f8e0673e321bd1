import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { addHospitalStacks } from '../lib/hospital-app';
import { readSettings } from '../lib/settings';

/**
 * The CDK app: the service's stack and the MCP endpoint's web ACL (lib/hospital-app.ts). cdk-nag's AWS Solutions
 * and HIPAA Security packs run as validation plugins over every stack, nested ones included, so
 * `cdk synth` and `cdk deploy` fail on any finding that lib/nag-acknowledgements.ts does not
 * acknowledge with a reason.
 */
const app = new App();
const settings = readSettings(app.node);
// Deploys to the account and region of the CLI credentials; synthesises offline without them.
addHospitalStacks(app, settings, {
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION,
});
Tags.of(app).add('project', 'hospital-management-service');

Validations.of(app).addPlugins(
  new AwsSolutionsChecks(app, { verbose: true }),
  new HIPAASecurityChecks(app, { verbose: true }),
);
