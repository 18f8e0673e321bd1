/**
 * The operation is the unit of the service: a business operation (register a patient, book an
 * appointment, approve an agent action) is declared once, with its input and output schemas, who
 * may call it and its implementation. Every way in (a REST route, an MCP tool, an A2A skill, an
 * event executor) is a binding that forms the input and calls `invokeOperation` (invoke.ts).
 */
import type { Context, PublicContext } from './context';
import { checkDecisions, type Decision } from './decisions';
import { type Role, type RoleGroupName, type RolesDeclaration, resolveRoles } from './roles';
import type { Scope } from './scopes';
import type * as z from './zod';

/** Anyone may call it: no credential is needed (registration, sign-in, health). */
export interface PublicAccess {
  public: true;
}

/**
 * Who may call an operation. A user passes when ADMIN or when their role is listed (`'any'`: every
 * signed-in user; for a `clinicalDecision` only a listed role); an API key passes when it carries `scope` (`'any'`: every key), and is refused
 * when there is none; an agent passes as its credential would; the system passes when acting for a
 * human who would pass, or, acting on its own, only where `system` is true (scheduled jobs).
 */
export interface ProtectedAccess {
  public?: false;
  roles: readonly Role[] | 'any';
  /** The named role group (kernel/roles.ts) the roles were declared as, for the docs. */
  roleGroup?: RoleGroupName;
  scope?: Scope | 'any';
  /** Writes stay allowed after a trial tenant's trial ended (revoking a key, deactivating a user). */
  allowAfterTrial?: boolean;
  /** The system may call it on its own, with no human behind it (scheduled jobs). */
  system?: boolean;
  /**
   * It changes a patient's care: an agent (MCP or A2A) may never run it directly, whatever its
   * credential, only propose it for a qualified person to approve (the approved action then runs
   * as that person). People, integrations' keys and approved executors run it as usual.
   */
  humanOnly?: boolean;
  /**
   * A clinical decision that only a person holding one of `roles` takes (prescribing is a
   * doctor's): ADMIN passes only when listed, API keys never (a key is not a person), agents never
   * (as humanOnly), and the system only on behalf of such a person (an approved action). An
   * administrator runs the hospital, not its patients' treatment.
   */
  clinicalDecision?: boolean;
  /**
   * Rules beyond the roles, declared here so the docs show them (kernel/decisions.ts): a kernel
   * checked decision is checked right before the implementation runs; the others are checked by
   * the implementation where stored data says they apply.
   */
  decisions?: readonly Decision[];
}

export type Access = PublicAccess | ProtectedAccess;

/** An access rule as an operation declares it: `roles` may name a role group (kernel/roles.ts). */
export type AccessDeclaration =
  | PublicAccess
  | (Omit<ProtectedAccess, 'roles' | 'roleGroup'> & { roles: RolesDeclaration });

/** The access rule a declaration stands for: a named role group becomes its roles. */
export type ResolvedAccess<A extends AccessDeclaration> = A extends PublicAccess
  ? A
  : ProtectedAccess;

export const PUBLIC: PublicAccess = { public: true };

export function isPublic(access: AccessDeclaration): access is PublicAccess {
  return access.public === true;
}

export type ContextFor<A> = A extends PublicAccess ? PublicContext : Context;

export interface Operation<
  I extends z.ZodMiniType = z.ZodMiniType,
  O extends z.ZodMiniType = z.ZodMiniType,
  A extends Access = Access,
> {
  /** `<module>.<verb>`, e.g. `patients.register`: stable, used in logs, docs, tools and audits. */
  name: string;
  /** One line for people: docs, OpenAPI, tool descriptions. */
  summary: string;
  /** Parsed before anything else; a failure is `invalid` naming the fields. */
  input: I;
  /** What the implementation answers; checked under strict checks (tests and local runs). */
  output: O;
  access: A;
  /** Reads change nothing; writes are refused after a trial ends (unless allowAfterTrial). */
  kind: 'read' | 'write';
  /**
   * Calling it twice with the same input leaves the same state as calling it once: safe to retry
   * (MCP `idempotentHint`, docs/routes.md). A write that is not takes an `Idempotency-Key`
   * (kernel/idempotency.ts).
   */
  idempotent: boolean;
  /** What one call makes, in words (`payment`), for messages such as a reused Idempotency-Key's. */
  resource?: string;
  /**
   * The patients one call touched, for the patient access log (kernel/patient-access.ts). Left
   * out, the kernel takes every `patientId` field (and `patient.id`) of the input and the answer;
   * declared where the records are patients themselves (their id is `id`), or `() => []` where the
   * answer holds no patient's data.
   */
  patientIds?: (input: z.output<I>, output: z.output<O>) => readonly string[];
  handler: (ctx: ContextFor<A>, input: z.output<I>) => Promise<z.input<O>>;
}

/** An operation as it is declared: its access rule may name a role group. */
export type OperationDeclaration<
  I extends z.ZodMiniType,
  O extends z.ZodMiniType,
  A extends AccessDeclaration,
> = Omit<Operation<I, O, ResolvedAccess<A>>, 'access' | 'handler'> & {
  access: A;
  handler: (ctx: ContextFor<A>, input: z.output<I>) => Promise<z.input<O>>;
};

/**
 * Declares an operation: checks its name, resolves a named role group into its roles (keeping
 * the name for the docs), and puts its kernel-checked decisions in front of the implementation.
 */
export function defineOperation<
  I extends z.ZodMiniType,
  O extends z.ZodMiniType,
  const A extends AccessDeclaration,
>(op: OperationDeclaration<I, O, A>): Operation<I, O, ResolvedAccess<A>> {
  if (!/^[a-z][a-z0-9-]*\.[a-z][A-Za-z0-9]*$/.test(op.name)) {
    throw new Error(`Operation name ${op.name} must read <module>.<verb>, e.g. patients.register`);
  }
  const declared = op.access as AccessDeclaration;
  if (isPublic(declared)) return op as unknown as Operation<I, O, ResolvedAccess<A>>;
  const { roles, group } = resolveRoles(declared.roles);
  const access: ProtectedAccess = { ...declared, roles, ...(group ? { roleGroup: group } : {}) };
  const checked = (access.decisions ?? []).filter((d) => d.checkedBy === 'kernel');
  const handler = op.handler as (ctx: Context, input: z.output<I>) => Promise<z.input<O>>;
  return {
    ...op,
    access,
    handler: checked.length
      ? async (ctx: Context, input: z.output<I>) => {
          checkDecisions(checked, ctx.actor, input);
          return handler(ctx, input);
        }
      : handler,
  } as unknown as Operation<I, O, ResolvedAccess<A>>;
}

/** Any operation, for registries and transports that handle them generically. */
// biome-ignore lint/suspicious/noExplicitAny: generic registries hold operations of every input type
export type AnyOperation = Operation<z.ZodMiniType, z.ZodMiniType, any>;
