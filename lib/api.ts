import { Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as xray from 'aws-cdk-lib/aws-xray';
import { Construct, type IConstruct } from 'constructs';
import { AUTHORIZER_CACHE_TTL_SECONDS, answersOwnChallenge } from '../shared/auth/policy';
import { GATEWAY_RESPONSES, gatewayResponse } from '../shared/http/gateway-responses';
import type { AreaName } from './areas';
import { constructId } from './functions';
import type { Logging } from './logging';
import type { Manifest, ManifestRoute } from './manifest';
import { deploymentName } from './naming';
import type { Settings } from './settings';

/**
 * The REST API, spread over nested stacks (lib/hospital-stack.ts):
 *
 * - `Api` (API stack): the RestApi itself, the account's CloudWatch role, every gateway response,
 *   the REQUEST authorizers (the cached one of every protected route, and the uncached one of
 *   `POST /a2a`, see `CHALLENGE_AUTHORIZER_SETTINGS`), and the path resources that routes of
 *   several areas share.
 * - `ApiRoutes` (one per area stack): the area's path resources and methods, on the API imported
 *   by id (`RestApi.fromRestApiAttributes`), each proxied to its group's function.
 * - `ApiStage` (stage stack, created after every area stack): the deployment and the stage.
 *
 * A deployment is a snapshot of the API taken when it is created, and a stage serves one
 * deployment. CDK gives a RestApi's own deployment a new logical id (hence a new snapshot) when
 * a method of that RestApi changes, but it cannot see methods added in other stacks to an
 * imported API. So the deployment's logical id is computed here from `deploymentModel()`: every
 * method, gateway response and authorizer setting, as plain data built by the same functions
 * that create them. Any change to the API changes the id, and `cdk deploy` takes a new snapshot.
 */

/**
 * How long API Gateway caches the authorizer's answer for one Authorization header value.
 *
 * A revoked or rotated API key, a deactivated user or a suspended tenant is refused by the
 * authorizer at once, but a principal already in the cache keeps passing for up to this long on
 * AWS (the local runtime asks the authorizer on every request: it refuses at once). 60 s bounds
 * that window while sparing most authorizer invocations, each of which adds latency, a Lambda
 * invocation and two DynamoDB reads to a request.
 *
 * API Gateway reuses a cached answer for every method and path of the stage, so the Allow policy
 * names the whole stage (`arn:…:<apiId>/<stage>/*`, built in shared/auth/policy.ts); a policy for
 * one method would turn the next request with another method into a 403. Naming the stage is
 * safe because roles, scopes and `x-tenant-id` are checked inside each function against the route
 * manifest, never by API Gateway.
 */
export const AUTHORIZER_CACHE_TTL = Duration.seconds(AUTHORIZER_CACHE_TTL_SECONDS);

/**
 * The header API Gateway hands to the authorizer and uses as the cache key. Only this header: the
 * authorizer's answer depends on the credential alone. `x-tenant-id` is compared with the
 * credential's tenant inside the function (shared/auth/access.ts), so it needs no place in the key.
 */
export const AUTHORIZATION_HEADER = 'Authorization';

/** One API Gateway method as plain data: what an area stack creates and the deployment hashes. */
export interface MethodSpec {
  route: ManifestRoute;
  area: AreaName;
  httpMethod: string;
  path: string;
  authorizationType: apigw.AuthorizationType.NONE | apigw.AuthorizationType.CUSTOM;
  /**
   * The function answers a missing or refused credential itself (`POST /a2a`, its OAuth
   * challenge): the method uses the challenge authorizer (`CHALLENGE_AUTHORIZER_SETTINGS`).
   */
  ownChallenge: boolean;
  operationName: string;
}

/** One method per route, with its group's area. Refuses a route declared twice or without group. */
export function methodSpecs(manifest: Manifest): MethodSpec[] {
  const areaOf = new Map(manifest.groups.map((g) => [g.name, g.area]));
  const seen = new Set<string>();
  return manifest.routes.map((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) throw new Error(`Route ${key} is declared twice (second: ${route.label})`);
    seen.add(key);
    const area = areaOf.get(route.group);
    if (!area) throw new Error(`Route ${key} belongs to the unknown group ${route.group}`);
    return {
      route,
      area,
      httpMethod: route.method,
      path: route.path,
      authorizationType: route.isPublic
        ? apigw.AuthorizationType.NONE
        : apigw.AuthorizationType.CUSTOM,
      ownChallenge: !route.isPublic && answersOwnChallenge(route.method, route.path),
      operationName: route.label,
    };
  });
}

/** Every resource path a route path needs below the root: `/a/{id}` → `/a`, `/a/{id}`. */
function resourcePaths(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join('/')}`);
}

/**
 * Path resources that routes of more than one area need, parents first. API Gateway allows one
 * resource per path, so the API stack creates these and the area stacks build beneath them; every
 * other path belongs to the one area whose routes use it.
 */
export function sharedResourcePaths(methods: readonly MethodSpec[]): string[] {
  const areas = new Map<string, Set<AreaName>>();
  for (const m of methods) {
    for (const p of resourcePaths(m.path)) {
      if (!areas.has(p)) areas.set(p, new Set());
      areas.get(p)!.add(m.area);
    }
  }
  return [...areas]
    .filter(([, set]) => set.size > 1)
    .map(([p]) => p)
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/** One gateway response as plain data (shared/http/gateway-responses.ts). */
export interface GatewayResponseSpec {
  type: string;
  statusCode: string;
  headers: Record<string, string>;
  template: string;
}

/**
 * One gateway response per type, each with its own status (DEFAULT_4XX/5XX included, see
 * shared/http/gateway-responses.ts), so that every answer API Gateway or the WAF produces is JSON.
 */
export function gatewayResponseSpecs(): GatewayResponseSpec[] {
  return GATEWAY_RESPONSES.map(({ type }) => {
    const { statusCode, body } = gatewayResponse(type);
    const template = JSON.stringify(body);
    // The template is Velocity (VTL): `$` and `#` would be read as references and directives.
    if (/[$#\\]/.test(template))
      throw new Error(`Gateway response ${type}: the message may not contain $, # or \\ (VTL)`);
    return {
      type,
      statusCode: String(statusCode),
      headers: { 'Content-Type': "'application/json'" },
      template,
    };
  });
}

const AUTHORIZER_SETTINGS = {
  type: 'REQUEST',
  identitySource: apigw.IdentitySource.header(AUTHORIZATION_HEADER),
  resultsCacheTtlSeconds: AUTHORIZER_CACHE_TTL.toSeconds(),
} as const;

/**
 * The authorizer of `POST /a2a` alone (shared/auth/policy.ts `answersOwnChallenge`): the same
 * function, with no identity source and no cache. With an identity source API Gateway answers a
 * request without it with its own 401, whose headers are static and shared by every path of the
 * API, so it could not carry the challenge that points OAuth clients at /a2a's protected resource
 * metadata without pointing every REST route there too. Without one, API Gateway calls the
 * authorizer for every request (which is why it cannot cache: the cache key would be empty), and
 * the authorizer lets a request it cannot verify through to the A2A function only, with no
 * principal, for that function's 401 with the challenge. The cost: every A2A call invokes the
 * authorizer (the REST routes keep the cached one), and a revocation stops /a2a at once.
 */
export const CHALLENGE_AUTHORIZER_SETTINGS = {
  type: 'REQUEST',
  resultsCacheTtlSeconds: 0,
} as const;

/**
 * Everything a deployment snapshots, as plain data: the methods (with the construct path of the
 * function each one invokes, which changes when a group moves to another area and its function
 * is replaced), the shared resources, the gateway responses and the authorizer settings.
 */
export function deploymentModel(
  methods: readonly MethodSpec[],
  integrationTargets: ReadonlyMap<string, IConstruct>,
): unknown {
  return {
    methods: methods.map((m) => ({
      area: m.area,
      httpMethod: m.httpMethod,
      path: m.path,
      authorizationType: m.authorizationType,
      ...(m.ownChallenge ? { authorizer: 'challenge' } : {}),
      operationName: m.operationName,
      integration: {
        type: 'AWS_PROXY',
        function: integrationTargets.get(m.route.group)?.node.path,
      },
    })),
    sharedResources: sharedResourcePaths(methods),
    gatewayResponses: gatewayResponseSpecs(),
    authorizer: AUTHORIZER_SETTINGS,
    challengeAuthorizer: CHALLENGE_AUTHORIZER_SETTINGS,
  };
}

export interface ApiProps {
  authorizerFunction: lambda.IFunction;
  /** Every method of the API (only their paths are used here: the shared resources). */
  methods: readonly MethodSpec[];
  /**
   * With a custom domain, the default execute-api endpoint may be switched off (context
   * `disableExecuteApiEndpoint`), so that clients reach the API only through the domain's TLS policy.
   */
  disableExecuteApiEndpoint?: boolean;
}

/**
 * The RestApi and what belongs to the API as a whole. The RestApi is the L1 resource: the L2
 * `RestApi` refuses to synthesise without a method of its own, and every method lives in an area
 * stack. Its CloudWatch role is the one `RestApi({ cloudWatchRole: true })` would create.
 */
export class Api extends Construct {
  readonly resource: apigw.CfnRestApi;
  /** The same API as an L2 reference, for gateway responses and shared resources. */
  readonly restApi: apigw.IRestApi;
  readonly restApiId: string;
  readonly rootResourceId: string;
  readonly cloudWatchRole: iam.Role;
  readonly authorizer: apigw.CfnAuthorizer;
  /** The id of the REQUEST authorizer, for methods in other stacks. */
  readonly authorizerId: string;
  /** The uncached authorizer of `POST /a2a` (`CHALLENGE_AUTHORIZER_SETTINGS`). */
  readonly challengeAuthorizer: apigw.CfnAuthorizer;
  readonly challengeAuthorizerId: string;
  /** Resources shared by areas, by path (see `sharedResourcePaths`). */
  readonly sharedResources: ReadonlyMap<string, apigw.IResource>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const name = deploymentName(this);

    this.resource = new apigw.CfnRestApi(this, 'RestApi', {
      name: `${name}-api`,
      description:
        'Hospital Management Service REST API (generated from the REST bindings in shared/api)',
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      minimumCompressionSize: Size.kibibytes(1).toBytes(),
      ...(props.disableExecuteApiEndpoint ? { disableExecuteApiEndpoint: true } : {}),
    });
    this.restApiId = this.resource.ref;
    this.rootResourceId = this.resource.attrRootResourceId;
    this.restApi = apigw.RestApi.fromRestApiAttributes(this, 'Reference', {
      restApiId: this.restApiId,
      rootResourceId: this.rootResourceId,
      restApiName: `${name}-api`,
    });

    // API Gateway needs an account-level role to write execution and access logs. Retained, as
    // CDK's RestApi does: the setting is per account and region, shared by every REST API there.
    this.cloudWatchRole = new iam.Role(this, 'CloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName(
          'service-role/AmazonAPIGatewayPushToCloudWatchLogs',
        ),
      ],
    });
    this.cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    const account = new apigw.CfnAccount(this, 'Account', {
      cloudWatchRoleArn: this.cloudWatchRole.roleArn,
    });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);
    account.node.addDependency(this.resource);

    for (const spec of gatewayResponseSpecs()) {
      new apigw.GatewayResponse(this, constructId(spec.type.toLowerCase().replace(/_/g, '-')), {
        restApi: this.restApi,
        type: apigw.ResponseType.of(spec.type),
        statusCode: spec.statusCode,
        responseHeaders: spec.headers,
        templates: { 'application/json': spec.template },
      });
    }

    // What `RequestAuthorizer` creates, which cannot be used here: it attaches itself to the API
    // of the first method that uses it, and the methods are in other stacks.
    const fn = props.authorizerFunction;
    const stack = Stack.of(this);
    this.authorizer = new apigw.CfnAuthorizer(this, 'Authorizer', {
      restApiId: this.restApiId,
      name: `${name}-authorizer`,
      type: AUTHORIZER_SETTINGS.type,
      authorizerUri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
      identitySource: AUTHORIZER_SETTINGS.identitySource,
      authorizerResultTtlInSeconds: AUTHORIZER_SETTINGS.resultsCacheTtlSeconds,
    });
    this.authorizerId = this.authorizer.ref;
    fn.addPermission('InvokedByAuthorizer', {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: stack.formatArn({
        service: 'execute-api',
        resource: this.restApiId,
        resourceName: `authorizers/${this.authorizerId}`,
      }),
    });
    this.challengeAuthorizer = new apigw.CfnAuthorizer(this, 'ChallengeAuthorizer', {
      restApiId: this.restApiId,
      name: `${name}-challenge-authorizer`,
      type: CHALLENGE_AUTHORIZER_SETTINGS.type,
      authorizerUri: this.authorizer.authorizerUri,
      authorizerResultTtlInSeconds: CHALLENGE_AUTHORIZER_SETTINGS.resultsCacheTtlSeconds,
    });
    this.challengeAuthorizerId = this.challengeAuthorizer.ref;
    fn.addPermission('InvokedByChallengeAuthorizer', {
      principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: stack.formatArn({
        service: 'execute-api',
        resource: this.restApiId,
        resourceName: `authorizers/${this.challengeAuthorizerId}`,
      }),
    });

    const shared = new Map<string, apigw.IResource>();
    for (const path of sharedResourcePaths(props.methods))
      shared.set(path, this.restApi.root.resourceForPath(path));
    this.sharedResources = shared;
  }
}

export interface ApiRoutesProps {
  restApiId: string;
  rootResourceId: string;
  authorizerId: string;
  /** The uncached authorizer of the methods that answer their own challenge (`POST /a2a`). */
  challengeAuthorizerId: string;
  /** The API stack's shared resources (`Api.sharedResources`), by path. */
  sharedResources: ReadonlyMap<string, apigw.IResource>;
  /** This area's methods. */
  methods: readonly MethodSpec[];
  /** The integration target of each group, by group name. */
  groupFunctions: ReadonlyMap<string, lambda.IFunction>;
}

export interface RouteMethod {
  spec: MethodSpec;
  method: apigw.Method;
}

/**
 * At most this many of an area's methods are created at once: method i waits for method i - 5.
 * With the area stacks themselves created one after another (lib/hospital-stack.ts), the first
 * deploy never has more than five PutMethod calls in flight, where 146 at once met API Gateway's
 * control-plane rate limit (429 TooManyRequests) and failed the create.
 */
export const METHOD_LANES = 5;

/**
 * An area's part of the REST API: its path resources and one method per route, proxied to its
 * group's function. Public routes need no credential; the others go through the REQUEST
 * authorizer, referenced by id. Request bodies and parameters are validated in the functions (zod
 * schemas from the same manifest), so API Gateway carries no models.
 */
export class ApiRoutes extends Construct {
  /** The API imported by id: every resource and method of the area is created beneath it. */
  readonly restApi: apigw.IRestApi;
  readonly methods: readonly RouteMethod[];

  constructor(scope: Construct, id: string, props: ApiRoutesProps) {
    super(scope, id);
    this.restApi = apigw.RestApi.fromRestApiAttributes(this, 'RestApi', {
      restApiId: props.restApiId,
      rootResourceId: props.rootResourceId,
    });
    // A plain reference: a RequestAuthorizer refuses to attach to an imported API.
    const authorizer: apigw.IAuthorizer = {
      authorizerId: props.authorizerId,
      authorizationType: apigw.AuthorizationType.CUSTOM,
    };
    const challengeAuthorizer: apigw.IAuthorizer = {
      authorizerId: props.challengeAuthorizerId,
      authorizationType: apigw.AuthorizationType.CUSTOM,
    };

    const imported = new Map<string, apigw.IResource>();
    /** The resource to build `path` beneath (the deepest shared one, or the root), and the rest. */
    const base = (path: string): { resource: apigw.IResource; rest: string } => {
      const shared = [...props.sharedResources.keys()]
        .filter((p) => path === p || path.startsWith(`${p}/`))
        .sort((a, b) => b.length - a.length)[0];
      if (!shared) return { resource: this.restApi.root, rest: path };
      if (!imported.has(shared)) {
        imported.set(
          shared,
          apigw.Resource.fromResourceAttributes(
            this.restApi,
            `Shared${shared.replace(/\//g, '.')}`,
            {
              restApi: this.restApi,
              resourceId: props.sharedResources.get(shared)!.resourceId,
              path: shared,
            },
          ),
        );
      }
      return { resource: imported.get(shared)!, rest: path.slice(shared.length + 1) };
    };

    const integrations = new Map<string, apigw.LambdaIntegration>();
    const integrationFor = (group: string) => {
      let integration = integrations.get(group);
      if (!integration) {
        const fn = props.groupFunctions.get(group);
        if (!fn) throw new Error(`Routes of group ${group} have no function in this area`);
        // One invoke permission per function for this API instead of one per method: a group
        // with many routes would otherwise approach Lambda's 20 KB resource-policy limit.
        integration = new apigw.LambdaIntegration(fn, {
          proxy: true,
          scopePermissionToMethod: false,
        });
        integrations.set(group, integration);
      }
      return integration;
    };

    this.methods = props.methods.map((spec) => {
      const { resource: parent, rest } = base(spec.path);
      const resource = parent.resourceForPath(rest);
      const options: apigw.MethodOptions =
        spec.authorizationType === apigw.AuthorizationType.NONE
          ? { authorizationType: spec.authorizationType, operationName: spec.operationName }
          : {
              authorizationType: spec.authorizationType,
              authorizer: spec.ownChallenge ? challengeAuthorizer : authorizer,
              operationName: spec.operationName,
            };
      return {
        spec,
        method: resource.addMethod(spec.httpMethod, integrationFor(spec.route.group), options),
      };
    });
    this.methods.forEach(({ method }, i) => {
      const before = this.methods[i - METHOD_LANES];
      if (before) method.node.addDependency(before.method);
    });
  }
}

export interface ApiStageProps {
  restApiId: string;
  rootResourceId: string;
  /** Every method of every area: the deployment is created after all of them. */
  methods: readonly apigw.Method[];
  /** `deploymentModel()`: its hash is part of the deployment's logical id. */
  model: unknown;
  logging: Logging;
  settings: Pick<Settings, 'stageName' | 'throttleRateLimit' | 'throttleBurstLimit' | 'domain'>;
}

/**
 * One JSON line per request: who (principal and tenant, from the authorizer's context: empty for
 * public routes and refused credentials), what (method, resource path: never the query string,
 * which may hold a patient search), how long (total, integration and authorizer latency) and what
 * went wrong (the gateway's error message and response type, the authorizer's and integration's
 * errors). `$context.identity.user`/`caller` (IAM callers) were always empty here and are gone.
 */
export const ACCESS_LOG_FORMAT = apigw.AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    requestTime: '$context.requestTime',
    httpMethod: '$context.httpMethod',
    resourcePath: '$context.resourcePath',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    principalId: '$context.authorizer.principalId',
    principalType: '$context.authorizer.principalType',
    role: '$context.authorizer.role',
    tenantId: '$context.authorizer.tenantId',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integration.latency',
    authorizerLatencyMs: '$context.authorizer.latency',
    error: '$context.error.message',
    errorType: '$context.error.responseType',
    authorizerError: '$context.authorizer.error',
    integrationError: '$context.integration.error',
    wafStatus: '$context.waf.status',
  }),
);

/**
 * The deployment of the API and its one stage: access logs, throttling, tracing, execution logs
 * for errors only, and the optional custom domain mapped at the root.
 */
export class ApiStage extends Construct {
  readonly deployment: apigw.Deployment;
  readonly stage: apigw.Stage;
  readonly accessLogs: logs.LogGroup;
  readonly executionLogs: logs.LogGroup;
  readonly domain?: apigw.DomainName;

  constructor(scope: Construct, id: string, props: ApiStageProps) {
    super(scope, id);
    const { settings } = props;
    const restApi = apigw.RestApi.fromRestApiAttributes(this, 'RestApi', {
      restApiId: props.restApiId,
      rootResourceId: props.rootResourceId,
    });

    this.deployment = new apigw.Deployment(this, 'Deployment', {
      api: restApi,
      description: 'Hospital Management Service REST API (lib/api.ts, deploymentModel)',
    });
    this.deployment.addToLogicalId(props.model);
    // CloudFormation creates the deployment after every method, in whichever nested stack: a
    // snapshot taken earlier would miss the methods not created yet.
    for (const method of props.methods) this.deployment.node.addDependency(method);

    this.accessLogs = props.logging.logGroup(this, 'AccessLogs');
    // API Gateway writes execution logs to this fixed name, creating the group itself (no
    // retention, no key) unless it exists: the stack creates it first, with both.
    this.executionLogs = props.logging.logGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${props.restApiId}/${settings.stageName}`,
    });
    this.stage = new apigw.Stage(this, 'Stage', {
      deployment: this.deployment,
      stageName: settings.stageName,
      accessLogDestination: new apigw.LogGroupLogDestination(this.accessLogs),
      accessLogFormat: ACCESS_LOG_FORMAT,
      // Stage-wide token bucket: steady rate and burst, per region and account; beyond it API
      // Gateway answers 429 (gateway response THROTTLED) without invoking anything.
      throttlingRateLimit: settings.throttleRateLimit,
      throttlingBurstLimit: settings.throttleBurstLimit,
      tracingEnabled: true,
      // Execution logs for errors only, and never request or response bodies (patient data).
      loggingLevel: apigw.MethodLoggingLevel.ERROR,
      dataTraceEnabled: false,
    });
    this.stage.node.addDependency(this.executionLogs);

    // API Gateway's X-Ray segment records the request URL with its query string, and a patient
    // search (`GET /patients?q=<name or phone>`) is patient data: such requests are never
    // sampled (their Lambda segments, which carry no URL, follow the same decision).
    new xray.CfnSamplingRule(this, 'NoPatientSearchTraces', {
      samplingRule: {
        ruleName: `${deploymentName(this)}-nosearch`.slice(-32).replace(/^[^A-Za-z0-9]+/, ''),
        priority: 1,
        fixedRate: 0,
        reservoirSize: 0,
        serviceName: '*',
        serviceType: 'AWS::ApiGateway::Stage',
        host: '*',
        httpMethod: 'GET',
        urlPath: '*/patients',
        resourceArn: '*',
        version: 1,
      },
    });

    if (settings.domain) {
      this.domain = new apigw.DomainName(this, 'Domain', {
        domainName: settings.domain.name,
        certificate: acm.Certificate.fromCertificateArn(
          this,
          'Certificate',
          settings.domain.certificateArn,
        ),
        endpointType: apigw.EndpointType.REGIONAL,
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
      this.domain.addBasePathMapping(restApi, { stage: this.stage });
    }
  }

  /** The public base URL: the custom domain when there is one, else the execute-api stage URL. */
  get url(): string {
    return this.urlForPath('/');
  }

  urlForPath(path: string): string {
    return this.domain ? `https://${this.domain.domainName}${path}` : this.stage.urlForPath(path);
  }
}
