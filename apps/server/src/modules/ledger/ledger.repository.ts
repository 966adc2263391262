import { sql, type Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { Database, LedgerAsset } from '../../db/database.types';

/** The only code that writes balances on `accounts` and rows of `ledger_entries`. */

const balanceColumn = { money: 'balance_cents', traffic: 'traffic_left_bytes' } as const;

/**
 * Adds `amount` (negative to debit) to a cached balance only if the result stays ≥ 0, in one
 * statement: concurrent debits serialize on the row and can never overdraw. Returns the new
 * balance, or undefined when the balance was too small.
 */
export async function changeBalance(
  trx: Transaction<Database>,
  accountId: number,
  asset: LedgerAsset,
  amount: bigint,
): Promise<bigint | undefined> {
  const column = balanceColumn[asset];
  const row = await trx
    .updateTable('accounts')
    .set({ [column]: sql`${sql.ref(column)} + ${amount}` })
    .where('id', '=', accountId)
    .where(sql<boolean>`${sql.ref(column)} + ${amount} >= 0`)
    .returning(sql<bigint>`${sql.ref(column)}`.as('balance'))
    .executeTakeFirst();
  return row?.balance;
}

export async function readBalance(db: Executor, accountId: number, asset: LedgerAsset) {
  const row = await db
    .selectFrom('accounts')
    .select(sql<bigint>`${sql.ref(balanceColumn[asset])}`.as('balance'))
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.balance;
}

export async function insertEntry(
  trx: Transaction<Database>,
  entry: {
    accountId: number;
    asset: LedgerAsset;
    kind: string;
    amount: bigint;
    balanceAfter: bigint;
    refType: string | null;
    refId: string | null;
    note: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('ledger_entries')
    .values({
      account_id: entry.accountId,
      asset: entry.asset,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      ref_type: entry.refType,
      ref_id: entry.refId,
      note: entry.note,
    })
    .execute();
}

export interface BalanceMismatch {
  accountId: number;
  asset: LedgerAsset;
  cached: bigint;
  fromEntries: bigint;
}

/** Accounts whose cached balance differs from the sum of their entries (should be none). */
export async function findBalanceMismatches(db: Db): Promise<BalanceMismatch[]> {
  const rows = await sql<{ account_id: number; asset: LedgerAsset; cached: bigint; from_entries: bigint }>`
    with sums as (
      select account_id, asset, sum(amount)::bigint as total from ledger_entries group by account_id, asset
    ), expected as (
      select a.id as account_id, x.asset,
             case x.asset when 'money' then a.balance_cents else a.traffic_left_bytes end as cached,
             coalesce(s.total, 0)::bigint as from_entries
      from accounts a
      cross join (values ('money'), ('traffic')) as x(asset)
      left join sums s on s.account_id = a.id and s.asset = x.asset
    )
    select account_id, asset, cached, from_entries from expected where cached <> from_entries
    order by account_id, asset`.execute(db);
  return rows.rows.map((r) => ({
    accountId: r.account_id,
    asset: r.asset,
    cached: r.cached,
    fromEntries: r.from_entries,
  }));
}

/** Entries whose `balance_after` breaks the running sum of their account's chain (should be none). */
export async function findBrokenChains(
  db: Db,
): Promise<{ accountId: number; asset: LedgerAsset; entryId: bigint }[]> {
  const rows = await sql<{ account_id: number; asset: LedgerAsset; id: bigint }>`
    select account_id, asset, id from (
      select account_id, asset, id, balance_after,
             sum(amount) over (partition by account_id, asset order by id) as running
      from ledger_entries
    ) chain where running <> balance_after order by account_id, asset, id`.execute(db);
  return rows.rows.map((r) => ({ accountId: r.account_id, asset: r.asset, entryId: r.id }));
}

export async function countEntries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
