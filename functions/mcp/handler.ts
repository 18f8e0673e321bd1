import '../../shared/kernel/stack-traces';
import { handleMcp } from '../../shared/mcp/function-url';
import { streamify } from '../../shared/mcp/streaming';

/** The MCP function behind its Function URL (RESPONSE_STREAM): /sse, /messages and /mcp. */
export const handler = streamify(handleMcp);
