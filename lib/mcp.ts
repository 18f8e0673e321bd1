import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
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
}

/**
 * The MCP server: its function (least privilege from mcpSpec: the table, the JWT secret) behind a
 * Function URL with response streaming, which the SSE transport needs and API Gateway's REST
 * APIs cannot give. The URL is public (auth type NONE) because MCP clients send a bearer token and
 * cannot sign SigV4 requests; the function verifies the token itself before any MCP traffic,
 * with the authorizer's own code (shared/auth/authorize.ts).
 */
export class McpEndpoint extends Construct {
  readonly fn: ApiFunction;
  readonly url: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: McpEndpointProps) {
    super(scope, id);
    this.fn = new ApiFunction(this, 'Mcp', { ...props, spec: mcpSpec() });
    this.url = this.fn.fn.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });
  }
}
