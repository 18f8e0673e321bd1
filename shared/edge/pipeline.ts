/**
 * The edge pipeline: every way in (API Gateway routes, the MCP Function URL, /a2a, the EventBridge
 * executors, the scheduled job and the tests' operation caller) runs its request through one
 * `Edge`, in this order:
 *
 *   authenticate → tenant-header rule → context → access → input → invoke → map the error → log
 *
 * 1. authenticate: the authorizer's verified principal (API Gateway: `Edge.fromAuthorizer`), or a
 *    bearer credential verified here (the MCP Function URL: authenticate.ts's
 *    `authenticateAtEdge`), or the system acting for an approver (executors);
 * 2. the tenant-header rule (context.ts): `x-tenant-id` required with a user token, matching;
 * 3. the operation's context: actor, tenant, a store bound to the tenant, clock, log, request id;
 * 4. access, decided before the input is formed or validated (invoke.ts's `invokeAtEdge`);
 * 5. the input formed by the transport (path, query, body; tool arguments) and validated;
 * 6. invokeOperation runs it;
 * 7. the transport maps an AppError to its own form (REST: shared/http; MCP: shared/mcp/errors.ts;
 *    A2A: shared/a2a/errors.ts; events: retry or record) in one place each;
 * 8. one log line per request, written once whatever happened (`atEdge`).
 * Transports never import each other: what they share lives here.
 */
import type { Principal } from '../auth/principal';
import { fromAuthorizerContext } from '../auth/principal';
import { systemClock } from '../kernel/clock';
import type { ContextBase, Transport } from '../kernel/context';
import { type AppError, InternalError, toAppError } from '../kernel/errors';
import { type Logger, rootLogger } from '../kernel/log';
import type { Stores } from '../kernel/store/store';

export interface EdgeStart {
  /** The function (REST group, `mcp`, `a2a`, an executor or job) for the log. */
  function: string;
  transport: Transport;
  requestId: string;
  /** HTTP method and route, when the way in is HTTP. */
  method?: string | undefined;
  route?: string | undefined;
  /** The logger to start from (tests); the service's root logger otherwise. */
  log?: Logger | undefined;
  now?: Date | undefined;
  /**
   * Makes the request's table access, for ways in that reach the table (given by whoever imports
   * the store, so that a function serving pages bundles neither the table client nor zod).
   */
  stores?: (() => Stores) | undefined;
}

/** One request at the edge: its clock, stores, log and the one log line it ends with. */
export class Edge {
  readonly startedAt = Date.now();
  readonly now: Date;
  log: Logger;
  private made: Stores | undefined;
  principal: Principal | null = null;
  private readonly line: Record<string, unknown> = {};
  private finished = false;

  constructor(readonly start: EdgeStart) {
    this.now = start.now ?? systemClock.now();
    this.log = (start.log ?? rootLogger).child({
      function: start.function,
      requestId: start.requestId,
    });
    this.note({ transport: start.transport, method: start.method, route: start.route });
  }

  get requestId(): string {
    return this.start.requestId;
  }

  /** The request's table access (its round trips are the log line's `dbCalls`). */
  get stores(): Stores {
    if (!this.made) {
      if (!this.start.stores)
        throw new InternalError(`${this.start.function} has no table access at the edge`);
      this.made = this.start.stores();
    }
    return this.made;
  }

  /** What every context of this request shares. */
  base(): ContextBase {
    return {
      now: this.now,
      requestId: this.start.requestId,
      log: this.log,
      transport: this.start.transport,
      ...(this.start.route ? { via: `${this.start.method ?? ''} ${this.start.route}`.trim() } : {}),
      stores: this.stores,
    };
  }

  /** Step 1 with API Gateway's authorizer in front: its verified principal, or null. */
  fromAuthorizer(authorizer: Record<string, unknown> | null | undefined): Principal | null {
    return this.identify(fromAuthorizerContext(authorizer));
  }

  /** Records who called: the log line and every later log of this request carry it. */
  identify(principal: Principal | null): Principal | null {
    this.principal = principal;
    if (principal) {
      this.log = this.log.child({
        tenantId: principal.tenant.id,
        principalType: principal.actor.kind,
        principalId: principal.actor.id,
      });
    }
    return principal;
  }

  /** Adds fields to the request's log line (operation, rpc method, outcome…). */
  note(fields: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) this.line[key] = value;
  }

  /**
   * Step 7's common half: whatever was thrown as an AppError; an internal one is logged here with
   * its stack (once), so each transport's mapper only has to choose the answer.
   */
  failure(err: unknown): AppError {
    const appError = toAppError(err);
    this.note({ errorCode: appError.code });
    if (appError.code === 'internal') {
      const cause = (appError.cause ?? appError) as Error;
      this.log.error('unhandled error', {
        errorName: cause?.name,
        error: appError.message,
        stack: cause?.stack,
      });
    }
    return appError;
  }

  /** Step 8: the request's one log line (later calls do nothing). */
  finish(fields: Record<string, unknown> = {}): void {
    if (this.finished) return;
    this.finished = true;
    this.note(fields);
    this.log.info('request', {
      ...this.line,
      durationMs: Date.now() - this.startedAt,
      dbCalls: this.made?.roundTrips.count,
    });
  }
}

/**
 * Runs one request through the edge: `run` does the transport's work with the Edge; whatever it
 * throws becomes an AppError that `mapError` turns into the transport's answer (or rethrows, for
 * an event that should be delivered again); the log line is written once, with what `describe`
 * says of the answer (its status or outcome).
 */
export async function atEdge<R>(
  start: EdgeStart,
  run: (edge: Edge) => Promise<R>,
  mapError: (err: AppError, edge: Edge) => R,
  describe: (answer: R) => Record<string, unknown> = () => ({}),
): Promise<R> {
  const edge = new Edge(start);
  let answer: R | undefined;
  try {
    answer = await run(edge);
  } catch (err) {
    answer = mapError(edge.failure(err), edge);
  } finally {
    edge.finish(answer === undefined ? { failed: true } : describe(answer));
  }
  return answer;
}
