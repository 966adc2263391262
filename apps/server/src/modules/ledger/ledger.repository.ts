import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { LedgerAsset } from './ledger.table';

/** The only code that writes balances on `accounts` and rows of `ledger_entries`. */

const balanceColumn = { money: 'balance_cents', traffic: 'traffic_left_bytes' } as const;

/** Whose balance: an account's money or traffic, or one of its sub-accounts' traffic. */
export interface BalanceOwner {
  accountId: number;
  asset: LedgerAsset;
  subaccountId?: number | undefined;
}

/** A balance after a change: what the owner may spend, and what its ledger entries sum to. */
export interface BalanceAfter {
  left: bigint;
  /** `left` + traffic granted to open leases not written to the ledger yet (decision 045). */
  ledger: bigint;
}

/**
 * Adds `amount` (negative to debit) to a cached balance only if the result stays ≥ 0, in one
 * statement: concurrent debits serialize on the row and can never overdraw. Returns the new
 * balance, or undefined when the balance was too small (or the sub-account is not the account's).
 */
export async function changeBalance(
  trx: Transaction<Database>,
  owner: BalanceOwner,
  amount: bigint,
): Promise<BalanceAfter | undefined> {
  const { accountId, asset, subaccountId } = owner;
  if (subaccountId !== undefined) {
    const row = await trx
      .updateTable('subaccounts')
      .set({ traffic_left_bytes: sql`traffic_left_bytes + ${amount}` })
      .where('id', '=', subaccountId)
      .where('account_id', '=', accountId)
      .where(sql<boolean>`traffic_left_bytes + ${amount} >= 0`)
      .returning(['traffic_left_bytes as left', 'traffic_unposted_bytes as unposted'])
      .executeTakeFirst();
    return row && { left: row.left, ledger: row.left + row.unposted };
  }
  const column = balanceColumn[asset];
  const unposted = asset === 'traffic' ? sql<bigint>`traffic_unposted_bytes` : sql<bigint>`0::bigint`;
  const row = await trx
    .updateTable('accounts')
    .set({ [column]: sql`${sql.ref(column)} + ${amount}` })
    .where('id', '=', accountId)
    .where(sql<boolean>`${sql.ref(column)} + ${amount} >= 0`)
    .returning([sql<bigint>`${sql.ref(column)}`.as('left'), unposted.as('unposted')])
    .executeTakeFirst();
  return row && { left: row.left, ledger: row.left + row.unposted };
}

/**
 * Traffic granted to a lease leaves what the owner may spend at once, but is written to the ledger
 * later (decision 045): `left` − bytes, `unposted` + bytes, guarded like a debit. No entry now; the
 * ledger balance (left + unposted) does not move. Returns false when `left` is too small.
 */
export async function reserveUnposted(
  trx: Transaction<Database>,
  owner: TrafficRowOwner,
  bytes: bigint,
): Promise<boolean> {
  const change = {
    traffic_left_bytes: sql<bigint>`traffic_left_bytes - ${bytes}`,
    traffic_unposted_bytes: sql<bigint>`traffic_unposted_bytes + ${bytes}`,
  };
  return (
    (await changeTrafficRow(trx, owner, change, sql<boolean>`traffic_left_bytes >= ${bytes}`)) !== undefined
  );
}

/**
 * Writes reserved-but-unposted grants to the ledger: `unposted` − bytes and a `lease` entry of
 * −bytes, whose balance after is left + unposted (the running sum of the entries). `left` does not
 * move: those bytes left it when they were granted. Throws when fewer are unposted (a bug).
 */
export async function postUnposted(
  trx: Transaction<Database>,
  owner: TrafficRowOwner,
  bytes: bigint,
  ref: { type: string; id: string },
): Promise<void> {
  const change = { traffic_unposted_bytes: sql<bigint>`traffic_unposted_bytes - ${bytes}` };
  const ledger = await changeTrafficRow(trx, owner, change, sql<boolean>`traffic_unposted_bytes >= ${bytes}`);
  if (ledger === undefined) throw new Error('posting more lease grants than are unposted');
  await insertEntry(trx, {
    accountId: owner.accountId,
    asset: 'traffic',
    kind: 'lease',
    amount: -bytes,
    balanceAfter: ledger,
    refType: ref.type,
    refId: ref.id,
    note: null,
    subaccountId: owner.subaccountId,
  });
}

interface TrafficRowOwner {
  accountId: number;
  subaccountId: number | null;
}
type TrafficRowChange = Partial<Record<'traffic_left_bytes' | 'traffic_unposted_bytes', RawBuilder<bigint>>>;

/** Changes the owner's traffic row (the account's or the sub-account's) where `guard` holds; its ledger balance after. */
async function changeTrafficRow(
  trx: Transaction<Database>,
  owner: TrafficRowOwner,
  change: TrafficRowChange,
  guard: RawBuilder<boolean>,
): Promise<bigint | undefined> {
  const ledger = sql<bigint>`traffic_left_bytes + traffic_unposted_bytes`.as('ledger');
  const row =
    owner.subaccountId === null
      ? await trx
          .updateTable('accounts')
          .set(change)
          .where('id', '=', owner.accountId)
          .where(guard)
          .returning(ledger)
          .executeTakeFirst()
      : await trx
          .updateTable('subaccounts')
          .set(change)
          .where('id', '=', owner.subaccountId)
          .where('account_id', '=', owner.accountId)
          .where(guard)
          .returning(ledger)
          .executeTakeFirst();
  return row?.ledger;
}

export async function readBalance(db: Executor, owner: BalanceOwner): Promise<bigint | undefined> {
  const { accountId, asset, subaccountId } = owner;
  if (subaccountId !== undefined) {
    const sub = await db
      .selectFrom('subaccounts')
      .select('traffic_left_bytes')
      .where('id', '=', subaccountId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return sub?.traffic_left_bytes;
  }
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
    subaccountId: number | null;
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
      subaccount_id: entry.subaccountId,
    })
    .execute();
}

export interface BalanceMismatch {
  accountId: number;
  asset: LedgerAsset;
  subaccountId: number | null;
  cached: bigint;
  fromEntries: bigint;
}

/**
 * Balances (accounts' and sub-accounts') that differ from the sum of their entries (should be none).
 * A traffic balance's entries sum to what is left plus what open leases took from it that is not in
 * the ledger yet (decision 045).
 */
export async function findBalanceMismatches(db: Db): Promise<BalanceMismatch[]> {
  const rows = await sql<{
    account_id: number;
    asset: LedgerAsset;
    subaccount_id: number | null;
    cached: bigint;
    from_entries: bigint;
  }>`
    with sums as (
      select account_id, asset, subaccount_id, sum(amount)::bigint as total
      from ledger_entries group by account_id, asset, subaccount_id
    ), expected as (
      select a.id as account_id, x.asset, null::integer as subaccount_id,
             case x.asset when 'money' then a.balance_cents
               else a.traffic_left_bytes + a.traffic_unposted_bytes end as cached,
             coalesce(s.total, 0)::bigint as from_entries
      from accounts a
      cross join (values ('money'), ('traffic')) as x(asset)
      left join sums s on s.account_id = a.id and s.asset = x.asset and s.subaccount_id is null
      union all
      select sa.account_id, 'traffic', sa.id, sa.traffic_left_bytes + sa.traffic_unposted_bytes,
             coalesce(s.total, 0)::bigint
      from subaccounts sa
      left join sums s on s.subaccount_id = sa.id and s.account_id = sa.account_id
      union all
      -- Entries naming a sub-account of another account (there must be none).
      select s.account_id, s.asset, s.subaccount_id, 0::bigint, s.total
      from sums s join subaccounts sa on sa.id = s.subaccount_id
      where sa.account_id <> s.account_id
    )
    select account_id, asset, subaccount_id, cached, from_entries from expected where cached <> from_entries
    order by account_id, asset, subaccount_id`.execute(db);
  return rows.rows.map((r) => ({
    accountId: r.account_id,
    asset: r.asset,
    subaccountId: r.subaccount_id,
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
             sum(amount) over (partition by account_id, asset, subaccount_id order by id) as running
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

/**
 * Locks an account's balance row for the rest of the transaction. Every move of an account's
 * traffic between its main balance and its sub-accounts takes this lock first, so such moves
 * queue per account and never deadlock on each other (one lock, always taken first).
 */
/** `lockAccountBalances` for many accounts at once, in id order (one statement, same lock order). */
export async function lockAccountsBalances(
  trx: Transaction<Database>,
  accountIds: readonly number[],
): Promise<void> {
  if (accountIds.length === 0) return;
  // One array parameter: a batch's thousands of ids are not thousands of parameters to bind and parse.
  await sql`select id from accounts where id = any(${accountIds.map(String)}::int[]) order by id for update`.execute(
    trx,
  );
}

export async function lockAccountBalances(trx: Transaction<Database>, accountId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
