import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { HospitalStack } from '../lib/hospital-stack';
import { readSettings } from '../lib/settings';

/**
 * The CDK app: one stack, made of nested stacks (lib/hospital-stack.ts). cdk-nag's AWS Solutions
 * and HIPAA Security packs run as validation plugins over every stack, nested ones included, so
 * `cdk synth` and `cdk deploy` fail on any finding that lib/nag-acknowledgements.ts does not
 * acknowledge with a reason.
 */
const app = new App();
const settings = readSettings(app.node);

new HospitalStack(app, 'HospitalStack', {
  stackName: settings.stackName,
  description:
    'Hospital Management Service: REST API, Lambda functions, DynamoDB table (nested stacks)',
  // Deploys to the account and region of the CLI credentials; synthesises offline without them.
  env: process.env.CDK_DEFAULT_ACCOUNT
    ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION }
    : undefined,
  settings,
});
Tags.of(app).add('project', 'hospital-management-service');

Validations.of(app).addPlugins(
  new AwsSolutionsChecks(app, { verbose: true }),
  new HIPAASecurityChecks(app, { verbose: true }),
);
