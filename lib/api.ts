import { Duration, Size, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { allRoutes, type ManifestRoute } from '../shared/api/index';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../shared/auth/policy';
import { GATEWAY_RESPONSES, gatewayResponse } from '../shared/http/gateway-responses';
import { isPublicRoute, routeName } from '../shared/http/route';
import { constructId } from './functions';
import type { Logging } from './logging';
import type { Settings } from './settings';

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

export interface ApiProps {
  /** The integration target of each group, by group name. */
  groupFunctions: ReadonlyMap<string, lambda.IFunction>;
  authorizerFunction: lambda.IFunction;
  logging: Logging;
  settings: Pick<Settings, 'stageName' | 'throttleRateLimit' | 'throttleBurstLimit' | 'domain'>;
  /** Defaults to every route of the manifest. */
  routes?: ManifestRoute[];
}

export interface RouteMethod {
  route: ManifestRoute;
  method: apigw.Method;
}

/**
 * The REST API, generated from the route manifest: one resource per path, one method per route,
 * proxied to its group's function. Public routes need no credential; the others go through the
 * REQUEST authorizer. Request bodies and parameters are validated in the functions (zod schemas
 * from the same manifest), so API Gateway carries no models.
 */
export class Api extends Construct {
  readonly restApi: apigw.RestApi;
  readonly accessLogs: logs.LogGroup;
  readonly methods: readonly RouteMethod[];
  readonly domain?: apigw.DomainName;
  private authorizer?: apigw.RequestAuthorizer;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { settings } = props;
    const stack = Stack.of(this);

    this.accessLogs = props.logging.logGroup(this, 'AccessLogs');
    this.restApi = new apigw.RestApi(this, 'RestApi', {
      restApiName: `${stack.stackName}-api`,
      description: 'Hospital Management Service REST API (generated from shared/routes)',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      // API Gateway needs an account-level role to write execution and access logs.
      cloudWatchRole: true,
      minCompressionSize: Size.kibibytes(1),
      deployOptions: {
        stageName: settings.stageName,
        accessLogDestination: new apigw.LogGroupLogDestination(this.accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields({
          caller: true,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: true,
        }),
        // Stage-wide token bucket: steady rate and burst, per region and account; beyond it API
        // Gateway answers 429 (gateway response THROTTLED) without invoking anything.
        throttlingRateLimit: settings.throttleRateLimit,
        throttlingBurstLimit: settings.throttleBurstLimit,
        tracingEnabled: true,
        // Execution logs for errors only, and never request or response bodies (patient data).
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
      },
    });

    // The stack outputs the public URL itself (custom domain aware); drop CDK's duplicate.
    this.restApi.node.tryRemoveChild('Endpoint');

    this.addGatewayResponses();
    this.methods = this.addRoutes(props);

    if (settings.domain) {
      this.domain = this.restApi.addDomainName('Domain', {
        domainName: settings.domain.name,
        certificate: acm.Certificate.fromCertificateArn(
          this,
          'Certificate',
          settings.domain.certificateArn,
        ),
        endpointType: apigw.EndpointType.REGIONAL,
        securityPolicy: apigw.SecurityPolicy.TLS_1_2,
      });
    }
  }

  /** The public base URL: the custom domain when there is one, else the execute-api stage URL. */
  get url(): string {
    return this.domain ? `https://${this.domain.domainName}/` : this.restApi.url;
  }

  urlForPath(path: string): string {
    return this.domain ? `https://${this.domain.domainName}${path}` : this.restApi.urlForPath(path);
  }

  /**
   * One gateway response per type, each with its own status (DEFAULT_4XX/5XX included, see
   * shared/http/gateway-responses.ts), so that every answer API Gateway or the WAF produces is JSON.
   */
  private addGatewayResponses(): void {
    for (const { type } of GATEWAY_RESPONSES) {
      const { statusCode, body } = gatewayResponse(type);
      const template = JSON.stringify(body);
      // The template is Velocity (VTL): `$` and `#` would be read as references and directives.
      if (/[$#\\]/.test(template))
        throw new Error(`Gateway response ${type}: the message may not contain $, # or \\ (VTL)`);
      this.restApi.addGatewayResponse(constructId(type.toLowerCase().replace(/_/g, '-')), {
        type: apigw.ResponseType.of(type),
        statusCode: String(statusCode),
        responseHeaders: { 'Content-Type': "'application/json'" },
        templates: { 'application/json': template },
      });
    }
  }

  private requestAuthorizer(fn: lambda.IFunction): apigw.RequestAuthorizer {
    this.authorizer ??= new apigw.RequestAuthorizer(this, 'Authorizer', {
      authorizerName: `${Stack.of(this).stackName}-authorizer`,
      handler: fn,
      identitySources: [apigw.IdentitySource.header(AUTHORIZATION_HEADER)],
      resultsCacheTtl: AUTHORIZER_CACHE_TTL,
    });
    return this.authorizer;
  }

  private addRoutes(props: ApiProps): RouteMethod[] {
    const routes = props.routes ?? allRoutes();
    const integrations = new Map<string, apigw.LambdaIntegration>();
    const integrationFor = (group: string) => {
      let integration = integrations.get(group);
      if (!integration) {
        const fn = props.groupFunctions.get(group);
        if (!fn) throw new Error(`Routes of group ${group} have no function`);
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

    const seen = new Set<string>();
    return routes.map((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key))
        throw new Error(`Route ${key} is declared twice (second: ${routeName(route)})`);
      seen.add(key);
      const resource =
        route.path === '/' ? this.restApi.root : this.restApi.root.resourceForPath(route.path);
      const options: apigw.MethodOptions = isPublicRoute(route)
        ? {
            authorizationType: apigw.AuthorizationType.NONE,
            operationName: routeName(route),
          }
        : {
            authorizationType: apigw.AuthorizationType.CUSTOM,
            authorizer: this.requestAuthorizer(props.authorizerFunction),
            operationName: routeName(route),
          };
      return {
        route,
        method: resource.addMethod(route.method, integrationFor(route.group), options),
      };
    });
  }
}
