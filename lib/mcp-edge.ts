import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_HEADER, VIEWER_REQUEST_FUNCTION } from '../shared/mcp/function';
import { deploymentName } from './naming';

/**
 * CloudFront accepts only web ACLs of scope CLOUDFRONT, and WAF keeps those in us-east-1; CloudFront
 * publishes its metrics there too.
 */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

/**
 * How long CloudFront waits for the origin's first byte, and then between two chunks. 60 s is the
 * most CloudFront allows without a quota increase; an SSE stream writes a keep-alive comment
 * every 15 s (shared/mcp/function-url.ts), so it never idles that long, and a Streamable HTTP
 * tool call must answer within it (docs/deployment.md, "MCP behind CloudFront").
 */
export const ORIGIN_READ_TIMEOUT_SECONDS = 60;

export interface McpEdgeProps {
  /** The MCP function's Function URL (RESPONSE_STREAM). */
  url: lambda.IFunctionUrl;
  /** ARN of a web ACL of scope CLOUDFRONT (lib/mcp-firewall-stack.ts, read by lib/mcp-web-acl-lookup.ts). */
  webAclArn: string;
  /** The key of the stack's secrets (lib/secrets.ts). */
  secretsKey: kms.IKey;
}

/**
 * CloudFront in front of the MCP Function URL, so that MCP has the REST API's protections: the
 * WAF web ACL (per-IP rate rule, AWS managed rules), HTTPS only, nothing cached. The URL keeps
 * auth type NONE (origin access control would make every MCP client sign its POST bodies,
 * docs/decisions.md); instead CloudFront sends a secret header the function checks before
 * anything else (shared/mcp/origin.ts), so a request that goes around CloudFront is refused.
 * Streaming passes through: no caching, no compression at the edge, and the origin timeout
 * above the streams' keep-alive interval.
 */
export class McpEdge extends Construct {
  readonly distribution: cloudfront.Distribution;
  /** The value CloudFront adds as ORIGIN_SECRET_HEADER; the MCP function gets it too. */
  readonly originSecret: secretsmanager.Secret;
  /** `https://<distribution domain>/`: the MCP URL clients use (stack output McpUrl). */
  readonly url: string;

  constructor(scope: Construct, id: string, props: McpEdgeProps) {
    super(scope, id);
    const name = deploymentName(this);
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: `${name}: header CloudFront sends to the MCP function (rotating it: docs/operations.md)`,
      encryptionKey: props.secretsKey,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const viewerRequest = new cloudfront.Function(this, 'ViewerRequest', {
      // CloudFront Function names are per account, not per stack: the deployment's name keeps
      // two copies of the service apart.
      functionName: `${name}-mcp-viewer-request`,
      comment: 'Names the host and address the MCP client used, for the MCP function',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(VIEWER_REQUEST_FUNCTION),
    });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${name} MCP server`,
      webAclId: props.webAclArn,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: new origins.FunctionUrlOrigin(props.url, {
          readTimeout: Duration.seconds(ORIGIN_READ_TIMEOUT_SECONDS),
          keepaliveTimeout: Duration.seconds(ORIGIN_READ_TIMEOUT_SECONDS),
          customHeaders: {
            [ORIGIN_SECRET_HEADER]: this.originSecret.secretValue.unsafeUnwrap(),
          },
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        // Every answer is for one credential: nothing is cached, and no compression at the edge,
        // which would hold back an SSE stream's events.
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        compress: false,
        // Every header the transports use (Authorization, Mcp-Session-Id, Mcp-Protocol-Version,
        // Last-Event-ID, Accept, Content-Type, X-Tenant-Id, User-Agent) and every query string
        // (`/messages?sessionId=`, OAuth's): an origin request policy may not name
        // Authorization, and with caching disabled the managed AllViewer policies forward it.
        // Not Host: the Function URL answers only to its own.
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        functionAssociations: [
          { function: viewerRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}/`;
  }
}
