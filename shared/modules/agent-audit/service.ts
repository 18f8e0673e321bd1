import type { Context } from '../../kernel/context';
import { Invalid } from '../../kernel/errors';
import { view } from '../../kernel/records';
import type { Store, TxItem } from '../../kernel/store/store';
import { AgentAuditRecord, type ListAuditInput } from './schemas';
import { AuditRecord, auditQuery, auditRecordWrite, putAuditRecord } from './store';

function withTenant(store: Store, record: Omit<AuditRecord, 'tenantId'>): AuditRecord {
  if (store.tenantId === null) throw new Error('An audit record belongs to a tenant');
  return { ...record, tenantId: store.tenantId };
}

/**
 * Writes the audit record of one agent call (one PutItem); `replace` overwrites the record of the
 * same call (see putAuditRecord).
 */
export function recordAgentCall(
  store: Store,
  record: Omit<AuditRecord, 'tenantId'>,
  options: { replace?: boolean } = {},
): Promise<void> {
  return putAuditRecord(store, withTenant(store, record), options);
}

/**
 * The audit record of one agent call as a write that rides along with the call's change
 * (Store.alongside), so the change and its record commit together or not at all.
 */
export function agentCallWrite(store: Store, record: Omit<AuditRecord, 'tenantId'>): TxItem {
  return auditRecordWrite(store, withTenant(store, record));
}

/** Newest first, filtered by capability, actor, outcome and time range: one Query per page. */
export function listAudit(ctx: Context, input: ListAuditInput) {
  if (input.from && input.to && Date.parse(input.from) > Date.parse(input.to)) {
    throw new Invalid('from must not be after to', { field: 'from' });
  }
  return ctx.store.queryPage(auditQuery(ctx.store, input), input, (item) =>
    view(AgentAuditRecord, AuditRecord.read(item)),
  );
}

/** How many of the newest records a lookup by id reads at most (one Query page each). */
export const AUDIT_LOOKUP_PAGES = 5;
const LOOKUP_PAGE = 200;

/**
 * The record of one call of this hospital, found by its record id, request id or A2A task id,
 * newest first among the latest AUDIT_LOOKUP_PAGES × 200 records (null: none of them). The log is
 * keyed by time; a lookup by id reads its tenant's partition with a filter, never another's.
 */
export async function findAuditCall(store: Store, id: string): Promise<AgentAuditRecord | null> {
  const spec = {
    ...auditQuery(store, {} as ListAuditInput),
    filter: {
      expression: '#id = :x OR #requestId = :x OR #taskId = :x',
      names: { '#id': 'id', '#requestId': 'requestId', '#taskId': 'taskId' },
      values: { ':x': id },
    },
  };
  let cursor: string | undefined;
  for (let page = 0; page < AUDIT_LOOKUP_PAGES; page++) {
    const found = await store.queryPage(spec, { limit: LOOKUP_PAGE, cursor }, (item) =>
      view(AgentAuditRecord, AuditRecord.read(item)),
    );
    if (found.items[0]) return found.items[0];
    if (!found.nextCursor) return null;
    cursor = found.nextCursor;
  }
  return null;
}
