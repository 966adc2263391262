import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * The audit of the credit model (decision 015): every overrun (bytes a gateway delivered past an
 * owner's traffic) against the bound it had to keep, what of it is still owed, and every owner's
 * reserved counter against its open leases. `npm run audit` prints it and fails on a breach.
 */
export interface OverrunOwner {
  accountId: number;
  subaccountId: number | null;
  overrunBytes: bigint;
  boundBytes: bigint;
  /** What the account still owes, unbilled (billed from its next traffic). */
  debtBytes: bigint;
  /** Overrun rows that went past their own bound. */
  breaches: number;
}

export interface OverrunReport {
  owners: OverrunOwner[];
  totalOverrunBytes: bigint;
  totalBoundBytes: bigint;
  totalDebtBytes: bigint;
  breaches: number;
  /**
   * Owners whose reserved counter differs from their open leases' unused bytes, or whose unposted
   * counter from their open leases' grants not in the ledger yet (decision 045).
   */
  reservedMismatches: {
    accountId: number;
    subaccountId: number | null;
    counter: 'reserved' | 'unposted';
    cached: bigint;
    fromLeases: bigint;
  }[];
}

export async function auditOverruns(db: Executor): Promise<OverrunReport> {
  const { rows } = await sql<{
    account_id: number;
    subaccount_id: number | null;
    overrun: string;
    bound: string;
    breaches: string;
    debt: string;
  }>`
    select o.account_id, o.subaccount_id, sum(o.bytes)::text as overrun, sum(o.bound_bytes)::text as bound,
      count(*) filter (where o.bytes > o.bound_bytes)::text as breaches,
      coalesce((select a.traffic_debt_bytes from accounts a where a.id = o.account_id), 0)::text as debt
    from traffic_overruns o
    group by o.account_id, o.subaccount_id
    order by o.account_id, o.subaccount_id nulls first`.execute(db);
  const owners = rows.map((r) => ({
    accountId: r.account_id,
    subaccountId: r.subaccount_id,
    overrunBytes: BigInt(r.overrun),
    boundBytes: BigInt(r.bound),
    debtBytes: BigInt(r.debt),
    breaches: Number(r.breaches),
  }));
  const sum = (pick: (o: OverrunOwner) => bigint) => owners.reduce((n, o) => n + pick(o), 0n);
  return {
    owners,
    totalOverrunBytes: sum((o) => o.overrunBytes),
    totalBoundBytes: sum((o) => o.boundBytes),
    totalDebtBytes: await totalDebt(db),
    breaches: owners.reduce((n, o) => n + o.breaches, 0),
    reservedMismatches: await reservedMismatches(db),
  };
}

async function totalDebt(db: Executor): Promise<bigint> {
  const { rows } = await sql<{ debt: string }>`
    select coalesce(sum(traffic_debt_bytes), 0)::text as debt from accounts`.execute(db);
  return BigInt(rows[0]?.debt ?? '0');
}

async function reservedMismatches(db: Executor): Promise<OverrunReport['reservedMismatches']> {
  const { rows } = await sql<{
    account_id: number;
    subaccount_id: number | null;
    counter: 'reserved' | 'unposted';
    cached: string;
    leases: string;
  }>`
    with open as (
      select account_id, subaccount_id, sum(granted_bytes - used_bytes) as unused,
        sum(granted_bytes - posted_bytes) as unposted
      from traffic_leases where status = 'open' group by account_id, subaccount_id
    ), owners as (
      select a.id as account_id, null::integer as subaccount_id, a.traffic_reserved_bytes as cached,
        a.traffic_unposted_bytes as unposted from accounts a
      union all
      select s.account_id, s.id, s.traffic_reserved_bytes, s.traffic_unposted_bytes from subaccounts s
    )
    select w.account_id, w.subaccount_id, 'reserved' as counter, w.cached::text as cached,
      coalesce(o.unused, 0)::text as leases
    from owners w left join open o
      on o.account_id = w.account_id and o.subaccount_id is not distinct from w.subaccount_id
    where w.cached <> coalesce(o.unused, 0)
    union all
    select w.account_id, w.subaccount_id, 'unposted', w.unposted::text, coalesce(o.unposted, 0)::text
    from owners w left join open o
      on o.account_id = w.account_id and o.subaccount_id is not distinct from w.subaccount_id
    where w.unposted <> coalesce(o.unposted, 0)
    order by 1, 2 nulls first`.execute(db);
  return rows.map((r) => ({
    accountId: r.account_id,
    subaccountId: r.subaccount_id,
    counter: r.counter,
    cached: BigInt(r.cached),
    fromLeases: BigInt(r.leases),
  }));
}
