import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { allRoutes } from '../shared/api/index';
import { Api } from './api';
import { Data } from './data';
import { Functions } from './functions';
import { Logging } from './logging';
import { acknowledgeNagFindings } from './nag-acknowledgements';
import { Secrets } from './secrets';
import type { Settings } from './settings';
import { Firewall } from './waf';

export interface HospitalStackProps extends StackProps {
  settings: Settings;
}

/**
 * The whole service in one stack. Each concern is one construct with explicit props, so later
 * additions (the MCP Function URL, the EventBridge bus and its rules) are one more construct
 * wired here, with the bus passed to `Functions` as `eventBus`.
 */
export class HospitalStack extends Stack {
  readonly logging: Logging;
  readonly data: Data;
  readonly secrets: Secrets;
  readonly functions: Functions;
  readonly api: Api;
  readonly firewall: Firewall;

  constructor(scope: Construct, id: string, props: HospitalStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.logging = new Logging(this, 'Logging', { retentionDays: settings.logRetentionDays });
    this.data = new Data(this, 'Data', { contributorInsights: settings.contributorInsights });
    this.secrets = new Secrets(this, 'Secrets');
    this.functions = new Functions(this, 'Functions', {
      table: this.data.table,
      jwtSecret: this.secrets.jwtSecret,
      logging: this.logging,
      logLevel: settings.logLevel,
    });
    this.api = new Api(this, 'Api', {
      groupFunctions: new Map([...this.functions.groups].map(([name, f]) => [name, f.fn])),
      authorizerFunction: this.functions.authorizer.fn,
      logging: this.logging,
      settings,
    });
    this.firewall = new Firewall(this, 'Firewall', {
      stageArn: this.api.restApi.deploymentStage.stageArn,
      logging: this.logging,
      rateLimitPer5Min: settings.wafRateLimitPer5Min,
    });

    new CfnOutput(this, 'ApiUrl', { description: 'Base URL of the REST API', value: this.api.url });
    const getStarted = allRoutes().find((r) => r.path === '/get-started');
    if (getStarted)
      new CfnOutput(this, 'GetStartedUrl', {
        description: 'Hospital registration page',
        value: this.api.urlForPath(getStarted.path),
      });
    if (this.api.domain) {
      new CfnOutput(this, 'DomainTarget', {
        description: `Point ${settings.domain?.name} here (CNAME or Route 53 alias)`,
        value: this.api.domain.domainNameAliasDomainName,
      });
    }
    new CfnOutput(this, 'RestApiId', {
      description: 'For flush-stage-authorizers-cache',
      value: this.api.restApi.restApiId,
    });
    new CfnOutput(this, 'StageName', { value: this.api.restApi.deploymentStage.stageName });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'JwtSecretArn', {
      description: 'Access-token signing key',
      value: this.secrets.jwtSecret.secretArn,
    });
    new CfnOutput(this, 'JwtSecretReaders', {
      description: 'Functions to recycle after rotating the signing key (docs/deployment.md)',
      value: this.functions.all
        .filter((f) => f.spec.permissions.jwtSecret)
        .map((f) => f.fn.functionName)
        .join(','),
    });
    new CfnOutput(this, 'AccessLogGroup', { value: this.api.accessLogs.logGroupName });

    acknowledgeNagFindings(this);
  }
}
