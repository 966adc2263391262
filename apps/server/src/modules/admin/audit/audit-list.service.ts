import type { EndpointParsedInput, adminAuditEndpoints } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { pageOfAudit } from '../../audit/audit.service';
import { toAuditEntry } from './audit-view';

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
  return { list: rows.map(toAuditEntry), total, page: input.page, page_size: input.page_size };
}
