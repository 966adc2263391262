import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.types';

/** One owner a gateway asks a renewal for, in a batch. */
export interface LeaseWant {
  accountId: number;
  subaccountId: number | null;
  want: bigint;
}

/**
 * What a batch grant needs to know of one owner, read for the whole batch in one statement (a join
 * across the accounts, sub-accounts and this process's open leases, as the directory's lookups do).
 */
export interface LeaseCandidate {
  accountId: number;
  subaccountId: number | null;
  accountActive: boolean;
  /** The owner's traffic left: the main account's, or the sub-account's. */
  left: bigint;
  debt: bigint;
  /** Of a sub-account: found (not another account's), not deleted, enabled. */
  subLive: boolean;
  subExpiresAt: Date | null;
  /** Of a sub-account: it has a daily or monthly cap, or auto-refill. */
  subLimited: boolean;
  leaseId: number | null;
  leaseGrants: number;
  /** When the open lease's grants were last written to the ledger. */
  leasePostedAt: Date | null;
}

/** The candidates of a batch, keyed `account/sub` (`main`); the caller holds the accounts' locks. */
export async function readLeaseCandidates(
  trx: Transaction<Database>,
  instanceId: string,
  wants: readonly LeaseWant[],
): Promise<Map<string, LeaseCandidate>> {
  const accountIds = wants.map((w) => String(w.accountId));
  const subIds = wants.map((w) => (w.subaccountId === null ? null : String(w.subaccountId)));
  const { rows } = await sql<{
    account_id: number;
    subaccount_id: number | null;
    account_status: string;
    account_left: bigint;
    account_debt: bigint;
    sub_id: number | null;
    sub_status: string | null;
    deleted_at: Date | null;
    expires_at: Date | null;
    sub_left: bigint | null;
    sub_debt: bigint | null;
    sub_limited: boolean | null;
    lease_id: number | null;
    grants: number | null;
    posted_at: Date | null;
  }>`
    select w.account_id, w.subaccount_id, a.status as account_status,
      a.traffic_left_bytes as account_left, a.traffic_debt_bytes as account_debt,
      s.id as sub_id, s.status as sub_status, s.deleted_at, s.expires_at,
      s.traffic_left_bytes as sub_left, s.traffic_debt_bytes as sub_debt,
      (s.daily_cap_bytes is not null or s.monthly_cap_bytes is not null or s.refill_below_bytes is not null)
        as sub_limited,
      l.id as lease_id, l.grants, l.posted_at
    from unnest(${accountIds}::int[], ${subIds}::int[]) as w(account_id, subaccount_id)
    join accounts a on a.id = w.account_id
    left join subaccounts s on s.id = w.subaccount_id and s.account_id = w.account_id
    left join traffic_leases l on l.instance_id = ${instanceId} and l.status = 'open'
      and l.account_id = w.account_id and coalesce(l.subaccount_id, 0) = coalesce(w.subaccount_id, 0)`.execute(
    trx,
  );
  const candidates = new Map<string, LeaseCandidate>();
  for (const r of rows) {
    const main = r.subaccount_id === null;
    candidates.set(ownerKey(r.account_id, r.subaccount_id), {
      accountId: r.account_id,
      subaccountId: r.subaccount_id,
      accountActive: r.account_status === 'active',
      left: BigInt((main ? r.account_left : r.sub_left) ?? 0),
      debt: BigInt((main ? r.account_debt : r.sub_debt) ?? 0),
      subLive: !main && r.sub_id !== null && r.deleted_at === null && r.sub_status === 'active',
      subExpiresAt: r.expires_at,
      subLimited: r.sub_limited === true,
      leaseId: r.lease_id,
      leaseGrants: r.grants ?? 0,
      leasePostedAt: r.posted_at,
    });
  }
  return candidates;
}

export const ownerKey = (accountId: number, subaccountId: number | null) =>
  `${accountId}/${subaccountId ?? 'main'}`;

/** A grant to an open lease, applied set-based by `applyLeaseGrants`. */
export interface LeaseGrantRow {
  leaseId: number;
  accountId: number;
  subaccountId: number | null;
  granted: bigint;
}

/**
 * The lease side of a batch's grants: each lease's granted bytes, grant count and expiry, in one
 * statement whatever the batch's size (what `changeLease` does per owner). Every lease is extended,
 * granted something or not. The owners' counters move with their traffic (`reserveUnpostedOfOwners`).
 */
export async function applyLeaseGrants(
  trx: Transaction<Database>,
  grants: readonly LeaseGrantRow[],
  expiresAt: Date,
): Promise<void> {
  if (grants.length === 0) return;
  await sql`
    update traffic_leases as l
    set granted_bytes = l.granted_bytes + g.bytes, grants = l.grants + (g.bytes > 0)::int,
      expires_at = ${expiresAt}
    from unnest(${grants.map((g) => String(g.leaseId))}::int[], ${grants.map((g) => String(g.granted))}::bigint[])
      as g(id, bytes)
    where l.id = g.id`.execute(trx);
}

/**
 * Opens a lease for each owner of a batch that holds none at this process yet (its first renewal
 * here), in one statement, in the owners' order; returns their ids keyed `account/sub`. The caller
 * holds the accounts' locks and has just read that none is open, so the open-lease index cannot refuse.
 */
export async function openLeases(
  trx: Transaction<Database>,
  instanceId: string,
  owners: readonly { accountId: number; subaccountId: number | null }[],
  at: { now: Date; expiresAt: Date },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (owners.length === 0) return ids;
  const { rows } = await sql<{ id: number; account_id: number; subaccount_id: number | null }>`
    insert into traffic_leases (instance_id, account_id, subaccount_id, expires_at, posted_at)
    select ${instanceId}, o.account_id, o.subaccount_id, ${at.expiresAt}::timestamptz, ${at.now}::timestamptz
    from unnest(${owners.map((o) => String(o.accountId))}::int[],
      ${owners.map((o) => (o.subaccountId === null ? null : String(o.subaccountId)))}::int[])
      with ordinality as o(account_id, subaccount_id, n)
    order by o.n
    returning id, account_id, subaccount_id`.execute(trx);
  for (const row of rows) ids.set(ownerKey(row.account_id, row.subaccount_id), row.id);
  return ids;
}
