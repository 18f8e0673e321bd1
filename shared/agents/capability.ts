/**
 * An agent capability: one thing an MCP client or an A2A agent may do, bound to the operation(s)
 * it calls. Capabilities are declared once, in their module's manifest; MCP tools/list, the A2A
 * agent card's skills, the discovery documents, the resources svc://capabilities and
 * svc://agents, the scope filter and the audit wrapper are all derived from the declarations.
 *
 * Two shapes: a declared `Capability` holds its code (input schema, `run`, the operations it
 * calls); a `CapabilityInfo` (`AnyCapability`, what the catalogue and the transports hold) is its
 * description as data, generated into catalogue.generated.ts, so listing tools loads no module and
 * a call loads only the module that declares the capability (catalogue.ts: loadCapability).
 *
 * A capability never answers by itself: its `run` calls operations through `call`, which is
 * invokeOperation (validation, access, tenancy, errors: the same code as REST).
 */
import type { Context } from '../kernel/context';
import type { AnyOperation } from '../kernel/operation';
import type { Scope } from '../kernel/scopes';
import * as z from '../kernel/zod';

/** Calls one of the capability's declared operations for the agent (see run.ts). */
export type OperationCall = <O extends AnyOperation>(
  op: O,
  input: unknown,
) => Promise<z.output<O['output']>>;

export interface Capability<I extends z.ZodMiniType = z.ZodMiniType> {
  /** Stable id, also the MCP tool name when it has one (`search-patients`). */
  name: string;
  /** Exposed as an MCP tool (true for every capability today; false: A2A only). */
  tool: boolean;
  /** The A2A skill this capability belongs to (a skill groups capabilities), or null. */
  skill: string | null;
  title: string;
  description: string;
  /** Every operation `run` may call: their access rules decide who may use the capability. */
  operations: readonly AnyOperation[];
  /** What the agent sends; usually the operation's own input schema. */
  input: I;
  /** What the capability answers (MCP structuredContent, A2A data part). */
  output: z.ZodMiniType;
  /**
   * The agent scope named for this capability. An API key may use the capability when it holds
   * this scope, or, as on REST, the scopes of every operation the capability calls.
   */
  scope: Scope;
  /** It undoes or ends something (cancelling): MCP destructiveHint. */
  destructive?: boolean;
  /**
   * Each operation it calls decides for itself (a guided conversation that does the steps the
   * caller may do and names who may do the others): any signed-in user, or a key or grant holding
   * `scope`, may use it, and its operations run with the caller's own access, never widened.
   */
  perOperationAccess?: boolean;
  /** A2A skill tags, and words that route a free-text message to this capability. */
  tags: readonly string[];
  keywords: readonly string[];
  /** Example requests in plain language (A2A examples, docs). */
  examples: readonly string[];
  run: (ctx: Context, input: z.output<I>, call: OperationCall) => Promise<unknown>;
}

/** Any declared capability (a manifest's list holds capabilities of every input type). */
// biome-ignore lint/suspicious/noExplicitAny: manifests hold capabilities of every input type
export type DeclaredCapability = Capability<any>;

/** What the catalogue knows of an operation a capability calls: enough to decide who may call it. */
export type OperationInfo = Pick<AnyOperation, 'name' | 'kind' | 'idempotent' | 'access'>;

type JsonSchema = Record<string, unknown>;

/**
 * A capability as the catalogue describes it, without its code: what tools/list, the agent card,
 * the scope filter and the A2A router need. Generated from the declarations (catalogue.generated.ts).
 */
export interface CapabilityInfo {
  name: string;
  /** The module that declares it: its code is loaded with that module. */
  module: string;
  tool: boolean;
  skill: string | null;
  title: string;
  description: string;
  scope: Scope;
  destructive?: boolean;
  perOperationAccess?: boolean;
  tags: readonly string[];
  keywords: readonly string[];
  examples: readonly string[];
  operations: readonly OperationInfo[];
  /**
   * The input as JSON Schema (draft 2020-12). The output's is not here: only tools/list and the
   * meta tool list read it, so it is loaded on demand (catalogue.ts `outputSchemas()`).
   */
  inputSchema: JsonSchema;
  annotations: ToolAnnotations;
}

/** What the catalogue and the transports hold: a capability's description (see CapabilityInfo). */
export type AnyCapability = CapabilityInfo;

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function defineCapability<I extends z.ZodMiniType>(cap: Capability<I>): Capability<I> {
  if (!NAME.test(cap.name)) throw new Error(`Capability name ${cap.name} must be kebab-case`);
  if (cap.operations.length === 0) throw new Error(`Capability ${cap.name} calls no operation`);
  return cap;
}

/** A capability that calls one operation with the agent's arguments as they are. */
export function operationCapability<O extends AnyOperation>(
  op: O,
  def: Omit<Capability<O['input']>, 'operations' | 'input' | 'output' | 'run' | 'description'> & {
    description?: string;
  },
): Capability<O['input']> {
  return defineCapability({
    ...def,
    description: def.description ?? op.summary,
    operations: [op],
    input: op.input,
    output: op.output,
    run: (_ctx, input, call) => call(op, input),
  });
}

/** An A2A skill: a group of capabilities an agent is offered as one thing it can ask for. */
export interface Skill {
  /** The A2A skill id (`patient-lookup`). */
  name: string;
  title: string;
  description: string;
  tags: readonly string[];
  examples: readonly string[];
  /** Words that route a free-text message to this skill (its capabilities' keywords add to them). */
  keywords: readonly string[];
}

/** MCP tool annotations, derived from the operations the capability calls. */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export function annotationsOf(
  cap: Pick<DeclaredCapability, 'title' | 'destructive'> & { operations: readonly OperationInfo[] },
): ToolAnnotations {
  const readOnly = cap.operations.every((op) => op.kind === 'read');
  return {
    title: cap.title,
    readOnlyHint: readOnly,
    // Only meaningful for writes (MCP); a read is never destructive.
    destructiveHint: !readOnly && cap.destructive === true,
    idempotentHint: cap.operations.every((op) => op.idempotent),
    // Closed world: a capability touches only the hospital's own records, never the internet.
    openWorldHint: false,
  };
}

/** An id argument of a capability (an appointment's, a patient's), named in its error. */
export const idArgument = (what: string) =>
  z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, `must be a valid ${what} id`));

/**
 * `type: ["string", "null"]` as `anyOf` branches of one type each: the form MCP Inspector's
 * schema-portability check accepts (a type array is less portable: some clients map tool schemas
 * onto a one-`type` dialect), and a free-form map's `additionalProperties: {}` as `true`. Walks
 * every subschema.
 */
const isEmptyObject = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

function singleTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(singleTypes);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  // `{}` accepts anything, as `true` does: the check flags the empty schema, not the boolean.
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'additionalProperties' && isEmptyObject(value) ? true : singleTypes(value);
  if (Array.isArray(out.type)) {
    const { type, ...rest } = out;
    return { anyOf: (type as string[]).map((t) => ({ type: t })), ...rest };
  }
  return out;
}

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  // An answer names each schema it repeats once, under $defs (the same patient in several
  // places, a page's item type): tools/list stays lean. Inputs stay inline (docs and the A2A
  // router read their fields).
  const out = singleTypes(
    z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      ...(io === 'output' ? { reused: 'ref' as const } : {}),
    }),
  ) as JsonSchema;
  delete out.$schema;
  // MCP requires a tool's schemas to be objects at the top (`type: "object"`; the SDK client
  // refuses the whole tools/list otherwise). An answer that is one of several objects (e.g. one
  // doctor's queue or the hospital's) is still an object: say so beside the `anyOf`.
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (out.type === undefined && branches?.every((b) => b.type === 'object'))
    return { type: 'object', ...out };
  return out;
}

/** The description of a declared capability (the generator of catalogue.generated.ts). */
export function capabilityInfo(cap: DeclaredCapability, module: string): CapabilityInfo {
  return {
    name: cap.name,
    module,
    tool: cap.tool,
    skill: cap.skill,
    title: cap.title,
    description: cap.description,
    scope: cap.scope,
    ...(cap.destructive ? { destructive: true } : {}),
    ...(cap.perOperationAccess ? { perOperationAccess: true } : {}),
    tags: [...cap.tags],
    keywords: [...cap.keywords],
    examples: [...cap.examples],
    operations: cap.operations.map(({ name, kind, idempotent, access }) => ({
      name,
      kind,
      idempotent,
      access,
    })),
    inputSchema: jsonSchema(cap.input, 'input'),
    annotations: annotationsOf(cap),
  };
}

/** A declared capability's output as JSON Schema (output-schemas.generated.ts). */
export function outputJsonSchema(cap: DeclaredCapability): JsonSchema {
  return jsonSchema(cap.output, 'output');
}
