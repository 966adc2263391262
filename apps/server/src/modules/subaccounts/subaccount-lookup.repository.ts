import { utcDayNumber, utcMonthStartDay } from '@resiport/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';

/** Narrow reads of `subaccounts` for other modules (through subaccount-lookup.service.ts). */

/** A live (not deleted) sub-account of this account? */
export async function isOwnLiveSubaccount(db: Executor, accountId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('subaccounts')
    .select('id')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Is the sub-account still live (not deleted), whoever holds it? */
export async function isLiveSubaccount(db: Executor, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('subaccounts')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Ids and usernames of these sub-accounts of the account, deleted ones included (primary key lookups). */
export function usernamesByIds(db: Executor, accountId: number, ids: readonly number[], liveOnly = false) {
  let query = db
    .selectFrom('subaccounts')
    .select(['id', 'username'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids);
  if (liveOnly) query = query.where('deleted_at', 'is', null);
  return query.execute();
}

/** Adds `bytes` to the cap counters of the UTC day and month of `now` (see subaccount-limits.ts). */
export async function countCappedUsage(
  trx: Transaction<Database>,
  subaccountId: number,
  bytes: bigint,
  now: Date,
): Promise<void> {
  if (bytes <= 0n) return;
  const today = utcDayNumber(now);
  const monthStart = utcMonthStartDay(now);
  await trx
    .updateTable('subaccounts')
    .set({
      day_used_bytes: sql`case when usage_day = ${today} then day_used_bytes + ${bytes} else ${bytes} end`,
      month_used_bytes: sql`case when usage_day >= ${monthStart} then month_used_bytes + ${bytes} else ${bytes} end`,
      usage_day: today,
    })
    .where('id', '=', subaccountId)
    .execute();
}
