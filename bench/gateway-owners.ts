import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverListening } from '@resiport/testkit';
import { sql } from 'kysely';
import { auditBooks } from '../apps/server/src/cli/books-audit';
import { loadConfig } from '../apps/server/src/config';
import { createAppContext } from '../apps/server/src/context';
import { createDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createLogger } from '../apps/server/src/lib/logger';
import type { Mailer } from '../apps/server/src/modules/mail/mailer';
import { createBenchDatabase } from './lib/bench-database';
import { OWNERS_PER_ACCOUNT, PROXY_PASSWORD, seedOwners } from './lib/capacity-seed';
import { percentile, startNode } from './lib/capacity-measure';
import { startGateway } from './lib/node-proxies';
import { ownerTunnels, type TunnelOwner } from './lib/owner-tunnels';
import { cpuSeconds, readyPorts, rssBytes, startChild, stopPid } from './lib/proc';

/**
 * `npm run bench -- gateway-owners` (docs/capacity.md): one real gateway process, compiled as operators
 * run it, against the real API server and PostgreSQL, serving BENCH_OWNERS_STEPS owners (default
 * 1000,5000), each a sub-account with one CONNECT tunnel downloading BENCH_OWNERS_PACE bytes a second
 * (default 25,000: a 1 MB lease lasts 40 s, so leases renew within the window) from a paced origin. Per step, once its tunnels are open and warm: the gateway's cores,
 * memory and their cost per owner, its lease and usage calls, holds, cuts, and how long another tunnel
 * of an active owner waits for its `200` (the event loop's responsiveness). The baseline is the first
 * step: what each owner past it added, against the first step's average per owner (flat = linear). Ends with the books:
 * billed for these owners against what their clients received, and a clean audit.
 */
const SECRETS = {
  JWT_SECRET: 'owners-bench-jwt-secret-0123456789abcdef',
  PROXY_PASSWORD_KEY: 'owners-bench-proxy-password-key-0123456789',
  INTERNAL_SECRET: 'owners-bench-internal-secret-0123456789abcdef',
};
const noMailer: Mailer = { send: async () => undefined, close: () => undefined };
const envNumber = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const KiB = 1024;

interface StepFigures {
  owners: number;
  cores: number;
  rssMB: number;
  kBps: number;
  renewalsPerSecond: number;
  batchesPerSecond: number;
  holds: number;
  probeMs: number[];
}

export async function runGatewayOwnersBench(): Promise<void> {
  const steps = (process.env.BENCH_OWNERS_STEPS ?? '1000,5000').split(',').map(Number);
  const pace = envNumber('BENCH_OWNERS_PACE', 25_000);
  const warmup = envNumber('BENCH_OWNERS_WARMUP', 10) * 1000;
  const measure = envNumber('BENCH_OWNERS_SECONDS', 20) * 1000;
  const most = Math.max(...steps);
  const database = await createBenchDatabase();
  const db = createDatabase({ url: database.url, dataDir: null });
  const scratch = mkdtempSync(path.join(tmpdir(), 'resiport-owners-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    await migrateToLatest(db);
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'silent', DATA_DIR: scratch, ...SECRETS };
    const ctx = createAppContext(loadConfig(env), { db, mailer: noMailer, log: createLogger('silent') });
    // Sub-accounts only: a main account signs in by its whitelisted address, which is not on this machine.
    const seed = await seedOwners(ctx, Math.ceil((most * OWNERS_PER_ACCOUNT) / (OWNERS_PER_ACCOUNT - 1)));
    const owners: (TunnelOwner & { id: number })[] = seed.owners.flatMap((o) =>
      o.username && o.subaccount_id !== null
        ? [{ username: o.username, password: PROXY_PASSWORD, id: o.subaccount_id }]
        : [],
    );
    console.log(
      `seeded ${owners.length} sub-accounts in ${seed.seconds.toFixed(1)} s; pace ${pace} B/s each`,
    );

    writeFileSync(path.join(scratch, 'index.html'), '<!doctype html><title>bench</title>\n');
    const { child: server, ready: listening } = await startNode(
      'apps/server/src/main.ts',
      [],
      {
        ...env,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        HOST: '127.0.0.1',
        PORT: '0',
        GATEWAY_IN_PROCESS: 'false',
        WEB_DIST_DIR: scratch,
      },
      path.join(scratch, 'server.log'),
      serverListening,
    );
    stops.push(async () => void server.kill('SIGTERM'));
    const origin = await startChild('bench/lib/drip-server.ts', ['0', String(pace)], {}, readyPorts);
    stops.push(() => stopPid(origin.child));
    const gateway = await startGateway('owners', `http://127.0.0.1:${listening.port}`, 0, [], {
      INTERNAL_SECRET: SECRETS.INTERNAL_SECRET,
      GATEWAY_METRICS_PORT: '0',
      GATEWAY_MAX_CONNECTIONS_PER_ACCOUNT: '500',
    });
    let gatewayRunning = true;
    stops.push(async () => {
      if (gatewayRunning) await gateway.stop();
    });
    const tunnels = ownerTunnels(gateway.connectPort, `127.0.0.1:${origin.ready[0] ?? 0}`);
    const metrics = () => scrape(gateway.metricsPort ?? 0);

    const figures: StepFigures[] = [];
    let active = 0;
    for (const count of steps) {
      const opening = performance.now();
      await tunnels.open(owners.slice(active, count), 50);
      active = count;
      console.log(
        `${count} owners: tunnels opened in ${((performance.now() - opening) / 1000).toFixed(1)} s (${JSON.stringify(tunnels.counts())})`,
      );
      await sleep(warmup);
      const before = { cpu: cpuSeconds(gateway.pid), got: tunnels.received(), m: await metrics() };
      const started = performance.now();
      const probeMs: number[] = [];
      while (performance.now() - started < measure) {
        const probed = owners[probeMs.length % count];
        if (!probed) break;
        probeMs.push(await tunnels.probe(probed));
        await sleep(200);
      }
      const seconds = (performance.now() - started) / 1000;
      const after = { cpu: cpuSeconds(gateway.pid), got: tunnels.received(), m: await metrics() };
      const rate = (name: string) => ((after.m.get(name) ?? 0) - (before.m.get(name) ?? 0)) / seconds;
      figures.push({
        owners: count,
        cores: (after.cpu - before.cpu) / seconds,
        rssMB: rssBytes(gateway.pid) / 1e6,
        kBps: (after.got - before.got) / seconds / 1000,
        renewalsPerSecond: rate('resiport_gateway_lease_renewals_total'),
        batchesPerSecond: rate('resiport_gateway_usage_batches_total'),
        holds:
          (after.m.get('resiport_gateway_credit_holds_total') ?? 0) -
          (before.m.get('resiport_gateway_credit_holds_total') ?? 0),
        probeMs,
      });
    }
    const { opened, refused, closedEarly } = tunnels.counts();
    const cuts = (await metrics()).get('resiport_gateway_cuts_total') ?? 0;
    tunnels.closeAll();
    await sleep(1000);
    await gateway.stop(); // flushes its usage and gives its leases back
    gatewayRunning = false;
    report(figures, pace);
    await checkBooks(db, owners.slice(0, active), tunnels.received(), opened);
    console.log(
      `tunnels: ${opened} opened, ${refused} refused, ${closedEarly} closed early; gateway cuts ${cuts}`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.destroy();
    await database.drop();
  }
}

/** Every counter and gauge of the gateway's metrics, summed over its labels. */
async function scrape(port: number): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sums = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (match?.[1] && match[2]) sums.set(match[1], (sums.get(match[1]) ?? 0) + Number(match[2]));
  }
  return sums;
}

function report(figures: StepFigures[], pace: number): void {
  const first = figures[0];
  console.log(
    'owners  gateway cores  µs CPU per owner-s  RSS MB  kB per owner  received kB/s  renewals/s  usage batches/s  holds  probe p50/p99 ms',
  );
  for (const f of figures) {
    console.log(
      [
        String(f.owners).padStart(6),
        f.cores.toFixed(3).padStart(13),
        ((f.cores / f.owners) * 1e6).toFixed(1).padStart(18),
        f.rssMB.toFixed(0).padStart(6),
        ((f.rssMB * 1000) / f.owners).toFixed(1).padStart(12),
        f.kBps.toFixed(0).padStart(13),
        f.renewalsPerSecond.toFixed(1).padStart(10),
        f.batchesPerSecond.toFixed(2).padStart(16),
        String(f.holds).padStart(6),
        `${percentile(f.probeMs, 50).toFixed(1)}/${percentile(f.probeMs, 99).toFixed(1)}`.padStart(17),
      ].join('  '),
    );
  }
  const last = figures.at(-1);
  if (first && last && last !== first) {
    // What each owner past the first step added: flat (or falling) when nothing grows faster than owners.
    const added = last.owners - first.owners;
    const marginal = ((last.cores - first.cores) / added) * 1e6;
    console.log(
      `each owner past the first step added ${marginal.toFixed(1)} µs CPU per second ` +
        `(${((first.cores / first.owners) * 1e6).toFixed(1)} on average at the first) and ` +
        `${(((last.rssMB - first.rssMB) * 1000) / added).toFixed(1)} kB of memory; received per owner ` +
        `×${(last.kBps / last.owners / (first.kBps / first.owners)).toFixed(2)} of the first step's (pace ${pace} B/s each)`,
    );
  }
}

/** What the server billed these owners against what their clients received, and the audit. */
async function checkBooks(
  db: ReturnType<typeof createDatabase>,
  owners: { id: number }[],
  received: number,
  tunnels: number,
): Promise<void> {
  const ids = owners.map((o) => o.id);
  const { rows } = await sql<{ down: string; up: string }>`
    select coalesce(sum(bytes_down), 0)::text as down, coalesce(sum(bytes_up), 0)::text as up
    from usage_hourly where subaccount_id = any(${ids})`.execute(db);
  const billed = Number(rows[0]?.down ?? 0);
  // Billed is what reached the clients' kernels: all they read, and what they held unread when the
  // bench closed them (at most a few of the origin's pieces each).
  const bound = tunnels * 64 * KiB;
  const within = billed >= received && billed - received <= bound;
  console.log(
    `  ${within ? 'ok ' : 'BAD'} billed ${billed} B down for ${received} B received (difference ${billed - received} B, bound ${bound} B)`,
  );
  const audit = await auditBooks(db);
  console.log(
    `  ${audit.problems.length === 0 ? 'ok ' : 'BAD'} audit: ${audit.problems.slice(0, 3).join('; ') || 'clean'}`,
  );
}
