import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Api, type MethodSpec } from './api';
import { authorizerSpec } from './function-specs';
import { ApiFunction } from './functions';
import type { PlatformStack } from './platform-stack';
import type { Settings } from './settings';

export interface ApiStackProps extends NestedStackProps {
  platform: PlatformStack;
  settings: Pick<Settings, 'logLevel' | 'disableExecuteApiEndpoint'>;
  /** Every method of the API, for the path resources that several areas share. */
  methods: readonly MethodSpec[];
}

/**
 * The REST API without its methods: the RestApi, the account's API Gateway CloudWatch role, the
 * gateway responses, the REQUEST authorizer and its function, and the path resources shared by
 * areas. The area stacks add their methods to it; the stage stack deploys it.
 */
export class ApiStack extends NestedStack {
  readonly authorizer: ApiFunction;
  readonly api: Api;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, {
      ...props,
      description: 'Hospital Management Service REST API: gateway responses, Lambda authorizer',
    });
    const { platform } = props;
    this.authorizer = new ApiFunction(this, 'Authorizer', {
      spec: authorizerSpec(),
      table: platform.data.table,
      secrets: platform.secrets,
      logging: platform.logging,
      logLevel: props.settings.logLevel,
    });
    this.api = new Api(this, 'Api', {
      authorizerFunction: this.authorizer.live,
      methods: props.methods,
      disableExecuteApiEndpoint: props.settings.disableExecuteApiEndpoint,
    });
  }
}
