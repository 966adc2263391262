import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverListening, type ScratchDatabase } from '@resiport/testkit';
import { loadConfig } from '../apps/server/src/config';
import { createAppContext } from '../apps/server/src/context';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createLogger } from '../apps/server/src/lib/logger';
import type { Mailer } from '../apps/server/src/modules/mail/mailer';
import { createBenchDatabase } from './lib/bench-database';
import { Monitor, ROOT, startNode } from './lib/capacity-measure';
import { probeBodyLimit } from './lib/capacity-probe';
import { labelOf, printRatiosAndProjection, printResults } from './lib/capacity-report';
import { PROXY_PASSWORD, seedOwners } from './lib/capacity-seed';
import { runStep, type Step, type StepResult } from './lib/capacity-step';
import { verifyBilling } from './lib/capacity-verify';
import { readyPorts, stopPid } from './lib/proc';

/**
 * Capacity from measurement (docs/capacity.md): the API server as its own process on a scratch PostgreSQL
 * database, driven by K simulated gateway processes (bench/lib/capacity-gateway.ts: the gateway's
 * own client, leases, usage reporter and change-feed poller) for N owners each, every owner spending
 * at a steady pace and usage flushed every second. Per step it reports the server's CPU (per 1,000
 * owners), the PostgreSQL backends' CPU and transactions per second, and what the gateways saw
 * (latency, batches acknowledged against due, owners held for a late renewal). Baseline: the same
 * gateways' usage batches to a bare Fastify route doing one primary-key read per owner, same pool,
 * measured side by side. At the end, per batch id: every acknowledged batch applied once and nothing
 * else, and the bytes billed and rolled up equal the applied batches' bytes.
 * `BENCH_CAPACITY_STEPS=250x2,1000x4a@5` (owners × gateways, `a`: each account's owners on one gateway
 * rather than spread over all of them, `@`: flush interval in seconds),
 * `BENCH_CAPACITY_SECONDS` (measured, default 20), `BENCH_CAPACITY_WARMUP` (default 10);
 * `BENCH_CAPACITY_NICE=-10` runs the measured processes and their backends at that nice value (root
 * only) on a machine shared with other work.
 */

const DEFAULT_STEPS = '250x2,500x2,1000x2,1000x4,1000x4a,1000x2@5,2000x4@5';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRETS = {
  JWT_SECRET: 'capacity-bench-jwt-secret-0123456789abcdef',
  PROXY_PASSWORD_KEY: 'capacity-bench-proxy-password-key-0123456789',
  INTERNAL_SECRET: 'capacity-bench-internal-secret-0123456789abcdef',
};
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const noMailer: Mailer = { send: async () => undefined, close: () => undefined };
const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Owner i's pace: log-uniform between 50 kB/s and 2 MB/s, the same every run. */
const paceOf = (i: number) => Math.round(50_000 * 40 ** (((i * 2654435761) >>> 0) / 2 ** 32));

function planOf(text: string): Step[] {
  const steps: Step[] = [];
  for (const part of text.split(',')) {
    const match = /^(\d+)x(\d+)(a?)(?:@(\d+(?:\.\d+)?))?$/.exec(part.trim());
    if (!match) {
      throw new Error(`BENCH_CAPACITY_STEPS: cannot read "${part}" (owners x gateways [a] [@ seconds])`);
    }
    const owners = Number(match[1]);
    const k = Number(match[2]);
    const assign = match[3] === 'a' ? 'account' : 'spread';
    const flushMs = Math.round(Number(match[4] ?? 1) * 1000);
    // The baseline runs once per owner count, just before the first product step with it.
    if (!steps.some((s) => s.owners === owners)) {
      steps.push({ owners, k, assign, flushMs: 1000, mode: 'baseline' });
    }
    steps.push({ owners, k, assign, flushMs, mode: 'product' });
  }
  return steps;
}

export async function runCapacityBench(): Promise<void> {
  const plan = planOf(process.env.BENCH_CAPACITY_STEPS ?? DEFAULT_STEPS);
  const timing = {
    warmupSeconds: envNumber('BENCH_CAPACITY_WARMUP', 10),
    measureSeconds: envNumber('BENCH_CAPACITY_SECONDS', 20),
  };
  let database: ScratchDatabase;
  try {
    database = await createBenchDatabase();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`skip: PostgreSQL is not reachable (${reason}); set BENCH_DATABASE_URL to run this bench`);
    return;
  }
  const started = performance.now();
  const scratch = mkdtempSync(path.join(tmpdir(), 'resiport-capacity-'));
  const db = createDatabase({ url: database.url, dataDir: null });
  const processes: ChildProcess[] = [];
  let monitor: Monitor | undefined;
  try {
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}; node ${process.version}; database ${new URL(database.url).pathname.slice(1)}`,
    );
    await migrateToLatest(db);
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent', DATA_DIR: scratch, ...SECRETS };
    const ctx = createAppContext(loadConfig(env), { db, mailer: noMailer, log: createLogger('silent') });
    const most = Math.max(...plan.map((s) => s.owners));
    const seed = await seedOwners(ctx, most);
    console.log(
      `seeded ${seed.owners.length} owners (accounts: main by whitelisted IP + 4 sub-accounts) in ${seed.seconds.toFixed(1)} s`,
    );
    const owners = seed.owners.map((o, i) => ({ ...o, bytesPerSecond: paceOf(i) }));

    const serverLog = path.join(scratch, 'server.log');
    writeFileSync(path.join(scratch, 'index.html'), '<!doctype html><title>bench</title>\n'); // a "built" web app
    const serverScript = serverEntry();
    console.log(`API server process: node ${path.relative(ROOT, serverScript)}`);
    // Every listener on port 0: the server binds free ports itself and its start line names them.
    const { child: server, ready: listening } = await startNode(
      serverScript,
      [],
      {
        ...env,
        // Not above info: the start line, with the ports, is logged at info.
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        LOG_FORMAT: 'json',
        // Monitored as in production: the request metrics' hooks are on the measured path.
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        PORT: '0',
        GATEWAY_IN_PROCESS: 'false',
        WEB_DIST_DIR: scratch,
      },
      serverLog,
      serverListening,
    );
    processes.push(server);
    const { port } = listening;
    const { child: baseline, ready: basePorts } = await startNode(
      'bench/lib/capacity-baseline.ts',
      [database.url, '0'],
      {},
      path.join(scratch, 'baseline.log'),
      readyPorts,
    );
    processes.push(baseline);
    const basePort = basePorts[0] ?? 0;
    const nice = process.env.BENCH_CAPACITY_NICE;
    const watch = await Monitor.open(
      ADMIN_URL,
      new URL(database.url).pathname.slice(1),
      nice === undefined ? undefined : Number(nice),
    );
    monitor = watch;
    if (nice !== undefined) console.log(`measured processes and their backends run at nice ${nice}`);

    const probe = await probeBodyLimit(`http://127.0.0.1:${port}`, SECRETS.INTERNAL_SECRET, owners, 1000);
    console.log(probe.line);

    const results: StepResult[] = [];
    const runId = Date.now().toString(36);
    const contextOf = (step: Step, label: string) => {
      const toBaseline = step.mode === 'baseline';
      return {
        owners,
        serverUrl: `http://127.0.0.1:${toBaseline ? basePort : port}`,
        serverPid: (toBaseline ? baseline.pid : server.pid) ?? 0,
        secret: SECRETS.INTERNAL_SECRET,
        password: PROXY_PASSWORD,
        monitor: watch,
        ...timing,
        runId: `${runId}-${label}`,
      };
    };
    // A long-running server's code is compiled by the JIT; so is this one's before anything counts.
    const warmStep: Step = {
      owners: Math.min(250, most),
      k: 2,
      assign: 'spread',
      flushMs: 1000,
      mode: 'product',
    };
    const warm = await runStep(warmStep, {
      ...contextOf(warmStep, 'warm'),
      warmupSeconds: 15,
      measureSeconds: 1,
    });
    for (const [index, step] of plan.entries()) {
      const result = await runStep(step, contextOf(step, String(index)));
      results.push(result);
      const w = result.window;
      console.log(
        `  ${labelOf(result)}: server ${result.serverCores.toFixed(2)} cores, ${result.load.xactsPerSecond.toFixed(0)} xact/s, ` +
          `batches ${w.batchesAcked}/${w.flushesDue}, generator ${result.generatorCores.toFixed(2)} cores` +
          (result.settled > 2
            ? ` (started after ${result.settled.toFixed(0)} s of the previous step's late work)`
            : ''),
      );
    }
    printResults(results);
    printRatiosAndProjection(results);

    const productTotals = [warm, ...results]
      .filter((r) => r.step.mode === 'product')
      .flatMap((r) => r.totals);
    const sent = [...productTotals.flatMap((t) => t.batches), probe.batch];
    const verdict = await verifyBilling(db, sent, seed.trafficBytes);
    const sum = (pick: (t: (typeof productTotals)[number]) => number) =>
      productTotals.reduce((total, t) => total + pick(t), 0);
    const mismatches = sum((t) => t.authMismatches);
    console.log('\ncorrectness (all product steps together):');
    for (const line of verdict.lines) console.log(`  ${line}`);
    console.log(
      `  ${mismatches === 0 ? 'ok ' : 'FAIL'} every credentials answer named its owner and verified`,
    );
    const undrained = productTotals.filter((t) => !t.drained).length;
    if (undrained + sum((t) => t.authFailures) > 0) {
      console.log(
        `  note: ${undrained} gateway(s) stopped with usage unacknowledged, ${sum((t) => t.authFailures)} credentials ` +
          'calls unanswered (steps the server could not keep up with)',
      );
    }
    const problems = readFileSync(serverLog, 'utf8')
      .split('\n')
      // The payment sandbox's start-up notice is expected here (no payment provider configured).
      .filter((line) => /"level":(40|50|60)/.test(line) && !line.includes('PAYMENT SANDBOX'));
    console.log(
      `  server log: ${problems.length} warning/error line(s)${problems.length ? `, first: ${problems[0]}` : ''}`,
    );
    console.log(`capacity bench took ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await save({ plan, timing, probe, results, verdict });
  } finally {
    for (const child of processes) await stopPid(child);
    await monitor?.close();
    await db.destroy();
    rmSync(scratch, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database: ${database.url}`);
    else await database.drop();
  }
}

/** The compiled server when its build is newer than every source file, else the sources (through tsx). */
function serverEntry(): string {
  const compiled = path.join(ROOT, 'apps/server/dist/main.js');
  if (!existsSync(compiled)) return 'apps/server/src/main.ts';
  const built = statSync(compiled).mtimeMs;
  const sources = ['apps/server/src', 'apps/gateway/src', 'packages/contract/src', 'packages/logging/src'];
  const stale = sources.some((dir) =>
    readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true }).some(
      (entry) => entry.isFile() && statSync(path.join(entry.parentPath, entry.name)).mtimeMs > built,
    ),
  );
  return stale ? 'apps/server/src/main.ts' : compiled;
}

/** bench/results/ is gitignored: a local history of runs to compare by hand. */
async function save(run: object): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}capacity-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  // Latency samples are summarized in the printed tables; the file keeps counts and rates.
  const replacer = (key: string, v: unknown): unknown => {
    if (key === 'ms' || key === 'batches') return undefined;
    if (typeof v === 'bigint') return v.toString();
    return v instanceof Map ? Object.fromEntries(v) : v;
  };
  const json = JSON.stringify({ at: new Date().toISOString(), ...run }, replacer);
  await writeFile(file, `${json}\n`);
  console.log(`results saved to ${file}`);
}
