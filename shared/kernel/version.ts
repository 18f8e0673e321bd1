/**
 * The version of the interface specification this service implements (spec/interface-spec.md):
 * what the OpenAPI document, the agent card, the meta lists and the MCP server info report.
 * Declared once; change it when the service implements a newer version of the specification.
 */
export const INTERFACE_VERSION = '1.6.0';
