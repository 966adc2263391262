import { ledgerChangeKinds, type TrafficChangeKind } from '@resiport/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * The traffic change record of an account, read from the ledger (the traffic module shows it).
 * Entries of the customer-facing kinds are one row each; every other traffic entry (lease,
 * lease_return, usage, debt_repayment: the traffic that went through the gateway) is summed into
 * `usage` rows — per owner and UTC day, split where another change of that owner falls in between
 * (decision 027). So every row's balances are the ledger's own, and each owner's rows chain: a
 * row's balance before is the balance after of that owner's previous row.
 */

export interface TrafficChangeFilter {
  accountId: number;
  /** [from, to): UTC midnights. */
  from: Date;
  to: Date;
  kind?: TrafficChangeKind | undefined;
  /** 0 = the main account's entries only. */
  subaccountId?: number | undefined;
}

export interface TrafficChangeRow {
  /** The entry's id; for a `usage` row, its last entry's. */
  id: bigint;
  /** For a `usage` row, its last entry's time. */
  created_at: Date;
  /** A `usage` row's first entry's time; null for the other rows. */
  since: Date | null;
  kind: string;
  subaccount_id: number | null;
  amount: bigint;
  /** Of a main-account `usage` row: the part paid for sub-accounts that ran past zero (net, signed). */
  for_subaccounts: bigint;
  balance_after: bigint;
}

/** A row of the page query: the count, and a row of the page (all null when the page is empty). */
type PageRow = { total: bigint } & { [K in keyof TrafficChangeRow]: TrafficChangeRow[K] | null };

const ledgerKindList = sql.join(ledgerChangeKinds.map((kind) => sql.lit(kind)));

function ownerCondition(subaccountId: number | undefined) {
  if (subaccountId === undefined) return sql``;
  if (subaccountId === 0) return sql`and e.subaccount_id is null`;
  return sql`and e.subaccount_id = ${subaccountId}`;
}

/** The rows of the filter, newest first, one page of them, and how many there are (one query). */
export async function pageOfTrafficChanges(
  db: Executor,
  filter: TrafficChangeFilter,
  window: { limit: number; offset: number },
): Promise<{ list: TrafficChangeRow[]; total: number }> {
  const kindCondition = filter.kind === undefined ? sql`` : sql`where r.kind = ${filter.kind}`;
  // `run` numbers the owner's stretches of consecutive gateway entries within a UTC day (gaps and
  // islands: the two row numbers advance together while the entries stay of one sort).
  const { rows } = await sql<PageRow>`
    with entries as (
      select e.id, e.created_at, e.kind, e.subaccount_id, e.amount, e.balance_after,
             e.kind not in (${ledgerKindList}) as gateway,
             -- What the main account paid for sub-accounts past zero, net of what they repaid (refs
             -- ending ':main', gateway-link/usage.service.ts and debt.service.ts).
             case when e.subaccount_id is null and e.ref_id like '%:main' then e.amount else 0 end as for_subs,
             (e.created_at at time zone 'UTC')::date as day
      from ledger_entries e
      where e.account_id = ${filter.accountId}
        and e.asset = 'traffic'
        and e.created_at >= ${filter.from}
        and e.created_at < ${filter.to}
        ${ownerCondition(filter.subaccountId)}
    ),
    runs as (
      select entries.*,
             row_number() over (partition by subaccount_id, day order by created_at, id)
               - row_number() over (partition by subaccount_id, day, gateway order by created_at, id) as run
      from entries
    ),
    all_rows as (
      select id, created_at, null::timestamptz as since, kind, subaccount_id, amount, balance_after,
             0::bigint as for_subaccounts
      from runs where not gateway
      union all
      select (array_agg(id order by created_at desc, id desc))[1],
             max(created_at), min(created_at), 'usage', subaccount_id, sum(amount)::bigint,
             (array_agg(balance_after order by created_at desc, id desc))[1],
             sum(for_subs)::bigint
      from runs where gateway
      group by subaccount_id, day, run
      having sum(amount) <> 0
    ),
    chosen as (select r.* from all_rows r ${kindCondition})
    select counted.total, page.*
    from (select count(*) as total from chosen) counted
    left join (
      select * from chosen order by created_at desc, id desc
      limit ${window.limit} offset ${window.offset}
    ) page on true
    order by page.created_at desc, page.id desc`.execute(db);
  const total = Number(rows[0]?.total ?? 0n);
  // An empty page still brings the count: one row of nulls.
  const list = rows.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: row.id,
            created_at: row.created_at,
            since: row.since,
            kind: row.kind,
            subaccount_id: row.subaccount_id,
            amount: row.amount,
            balance_after: row.balance_after,
            for_subaccounts: row.for_subaccounts,
          } as TrafficChangeRow,
        ],
  );
  return { list, total };
}
