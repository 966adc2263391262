import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountEndpoints, subEndpoints, trafficEndpoints } from '@resiport/contract';
import { apiUrl } from '@resiport/testkit';
import { comparePairs, printVerdict, type PairResult, type RoutePair } from './lib/api-compare';
import { seedBenchAccount, type ApiSeed } from './lib/api-seed';
import { createBenchDatabase } from './lib/bench-database';
import { startBaseline } from './lib/baseline-app';
import { measurePageScripts, type PageScripts } from './lib/bundle-size';
import { defaultPlan } from './lib/load';
import { startResiport, type RunningResiport } from './lib/resiport-app';
import { printTable } from './lib/table';

const KB = 1000;
const BUNDLE_GOALS = { login: 300 * KB, shell: 600 * KB };
/** The bench customer: enough sub-accounts and history that a read O(sub-accounts) would show. */
const SEED = { subs: 50, days: 30 };
const CONNECTIONS = [20, 100];
/** The same key the server reads; unset means the default build output, apps/web/dist. */
const WEB_DIST_DIR = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/**
 * Throughput of the portal's hot authenticated reads — /api/user/info (every page), the
 * sub-accounts list's first page and the dashboard's usage — each against a bare Fastify route
 * running the same SQL (bench/lib/baseline-app.ts), all in this process on one PostgreSQL pool, at
 * 20 and 100 connections; then the web app's script weight.
 */
export async function runApiBench(): Promise<void> {
  const database = await createBenchDatabase();
  let resiport: RunningResiport | undefined;
  try {
    resiport = await startResiport(database.url, WEB_DIST_DIR);
    const seed = await seedBenchAccount(resiport.ctx, resiport.accountId, SEED);
    console.log(
      `bench customer: ${seed.subaccounts} sub-accounts (2 deleted), ${seed.days} days of usage ` +
        `(usage_hourly ${seed.hourlyRows} rows, usage_daily ${seed.dailyRows} rows)`,
    );
    const pairs = await measureApi(resiport);
    const bundles = await measureBundles(resiport);
    await saveResults({ seed, pairs, bundles });
  } finally {
    await resiport?.close();
    await database.drop();
  }
}

async function measureApi(resiport: RunningResiport): Promise<PairResult[]> {
  const baseline = await startBaseline(resiport.db, resiport);
  try {
    const headers = { 'jwt-token': resiport.session.jwt_token };
    const at = (path: string) => `${resiport.baseUrl}${path}`;
    const pairs: RoutePair[] = [
      {
        name: 'GET /api/user/info',
        route: { name: 'GET /api/user/info', url: at(apiUrl(accountEndpoints.userInfo)), headers },
        baseline: { name: 'user/info', url: baseline.userInfo },
      },
      {
        // As the sub-accounts page loads it: page 1 of 10, no search.
        name: 'GET /api/auth/sublist',
        route: {
          name: 'GET /api/auth/sublist',
          url: at(apiUrl(subEndpoints.list, { page: 1, page_size: 10 })),
          headers,
        },
        baseline: { name: 'sublist', url: baseline.subList },
      },
      {
        // As the dashboard loads it: no range (the last 30 days), every owner.
        name: 'GET /api/traffic/usage',
        route: { name: 'GET /api/traffic/usage', url: at(apiUrl(trafficEndpoints.usage, {})), headers },
        baseline: { name: 'usage', url: baseline.usage },
      },
    ];
    for (const pair of pairs) {
      await expectCodeZero(pair.route.url, headers);
      await expectCodeZero(pair.baseline.url, {});
    }
    const { warmupSeconds, rounds, roundSeconds } = defaultPlan;
    const results = await comparePairs(pairs, CONNECTIONS, { warmupSeconds, rounds, roundSeconds });
    printVerdict(results);
    return results;
  } finally {
    await baseline.app.close();
  }
}

/** Measuring is pointless if the route answers an error fast; check it really serves the account. */
async function expectCodeZero(url: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, { headers });
  const body = (await response.json()) as { code?: unknown; msg?: unknown };
  if (response.status !== 200 || body.code !== 0) {
    throw new Error(`${url} answered HTTP ${response.status} code ${String(body.code)} ${String(body.msg)}`);
  }
}

async function measureBundles(resiport: RunningResiport): Promise<PageScripts[] | undefined> {
  console.log('\nweb bundle (gzip -9 of every script a first visit loads):');
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    console.log('  web not built — run npm run build (skipping bundle size)');
    return undefined;
  }
  const { login, shell } = await measurePageScripts(resiport.baseUrl, resiport.session);
  const row = (label: string, result: PageScripts, goal: number) => [
    `${label} ${result.page}${result.finalUrl === result.page ? '' : ` (ended at ${result.finalUrl})`}`,
    String(result.files.length),
    (result.gzipBytes / KB).toFixed(1),
    `≤ ${goal / KB}`,
    result.gzipBytes <= goal ? 'ok' : 'OVER',
  ];
  printTable(
    ['page', 'scripts', 'kB gz', 'goal kB', ''],
    [row('login', login, BUNDLE_GOALS.login), row('shell', shell, BUNDLE_GOALS.shell)],
  );
  console.log('  (kB = 1000 bytes)');
  return [login, shell];
}

/** bench/results/ is gitignored: a local history of runs to compare by hand. */
async function saveResults(results: {
  seed: ApiSeed;
  pairs: PairResult[];
  bundles: PageScripts[] | undefined;
}): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);
  console.log(`\nresults saved to ${file}`);
}
