import type { AuditEntry, EndpointParsedInput, adminAuditEndpoints } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { pageOfAudit } from '../../audit/audit.service';

const DAY_MS = 86_400_000;

/** The console's audit page: filters as the query gives them, UTC days inclusive. */
export async function listAudit(
  ctx: AppContext,
  input: EndpointParsedInput<typeof adminAuditEndpoints.list>,
) {
  const { rows, total } = await pageOfAudit(
    ctx.db,
    {
      q: input.q === '' ? undefined : input.q,
      action: input.action,
      accountId: input.account_id,
      operatorId: input.operator_id,
      from: input.start_date ? new Date(`${input.start_date}T00:00:00Z`) : undefined,
      to: input.end_date ? new Date(new Date(`${input.end_date}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    },
    input.page,
    input.page_size,
  );
  const list: AuditEntry[] = rows.map((row) => ({
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
  }));
  return { list, total, page: input.page, page_size: input.page_size };
}
