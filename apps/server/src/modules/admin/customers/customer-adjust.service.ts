import { bytesToGbText, centsToUsd } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { lockAccountById } from '../../account/account.service';
import { voidingTransaction } from '../../gateway-feed/voids-applied.service';
import { voidOwnerLeases } from '../../gateway-link/lease.service';
import { balanceOf, findEntryByRef, post } from '../../ledger/ledger.service';
import type { LedgerAsset } from '../../ledger/ledger.table';
import { mainTrafficLeftShown } from '../../account/traffic-left.service';
import { recordOperatorAction, type Actor } from '../../audit/audit.service';
import { noteAccountFigures } from '../../alerts/alert-triggers.service';

export interface Adjustment {
  accountId: number;
  /** Signed cents (money) or bytes (the main account's traffic); never zero. */
  amount: bigint;
  reason: string;
  /** The browser's key for this adjustment: sent again, it posts nothing more. */
  idempotencyKey: string;
}

export interface AdjustmentResult {
  ledgerEntryId: bigint;
  amount: bigint;
  /** The balance as the customer sees it now: cents, or the main account's traffic left (reserved included). */
  balanceNow: bigint;
}

const auditField = { money: 'balance_cents', traffic: 'traffic_left_bytes' } as const;
const ADJUSTMENT = 'adjustment';
/** The ledger reference of an adjustment: its key, per account (the ledger posts a reference once). */
const refOf = (adjustment: Adjustment) => ({
  type: 'operator_adjustment',
  id: `${adjustment.accountId}:${adjustment.idempotencyKey}`,
});

/**
 * An operator's adjustment (docs/product.md#operator-console): one ledger entry of kind `adjustment` with the reason as its
 * note, and the audit row with the balance before and after, in one transaction with the account
 * locked. A key already used answers what it posted (a double click, a retry), or 10021 when it
 * came with another amount. A debit beyond what is left changes nothing (10050). Taking traffic
 * may need what gateways hold reserved: their leases are voided first, so every byte the customer
 * is shown as left can be taken.
 */
async function adjust(
  ctx: AppContext,
  actor: Actor,
  asset: LedgerAsset,
  adjustment: Adjustment,
): Promise<AdjustmentResult> {
  const { accountId, amount } = adjustment;
  const ref = refOf(adjustment);
  const balanceNow = (trx: Parameters<typeof balanceOf>[0]) =>
    asset === 'money' ? balanceOf(trx, accountId, 'money') : mainTrafficLeftShown(trx, accountId);
  return voidingTransaction(ctx, async (trx) => {
    const account = await lockAccountById(trx, accountId);
    if (!account) throw new AppError('NotFound');
    const entryOf = () => findEntryByRef(trx, { asset, kind: ADJUSTMENT, refType: ref.type, refId: ref.id });
    const earlier = await entryOf();
    if (earlier) {
      if (earlier.amount !== amount) throw new AppError('IdempotencyKeyReused');
      return { ledgerEntryId: earlier.id, amount, balanceNow: await balanceNow(trx) };
    }
    const before = await balanceOf(trx, accountId, asset);
    if (asset === 'traffic' && -amount > before && account.traffic_reserved_bytes > 0n) {
      await voidOwnerLeases(ctx, trx, { accountId, subaccountId: null });
    }
    const posted = await post(trx, {
      accountId,
      asset,
      kind: ADJUSTMENT,
      amount,
      ref,
      note: adjustment.reason,
    });
    if (!posted.ok) throw refusal(asset, posted.available);
    await noteAccountFigures(trx, accountId, ctx.clock());
    const entry = await entryOf();
    if (!entry) throw new Error('an adjustment posted no entry');
    await recordOperatorAction(trx, {
      actor,
      action: asset === 'money' ? 'customer.adjust_balance' : 'customer.adjust_traffic',
      target: { type: 'account', id: accountId },
      accountId,
      // What the ledger held before the entry (after any voided reservations came back) and after it.
      before: { [auditField[asset]]: posted.balanceAfter - amount },
      after: { [auditField[asset]]: posted.balanceAfter, ledger_entry_id: entry.id },
      reason: adjustment.reason,
    });
    return { ledgerEntryId: entry.id, amount, balanceNow: await balanceNow(trx) };
  });
}

function refusal(asset: LedgerAsset, available: bigint): AppError {
  return asset === 'money'
    ? new AppError(
        'AdjustmentExceedsBalance',
        { available: centsToUsd(Number(available)) },
        { available_cents: Number(available) },
      )
    : new AppError(
        'AdjustmentExceedsBalance',
        { available: bytesToGbText(available) },
        { available_bytes: Number(available) },
        'AdjustmentExceedsTraffic',
      );
}

export const adjustBalance = (ctx: AppContext, actor: Actor, adjustment: Adjustment) =>
  adjust(ctx, actor, 'money', adjustment);

export const adjustTraffic = (ctx: AppContext, actor: Actor, adjustment: Adjustment) =>
  adjust(ctx, actor, 'traffic', adjustment);
