/**
 * An agent capability: one thing an MCP client or an A2A agent may do, bound to the operation(s)
 * it calls. Capabilities are declared once (catalogue.ts); MCP tools/list, the A2A agent card's
 * skills, the discovery documents, the resources svc://capabilities and svc://agents, the scope
 * filter and the audit wrapper are all derived from the declarations.
 *
 * A capability never answers by itself: its `run` calls operations through `call`, which is
 * invokeOperation (validation, access, tenancy, errors: the same code as REST).
 */
import type { Context } from '../kernel/context';
import type { AnyOperation } from '../kernel/operation';
import type { Scope } from '../kernel/scopes';
import type * as z from '../kernel/zod';

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
  /** A2A skill tags, and words that route a free-text message to this capability. */
  tags: readonly string[];
  keywords: readonly string[];
  /** Example requests in plain language (A2A examples, docs). */
  examples: readonly string[];
  run: (ctx: Context, input: z.output<I>, call: OperationCall) => Promise<unknown>;
}

/** Any capability, for the catalogue and the transports. */
// biome-ignore lint/suspicious/noExplicitAny: the catalogue holds capabilities of every input type
export type AnyCapability = Capability<any>;

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

export function annotationsOf(cap: AnyCapability): ToolAnnotations {
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
