import type { Context } from '../../kernel/context';
import { Invalid } from '../../kernel/errors';
import { view } from '../../kernel/records';
import type { Store } from '../../kernel/store/store';
import { AgentAuditRecord, type ListAuditInput } from './schemas';
import { AuditRecord, auditQuery, putAuditRecord } from './store';

/** Writes the audit record of one agent call (one PutItem). */
export function recordAgentCall(
  store: Store,
  record: Omit<AuditRecord, 'tenantId'>,
): Promise<void> {
  if (store.tenantId === null) throw new Error('An audit record belongs to a tenant');
  return putAuditRecord(store, { ...record, tenantId: store.tenantId });
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
