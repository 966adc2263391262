import { utcDayNumber, type SubRefillInput } from '@resiport/contract';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database.types';
import { AppError } from '../../errors';
import { noteAlertEvent } from '../alerts/alert-triggers.service';
import { balanceOf, lockAccountBalances } from '../ledger/ledger.service';
import { refilledToday, refillRoom, refillWanted } from './auto-refill';
import { findOwnSubaccount, updateSubaccount, type SubaccountRow } from './subaccount.repository';
import { transfer } from './traffic-transfer';

export type RefillOutcome = 'refilled' | 'stopped' | 'none';

/**
 * Whether auto-refill could still move traffic to this owner (a sub-account with it on, not stopped,
 * room left today, and traffic on its main account): a grant that took its last bytes is then not
 * the end, and the gateway renews as usual instead of stopping at zero.
 */
export async function canStillRefill(
  trx: Transaction<Database>,
  key: { accountId: number; subaccountId: number | null },
  now: Date,
): Promise<boolean> {
  if (key.subaccountId === null) return false;
  const sub = await findOwnSubaccount(trx, key.accountId, key.subaccountId);
  if (!sub || refillRoom(sub, now) === 0n) return false;
  return (await balanceOf(trx, key.accountId, 'traffic')) > 0n;
}

/**
 * Refills the sub-account from the main account when it is below its threshold (decision 037), in
 * the caller's transaction, which holds the account's balances (`lockAccountBalances`): one
 * `allocate` transfer (shown in the change record) of at most the amount and what the day's maximum
 * leaves, taken only from the main account's traffic left (never its reservations). Every refill
 * runs under that lock and lifts what it has, so concurrent requests see it done: one refill per
 * crossing of the threshold. With the main account empty it stops until the setting is saved again.
 */
export async function refillIfLow(
  ctx: AppContext,
  trx: Transaction<Database>,
  accountId: number,
  subaccountId: number,
  now: Date,
  granting = 0n,
): Promise<RefillOutcome> {
  const sub = await findOwnSubaccount(trx, accountId, subaccountId);
  if (!sub) return 'none';
  const wanted = refillWanted(sub, now, granting);
  if (wanted === 0n) return 'none';
  const before = refilledToday(sub, now);
  // Unique per account (the transfers' request ids): the day's refilled bytes only grow.
  const requestId = `refill.${sub.id}.${utcDayNumber(now)}.${before}`;
  // What the main account owes is paid before it gives traffic away (as a manual allocation does).
  await ctx.gatewayCredit.repayDebt(
    trx,
    { accountId, subaccountId: null },
    { type: 'allocation', id: `main.${requestId}` },
  );
  const mainLeft = await balanceOf(trx, accountId, 'traffic');
  const bytes = wanted < mainLeft ? wanted : mainLeft;
  if (bytes === 0n) {
    await updateSubaccount(trx, accountId, sub.id, { refill_stopped_at: now });
    await noteAlertEvent(trx, accountId, {
      kind: 'refill_failed',
      dedupeKey: `refill-stopped.${sub.id}.${now.getTime()}`,
      subaccountId: sub.id,
      data: { subaccount_id: sub.id, username: sub.username, reason: 'main_empty' },
      at: now,
    });
    return 'stopped';
  }
  await transfer(trx, accountId, sub.id, 'allocate', bytes, requestId);
  await ctx.gatewayCredit.repayDebt(
    trx,
    { accountId, subaccountId: sub.id },
    { type: 'allocation', id: `${sub.id}.${requestId}` },
  );
  await trx
    .updateTable('subaccounts')
    .set({ refill_day: utcDayNumber(now), refill_day_bytes: sql`${before + bytes}` })
    .where('id', '=', sub.id)
    .execute();
  await noteAlertEvent(trx, accountId, {
    kind: 'refill_done',
    dedupeKey: requestId,
    subaccountId: sub.id,
    data: { subaccount_id: sub.id, username: sub.username, amount_bytes: Number(bytes) },
    at: now,
  });
  return 'refilled';
}

/**
 * Sets (or, with an empty threshold and amount, turns off) the sub-account's auto-refill, restarts a
 * stopped one, and refills at once when it is already below the new threshold.
 */
export async function changeRefill(
  ctx: AppContext,
  owner: { id: number },
  id: number,
  input: SubRefillInput,
): Promise<SubaccountRow> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockAccountBalances(trx, owner.id);
    // Off: all three cleared. An absent daily maximum stays as it is.
    const off = input.refill_below === null || input.refill_amount === null;
    const updated = await updateSubaccount(trx, owner.id, id, {
      refill_below_bytes: off ? null : bytesOrNull(input.refill_below),
      refill_amount_bytes: off ? null : bytesOrNull(input.refill_amount),
      ...(off ? { refill_daily_max_bytes: null } : {}),
      ...(!off && input.refill_daily_max !== undefined
        ? { refill_daily_max_bytes: bytesOrNull(input.refill_daily_max) }
        : {}),
      refill_stopped_at: null,
    });
    if (!updated) throw new AppError('NotFound');
    await refillIfLow(ctx, trx, owner.id, id, ctx.clock());
    return (await findOwnSubaccount(trx, owner.id, id)) ?? updated;
  });
}

const bytesOrNull = (bytes: number | null) => (bytes === null ? null : BigInt(bytes));
