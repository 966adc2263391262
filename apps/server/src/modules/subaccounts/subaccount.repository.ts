import { sql, type Selectable, type Transaction } from 'kysely';
import type { Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { SubaccountsTable, TrafficTransfersTable, TransferKind } from './subaccount.table';
import type { SubaccountsTrafficFigures } from '../account/traffic-left.service';

export type SubaccountRow = Selectable<SubaccountsTable>;
export type TransferRow = Selectable<TrafficTransfersTable>;

/** The columns a customer sets as a sub-account's limits (`expired_at` is cleared with a new last day). */
export type LimitColumn =
  'daily_cap_bytes' | 'monthly_cap_bytes' | 'expires_at' | 'expired_at' | 'max_connections';

/** The auto-refill setting's columns (auto-refill.service.ts). */
export type RefillColumn =
  'refill_below_bytes' | 'refill_amount_bytes' | 'refill_daily_max_bytes' | 'refill_stopped_at';

export function insertSubaccount(
  trx: Transaction<Database>,
  values: {
    accountId: number;
    username: string;
    passwordCipher: string;
    remark: string;
    limits: Partial<Pick<SubaccountRow, LimitColumn>>;
  },
): Promise<SubaccountRow> {
  return trx
    .insertInto('subaccounts')
    .values({
      account_id: values.accountId,
      username: values.username,
      password_cipher: values.passwordCipher,
      remark: values.remark,
      ...values.limits,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A live (not deleted) sub-account of this account: every id from a client is looked up through here. */
export function findOwnSubaccount(
  db: Executor,
  accountId: number,
  id: number,
): Promise<SubaccountRow | undefined> {
  return db
    .selectFrom('subaccounts')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function countLiveSubaccounts(db: Executor, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('subaccounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of the account's live sub-accounts, newest first, and how many match. `liveCount`: the
 * account's live sub-accounts as its row keeps them (`accounts.subaccounts_live`), the total of an
 * unfiltered page — then the page is one statement, not a count over every sub-account first.
 */
export async function pageOfSubaccounts(
  db: Executor,
  accountId: number,
  filter: { search: string | undefined; id?: number | undefined; page: number; pageSize: number },
  liveCount?: number,
): Promise<{ list: SubaccountRow[]; total: number }> {
  let query = db
    .selectFrom('subaccounts')
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null);
  if (filter.id !== undefined) query = query.where('id', '=', filter.id);
  if (filter.search) {
    // Escape LIKE wildcards so a search for "50%" finds "50%", not everything.
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('username', 'like', pattern), eb(sql<string>`lower(remark)`, 'like', pattern)]),
    );
  }
  const unfiltered = !filter.search && filter.id === undefined;
  const total =
    unfiltered && liveCount !== undefined
      ? liveCount
      : Number((await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const list = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  return { list, total };
}

export function updateSubaccount(
  db: Executor,
  accountId: number,
  id: number,
  values: Partial<
    Pick<
      SubaccountRow,
      'password_cipher' | 'remark' | 'status' | 'alert_percents' | LimitColumn | RefillColumn
    >
  >,
): Promise<SubaccountRow | undefined> {
  return db
    .updateTable('subaccounts')
    .set(values)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Live sub-accounts whose last day ended by `now` and whose traffic has not gone back yet. */
export function subaccountsDueToExpire(db: Executor, now: Date, limit: number) {
  return db
    .selectFrom('subaccounts')
    .select(['id', 'account_id'])
    .where('expires_at', '<=', now)
    .where('expired_at', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export async function markSubaccountDeleted(trx: Transaction<Database>, id: number, at: Date): Promise<void> {
  await trx.updateTable('subaccounts').set({ deleted_at: at }).where('id', '=', id).execute();
}

export function insertTransfer(
  trx: Transaction<Database>,
  values: {
    accountId: number;
    subaccountId: number;
    kind: TransferKind;
    amountBytes: bigint;
    requestId: string | null;
  },
): Promise<TransferRow> {
  return trx
    .insertInto('traffic_transfers')
    .values({
      account_id: values.accountId,
      subaccount_id: values.subaccountId,
      kind: values.kind,
      amount_bytes: values.amountBytes,
      request_id: values.requestId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findTransferByRequest(
  db: Executor,
  accountId: number,
  requestId: string,
): Promise<TransferRow | undefined> {
  return db
    .selectFrom('traffic_transfers')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/**
 * The definition of the sub-accounts' figures of /user/info, as one aggregate over the account's
 * rows. /user/info does not run it (it is O(sub-accounts) on every page): it reads the same figures
 * from the account's row, where a trigger keeps them (`subaccounts_*`, migration 2026_11_28_0900);
 * this is what they must always equal (`findSubaccountTotalsDrift`). `empty` spells
 * `subTrafficStateOf`'s in SQL: shown left ≤ 0 with something allocated (allocated = left + used −
 * debt, as subaccount-view.ts shows it; a sub-account never given traffic is `none`, not out of it).
 */
export async function subaccountsTrafficFigures(
  db: Executor,
  accountId: number,
): Promise<SubaccountsTrafficFigures> {
  const row = await db
    .selectFrom('subaccounts')
    .select([
      sql<string>`coalesce(sum(traffic_used_bytes), 0)`.as('used'),
      sql<string>`coalesce(sum(traffic_left_bytes + traffic_reserved_bytes) filter (where deleted_at is null), 0)`.as(
        'left',
      ),
      sql<string>`count(*) filter (where deleted_at is null)`.as('count'),
      sql<string>`count(*) filter (where deleted_at is null and traffic_left_bytes + traffic_reserved_bytes <= 0 and traffic_used_bytes > traffic_debt_bytes)`.as(
        'empty',
      ),
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return {
    usedBytes: BigInt(row?.used ?? 0),
    leftBytes: BigInt(row?.left ?? 0),
    count: Number(row?.count ?? 0),
    emptyCount: Number(row?.empty ?? 0),
  };
}

export interface SubaccountTotalsDrift {
  accountId: number;
  kept: SubaccountsTrafficFigures;
  fromRows: SubaccountsTrafficFigures;
}

/**
 * Accounts whose kept sub-account figures (`accounts.subaccounts_*`) differ from the aggregate of
 * their sub-accounts' rows (should be none), in one statement: one consistent snapshot.
 */
export async function findSubaccountTotalsDrift(db: Executor): Promise<SubaccountTotalsDrift[]> {
  const { rows } = await sql<{
    id: number;
    kept_used: string;
    kept_left: string;
    kept_live: number;
    kept_empty: number;
    used: string;
    left: string;
    live: string;
    empty: string;
  }>`
    select a.id, a.subaccounts_used_bytes::text as kept_used, a.subaccounts_left_bytes::text as kept_left,
           a.subaccounts_live as kept_live, a.subaccounts_empty as kept_empty,
           coalesce(s.used, 0)::text as used, coalesce(s.left_shown, 0)::text as left,
           coalesce(s.live, 0)::text as live, coalesce(s.empty, 0)::text as empty
    from accounts a
    left join (
      select account_id,
        sum(traffic_used_bytes) as used,
        coalesce(sum(traffic_left_bytes + traffic_reserved_bytes) filter (where deleted_at is null), 0) as left_shown,
        count(*) filter (where deleted_at is null) as live,
        count(*) filter (where deleted_at is null and traffic_left_bytes + traffic_reserved_bytes <= 0
          and traffic_used_bytes > traffic_debt_bytes) as empty
      from subaccounts group by account_id
    ) s on s.account_id = a.id
    where a.subaccounts_used_bytes <> coalesce(s.used, 0)
       or a.subaccounts_left_bytes <> coalesce(s.left_shown, 0)
       or a.subaccounts_live <> coalesce(s.live, 0)
       or a.subaccounts_empty <> coalesce(s.empty, 0)
    order by a.id`.execute(db);
  return rows.map((r) => ({
    accountId: r.id,
    kept: {
      usedBytes: BigInt(r.kept_used),
      leftBytes: BigInt(r.kept_left),
      count: r.kept_live,
      emptyCount: r.kept_empty,
    },
    fromRows: {
      usedBytes: BigInt(r.used),
      leftBytes: BigInt(r.left),
      count: Number(r.live),
      emptyCount: Number(r.empty),
    },
  }));
}
