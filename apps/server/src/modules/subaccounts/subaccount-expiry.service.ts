import type { AppContext } from '../../context';
import { recordSubaccountChange } from '../gateway-feed/gateway-events.service';
import { voidingTransaction } from '../gateway-feed/voids-applied.service';
import { lockAccountBalances } from '../ledger/ledger.service';
import { isExpired } from './subaccount-limits';
import { findOwnSubaccount, subaccountsDueToExpire, updateSubaccount } from './subaccount.repository';
import { transfer } from './traffic-transfer';

/**
 * Settles sub-accounts whose last day is over (the lease-reclaim job's tick): each one's leases are
 * voided, all its traffic goes back to the main account as a `recycle` (request id
 * `expiry.<id>.<last day>`, shown in the change record), `expired_at` is set, and gateways drop
 * its credentials. Each is its own transaction and happens once: a settled row is not due again,
 * and the unique request id would refuse a second transfer. Returns how many were settled.
 *
 * Leases and credentials already refuse it from the end of its last day (`ownerSpendState`,
 * `lookupCredentials`); this returns its traffic and cuts tunnels still running on credit in hand.
 */
export async function expireDueSubaccounts(ctx: AppContext, limit = 200): Promise<number> {
  const due = await subaccountsDueToExpire(ctx.db, ctx.clock(), limit);
  let settled = 0;
  for (const { id, account_id: accountId } of due) {
    const done = await voidingTransaction(ctx, async (trx) => {
      await lockAccountBalances(trx, accountId);
      const now = ctx.clock();
      const sub = await findOwnSubaccount(trx, accountId, id);
      // Changed meanwhile: deleted, settled by another process, or given a later last day.
      if (!sub?.expires_at || sub.expired_at !== null || !isExpired(sub, now)) return false;
      await ctx.gatewayCredit.voidOwnerLeases(ctx, trx, { accountId, subaccountId: id });
      const left = (await findOwnSubaccount(trx, accountId, id))?.traffic_left_bytes ?? 0n;
      const requestId = `expiry.${id}.${sub.expires_at.toISOString().slice(0, 10)}`;
      await transfer(trx, accountId, id, 'recycle', left, requestId);
      await updateSubaccount(trx, accountId, id, { expired_at: now });
      await recordSubaccountChange(trx, { accountId, subaccountId: id, username: sub.username });
      return true;
    });
    if (done) settled++;
  }
  return settled;
}
