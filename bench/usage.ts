import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { accountEndpoints, trafficEndpoints, trafficLinks } from '@resiport/contract';
import { apiUrl, type ScratchDatabase } from '@resiport/testkit';
import { startBaseline } from './lib/baseline-app';
import { createBenchDatabase } from './lib/bench-database';
import { startResiport, type RunningResiport } from './lib/resiport-app';
import { printTable } from './lib/table';
import { measureLatency, type Latency, type LatencyTarget } from './lib/usage-measure';
import { seedUsageHistory, type UsageSeed } from './lib/usage-seed';

/** Median latency goal of every `/traffic/*` read measured here, in ms. */
const GOAL_MS = 50;
const PLAN = { warmup: 20, samples: 200 };
const HISTORY = { subs: 100, days: 730, batches: 100_000 };
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
/** No web app is served here; any directory without an index.html will do. */
const NO_WEB = fileURLToPath(new URL('./results/no-web/', import.meta.url));

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `/traffic/*` over two years of hourly usage of 100 sub-accounts (≈1.75 M usage_hourly rows, ≈73 k
 * usage_daily rows) on PostgreSQL. Baseline: a bare Fastify route (`bench/lib/baseline-app.ts`) running
 * the auth read (one statement by primary keys) through the app's own Kysely pool, over HTTP like the rest;
 * `/api/user/info` is shown beside it for the app's own overhead (authentication, envelope).
 * `BENCH_KEEP_DB=1` keeps the database for EXPLAIN.
 */
export async function runUsageBench(): Promise<void> {
  let database: ScratchDatabase;
  try {
    database = await createBenchDatabase();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`skip: PostgreSQL is not reachable (${reason}); set BENCH_DATABASE_URL to run this bench`);
    return;
  }
  let resiport: RunningResiport | undefined;
  try {
    resiport = await startResiport(database.url, NO_WEB);
    console.log(
      `seeding ${HISTORY.subs} sub-accounts × ${HISTORY.days} days of hourly usage, ${HISTORY.batches} batches…`,
    );
    const seed = await seedUsageHistory(resiport.db, resiport.accountId, HISTORY);
    console.log(
      `seeded in ${seed.seconds.toFixed(1)} s: usage_hourly ${seed.hourlyRows} rows, usage_daily ${seed.dailyRows} rows`,
    );
    const baseline = await startBaseline(resiport.db, resiport);
    try {
      const results = await measureLatency(targetsOf(resiport, baseline.userInfo), PLAN);
      report(results);
      await save(seed, results);
    } finally {
      await baseline.app.close();
    }
  } finally {
    await resiport?.close();
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database: ${database.url}`);
    else await database.drop();
  }
}

function targetsOf(resiport: RunningResiport, baselineUrl: string): LatencyTarget[] {
  const headers = { 'jwt-token': resiport.session.jwt_token };
  const at = (target: string) => `${resiport.baseUrl}${target}`;
  const { details, usage } = trafficEndpoints;
  const today = dayOffset(0);
  const twoDays = { start_date: dayOffset(-1), end_date: today };
  return [
    { name: 'baseline: bare route, the auth read (same pool)', url: baselineUrl, headers: {}, goal: false },
    {
      name: 'GET /api/user/info (auth + account reads)',
      url: at(apiUrl(accountEndpoints.userInfo)),
      headers,
      goal: false,
    },
    { name: 'details 30 days (per day), page 1', url: at(apiUrl(details, {})), headers, goal: true },
    { name: 'details 2 days (per hour), page 1', url: at(apiUrl(details, twoDays)), headers, goal: true },
    { name: 'usage 30 days', url: at(apiUrl(usage, {})), headers, goal: true },
    {
      name: 'usage 366 days',
      url: at(apiUrl(usage, { start_date: dayOffset(-365) })),
      headers,
      goal: true,
    },
    { name: 'usage 2 days (per hour)', url: at(apiUrl(usage, twoDays)), headers, goal: true },
    {
      name: 'details 30 days as CSV (all rows)',
      url: at(apiUrl(trafficLinks.detailsCsv, { format: 'csv' })),
      headers,
      goal: false,
    },
  ];
}

function report(results: Latency[]): void {
  const baseline = results[0]?.median ?? 0;
  console.log(
    `\nlatency, one request at a time: ${PLAN.samples} samples each (after ${PLAN.warmup} warm-up), interleaved`,
  );
  printTable(
    ['call', 'median ms', 'p95 ms', '× baseline', 'kB', `goal ≤ ${GOAL_MS} ms`],
    results.map((r) => [
      r.name,
      r.median.toFixed(2),
      r.p95.toFixed(2),
      baseline > 0 ? (r.median / baseline).toFixed(1) : '-',
      (r.bytes / 1000).toFixed(1),
      r.goal ? (r.median <= GOAL_MS ? 'ok' : 'OVER') : '',
    ]),
  );
  const over = results.filter((r) => r.goal && r.median > GOAL_MS);
  console.log(
    over.length === 0
      ? `every traffic read within ${GOAL_MS} ms median`
      : `OVER GOAL: ${over.map((r) => r.name).join('; ')}`,
  );
}

/** bench/results/ is gitignored: a local history of runs to compare by hand. */
async function save(seed: UsageSeed, results: Latency[]): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}usage-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), seed, results }, null, 2)}\n`);
  console.log(`results saved to ${file}`);
}
