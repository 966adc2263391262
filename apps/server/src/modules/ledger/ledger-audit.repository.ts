import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { textColumn } from '../../db/array-columns';
import type { LedgerAsset } from './ledger.table';

/**
 * The ledger audit from the last checkpoints (decision 048): per owner, the checkpoint's total plus
 * the entries after its `through_id`, against the cached balance; every entry after it on the chain
 * that starts at that total. Why an owner's later entries are all after its checkpoint: an entry's id
 * is drawn after its owner's row was updated (`post`, `postUnposted`), and that row stays locked to
 * the commit, so one owner's entries commit in id order.
 */

/** One owner's figures as the audit found them; `known` false: entries that name no owner of theirs. */
export interface OwnerAudit {
  accountId: number;
  asset: LedgerAsset;
  subaccountId: number | null;
  cached: bigint;
  fromEntries: bigint;
  throughId: bigint;
  /** The first entry after the checkpoint whose balance_after is off its chain. */
  brokenAt: bigint | null;
  /** Entries read after the checkpoint. */
  entries: number;
  known: boolean;
}

export async function auditOwnersSinceCheckpoints(db: Db): Promise<OwnerAudit[]> {
  const { rows } = await sql<{
    account_id: number;
    asset: LedgerAsset;
    sub_key: number;
    cached: string;
    from_entries: string;
    through_id: string;
    broken_at: string | null;
    entries: string;
    known: boolean;
  }>`
    with assets(asset) as (values ('money'::text), ('traffic'::text)),
    owners as (
      select a.id as account_id, x.asset, 0 as sub_key,
        case x.asset when 'money' then a.balance_cents
          else a.traffic_left_bytes + a.traffic_unposted_bytes end as cached
      from accounts a cross join assets x
      union all
      select sa.account_id, 'traffic', sa.id, sa.traffic_left_bytes + sa.traffic_unposted_bytes
      from subaccounts sa
    ),
    marked as (
      select o.account_id, o.asset, o.sub_key, o.cached, c.through_id, c.total
      from owners o
      left join ledger_audit_checkpoints c
        on c.account_id = o.account_id and c.asset = o.asset and c.subaccount_key = o.sub_key
    ),
    -- Per account and asset, the entries after its owners' oldest checkpoint (all, if one has none):
    -- one range of the (account_id, asset, id) index, which also finds entries naming no owner.
    ranges as (
      select account_id, asset, case when bool_or(through_id is null) then 0 else min(through_id) end as since
      from marked group by account_id, asset
    ),
    fresh as (
      select e.account_id, e.asset, coalesce(e.subaccount_id, 0) as sub_key, e.id, e.amount, e.balance_after
      from ranges r
      join lateral (
        select * from ledger_entries e where e.account_id = r.account_id and e.asset = r.asset and e.id > r.since
      ) e on true
    ),
    counted as (
      select f.account_id, f.asset, f.sub_key, f.id, f.amount, f.balance_after, m.account_id is not null as known,
        coalesce(m.total, 0) + sum(f.amount) over (partition by f.account_id, f.asset, f.sub_key order by f.id) as running
      from fresh f
      left join marked m on m.account_id = f.account_id and m.asset = f.asset and m.sub_key = f.sub_key
      where f.id > coalesce(m.through_id, 0)
    ),
    per_owner as (
      select account_id, asset, sub_key, bool_and(known) as known, sum(amount) as added, max(id) as last_id,
        count(*) as n, min(id) filter (where running <> balance_after) as broken_at
      from counted group by account_id, asset, sub_key
    )
    select m.account_id, m.asset, m.sub_key, m.cached::text,
      (coalesce(m.total, 0) + coalesce(p.added, 0))::text as from_entries,
      coalesce(p.last_id, m.through_id, 0)::text as through_id, p.broken_at::text,
      coalesce(p.n, 0)::text as entries, true as known
    from marked m
    left join per_owner p on p.account_id = m.account_id and p.asset = m.asset and p.sub_key = m.sub_key
    union all
    select account_id, asset, sub_key, '0', added::text, last_id::text, broken_at::text, n::text, false
    from per_owner where not known`.execute(db);
  return rows.map((r) => ({
    accountId: r.account_id,
    asset: r.asset,
    subaccountId: r.sub_key === 0 ? null : r.sub_key,
    cached: BigInt(r.cached),
    fromEntries: BigInt(r.from_entries),
    throughId: BigInt(r.through_id),
    brokenAt: r.broken_at === null ? null : BigInt(r.broken_at),
    entries: Number(r.entries),
    known: r.known,
  }));
}

/** Records what a clean audit found, as the next audit's starting point (one statement). */
export async function writeAuditCheckpoints(
  db: Db,
  owners: readonly OwnerAudit[],
  checkedAt: Date,
): Promise<void> {
  if (owners.length === 0) return;
  const column = (pick: (row: OwnerAudit) => string | number | bigint) => textColumn(owners, pick);
  await sql`
    insert into ledger_audit_checkpoints (account_id, asset, subaccount_key, through_id, total, checked_at)
    select account_id, asset, sub_key, through_id, total, ${checkedAt}::timestamptz
    from unnest(${column((o) => o.accountId)}::int[], ${column((o) => o.asset)}::text[],
      ${column((o) => o.subaccountId ?? 0)}::int[], ${column((o) => o.throughId)}::bigint[],
      ${column((o) => o.fromEntries)}::bigint[]) as c(account_id, asset, sub_key, through_id, total)
    on conflict (account_id, asset, subaccount_key) do update set
      through_id = excluded.through_id, total = excluded.total, checked_at = excluded.checked_at`.execute(db);
}
