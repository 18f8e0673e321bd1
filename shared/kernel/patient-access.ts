/**
 * Who looked at which patient (HIPAA §164.312(b), audit controls): every operation that reads or
 * writes a patient's data leaves one record per patient, written by the kernel (invoke.ts) after
 * the operation answered, whatever way it came in (REST route, MCP tool, A2A skill, executor), so
 * no module can forget it.
 *
 * Which patients an operation touched: by default every patient whose items the store read or
 * wrote for it (a patient item, or any item with a `patientId`: store.ts notices them, so a module
 * cannot leave one out), plus every `patientId` field of its input and answer and the `id` of every
 * `patient: { id }` object in them (walked, bounded). An operation may declare `patientIds`
 * instead (kernel/operation.ts): the patients module does, so that a search records the patients
 * it answered and not those its duplicate check looked at. See docs/operations.md, "Patient
 * access log".
 *
 * Records are appended to `TENANT#<t>#PATIENTACCESS#<patientId>`, newest last by `<at>#<id>`,
 * never updated or deleted (IAM denies both, lib/table-grants.ts), and expire after the retention
 * the deployment sets (`HMS_ACCESS_LOG_RETENTION_YEARS`, six years by default). Each record is also
 * written as one `patient access` log line, which the stack copies to an S3 bucket with Object Lock
 * (lib/access-archive.ts), so a deleted table item is still on record.
 */
import { randomUUID } from 'node:crypto';
import { type Actor, authorityOf } from './actor';
import type { Context, Transport } from './context';
import type { AnyOperation } from './operation';
import type { Page, PageRequest } from './pagination';
import { PATIENT_ACCESS_COLLECTION } from './store/isolation';
import { sortKey } from './store/keys';
import type { Item, Store, TxItem } from './store/store';

export const DEFAULT_RETENTION_YEARS = 6;
const MAX_IDS = 200;
const MAX_DEPTH = 6;
const TRANSACTION_ITEMS = 100;

/** One access of one patient's data, as the administrator's route answers it. */
export interface PatientAccess {
  at: string;
  patientId: string;
  operation: string;
  kind: 'read' | 'write';
  transport: Transport;
  /** The route (`GET /patients/{id}`) or the tool or skill (`get-patient`) it came through. */
  via: string | null;
  actorKind: Actor['kind'];
  /** The user, API key or job that acted. */
  actorId: string;
  /** The user's role, when a user acted (or stood behind the agent or executor). */
  role: string | null;
  /** The agent's name for itself, when an agent called. */
  agent: string | null;
  requestId: string;
}

/** Years the records are kept: the deployment's setting, else six (HIPAA §164.316(b)(2)). */
export function retentionYears(): number {
  const configured = Number(process.env.HMS_ACCESS_LOG_RETENTION_YEARS);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_RETENTION_YEARS;
}

/** Starts noting the patients whose items the request's stores see; `stop` ends it. */
export function watchPatients(store: Store): { seen: Set<string>; stop: () => void } {
  const seen = new Set<string>();
  store.roundTrips.patientWatchers.add(seen);
  return { seen, stop: () => store.roundTrips.patientWatchers.delete(seen) };
}

/**
 * The patients an operation's call touched: its own declaration, else those its store saw and
 * the fields walked.
 */
export function patientIdsOf(
  op: AnyOperation,
  input: unknown,
  output: unknown,
  seen: Iterable<string> = [],
): string[] {
  const ids = new Set<string>();
  if (op.patientIds) for (const id of op.patientIds(input, output)) ids.add(id);
  else {
    for (const id of seen) ids.add(id);
    collect(input, ids, 0);
    collect(output, ids, 0);
  }
  return [...ids].slice(0, MAX_IDS);
}

function collect(value: unknown, ids: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const entry of value) collect(entry, ids, depth + 1);
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    if (key === 'patientId' && typeof field === 'string' && field) ids.add(field);
    else if (key === 'patient' && field && typeof field === 'object' && 'id' in field) {
      const id = (field as { id: unknown }).id;
      if (typeof id === 'string' && id) ids.add(id);
    } else collect(field, ids, depth + 1);
  }
}

function describeActor(
  actor: Actor,
): Pick<PatientAccess, 'actorKind' | 'actorId' | 'role' | 'agent'> {
  const authority = authorityOf(actor);
  const role = authority?.kind === 'user' ? authority.role : null;
  switch (actor.kind) {
    case 'user':
    case 'apiKey':
      return { actorKind: actor.kind, actorId: actor.id, role, agent: null };
    case 'agent':
      return { actorKind: 'agent', actorId: actor.credential.id, role, agent: actor.agent };
    case 'system':
      return {
        actorKind: 'system',
        actorId: actor.onBehalfOf?.id ?? actor.job,
        role,
        agent: null,
      };
  }
}

function partition(store: Store, patientId: string): string {
  return store.keys.collection(PATIENT_ACCESS_COLLECTION, patientId);
}

/**
 * Appends the records of one call: one item per patient (a single Put, or transactions of up to
 * 100), each new (`attribute_not_exists`), and one log line for the archive. A failure here fails
 * the request: an answer that could not be put on record is not given.
 */
export async function recordPatientAccess(
  ctx: Context,
  op: AnyOperation,
  patientIds: readonly string[],
): Promise<void> {
  if (!patientIds.length) return;
  const at = ctx.now.toISOString();
  const expiresAt = Math.floor(ctx.now.getTime() / 1000) + retentionYears() * 365.25 * 86_400;
  const shared = {
    at,
    operation: op.name,
    kind: op.kind,
    transport: ctx.transport,
    via: ctx.via ?? null,
    ...describeActor(ctx.actor),
    requestId: ctx.requestId,
  };
  const puts: TxItem[] = patientIds.map((patientId) => ({
    Put: {
      Item: {
        pk: partition(ctx.store, patientId),
        sk: sortKey(at, randomUUID()),
        entity: 'PatientAccess',
        ...shared,
        patientId,
        expiresAt: Math.floor(expiresAt),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
  if (puts.length === 1) await ctx.store.put((puts[0] as { Put: Parameters<Store['put']>[0] }).Put);
  else
    for (let i = 0; i < puts.length; i += TRANSACTION_ITEMS)
      await ctx.store.transact(puts.slice(i, i + TRANSACTION_ITEMS));
  ctx.log.info('patient access', { ...shared, tenantId: ctx.tenantId, patientIds });
}

const toAccess = (item: Item): PatientAccess => ({
  at: item.at as string,
  patientId: item.patientId as string,
  operation: item.operation as string,
  kind: item.kind as PatientAccess['kind'],
  transport: item.transport as Transport,
  via: (item.via as string | null) ?? null,
  actorKind: item.actorKind as PatientAccess['actorKind'],
  actorId: item.actorId as string,
  role: (item.role as string | null) ?? null,
  agent: (item.agent as string | null) ?? null,
  requestId: item.requestId as string,
});

/** One page of a patient's access records, newest first. */
export function patientAccessPage(
  store: Store,
  patientId: string,
  page: PageRequest,
): Promise<Page<PatientAccess>> {
  return store.queryPage(
    { partition: partition(store, patientId), newestFirst: true },
    page,
    toAccess,
  );
}
