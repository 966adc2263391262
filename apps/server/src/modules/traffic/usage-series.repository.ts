import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import { rollupSql, type RollupScope } from './usage-rollup.repository';

/** The reads behind `/traffic/usage`: sums per period, the biggest owners, recent totals, freshness. */

export interface Sums {
  bytes_up: bigint;
  bytes_down: bigint;
  connections: bigint;
}

export type PeriodSums = Sums & { period: Date };
/** An owner: a sub-account id, or 0 for the main account (all its addresses together). */
export type OwnerSums = Sums & { subaccount_id: number };

/**
 * Sums per period and sums per owner of the scope, in one pass over its rows (grouping sets):
 * periods and owners with no usage are absent.
 */
export async function sumsPerPeriodAndOwner(
  db: Executor,
  scope: RollupScope,
): Promise<{ periods: PeriodSums[]; owners: OwnerSums[] }> {
  const q = rollupSql(scope);
  const { rows } = await sql<
    Sums & { period: Date | null; subaccount_id: number | null; per_period: number }
  >`
    select ${q.period} as period, u.subaccount_id, grouping(u.subaccount_id) as per_period,
           sum(u.bytes_up)::bigint as bytes_up,
           sum(u.bytes_down)::bigint as bytes_down,
           sum(u.connections)::bigint as connections
    from ${q.table} as u where ${q.where}
    group by grouping sets ((${q.column}), (u.subaccount_id))`.execute(db);
  const periods: PeriodSums[] = [];
  const owners: OwnerSums[] = [];
  for (const { period, subaccount_id: owner, per_period: perPeriod, ...sums } of rows) {
    if (perPeriod === 1 && period !== null) periods.push({ period, ...sums });
    else if (owner !== null) owners.push({ subaccount_id: owner, ...sums });
  }
  return { periods, owners };
}

export interface OwnerPoint {
  subaccount_id: number;
  period: Date;
  bytes: bigint;
}

/** Bytes per period of the given owners in the scope (through the primary key: a few owners' rows). */
export async function ownerPoints(db: Executor, scope: RollupScope, owners: number[]): Promise<OwnerPoint[]> {
  if (owners.length === 0) return [];
  const q = rollupSql(scope);
  const { rows } = await sql<OwnerPoint>`
    select u.subaccount_id, ${q.period} as period, sum(u.bytes_up + u.bytes_down)::bigint as bytes
    from ${q.table} as u
    where ${q.where} and u.subaccount_id in (${sql.join(owners)})
    group by u.subaccount_id, ${q.column}`.execute(db);
  return rows;
}

export interface RecentTotals {
  today: bigint;
  last7: bigint;
  last30: bigint;
}

/** Bytes of today (UTC), the last 7 and the last 30 days including today, from the daily rollup. */
export async function recentTotals(
  db: Executor,
  owner: { accountId: number; subaccountId?: number | undefined },
  today: string,
): Promise<RecentTotals> {
  const ownerOnly =
    owner.subaccountId === undefined ? sql`true` : sql`u.subaccount_id = ${owner.subaccountId}`;
  const { rows } = await sql<RecentTotals>`
    select coalesce(sum(u.bytes_up + u.bytes_down) filter (where u.day = ${today}::date), 0)::bigint as today,
           coalesce(sum(u.bytes_up + u.bytes_down) filter (where u.day > ${today}::date - 7), 0)::bigint as last7,
           coalesce(sum(u.bytes_up + u.bytes_down), 0)::bigint as last30
    from usage_daily as u
    where u.account_id = ${owner.accountId} and ${ownerOnly}
      and u.day > ${today}::date - 30 and u.day <= ${today}::date`.execute(db);
  return rows[0] ?? { today: 0n, last7: 0n, last30: 0n };
}

/** When the newest usage batch (from any gateway) was applied: one probe of the received index. */
export async function lastFlushAt(db: Executor): Promise<Date | null> {
  const row = await db
    .selectFrom('usage_batches')
    .select('received_at')
    .orderBy('received_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.received_at ?? null;
}
