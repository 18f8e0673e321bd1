/**
 * The scope catalogue: every scope an API key may carry. Each module declares its scopes, with
 * what each grants, in its manifest (`scopes`); the catalogue is generated from the manifests into
 * catalogue.generated.ts (`npm run docs`), so the kernel holds it as data and the `Scope` type
 * follows. It drives validation of `api-keys.create`, the dashboard's checkboxes, the operations'
 * access rules and the docs.
 *
 * `tenant:read` is granted but no operation asks for it yet (every key already reads its own
 * hospital with tenants.current). The `agents:*` scopes are asked for by agent capabilities (MCP
 * tools, A2A skills): a key holding one may use the capabilities that name it, and for those calls
 * only it holds the scopes of the operations they run.
 */
import { SCOPE_NAMES as NAMES, SCOPES } from './catalogue.generated';

export { SCOPES };

export type Scope = (typeof NAMES)[number];

export const SCOPE_NAMES = NAMES as unknown as [Scope, ...Scope[]];

const known: ReadonlySet<string> = new Set(NAMES);

export function isScope(value: string): value is Scope {
  return known.has(value);
}
