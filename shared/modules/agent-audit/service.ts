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
