import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { AUTHORIZER_CACHE_TTL_SECONDS } from '../shared/auth/policy';
import { mcpSpec } from './function-specs';
import { ApiFunction } from './functions';
import type { Logging } from './logging';
import type { Secrets } from './secrets';
import type { Settings } from './settings';

export interface McpEndpointProps {
  table: dynamodb.ITable;
  secrets: Secrets;
  logging: Logging;
  logLevel: Settings['logLevel'];
  /** Concurrent executions reserved for MCP, and its cap (Settings.mcpReservedConcurrency). */
  reservedConcurrency: Settings['mcpReservedConcurrency'];
}

/**
 * The MCP server: its function (least privilege from mcpSpec: the table, the JWT secret) behind a
 * Function URL with response streaming, which the SSE transport needs and API Gateway's REST
 * APIs cannot give. The URL is public (auth type NONE) because MCP clients send a bearer token and
 * cannot sign SigV4 requests; the function verifies the token itself before any MCP traffic,
 * with the authorizer's own code (shared/edge/authenticate.ts). Its reserved concurrency caps it
 * too: each open SSE stream holds an execution for up to 290 s, and a crowd of streams must not
 * take the account's concurrency from the REST functions (docs/agents.md).
 */
export class McpEndpoint extends Construct {
  readonly fn: ApiFunction;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: McpEndpointProps) {
    super(scope, id);
    const { reservedConcurrency, ...functionProps } = props;
    this.fn = new ApiFunction(this, 'Mcp', { ...functionProps, spec: mcpSpec() });
    if (reservedConcurrency > 0)
      (this.fn.fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions =
        reservedConcurrency;
    this.url = this.fn.live.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });
    // Verified credentials are kept as long as API Gateway keeps the authorizer's answer.
    this.fn.fn.addEnvironment('MCP_AUTH_CACHE_SECONDS', String(AUTHORIZER_CACHE_TTL_SECONDS));
  }
}
