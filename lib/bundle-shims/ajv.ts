/**
 * Stands in for `ajv` (and ajv-formats.ts for `ajv-formats`) in every Lambda bundle: lib/bundling.ts
 * aliases those packages to these files at bundle time. Only the MCP SDK imports them: its Server
 * builds an `AjvJsonSchemaValidator` for one thing, checking a client's answer to an elicitation
 * request (`server.elicitInput`), which this service's MCP server never sends (shared/mcp/). In
 * the MCP function's bundle ajv, its formats and fast-uri are about 130 KB, loaded by every cold
 * start. With this stand-in the Server still constructs, and anything that would validate a JSON
 * Schema refuses loudly instead of passing unchecked.
 *
 * The local runtime and the tests run the TypeScript sources with the real ajv, so an elicitation
 * added later works there and fails on Lambda with this message: remove the alias then.
 */
export default class Ajv {
  compile(_schema: unknown): never {
    throw new Error(
      'JSON Schema validation (ajv) is not bundled into this function: lib/bundle-shims/ajv.ts',
    );
  }

  getSchema(_id: string): undefined {
    return undefined;
  }
}
