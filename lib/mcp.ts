import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../shared/auth/policy';
import { mcpSpec } from './function-specs';
import { ApiFunction } from './functions';
import type { Logging } from './logging';
import { McpEdge } from './mcp-edge';
import type { Secrets } from './secrets';
import type { Settings } from './settings';

export interface McpEndpointProps {
  table: dynamodb.ITable;
  secrets: Secrets;
  logging: Logging;
  logLevel: Settings['logLevel'];
  /** Concurrent executions reserved for MCP, and its cap (Settings.mcpReservedConcurrency). */
  reservedConcurrency: Settings['mcpReservedConcurrency'];
  /** ARN of the CloudFront-scope web ACL in front of it (lib/mcp-web-acl-lookup.ts). */
  webAclArn: string;
}

/**
 * The MCP server: its function (least privilege from mcpSpec: the table, the JWT secret) behind a
 * Function URL with response streaming, which the SSE transport needs and API Gateway's REST
 * APIs cannot give, and CloudFront with a WAF web ACL in front of that (lib/mcp-edge.ts): clients
 * use the distribution's URL, and the function refuses requests that did not come through it.
 * The URL's auth type is NONE because MCP clients send a bearer token and cannot sign SigV4
 * requests (nor their bodies, which origin access control would need); the function verifies the
 * token itself before any MCP traffic, with the authorizer's own code
 * (shared/edge/authenticate.ts). Its reserved concurrency caps it too: each open SSE stream holds
 * an execution for up to 290 s, and a crowd of streams must not take the account's concurrency
 * from the REST functions (docs/agents.md).
 */
export class McpEndpoint extends Construct {
  readonly fn: ApiFunction;
  readonly url: lambda.FunctionUrl;
  readonly edge: McpEdge;

  constructor(scope: Construct, id: string, props: McpEndpointProps) {
    super(scope, id);
    const { reservedConcurrency, webAclArn: _, ...functionProps } = props;
    this.fn = new ApiFunction(this, 'Mcp', { ...functionProps, spec: mcpSpec() });
    if (reservedConcurrency > 0)
      (this.fn.fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions =
        reservedConcurrency;
    this.url = this.fn.live.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });
    this.edge = new McpEdge(this, 'Edge', {
      url: this.url,
      webAclArn: props.webAclArn,
      secretsKey: props.secrets.key,
    });
    // Resolved at deployment like the cursor key (lib/secrets.ts): the template holds a reference.
    this.fn.fn.addEnvironment(
      'MCP_ORIGIN_SECRET',
      this.edge.originSecret.secretValue.unsafeUnwrap(),
    );
    // Verified credentials are kept as long as API Gateway keeps the authorizer's answer.
    this.fn.fn.addEnvironment('MCP_AUTH_CACHE_SECONDS', String(AUTHORIZER_CACHE_TTL_SECONDS));
  }
}
