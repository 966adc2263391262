import { canonicalIp } from '@resiport/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isOwnLiveSubaccount } from '../subaccounts/subaccount-lookup.service';

/**
 * Checks a sub-account id from a filter: 0 (the main account) and the account's live sub-accounts
 * pass; another account's, a deleted or a nonexistent id are all the same 10009, as on the
 * sub-account routes, so an id reveals nothing about who holds it.
 */
export async function checkOwnerFilter(
  ctx: AppContext,
  accountId: number,
  subaccountId: number | undefined,
): Promise<void> {
  if (subaccountId === undefined || subaccountId === 0) return;
  if (!(await isOwnLiveSubaccount(ctx.db, accountId, subaccountId))) throw new AppError('NotFound');
}

/** A source address filter in the stored (canonical) spelling; empty = no filter. */
export function sourceIpFilter(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  return canonicalIp(text) ?? text;
}
