import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { AppError } from '../../errors';
import { recordSubaccountChange } from '../gateway-feed/gateway-events.service';
import { voidingTransaction } from '../gateway-feed/voids-applied.service';
import { mainTrafficLeftShown } from '../account/traffic-left.service';
import { balanceOf, lockAccountBalances } from '../ledger/ledger.service';
import {
  findOwnSubaccount,
  findTransferByRequest,
  markSubaccountDeleted,
  type SubaccountRow,
} from './subaccount.repository';
import { transfer } from './traffic-transfer';

/** Who owns the traffic: the main account. */
interface Owner {
  id: number;
}

export interface TrafficMove {
  subaccountId: number;
  action: 'allocate' | 'recycle';
  bytes: bigint;
  requestId: string;
}

/**
 * Gives traffic from the main account to a sub-account (allocate) or takes it back (recycle):
 * one transfer, two ledger entries (main and sub-account), committed together. The account's
 * balance row is locked first, so moves of one account queue and never deadlock; a repeated
 * `requestId` answers with the current state and moves nothing (10021 if it asked for another move).
 */
export async function moveTraffic(ctx: AppContext, owner: Owner, move: TrafficMove): Promise<SubaccountRow> {
  return voidingTransaction(ctx, async (trx) => {
    await lockAccountBalances(trx, owner.id);
    const earlier = await findTransferByRequest(trx, owner.id, move.requestId);
    if (earlier) {
      const same =
        earlier.subaccount_id === move.subaccountId &&
        earlier.kind === move.action &&
        earlier.amount_bytes === move.bytes;
      if (!same) throw new AppError('IdempotencyKeyReused');
      return liveSub(trx, owner.id, move.subaccountId);
    }
    await liveSub(trx, owner.id, move.subaccountId);
    // Reserved traffic is shown as left, so it can be moved: its leases are voided first (gateways
    // drop that credit at once) — the sub-account's for a recycle, the main account's when an
    // allocation needs what it has reserved.
    const { gatewayCredit } = ctx;
    if (move.action === 'recycle') {
      await gatewayCredit.voidOwnerLeases(ctx, trx, { accountId: owner.id, subaccountId: move.subaccountId });
    } else {
      // What the main account owes (delivered past zero) is paid before it gives any traffic away.
      const main = { accountId: owner.id, subaccountId: null };
      await gatewayCredit.repayDebt(trx, main, {
        type: 'allocation',
        id: `main.${move.subaccountId}.${move.requestId}`,
      });
      if ((await balanceOf(trx, owner.id, 'traffic')) < move.bytes) {
        await gatewayCredit.voidOwnerLeases(ctx, trx, main);
      }
    }
    await transfer(trx, owner.id, move.subaccountId, move.action, move.bytes, move.requestId);
    if (move.action === 'allocate') {
      const ref = { type: 'allocation', id: `${move.subaccountId}.${move.requestId}` };
      await gatewayCredit.repayDebt(trx, { accountId: owner.id, subaccountId: move.subaccountId }, ref);
    }
    return liveSub(trx, owner.id, move.subaccountId);
  });
}

/**
 * Deletes a sub-account: its remaining traffic goes back to the main account (a
 * `subaccount_deletion` transfer) and from that moment it cannot authenticate. A repeat finds no
 * live sub-account (10009) and moves nothing.
 */
export async function deleteSubaccount(
  ctx: AppContext,
  owner: Owner,
  subaccountId: number,
): Promise<{ recycledBytes: bigint; mainTrafficLeft: bigint }> {
  return voidingTransaction(ctx, async (trx) => {
    await lockAccountBalances(trx, owner.id);
    await liveSub(trx, owner.id, subaccountId);
    // Everything it had goes back now, reservations included (not when its leases expire).
    await ctx.gatewayCredit.voidOwnerLeases(ctx, trx, { accountId: owner.id, subaccountId });
    const sub = await liveSub(trx, owner.id, subaccountId);
    await transfer(trx, owner.id, sub.id, 'subaccount_deletion', sub.traffic_left_bytes, null);
    // What it owed its main account for bytes past zero: the main account paid them already.
    await ctx.gatewayCredit.forgiveOnDeletion(trx, { accountId: owner.id, subaccountId: sub.id });
    await markSubaccountDeleted(trx, sub.id, ctx.clock());
    await recordSubaccountChange(trx, { accountId: owner.id, subaccountId: sub.id, username: sub.username });
    return {
      recycledBytes: sub.traffic_left_bytes,
      mainTrafficLeft: await mainTrafficLeftShown(trx, owner.id),
    };
  });
}

async function liveSub(trx: Transaction<Database>, accountId: number, id: number): Promise<SubaccountRow> {
  const sub = await findOwnSubaccount(trx, accountId, id);
  if (!sub) throw new AppError('NotFound');
  return sub;
}
