import type { Executor } from '../../db/database';
import { isExpired } from '../subaccounts/subaccount-lookup.service';

/**
 * What gateways may know about proxy users: read-only lookups over accounts, live sub-accounts and
 * whitelisted IPs (the owning modules write them; the gateway link only reads). They join across
 * modules on purpose — one statement per credential check or lease grant, the gateways' hot path —
 * and are listed in db/database.types.ts.
 */

export function liveSubaccountByUsername(db: Executor, username: string) {
  return db
    .selectFrom('subaccounts as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select([
      's.id',
      's.account_id',
      's.password_cipher',
      's.status',
      's.expires_at',
      's.max_connections',
      'a.status as account_status',
    ])
    .where('s.username', '=', username)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * May this owner spend traffic at `now`? `may`: a live, enabled sub-account (before the end of its
 * last day) of an active account, or an active main account; `expired`: its last day is over;
 * `revoked`: anything else (deleted, disabled, account disabled).
 */
export async function ownerSpendState(
  db: Executor,
  owner: { accountId: number; subaccountId: number | null },
  now: Date,
): Promise<'may' | 'expired' | 'revoked'> {
  if (owner.subaccountId === null) {
    const account = await db
      .selectFrom('accounts')
      .select('status')
      .where('id', '=', owner.accountId)
      .executeTakeFirst();
    return account?.status === 'active' ? 'may' : 'revoked';
  }
  const row = await db
    .selectFrom('subaccounts as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select(['s.status', 's.expires_at', 'a.status as account_status'])
    .where('s.id', '=', owner.subaccountId)
    .where('s.account_id', '=', owner.accountId)
    .where('s.deleted_at', 'is', null)
    .executeTakeFirst();
  if (row?.status !== 'active' || row.account_status !== 'active') return 'revoked';
  return isExpired(row, now) ? 'expired' : 'may';
}

export function whitelistOwner(db: Executor, ip: string) {
  return db
    .selectFrom('whitelist_ips as w')
    .innerJoin('accounts as a', 'a.id', 'w.account_id')
    .select(['w.account_id'])
    .where('w.ip', '=', ip)
    .where('a.status', '=', 'active')
    .executeTakeFirst();
}
