import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ApiStage } from './api';
import type { ApiStack } from './api-stack';
import type { AreaStack } from './area-stack';
import type { PlatformStack } from './platform-stack';
import type { Settings } from './settings';
import { Firewall, PUBLIC_ROUTE_LIMITS } from './waf';

export interface StageStackProps extends NestedStackProps {
  platform: PlatformStack;
  api: ApiStack;
  areas: readonly AreaStack[];
  /** `deploymentModel()` of every method. */
  model: unknown;
  settings: Pick<
    Settings,
    'stageName' | 'throttleRateLimit' | 'throttleBurstLimit' | 'domain' | 'wafRateLimitPer5Min'
  >;
}

/**
 * What clients reach, created after every area stack: the API's deployment and stage (with its
 * access logs and optional custom domain) and the WAF web ACL associated with that stage.
 */
export class StageStack extends NestedStack {
  readonly apiStage: ApiStage;
  readonly firewall: Firewall;

  constructor(scope: Construct, id: string, props: StageStackProps) {
    super(scope, id, {
      ...props,
      description: 'Hospital Management Service API stage: deployment, access logs, WAF',
    });
    const { platform, api, settings } = props;
    this.apiStage = new ApiStage(this, 'Api', {
      restApiId: api.api.restApiId,
      rootResourceId: api.api.rootResourceId,
      methods: props.areas.flatMap((a) => a.routes.methods.map((m) => m.method)),
      model: props.model,
      logging: platform.logging,
      settings,
    });
    this.firewall = new Firewall(this, 'Firewall', {
      scope: 'REGIONAL',
      protects: 'api',
      routeLimits: PUBLIC_ROUTE_LIMITS,
      stageArn: this.apiStage.stage.stageArn,
      logging: platform.logging,
      rateLimitPer5Min: settings.wafRateLimitPer5Min,
    });
  }
}
