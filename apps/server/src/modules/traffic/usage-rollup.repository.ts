import { shiftDate } from '@resiport/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import type { DayRange } from './traffic-range';

/**
 * Reads of the usage rollups: `usage_hourly` for hourly ranges, `usage_daily` for daily ones
 * (decision 014). Every query is one account's range through the (account_id, hour|day) index,
 * narrowed by owner and address; nothing here reads `usage_batches` rows.
 */

export interface RollupScope {
  accountId: number;
  grain: 'hour' | 'day';
  range: DayRange;
  /** 0 = the main account only; undefined = every owner. */
  subaccountId?: number | undefined;
  /** Only this whitelisted source address (canonical). */
  sourceIp?: string | undefined;
}

export interface RollupSql {
  table: RawBuilder<unknown>;
  /** The period column, for ordering and grouping. */
  column: RawBuilder<unknown>;
  /** The start of the period as a timestamptz (a Date once read). */
  period: RawBuilder<Date>;
  where: RawBuilder<boolean>;
}

const utcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** The FROM table (aliased `u` by callers), period and WHERE of a scope. */
export function rollupSql(scope: RollupScope): RollupSql {
  const hourly = scope.grain === 'hour';
  const { start, end } = scope.range;
  const conditions: RawBuilder<unknown>[] = [
    sql`u.account_id = ${scope.accountId}`,
    hourly
      ? sql`u.hour >= ${utcMidnight(start)} and u.hour < ${utcMidnight(shiftDate(end, 1))}`
      : sql`u.day >= ${start}::date and u.day <= ${end}::date`,
  ];
  if (scope.subaccountId !== undefined) {
    conditions.push(sql`u.subaccount_id = ${scope.subaccountId}`);
    // Sub-accounts' rows carry no address: the primary key then narrows to one owner's range.
    if (scope.subaccountId > 0) conditions.push(sql`u.source_ip = ''`);
  }
  if (scope.sourceIp !== undefined) conditions.push(sql`u.source_ip = ${scope.sourceIp}`);
  return {
    table: sql.table(hourly ? 'usage_hourly' : 'usage_daily'),
    column: sql.ref(hourly ? 'u.hour' : 'u.day'),
    period: hourly ? sql<Date>`u.hour` : sql<Date>`(u.day::timestamp at time zone 'UTC')`,
    where: sql<boolean>`${sql.join(conditions, sql` and `)}`,
  };
}

export interface RollupRow {
  period: Date;
  subaccount_id: number;
  source_ip: string;
  bytes_up: bigint;
  bytes_down: bigint;
  connections: bigint;
}

export interface RollupTotals {
  rows: number;
  bytes_up: bigint;
  bytes_down: bigint;
  connections: bigint;
}

/** Rows of the scope, newest period first, then the main account, sub-accounts by id, addresses (bytewise). */
export async function rollupRows(
  db: Executor,
  scope: RollupScope,
  window: { limit: number; offset: number },
): Promise<RollupRow[]> {
  const q = rollupSql(scope);
  const { rows } = await sql<RollupRow>`
    select ${q.period} as period, u.subaccount_id, u.source_ip, u.bytes_up, u.bytes_down, u.connections
    from ${q.table} as u
    where ${q.where}
    order by ${q.column} desc, u.subaccount_id, u.source_ip collate "C"
    limit ${window.limit} offset ${window.offset}`.execute(db);
  return rows;
}

/** How many rows the scope has, and their sums. */
export async function rollupTotals(db: Executor, scope: RollupScope): Promise<RollupTotals> {
  const q = rollupSql(scope);
  const { rows } = await sql<RollupTotals>`
    select count(*)::integer as rows,
           coalesce(sum(u.bytes_up), 0)::bigint as bytes_up,
           coalesce(sum(u.bytes_down), 0)::bigint as bytes_down,
           coalesce(sum(u.connections), 0)::bigint as connections
    from ${q.table} as u where ${q.where}`.execute(db);
  return rows[0] ?? { rows: 0, bytes_up: 0n, bytes_down: 0n, connections: 0n };
}
