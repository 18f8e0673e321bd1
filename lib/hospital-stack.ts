import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { deploymentModel, methodSpecs } from './api';
import { ApiStack } from './api-stack';
import { AreaStack } from './area-stack';
import { AREAS, type AreaName } from './areas';
import { MonthlyBudget } from './budget';
import { DEPLOYMENT_TAG } from './data';
import { EventsStack } from './events-stack';
import { checkGroupNames } from './function-specs';
import type { ApiFunction } from './functions';
import { type Manifest, readManifest } from './manifest';
import { mcpWebAclParameterName } from './mcp-firewall-stack';
import { MonitoringStack } from './monitoring-stack';
import { acknowledgeNagFindings } from './nag-acknowledgements';
import { PlatformStack } from './platform-stack';
import type { Settings } from './settings';
import { StageStack } from './stage-stack';

export interface HospitalStackProps extends StackProps {
  settings: Settings;
  /** Defaults to the route manifest with the areas of lib/areas.ts (tests pass their own). */
  manifest?: Manifest;
}

/** Every function of the deployment, whichever nested stack holds it. */
export interface HospitalFunctions {
  /** The groups in manifest order, the authorizer, the MCP function (agents area), then the event functions. */
  all: readonly ApiFunction[];
  /** Executors and the agent actions job (lib/events-stack.ts). */
  events: readonly ApiFunction[];
  /** Group functions by group name (the authorizer excluded). */
  groups: ReadonlyMap<string, ApiFunction>;
  authorizer: ApiFunction;
}

/**
 * The whole service: one top-level stack, deployed with one `cdk deploy`, made of nested stacks
 * so that no CloudFormation template approaches the 500-resource limit as areas are added:
 *
 * - `Platform`: table and its key, JWT signing key, logs key.
 * - `Api`: the RestApi, gateway responses, the authorizer and its function.
 * - one stack per area (lib/areas.ts): the area's group functions and their API methods.
 * - `Stage`: the API deployment and stage, access logs, WAF; created after every area.
 *
 * This stack holds only the nested stacks and the outputs. Later additions (the MCP Function URL,
 * the EventBridge bus, its rules and executors) are one more nested stack or area, wired here.
 */
export class HospitalStack extends Stack {
  readonly platform: PlatformStack;
  readonly api: ApiStack;
  readonly events: EventsStack;
  readonly areas: ReadonlyMap<AreaName, AreaStack>;
  readonly stage: StageStack;
  readonly monitoring: MonitoringStack;
  readonly functions: HospitalFunctions;

  constructor(scope: Construct, id: string, props: HospitalStackProps) {
    // Termination protection: deleting the stack takes an explicit step (docs/production.md).
    super(scope, id, { terminationProtection: true, ...props });
    const { settings } = props;
    // Every role of the deployment carries it: the table's resource policy admits only them.
    Tags.of(this).add(DEPLOYMENT_TAG, this.stackName);
    const manifest = props.manifest ?? readManifest();
    checkGroupNames(manifest.groups);
    const methods = methodSpecs(manifest);
    this.platform = new PlatformStack(this, 'Platform', { settings });
    this.api = new ApiStack(this, 'Api', { platform: this.platform, settings, methods });
    this.events = new EventsStack(this, 'Events', { platform: this.platform, settings });
    if (settings.budget) new MonthlyBudget(this, 'MonthlyBudget', settings.budget);

    const areas = new Map<AreaName, AreaStack>();
    for (const [area, { stackId }] of Object.entries(AREAS) as [
      AreaName,
      (typeof AREAS)[AreaName],
    ][]) {
      const groups = manifest.groups.filter((g) => g.area === area);
      if (!groups.length) continue;
      areas.set(
        area,
        new AreaStack(this, stackId, {
          area,
          groups,
          methods: methods.filter((m) => m.area === area),
          platform: this.platform,
          api: this.api,
          settings,
          eventBus: this.events.bus,
          ...(area === 'agents'
            ? { mcpWebAclParameterName: mcpWebAclParameterName(this.stackName) }
            : {}),
        }),
      );
    }
    this.areas = areas;
    // One area stack after another, so that their API methods are not all created at once
    // (METHOD_LANES in lib/api.ts): the first create is slower, and it does not meet 429s.
    const ordered = [...areas.values()];
    ordered.forEach((area, i) => {
      if (i > 0) area.node.addDependency(ordered[i - 1]!);
    });

    const groupFunctions = new Map([...areas.values()].flatMap((a) => [...a.functions.groups]));
    const mcp = areas.get('agents')?.mcp;
    const mcpWebAcl = areas.get('agents')?.mcpWebAcl;
    this.functions = {
      all: [
        ...manifest.groups.map((g) => groupFunctions.get(g.name)!),
        this.api.authorizer,
        ...(mcp ? [mcp.fn] : []),
        ...this.events.functions,
      ],
      events: this.events.functions,
      groups: groupFunctions,
      authorizer: this.api.authorizer,
    };

    this.stage = new StageStack(this, 'Stage', {
      platform: this.platform,
      api: this.api,
      areas: [...areas.values()],
      model: deploymentModel(
        methods,
        new Map([...groupFunctions].map(([name, f]) => [name, f.fn])),
      ),
      settings,
    });

    this.monitoring = new MonitoringStack(this, 'Monitoring', {
      functions: this.functions.all,
      authorizer: this.functions.authorizer,
      alarmTopic: this.events.alarmTopic,
      table: this.platform.data.table,
      apiName: this.api.api.resource.name!,
      stageName: settings.stageName,
      webAcl: this.stage.firewall.webAcl,
      ...(mcp && mcpWebAcl
        ? {
            mcpEdge: {
              webAclArn: mcpWebAcl.arn,
              distributionId: mcp.edge.distribution.distributionId,
            },
          }
        : {}),
      logging: this.platform.logging,
      settings,
    });
    new CfnOutput(this, 'DashboardName', {
      description: 'The service dashboard (CloudWatch): docs/operations.md',
      value: this.monitoring.dashboard.dashboardName,
    });

    const { apiStage } = this.stage;
    new CfnOutput(this, 'ApiUrl', { description: 'Base URL of the REST API', value: apiStage.url });
    const getStarted = manifest.routes.find((r) => r.path === '/get-started');
    if (getStarted)
      new CfnOutput(this, 'GetStartedUrl', {
        description: 'Hospital registration page',
        value: apiStage.urlForPath(getStarted.path),
      });
    if (apiStage.domain) {
      new CfnOutput(this, 'DomainTarget', {
        description: `Point ${settings.domain?.name} here (CNAME or Route 53 alias)`,
        value: apiStage.domain.domainNameAliasDomainName,
      });
    }
    if (mcp) {
      new CfnOutput(this, 'McpUrl', {
        description:
          'MCP server (CloudFront, with WAF): POST <url>mcp (Streamable HTTP), GET <url>sse (SSE)',
        value: mcp.edge.url,
      });
    }
    new CfnOutput(this, 'RestApiId', {
      description: 'For flush-stage-authorizers-cache',
      value: this.api.api.restApiId,
    });
    new CfnOutput(this, 'StageName', { value: apiStage.stage.stageName });
    new CfnOutput(this, 'TableName', { value: this.platform.data.table.tableName });
    new CfnOutput(this, 'SigningKeyRotator', {
      description:
        'Creates the first signing keys (invoke once after the first deploy) and rotates them every 30 days (docs/deployment.md)',
      value: this.functions.all
        .filter((f) => f.spec.permissions.tokenKeys === 'rotate')
        .map((f) => f.fn.functionName)
        .join(','),
    });
    new CfnOutput(this, 'AccessLogGroup', { value: apiStage.accessLogs.logGroupName });
    new CfnOutput(this, 'EventBusName', { value: this.events.bus.eventBusName });
    new CfnOutput(this, 'AlarmTopicArn', {
      description:
        'SNS topic of every alarm (functions, API, table, WAF, DLQs, outbox relay): subscribe operators to it',
      value: this.events.alarmTopic.topicArn,
    });

    acknowledgeNagFindings(this);
  }
}
