import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import { isLiveSubaccount, isOwnLiveSubaccount, usernamesByIds } from './subaccount-lookup.repository';
import { capLeft, isExpired } from './subaccount-limits';
import { findOwnSubaccount } from './subaccount.repository';

/**
 * What other modules may ask about sub-accounts without reading `subaccounts` themselves: whether
 * an id is live, its traffic left, and the usernames to show beside their rows (traffic records, usage).
 */

export { isLiveSubaccount, isOwnLiveSubaccount };

/** Is a sub-account past the end of its last day at `now`? (One rule for leases, credentials and the sweep.) */
export { isExpired };

/** Opens a sub-account's sealed proxy password (the gateway link reads it with its proxy-user lookups). */
export { decryptProxyPassword } from './proxy-password';

/** A sub-account's traffic left, inside the caller's transaction (0 when it is not this account's). */
export async function readSubaccountTrafficLeft(
  trx: Transaction<Database>,
  accountId: number,
  subaccountId: number,
): Promise<bigint> {
  return (await findOwnSubaccount(trx, accountId, subaccountId))?.traffic_left_bytes ?? 0n;
}

/**
 * What a sub-account may lease at `now`: its traffic left, or what its caps leave when that is less
 * (`capped`); nothing when it is not this account's live sub-account.
 */
export async function readSubaccountLeasable(
  trx: Transaction<Database>,
  accountId: number,
  subaccountId: number,
  now: Date,
): Promise<{ left: bigint; capped: boolean }> {
  const row = await findOwnSubaccount(trx, accountId, subaccountId);
  if (!row) return { left: 0n, capped: false };
  const cap = capLeft(row, now);
  return cap !== null && cap < row.traffic_left_bytes
    ? { left: cap, capped: true }
    : { left: row.traffic_left_bytes, capped: false };
}

/**
 * Counts usage toward the sub-account's caps, in the usage batch's transaction: its counters of the
 * UTC day and month of `now` grow, or start again in a later day or month.
 */
export { countCappedUsage } from './subaccount-lookup.repository';

/** Ids per statement: far below PostgreSQL's 65535 parameters, however many sub-accounts were ever deleted. */
const IDS_PER_QUERY = 1000;

/**
 * The usernames of the account's sub-accounts among `ids` (deleted ones too: their history keeps
 * its name; `liveOnly` leaves them out, where a name is a link to the sub-account's page), in one
 * query per 1000 distinct ids; ids ≤ 0 (the main account) and other accounts' sub-accounts are
 * absent from the map.
 */
export async function subaccountUsernames(
  db: Executor,
  accountId: number,
  ids: Iterable<number | null>,
  liveOnly = false,
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].filter((id): id is number => id !== null && id > 0);
  const usernames = new Map<number, string>();
  for (let start = 0; start < wanted.length; start += IDS_PER_QUERY) {
    const rows = await usernamesByIds(db, accountId, wanted.slice(start, start + IDS_PER_QUERY), liveOnly);
    for (const row of rows) usernames.set(row.id, row.username);
  }
  return usernames;
}
