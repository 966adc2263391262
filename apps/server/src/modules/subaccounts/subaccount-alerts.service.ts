import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { updateSubaccount, type SubaccountRow } from './subaccount.repository';

/**
 * A sub-account's own alert thresholds (% of its traffic used, decision 039): null follows the
 * account's, [] turns them off for it. Another account's id is not found.
 */
export async function changeSubAlerts(
  ctx: AppContext,
  owner: { id: number },
  id: number,
  percents: number[] | null,
): Promise<SubaccountRow> {
  const updated = await updateSubaccount(ctx.db, owner.id, id, { alert_percents: percents });
  if (!updated) throw new AppError('NotFound');
  return updated;
}
