import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config';
import { createAppContext } from '../apps/server/src/context';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createLogger } from '../apps/server/src/lib/logger';
import { overview } from '../apps/server/src/modules/admin/overview/overview.service';
import type { Mailer } from '../apps/server/src/modules/mail/mailer';
import { auditBooks, type BooksAudit } from '../apps/server/src/cli/books-audit';
import { createBenchDatabase } from './lib/bench-database';
import { fmt, median, timed } from './lib/history-timing';
import {
  reportCustomerReads,
  seedUsageHistory,
  timeCustomerReads,
  usageHistoryOf,
  usageRowCount,
} from './history-dashboard';

/**
 * Reads that must not scan history (docs/capacity.md): the console overview on a ledger of
 * BENCH_HISTORY_LEDGER_ROWS entries (default 10 M) spread over 90 days — one in a thousand a sale or
 * top-up, the rest the gateways' lease and usage entries, as a busy reseller's ledger is — and a
 * usage rollup of BENCH_HISTORY_OWNERS owners (default 10,000) × 90 days. Baseline, side by side on
 * the same data: the overview's reads of history as they were (every ledger entry of the window, and
 * the rollup's owner × day rows for the chart and the active customers). Then the ledger audit,
 * full and from checkpoints (`benchAudit`). Last, the customer's usage reads on one account, with
 * its rows alone and among BENCH_HISTORY_USAGE_ROWS (history-dashboard.ts).
 */
const noMailer: Mailer = { send: async () => undefined, close: () => undefined };
const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ACCOUNTS = 2000;
const DAYS = 90;

export async function runHistoryBench(): Promise<void> {
  const rows = envNumber('BENCH_HISTORY_LEDGER_ROWS', 10_000_000);
  const owners = envNumber('BENCH_HISTORY_OWNERS', 10_000);
  const database = await createBenchDatabase();
  const db = createDatabase({ url: database.url, dataDir: null });
  try {
    await migrateToLatest(db);
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      DATA_DIR: tmpdir(),
      JWT_SECRET: 'history-bench-jwt-secret-0123456789abcdef',
      PROXY_PASSWORD_KEY: 'history-bench-proxy-password-key-0123456789',
      INTERNAL_SECRET: 'history-bench-internal-secret-0123456789abcdef',
    };
    const ctx = createAppContext(loadConfig(env), { db, mailer: noMailer, log: createLogger('silent') });
    await sql`insert into accounts (email, status, lang)
      select 'history' || i || '@example.test', 'active', 'en-us' from generate_series(1, ${ACCOUNTS}) i`.execute(
      db,
    );
    const usage = usageHistoryOf(ACCOUNTS, DAYS);
    await seedUsageHistory(db, usage, 1, 1);
    const alone = { rows: await usageRowCount(db), times: await timeCustomerReads(ctx, DAYS) };
    const started = performance.now();
    await seed(db, rows, owners);
    console.log(
      `seeded ${rows.toLocaleString('en')} ledger entries and ${(owners * DAYS).toLocaleString('en')} usage_daily rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const from = new Date(Date.now() - 29 * 86_400_000);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    // The overview's reads of history as they were: every ledger entry of the window, and the usage
    // rollup's rows (owners × days) for the carried chart and the active customers of each window.
    const scanAll = () =>
      Promise.all([
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            coalesce(sum(amount) filter (where asset = 'money' and kind in ('recharge')), 0) as topups,
            coalesce(sum(amount) filter (where asset = 'traffic' and kind in ('purchase', 'trial')), 0) as sold
          from ledger_entries where created_at >= ${from} group by 1`.execute(db),
        sql`select to_char(day, 'YYYY-MM-DD'), sum(bytes_up + bytes_down) from usage_daily
          where day >= ${day(29)}::date group by 1`.execute(db),
        ...[0, 6, 29].map((ago) =>
          sql`select count(distinct account_id) from usage_daily
            where day >= ${day(ago)}::date and bytes_up + bytes_down > 0`.execute(db),
        ),
      ]);
    const baseline = await timed(scanAll);
    const product = await timed(() => overview(ctx));
    console.log('read                                   p50 ms   p90 ms');
    console.log(`baseline: the old reads of history    ${fmt(baseline)}`);
    console.log(`product: the console overview         ${fmt(product)}`);
    console.log(`overview p50 × baseline: ${(median(product) / median(baseline)).toFixed(2)}`);
    await benchAudit(db, rows);
    const seeding = performance.now();
    await seedUsageHistory(db, usage, 2, ACCOUNTS);
    const full = { rows: await usageRowCount(db), times: await timeCustomerReads(ctx, DAYS) };
    console.log(`seeded the usage rollups in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
    reportCustomerReads(alone, full);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

async function seed(db: ReturnType<typeof createDatabase>, rows: number, owners: number): Promise<void> {
  // In slices, so one statement's WAL and memory stay small.
  const slice = 1_000_000;
  for (let first = 0; first < rows; first += slice) {
    const last = Math.min(first + slice, rows) - 1;
    await sql`insert into ledger_entries (account_id, asset, kind, amount, balance_after, ref_type, ref_id, created_at)
      select 1 + i % ${ACCOUNTS},
        case when i % 2000 = 0 then 'money' else 'traffic' end,
        case when i % 2000 = 0 then 'recharge' when i % 1000 = 0 then 'purchase'
             when i % 3 = 0 then 'lease_return' when i % 3 = 1 then 'lease' else 'usage' end,
        -- Account k's m-th entry is entry i = k - 1 + 2000 m: each chain runs 1000, 2000, …
        1000, (i / ${ACCOUNTS} + 1) * 1000, 'bench', i::text,
        now() - (i % ${DAYS * 86_400}) * interval '1 second'
      from generate_series(${first}::bigint, ${last}::bigint) i`.execute(db);
  }
  // The cached balances the entries add up to, so the audit finds clean books.
  await sql`update accounts a set
      balance_cents = coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id and e.asset = 'money'), 0),
      traffic_left_bytes = coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id and e.asset = 'traffic'), 0)`.execute(
    db,
  );
  const perAccount = Math.max(1, Math.round(owners / ACCOUNTS));
  await sql`insert into usage_daily (account_id, subaccount_id, source_ip, day, bytes_up, bytes_down, connections)
    select a, s, '', (now() at time zone 'UTC')::date - d, 1000, 100000, 10
    from generate_series(1, ${ACCOUNTS}) a, generate_series(0, ${perAccount - 1}) s, generate_series(0, ${DAYS - 1}) d
    on conflict do nothing`.execute(db);
  // What the usage batches keep beside the rollup (decision 046), as they would have kept it.
  await sql`insert into usage_day_totals (day, stripe, bytes)
    select day, 0, sum(bytes_up + bytes_down) from usage_daily group by day`.execute(db);
  await sql`update accounts a set last_usage_day = u.day
    from (select account_id, max(day) as day from usage_daily group by account_id) u
    where u.account_id = a.id`.execute(db);
  await sql`analyze`.execute(db);
}

/**
 * The ledger audit (decision 048): the full one, a first incremental one (no checkpoint yet: every
 * entry, and the checkpoints written), then an incremental one after a day's worth of new entries
 * (one in a thousand of the ledger, on every account).
 */
async function benchAudit(db: ReturnType<typeof createDatabase>, rows: number): Promise<void> {
  const seconds = async (run: () => Promise<BooksAudit>) => {
    const started = performance.now();
    const audit = await run();
    if (audit.problems.length > 0) {
      throw new Error(`the audit found problems: ${audit.problems.slice(0, 3).join('; ')}`);
    }
    return ((performance.now() - started) / 1000).toFixed(1);
  };
  const full = await seconds(() => auditBooks(db));
  const first = await seconds(() => auditBooks(db, { incremental: true }));
  const added = Math.max(ACCOUNTS, Math.round(rows / 1000));
  await sql`insert into ledger_entries (account_id, asset, kind, amount, balance_after, ref_type, ref_id)
    select a.id, case when a.balance_cents > 0 then 'money' else 'traffic' end, 'usage', -1,
      (case when a.balance_cents > 0 then a.balance_cents else a.traffic_left_bytes end) - n.k, 'bench-new', a.id || '.' || n.k
    from accounts a, generate_series(1, ${Math.ceil(added / ACCOUNTS)}) n(k)
    order by a.id, n.k`.execute(db);
  await sql`update accounts set balance_cents = balance_cents - ${Math.ceil(added / ACCOUNTS)}
    where balance_cents > 0`.execute(db);
  await sql`update accounts set traffic_left_bytes = traffic_left_bytes - ${Math.ceil(added / ACCOUNTS)}
    where balance_cents = 0`.execute(db);
  const next = await seconds(() => auditBooks(db, { incremental: true }));
  console.log('audit                                                   seconds');
  console.log(
    `full (npm run audit), ${rows.toLocaleString('en')} entries${' '.repeat(8)}${full.padStart(8)}`,
  );
  console.log(`incremental, first run (no checkpoint yet)              ${first.padStart(8)}`);
  console.log(
    `incremental after ${added.toLocaleString('en')} new entries${' '.repeat(16)}${next.padStart(8)}`,
  );
}
