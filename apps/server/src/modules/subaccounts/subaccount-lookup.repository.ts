import type { Executor } from '../../db/database';

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
export function usernamesByIds(db: Executor, accountId: number, ids: readonly number[]) {
  return db
    .selectFrom('subaccounts')
    .select(['id', 'username'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
}
