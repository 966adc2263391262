import { sql } from 'kysely';
import type { AppContext } from '../apps/server/src/context';
import type { createDatabase } from '../apps/server/src/db/database';
import { usageDetails } from '../apps/server/src/modules/traffic/details.service';
import { usageOverview } from '../apps/server/src/modules/traffic/usage-overview.service';
import { fmt, median, p90, timed } from './lib/history-timing';

/**
 * The customer's usage reads (the dashboard's chart and totals, the usage page's table) must cost
 * what one account's rows cost, however many rows the rollups hold (docs/capacity.md). They are timed
 * twice on the same account: when the hourly rollup holds only that account's rows, and once it holds
 * BENCH_HISTORY_USAGE_ROWS rows (default 50 M) of every account.
 */
type Db = ReturnType<typeof createDatabase>;
const HOURS = 24;
const READER = 1; // the account whose reads are timed

export interface UsageHistory {
  accounts: number;
  days: number;
  /** Hourly rows per account and hour: the main account and its sub-accounts. */
  ownersPerAccount: number;
}

export function usageHistoryOf(accounts: number, days: number): UsageHistory {
  const rows = Number(process.env.BENCH_HISTORY_USAGE_ROWS ?? 50_000_000);
  return { accounts, days, ownersPerAccount: Math.max(1, Math.round(rows / (accounts * days * HOURS))) };
}

/** The reads a customer's dashboard and usage page make, each as the API serves it. */
function customerReads(ctx: AppContext, days: number) {
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const owner = { id: READER };
  const month = { start: day(29), end: day(0) };
  return [
    {
      name: 'dashboard: 30 days, daily',
      read: () => usageOverview(ctx, owner, { range: month, subaccountId: undefined }),
    },
    {
      name: 'usage chart: 2 days, hourly',
      read: () =>
        usageOverview(ctx, owner, { range: { start: day(1), end: day(0) }, subaccountId: undefined }),
    },
    {
      name: `usage table: ${days} days, page 1`,
      read: () =>
        usageDetails(ctx, owner, {
          range: { start: day(days - 1), end: day(0) },
          subaccountId: undefined,
          sourceIp: undefined,
          page: 1,
          pageSize: 50,
        }),
    },
    {
      name: 'usage table: 2 days hourly, page 3',
      read: () =>
        usageDetails(ctx, owner, {
          range: { start: day(1), end: day(0) },
          subaccountId: undefined,
          sourceIp: undefined,
          page: 3,
          pageSize: 50,
        }),
    },
  ];
}

/**
 * Hourly and daily usage rows of accounts `from`..`to`: every owner, every hour of the window. In
 * primary-key order, account by account, so the indexes grow at their right edge as a live rollup's do.
 */
export async function seedUsageHistory(db: Db, history: UsageHistory, from: number, to: number) {
  const { days, ownersPerAccount: owners } = history;
  const slice = Math.max(1, Math.floor(2_000_000 / (owners * days * HOURS)));
  for (let first = from; first <= to; first += slice) {
    const last = Math.min(first + slice - 1, to);
    await sql`insert into usage_hourly (account_id, subaccount_id, source_ip, hour, bytes_up, bytes_down, connections)
      select a, s, '', date_trunc('hour', now()) - h * interval '1 hour', 200, 40000, 2
      from generate_series(${first}::int, ${last}::int) a, generate_series(0, ${owners - 1}) s,
        generate_series(${days * HOURS - 1}, 0, -1) h
      on conflict do nothing`.execute(db);
    await sql`insert into usage_daily (account_id, subaccount_id, source_ip, day, bytes_up, bytes_down, connections)
      select a, s, '', (now() at time zone 'UTC')::date - d, 200 * 24, 40000 * 24, 2 * 24
      from generate_series(${first}::int, ${last}::int) a, generate_series(0, ${owners - 1}) s,
        generate_series(${days - 1}, 0, -1) d
      on conflict do nothing`.execute(db);
  }
}

/** The reader's reads now, as `name → sorted ms`. */
export async function timeCustomerReads(ctx: AppContext, days: number): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  for (const { name, read } of customerReads(ctx, days)) times.set(name, await timed(read));
  return times;
}

export async function usageRowCount(db: Db): Promise<number> {
  await sql`analyze usage_hourly`.execute(db);
  await sql`analyze usage_daily`.execute(db);
  const { rows } = await sql<{ n: string }>`select
      ((select reltuples from pg_class where relname = 'usage_hourly')
        + (select reltuples from pg_class where relname = 'usage_daily'))::bigint::text as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export function reportCustomerReads(
  alone: { rows: number; times: Map<string, number[]> },
  full: { rows: number; times: Map<string, number[]> },
): void {
  const count = (n: number) => n.toLocaleString('en');
  console.log(
    `customer reads (account ${READER}), p50/p90 ms: its rows alone (${count(alone.rows)} usage rows) → every account's (${count(full.rows)})`,
  );
  for (const [name, before] of alone.times) {
    const after = full.times.get(name) ?? [];
    const ratio = median(after) / Math.max(median(before), 0.001);
    console.log(
      `${name.padEnd(36)} ${fmt(before)}  →${fmt(after)}   p50 × ${ratio.toFixed(2)}   p90 ${p90(after) <= 50 ? '≤' : '>'} 50 ms`,
    );
  }
}
