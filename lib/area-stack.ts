import { Aws, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type * as events from 'aws-cdk-lib/aws-events';
import type { Construct } from 'constructs';
import { ApiRoutes, type MethodSpec } from './api';
import type { ApiStack } from './api-stack';
import { AREAS, type AreaName } from './areas';
import { applyFairShare, applyRegistration, type FairShareSettings } from './fair-share';
import { groupSpec } from './function-specs';
import { Functions } from './functions';
import type { ManifestGroup } from './manifest';
import { McpEndpoint } from './mcp';
import { McpWebAclLookup } from './mcp-web-acl-lookup';
import type { PlatformStack } from './platform-stack';
import type { Settings } from './settings';

export interface AreaStackProps extends NestedStackProps {
  area: AreaName;
  /** The groups of this area, in manifest order. */
  groups: readonly ManifestGroup[];
  /** The methods of this area's routes. */
  methods: readonly MethodSpec[];
  platform: PlatformStack;
  api: ApiStack;
  settings: Pick<
    Settings,
    | 'logLevel'
    | 'mcpReservedConcurrency'
    | 'stageName'
    | 'domain'
    | 'registration'
    | 'registrationInviteSha256'
  > &
    FairShareSettings;
  /** The bus, for groups that declare `permissions.events`. */
  eventBus?: events.IEventBus;
  /**
   * The agents area: the SSM parameter (us-east-1) naming the CloudFront-scope web ACL in front
   * of MCP, read at deployment (lib/mcp-web-acl-lookup.ts).
   */
  mcpWebAclParameterName?: string;
}

/**
 * One area of the service (lib/areas.ts): the function of each of its groups, and the API
 * Gateway resources and methods of their routes, added to the API of the API stack.
 */
export class AreaStack extends NestedStack {
  readonly area: AreaName;
  readonly functions: Functions;
  readonly routes: ApiRoutes;
  /** The agents area also holds the MCP function and its Function URL. */
  readonly mcp?: McpEndpoint;
  /** The agents area: the MCP web ACL's ARN, read from us-east-1 at deployment. */
  readonly mcpWebAcl?: McpWebAclLookup;

  constructor(scope: Construct, id: string, props: AreaStackProps) {
    super(scope, id, {
      ...props,
      description: `Hospital Management Service, ${props.area}: ${AREAS[props.area].description}`,
    });
    const { platform, api } = props;
    this.area = props.area;
    const outside = props.groups.filter((g) => g.area !== props.area);
    if (outside.length)
      throw new Error(
        `Area ${props.area} got groups of other areas: ${outside.map((g) => g.name)}`,
      );

    this.functions = new Functions(this, 'Functions', {
      specs: props.groups.map(groupSpec),
      table: platform.data.table,
      secrets: platform.secrets,
      logging: platform.logging,
      logLevel: props.settings.logLevel,
      ...(props.eventBus ? { eventBus: props.eventBus } : {}),
    });
    applyFairShare(this.functions.all, props.settings);
    applyRegistration(this.functions.all, props.settings);
    if (props.area === 'agents') {
      if (!props.mcpWebAclParameterName)
        throw new Error('The agents area needs the MCP web ACL (mcpWebAclParameterName)');
      this.mcpWebAcl = new McpWebAclLookup(this, 'McpWebAcl', {
        parameterName: props.mcpWebAclParameterName,
        logging: platform.logging,
      });
      this.mcp = new McpEndpoint(this, 'McpEndpoint', {
        webAclArn: this.mcpWebAcl.arn,
        table: platform.data.table,
        secrets: platform.secrets,
        logging: platform.logging,
        logLevel: props.settings.logLevel,
        reservedConcurrency: props.settings.mcpReservedConcurrency,
      });
      // The discovery documents name the MCP URL (CloudFront's), which is not the API's host on AWS.
      this.functions.groups.get('agent-meta')?.fn.addEnvironment('MCP_URL', this.mcp.edge.url);
      // The MCP function's authorization endpoint sends the browser to the consent page of the
      // web app, on the API's URL (built from its id and stage: the stage is created later).
      const { domain, stageName } = props.settings;
      this.mcp.fn.fn.addEnvironment(
        'HMS_WEB_URL',
        domain
          ? `https://${domain.name}`
          : `https://${api.api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}/${stageName}`,
      );
    }
    this.routes = new ApiRoutes(this, 'Routes', {
      restApiId: api.api.restApiId,
      rootResourceId: api.api.rootResourceId,
      authorizerId: api.api.authorizerId,
      challengeAuthorizerId: api.api.challengeAuthorizerId,
      sharedResources: api.api.sharedResources,
      methods: props.methods,
      groupFunctions: new Map([...this.functions.groups].map(([name, f]) => [name, f.live])),
    });
  }
}
