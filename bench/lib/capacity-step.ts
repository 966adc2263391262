import { fork, type ChildProcess } from 'node:child_process';
import { delta, ROOT, type Activity, type Delta, type Monitor } from './capacity-measure';
import {
  CALL_KINDS,
  emptyWindow,
  type GatewaySimConfig,
  type SimOwner,
  type ToParent,
  type Totals,
  type WindowStats,
} from './capacity-protocol';
import { OWNERS_PER_ACCOUNT } from './capacity-seed';

export interface Step {
  owners: number;
  /** Gateway processes. */
  k: number;
  /**
   * `spread`: owner i goes to process i mod k, so an account's owners meet on every process (a load
   * balancer in front of the gateways); `account`: an account's owners share one process.
   */
  assign: 'spread' | 'account';
  flushMs: number;
  mode: GatewaySimConfig['mode'];
}

export interface StepResult {
  step: Step;
  load: Delta;
  activity: Activity;
  serverCores: number;
  generatorCores: number;
  window: WindowStats;
  totals: Totals[];
  cutAtStart: number;
  /** Seconds the database needed to go quiet after the step before (its late work). */
  settled: number;
}

export interface StepContext {
  owners: SimOwner[];
  serverUrl: string;
  serverPid: number;
  secret: string;
  password: string;
  monitor: Monitor;
  warmupSeconds: number;
  measureSeconds: number;
  runId: string;
}

/** Which simulated gateway serves owner i (owners come in accounts of OWNERS_PER_ACCOUNT). */
function gatewayOf(step: Step, i: number): number {
  if (step.assign === 'spread') return i % step.k;
  const accounts = Math.ceil(step.owners / OWNERS_PER_ACCOUNT);
  return Math.floor((Math.floor(i / OWNERS_PER_ACCOUNT) * step.k) / accounts);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next message of `type` from a simulated gateway; its failure or exit rejects. */
function next<T extends ToParent['type']>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
): Promise<Extract<ToParent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage).off('exit', onExit);
    };
    const onMessage = (message: ToParent) => {
      if (message.type === 'failed') {
        done();
        reject(new Error(`simulated gateway failed: ${message.error}`));
      } else if (message.type === type) {
        done();
        resolve(message as Extract<ToParent, { type: T }>);
      }
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`simulated gateway exited (${code}) before '${type}'`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`simulated gateway: no '${type}' within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', onMessage).on('exit', onExit);
  });
}

function merge(windows: WindowStats[]): WindowStats {
  const merged = emptyWindow();
  for (const w of windows) {
    merged.seconds = Math.max(merged.seconds, w.seconds);
    for (const kind of CALL_KINDS) {
      merged.calls[kind].count += w.calls[kind].count;
      merged.calls[kind].errors += w.calls[kind].errors;
      merged.calls[kind].ms.push(...w.calls[kind].ms);
    }
    merged.flushesDue += w.flushesDue;
    merged.batchesAcked += w.batchesAcked;
    merged.entriesAcked += w.entriesAcked;
    merged.ownerTicks += w.ownerTicks;
    merged.heldTicks += w.heldTicks;
    merged.cuts += w.cuts;
    merged.loopP99Ms = Math.max(merged.loopP99Ms, w.loopP99Ms);
  }
  return merged;
}

/**
 * One step: K simulated gateway processes for the first `owners` owners, warm-up, one measurement
 * window (the server's and the gateways' CPU, the database's counters), then a graceful stop of
 * every gateway (usage drained, leases returned).
 */
export async function runStep(step: Step, ctx: StepContext): Promise<StepResult> {
  const owners = ctx.owners.slice(0, step.owners);
  const settled = await ctx.monitor.settle(120);
  const children = Array.from({ length: step.k }, () =>
    fork('bench/lib/capacity-gateway.ts', [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  try {
    const ready = children.map((child, g) => {
      const answer = next(child, 'ready', 180_000);
      const config: GatewaySimConfig = {
        mode: step.mode,
        serverUrl: ctx.serverUrl,
        secret: ctx.secret,
        instanceId: `cap-${ctx.runId}-g${g}`,
        owners: owners.filter((_, i) => gatewayOf(step, i) === g),
        flushMs: step.flushMs,
        password: ctx.password,
      };
      child.send({ type: 'start', config });
      return answer;
    });
    const cutAtStart = (await Promise.all(ready)).reduce((sum, r) => sum + r.cutOwners, 0);
    const pids = [ctx.serverPid, ...children.map((c) => c.pid ?? 0)];
    await ctx.monitor.prioritize(pids);
    await sleep(ctx.warmupSeconds * 1000);
    await ctx.monitor.prioritize(pids); // backends the pool opened during the warm-up
    const before = await ctx.monitor.sample(pids);
    for (const child of children) child.send({ type: 'begin' });
    const watching = ctx.monitor.watchActivity(100);
    await sleep(ctx.measureSeconds * 1000);
    const activity = await watching();
    const windows = children.map((child) => next(child, 'window', 30_000));
    for (const child of children) child.send({ type: 'end' });
    const after = await ctx.monitor.sample(pids);
    const window = merge((await Promise.all(windows)).map((w) => w.stats));
    const stopped = children.map((child) => next(child, 'stopped', 60_000));
    for (const child of children) child.send({ type: 'stop' });
    const totals = (await Promise.all(stopped)).map((s) => s.totals);
    const load = delta(before, after);
    const coresOf = (pid: number | undefined) => load.cores.get(pid ?? 0) ?? 0;
    return {
      step,
      load,
      activity,
      serverCores: coresOf(ctx.serverPid),
      generatorCores: children.reduce((sum, c) => sum + coresOf(c.pid), 0),
      window,
      totals,
      cutAtStart,
      settled,
    };
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  }
}
