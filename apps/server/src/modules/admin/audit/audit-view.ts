import type { AuditEntry } from '@resiport/contract';
import type { pageOfAudit } from '../../audit/audit.service';

type AuditRow = Awaited<ReturnType<typeof pageOfAudit>>['rows'][number];

/** A row of the console's audit page, with the operator's and the customer's emails. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    created_at: row.created_at.toISOString(),
    operator_id: row.operator_id,
    operator_email: row.operator_email,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    account_id: row.account_id,
    account_email: row.account_email,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}
