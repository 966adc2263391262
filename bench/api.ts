import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountEndpoints } from '@resiport/contract';
import { apiUrl } from '@resiport/testkit';
import { createBenchDatabase } from './lib/bench-database';
import { startBaseline } from './lib/baseline-app';
import { measurePageScripts, type PageScripts } from './lib/bundle-size';
import { compareUnderLoad, defaultPlan, type SideSummary } from './lib/load';
import { startResiport, type RunningResiport } from './lib/resiport-app';
import { printTable } from './lib/table';

const RATIO_GOAL = 0.8;
const KB = 1000;
const BUNDLE_GOALS = { login: 300 * KB, shell: 600 * KB };
/** The same key the server reads; unset means the default build output, apps/web/dist. */
const WEB_DIST_DIR = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/**
 * API throughput of an authenticated read (/api/user/info) against a bare Fastify route doing the
 * same SQL read, both in this process on one PostgreSQL pool; then the web app's script weight.
 */
export async function runApiBench(): Promise<void> {
  const database = await createBenchDatabase();
  let resiport: RunningResiport | undefined;
  try {
    resiport = await startResiport(database.url, WEB_DIST_DIR);
    const sides = await measureApi(resiport);
    const bundles = await measureBundles(resiport);
    await saveResults({ sides, bundles });
  } finally {
    await resiport?.close();
    await database.drop();
  }
}

async function measureApi(resiport: RunningResiport): Promise<SideSummary[]> {
  const baseline = await startBaseline(resiport.db, resiport.accountId);
  try {
    const userInfo = {
      name: 'GET /api/user/info',
      url: `${resiport.baseUrl}${apiUrl(accountEndpoints.userInfo)}`,
      headers: { 'jwt-token': resiport.session.jwt_token },
    };
    await expectCodeZero(userInfo.url, userInfo.headers);
    await expectCodeZero(baseline.url, {});

    const { warmupSeconds, rounds, roundSeconds, connections } = defaultPlan;
    console.log(
      `load: ${connections} connections, warmup ${warmupSeconds}s each, ${rounds} rounds × ${roundSeconds}s alternating`,
    );
    const sides = await compareUnderLoad([
      userInfo,
      { name: 'baseline (bare Fastify + same SQL)', url: baseline.url },
    ]);
    printTable(
      ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non2xx'],
      sides.map((s) => [
        s.name,
        s.requestsPerSecond.toFixed(0),
        s.p50.toFixed(1),
        s.p99.toFixed(1),
        String(s.errors),
        String(s.non2xx),
      ]),
    );
    const [ours, floor] = sides;
    const ratio =
      ours && floor && floor.requestsPerSecond > 0 ? ours.requestsPerSecond / floor.requestsPerSecond : 0;
    const verdict = ratio >= RATIO_GOAL ? 'ok' : 'BELOW GOAL';
    console.log(`ratio ${ratio.toFixed(2)} (goal ≥ ${RATIO_GOAL.toFixed(2)}) ${verdict}`);
    return sides;
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
  sides: SideSummary[];
  bundles: PageScripts[] | undefined;
}): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);
  console.log(`\nresults saved to ${file}`);
}
