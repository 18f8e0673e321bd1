/**
 * Everything an agent or a person reads about the agent platform, derived from the catalogue:
 * the MCP tool descriptors (tools/list), the A2A skills and agent card, the ai-plugin manifest,
 * the public meta lists and the MCP resources svc://capabilities and svc://agents. Counts are
 * computed from the lists, so they agree everywhere by construction (and tests check it).
 */
import { GRANT_SCOPES_BY_ROLE } from '../kernel/catalogue.generated';
import { SCOPE_NAMES, SCOPES, type Scope } from '../kernel/scopes';
import { INTERFACE_VERSION } from '../kernel/version';
import type { AnyCapability, Skill, ToolAnnotations } from './capability';
import { CAPABILITIES, outputSchemas, SKILLS } from './catalogue';

/** The lists the documents describe: the generated catalogue, or one derived from manifests (docs). */
export interface Catalogue {
  capabilities: readonly AnyCapability[];
  skills: readonly Skill[];
}

const RUNTIME: Catalogue = { capabilities: CAPABILITIES, skills: SKILLS };

/**
 * The version agents see (agent card, meta lists, MCP server info): the interface
 * specification's, declared once in the kernel.
 */
export const AGENT_PLATFORM_VERSION = INTERFACE_VERSION;
export const SERVICE_NAME = 'Hospital Management Service';
export const MCP_PROTOCOL_NOTE =
  'MCP: legacy HTTP+SSE (GET /sse, POST /messages) and Streamable HTTP (POST /mcp)';

type JsonSchema = Record<string, unknown>;

export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
  _meta: { scope: Scope; skill: string | null; operations: string[] };
}

/** A tool's descriptor, given the catalogue's output schemas (`outputSchemas()`). */
export function toolDescriptor(
  cap: AnyCapability,
  outputs: Readonly<Record<string, JsonSchema>>,
): ToolDescriptor {
  const output = outputs[cap.name];
  if (!output) throw new Error(`No output schema for capability ${cap.name}`);
  return {
    name: cap.name,
    title: cap.title,
    description: cap.description,
    inputSchema: cap.inputSchema,
    outputSchema: output,
    annotations: cap.annotations,
    _meta: { scope: cap.scope, skill: cap.skill, operations: cap.operations.map((op) => op.name) },
  };
}

/** The MCP tools of a list of capabilities (all of them, or those a credential may use). */
export async function toolDescriptors(
  capabilities: readonly AnyCapability[] = CAPABILITIES,
): Promise<ToolDescriptor[]> {
  const outputs = await outputSchemas();
  return capabilities.filter((c) => c.tool).map((c) => toolDescriptor(c, outputs));
}

export interface SkillDescriptor {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples: string[];
  inputModes: string[];
  outputModes: string[];
  /** The MCP tools (capabilities) the skill runs, with their scopes and keywords: for routing. */
  capabilities: { name: string; scope: Scope; keywords: string[] }[];
  keywords: string[];
  scopes: Scope[];
}

export function skillDescriptor(
  skill: Skill,
  capabilities: readonly AnyCapability[] = CAPABILITIES,
): SkillDescriptor {
  const members = capabilities.filter((c) => c.skill === skill.name);
  return {
    id: skill.name,
    name: skill.title,
    description: skill.description,
    tags: [...new Set([...skill.tags, ...members.flatMap((m) => m.tags)])],
    examples: [...skill.examples],
    inputModes: ['text/plain', 'application/json'],
    outputModes: ['application/json', 'text/plain'],
    capabilities: members.map((m) => ({ name: m.name, scope: m.scope, keywords: [...m.keywords] })),
    keywords: [...new Set([...skill.keywords, ...members.flatMap((m) => m.keywords)])],
    scopes: [...new Set(members.map((m) => m.scope))],
  };
}

export function skillDescriptors(catalogue: Catalogue = RUNTIME): SkillDescriptor[] {
  return catalogue.skills.map((s) => skillDescriptor(s, catalogue.capabilities));
}

/** The counts every document reports. */
export function catalogueCounts({ capabilities, skills }: Catalogue = RUNTIME) {
  return {
    tools: capabilities.filter((c) => c.tool).length,
    skills: skills.length,
    capabilities: capabilities.length,
  };
}

/** Scopes the catalogue names, with what each grants (the capabilities that need it). */
export function catalogueScopes({ capabilities }: Catalogue = RUNTIME): {
  scope: Scope;
  description: string;
  capabilities: string[];
}[] {
  const names = [...new Set(capabilities.map((c) => c.scope))];
  return names.map((scope) => ({
    scope,
    description: SCOPES[scope],
    capabilities: capabilities.filter((c) => c.scope === scope).map((c) => c.name),
  }));
}

/** GET /agenty/meta/tools (public). */
export async function metaTools() {
  return {
    count: catalogueCounts().tools,
    version: AGENT_PLATFORM_VERSION,
    tools: await toolDescriptors(),
  };
}

/** GET /agenty/meta/skills (public). */
export function metaSkills() {
  return {
    count: catalogueCounts().skills,
    version: AGENT_PLATFORM_VERSION,
    skills: skillDescriptors(),
  };
}

/** Where the deployment answers: the REST/A2A base URL and the MCP base URL (a Function URL on AWS). */
export interface Endpoints {
  baseUrl: string;
  mcpUrl?: string | undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The OAuth 2.0 scheme of the agent card (docs/mcp-authorization.md, "A2A"): the authorization
 * code flow with PKCE of the service's own authorization server, which is served on the MCP
 * origin. An A2A client asks for a token with `resource=<card url>` (RFC 8707): tokens are bound to
 * one resource, and the MCP server's do not open /a2a. Both spellings, as for the bearer scheme:
 * 0.3's OpenAPI-style `type`/`flows`, 1.0's `oauth2SecurityScheme`.
 */
function oauthScheme(issuer: string, a2aUrl: string) {
  const granted = new Set<string>(Object.values(GRANT_SCOPES_BY_ROLE).flat());
  const scopes = Object.fromEntries(
    SCOPE_NAMES.filter((s) => granted.has(s)).map((s) => [s, SCOPES[s]]),
  );
  const flows = {
    authorizationCode: {
      authorizationUrl: `${issuer}/oauth/authorize`,
      tokenUrl: `${issuer}/oauth/token`,
      refreshUrl: `${issuer}/oauth/token`,
      scopes,
      pkceRequired: true,
    },
  };
  const description = `OAuth 2.1 authorization code with PKCE (S256): a user of the hospital signs in and consents; request the token with resource=${a2aUrl}. Protected resource metadata (RFC 9728): ${a2aResourceMetadataUrl(a2aUrl)}`;
  const oauth2MetadataUrl = `${issuer}/.well-known/oauth-authorization-server`;
  return {
    type: 'oauth2',
    description,
    flows,
    oauth2MetadataUrl,
    oauth2SecurityScheme: { description, flows, oauth2MetadataUrl },
  };
}

/**
 * Where the A2A endpoint's protected resource metadata is: beside the agent card, under the API's
 * base URL (`<api>/.well-known/oauth-protected-resource/a2a`). RFC 9728 §3.1 would insert the
 * well-known part at the host's root, which API Gateway's stage prefix does not let the service
 * serve; the card and the scheme name this URL, so clients need not construct it.
 */
export function a2aResourceMetadataUrl(a2aUrl: string): string {
  return a2aUrl.replace(/\/a2a$/, '/.well-known/oauth-protected-resource/a2a');
}

/**
 * RFC 9728 protected resource metadata of `/a2a`, as the MCP server has its own
 * (shared/mcp/oauth.ts): the resource is the A2A URL tokens are bound to (RFC 8707), its
 * authorization server the service's own on the MCP origin.
 */
export function a2aResourceMetadata(endpoints: Endpoints) {
  const base = trimSlash(endpoints.baseUrl);
  const granted = new Set<string>(Object.values(GRANT_SCOPES_BY_ROLE).flat());
  return {
    resource: `${base}/a2a`,
    authorization_servers: [trimSlash(endpoints.mcpUrl ?? base)],
    scopes_supported: SCOPE_NAMES.filter((s) => granted.has(s)),
    bearer_methods_supported: ['header'],
    resource_name: 'Hospital Management Service (A2A)',
  };
}

/**
 * The A2A agent card: the 1.0 JSON shape (`supportedInterfaces`, `securityRequirements`) with the
 * 0.3 fields alongside (`url`, `preferredTransport`, `protocolVersion`, `security`), so clients of
 * both versions read it. The security scheme objects carry both spellings (0.3's OpenAPI-style
 * `type`/`scheme`, 1.0's `httpAuthSecurityScheme`/`oauth2SecurityScheme`); each parser ignores the
 * other's keys. Either scheme is enough (two requirements, one each).
 */
export function agentCard(endpoints: Endpoints) {
  const base = trimSlash(endpoints.baseUrl);
  const a2aUrl = `${base}/a2a`;
  return {
    name: SERVICE_NAME,
    description:
      'Multi-tenant hospital management: patients, appointments and the OPD queue, encounters with NEWS2, doctors and departments. Every skill runs the same operations as the REST API, with the credential’s scopes and role.',
    version: AGENT_PLATFORM_VERSION,
    url: a2aUrl,
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3.0',
    supportedInterfaces: [
      { url: a2aUrl, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
      { url: a2aUrl, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
    ],
    provider: { organization: SERVICE_NAME, url: base },
    documentationUrl: `${base}/api/docs`,
    capabilities: { streaming: false, pushNotifications: false, extensions: [] },
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'svc_sk_ API key, or a JWT from POST /auth/login (then send x-tenant-id)',
        httpAuthSecurityScheme: {
          scheme: 'Bearer',
          bearerFormat: 'svc_sk_ API key or JWT',
          description: 'Authorization: Bearer <API key>, or Bearer <JWT> with x-tenant-id',
        },
      },
      oauth: oauthScheme(trimSlash(endpoints.mcpUrl ?? base), a2aUrl),
    },
    security: [{ bearer: [] }, { oauth: [] }],
    securityRequirements: [
      { schemes: { bearer: { list: [] } } },
      { schemes: { oauth: { list: [] } } },
    ],
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json', 'text/plain'],
    skills: skillDescriptors().map(
      ({ id, name, description, tags, examples, inputModes, outputModes }) => ({
        id,
        name,
        description,
        tags,
        examples,
        inputModes,
        outputModes,
      }),
    ),
    signatures: [],
  };
}

/** /.well-known/ai-plugin.json: the plugin manifest format, pointing at the OpenAPI document. */
export function aiPlugin(endpoints: Endpoints) {
  const base = trimSlash(endpoints.baseUrl);
  const counts = catalogueCounts();
  return {
    schema_version: 'v1',
    name_for_human: SERVICE_NAME,
    name_for_model: 'hospital_management',
    description_for_human: 'Patients, appointments, the OPD queue and encounters of your hospital.',
    description_for_model: `Hospital management for one hospital (the credential's tenant). ${counts.tools} MCP tools and ${counts.skills} A2A skills; every call is scoped by the credential and audited.`,
    auth: { type: 'user_http', authorization_type: 'bearer' },
    api: { type: 'openapi', url: `${base}/.well-known/openapi.json` },
    logo_url: `${base}/favicon.ico`,
    contact_email: 'support@example.invalid',
    legal_info_url: `${base}/`,
    // Beyond the manifest format: where the agent interfaces are, and the computed counts.
    mcp: {
      sse: `${trimSlash(endpoints.mcpUrl ?? base)}/sse`,
      streamableHttp: `${trimSlash(endpoints.mcpUrl ?? base)}/mcp`,
      tools: counts.tools,
    },
    a2a: { agentCard: `${base}/.well-known/agent-card.json`, skills: counts.skills },
  };
}

/** The MCP resource svc://capabilities: counts, scopes and versions. */
export function capabilitiesResource(visible: readonly AnyCapability[]) {
  const counts = catalogueCounts();
  return {
    service: SERVICE_NAME,
    version: AGENT_PLATFORM_VERSION,
    protocols: {
      mcp: ['2025-06-18', '2025-03-26', '2024-11-05'],
      a2a: ['1.0', '0.3', '0.1 (tasks/send)'],
    },
    counts: { ...counts, visibleTools: visible.filter((c) => c.tool).length },
    scopes: catalogueScopes(),
    rateLimit: {
      perMinute: 'per tenant, default 10',
      counts: 'tools/call, resources/read and SSE stream opens',
    },
  };
}

/** The MCP resource svc://agents: each capability with its MCP tool name and A2A skill name. */
export function agentsResource() {
  return {
    count: CAPABILITIES.length,
    agents: CAPABILITIES.map((c) => ({
      name: c.name,
      title: c.title,
      mcpTool: c.tool ? c.name : null,
      a2aSkill: c.skill,
      scope: c.scope,
      operations: c.operations.map((op) => op.name),
    })),
  };
}
