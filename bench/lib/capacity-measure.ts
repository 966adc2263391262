import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuSeconds } from './proc';

/**
 * What the capacity bench reads around each measurement window: CPU of given processes and of the
 * PostgreSQL backends serving the scratch database (/proc), the database's counters
 * (pg_stat_database), WAL written and synced (pg_stat_wal, cluster-wide), and the machine's busy CPU.
 * The monitor connects to the admin database, so its own queries are not counted.
 */

export interface Sample {
  at: number;
  cpu: Map<number, number>;
  backends: Map<number, number>;
  xacts: number;
  rows: number;
  walBytes: number;
  walSyncs: number;
  machineBusy: number;
}

/** Average connections of the database per state over a window (pg_stat_activity samples). */
export interface Activity {
  active: number;
  lockWaits: number;
  idleInTransaction: number;
}

export interface Delta {
  seconds: number;
  /** Cores (CPU seconds per second) of each watched pid. */
  cores: Map<number, number>;
  pgCores: number;
  xactsPerSecond: number;
  rowsPerSecond: number;
  walMBPerSecond: number;
  walSyncsPerSecond: number;
  machineCores: number;
}

/** The repository root: relative scripts and `--import tsx` resolve from here. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const safeCpu = (pid: number) => {
  try {
    return cpuSeconds(pid);
  } catch {
    return NaN;
  }
};

/** Busy jiffies of the whole machine (all but idle and iowait), in seconds. */
function machineBusySeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100;
}

export class Monitor {
  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
    private readonly priority: number | undefined,
  ) {}

  /** `priority`: a nice value given to the measured processes and their backends (see `prioritize`). */
  static async open(adminUrl: string, database: string, priority?: number): Promise<Monitor> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    return new Monitor(client, database, priority);
  }

  /**
   * On a machine shared with other work, gives the measured processes and the database's backends a
   * higher scheduling priority (a lower nice value; needs the privilege), so the figures are theirs,
   * not the neighbours'. Without a priority configured, or without the privilege, nothing changes.
   */
  async prioritize(pids: number[]): Promise<void> {
    if (this.priority === undefined) return;
    const backends = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [this.database],
    );
    for (const pid of [...pids, ...backends.rows.map((r) => r.pid)]) {
      try {
        setPriority(pid, this.priority);
      } catch {
        // Not permitted (or gone): measured at the default priority.
      }
    }
  }

  async sample(pids: number[]): Promise<Sample> {
    const stats = await this.client.query<{ xacts: string; rows: string }>(
      `select xact_commit + xact_rollback as xacts, tup_inserted + tup_updated + tup_deleted as rows
       from pg_stat_database where datname = $1`,
      [this.database],
    );
    const wal = await this.client.query<{ bytes: string; syncs: string }>(
      'select wal_bytes as bytes, wal_sync as syncs from pg_stat_wal',
    );
    const backends = await this.client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [this.database],
    );
    return {
      at: performance.now(),
      cpu: new Map(pids.map((pid) => [pid, safeCpu(pid)])),
      backends: new Map(backends.rows.map((r) => [r.pid, safeCpu(r.pid)])),
      xacts: Number(stats.rows[0]?.xacts ?? 0),
      rows: Number(stats.rows[0]?.rows ?? 0),
      walBytes: Number(wal.rows[0]?.bytes ?? 0),
      walSyncs: Number(wal.rows[0]?.syncs ?? 0),
      machineBusy: machineBusySeconds(),
    };
  }

  /**
   * Samples the database's connections every `everyMs` until the returned function is called, which
   * answers the averages: connections in a statement (`active`), of which waiting for a lock (a row
   * lock held by another transaction), and idle inside an open transaction.
   */
  watchActivity(everyMs: number): () => Promise<Activity> {
    const totals = { samples: 0, active: 0, lockWaits: 0, idleInTransaction: 0 };
    const state = { stopped: false };
    const loop = (async () => {
      while (!state.stopped) {
        const { rows } = await this.client.query<{ active: string; lock: string; idle_tx: string }>(
          `select count(*) filter (where state = 'active') as active,
                  count(*) filter (where wait_event_type = 'Lock') as lock,
                  count(*) filter (where state like 'idle in transaction%') as idle_tx
           from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [this.database],
        );
        totals.samples++;
        totals.active += Number(rows[0]?.active ?? 0);
        totals.lockWaits += Number(rows[0]?.lock ?? 0);
        totals.idleInTransaction += Number(rows[0]?.idle_tx ?? 0);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
    return async () => {
      state.stopped = true;
      await loop;
      const n = Math.max(totals.samples, 1);
      return {
        active: totals.active / n,
        lockWaits: totals.lockWaits / n,
        idleInTransaction: totals.idleInTransaction / n,
      };
    };
  }

  /**
   * Waits until the database has been quiet for a second (no statement running, no transaction
   * open): work a step's gateways gave up on (timed-out calls the server still runs) must not be
   * counted in the next step. Answers the seconds waited (at most `maxSeconds`).
   */
  async settle(maxSeconds: number): Promise<number> {
    const started = performance.now();
    let quietSince: number | undefined;
    while ((performance.now() - started) / 1000 < maxSeconds) {
      const { rows } = await this.client.query<{ busy: string }>(
        `select count(*) as busy from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
           and (state = 'active' or state like 'idle in transaction%')`,
        [this.database],
      );
      const now = performance.now();
      if (Number(rows[0]?.busy ?? 0) > 0) quietSince = undefined;
      else if (quietSince === undefined) quietSince = now;
      else if (now - quietSince >= 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (performance.now() - started) / 1000;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/**
 * The rates between two samples. Backends opened during the window count from zero; a backend
 * that closed during it is missed (the server's pool keeps its connections while busy).
 */
export function delta(a: Sample, b: Sample): Delta {
  const seconds = (b.at - a.at) / 1000;
  const cores = new Map([...b.cpu].map(([pid, cpu]) => [pid, (cpu - (a.cpu.get(pid) ?? 0)) / seconds]));
  let pg = 0;
  for (const [pid, cpu] of b.backends) if (Number.isFinite(cpu)) pg += cpu - (a.backends.get(pid) ?? 0);
  return {
    seconds,
    cores,
    pgCores: pg / seconds,
    xactsPerSecond: (b.xacts - a.xacts) / seconds,
    rowsPerSecond: (b.rows - a.rows) / seconds,
    walMBPerSecond: (b.walBytes - a.walBytes) / 1e6 / seconds,
    walSyncsPerSecond: (b.walSyncs - a.walSyncs) / seconds,
    machineCores: (b.machineBusy - a.machineBusy) / seconds,
  };
}

/**
 * A node process running a TypeScript file (compiled JavaScript when given one), its stdout written to
 * `logFile`, resolved once `ready` finds its answer in that output: the ports the process got (it is
 * started on port 0 and reports them), with that answer.
 */
export async function startNode<T>(
  script: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
  ready: (output: string) => T | undefined,
): Promise<{ child: ChildProcess; ready: T }> {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = ready(readFileSync(logFile, 'utf8'));
    if (answer !== undefined) return { child, ready: answer };
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} (${logFile})`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start (${logFile})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
