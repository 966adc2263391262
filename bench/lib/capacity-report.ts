import { percentile } from './capacity-measure';
import type { StepResult } from './capacity-step';
import { printTable } from './table';

/** The capacity bench's tables, ratios and linear projection. */

const f = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const perSecond = (r: StepResult, count: number) => count / r.window.seconds;

export const labelOf = (r: StepResult) =>
  `${r.step.mode} ${r.step.owners}×${r.step.k}${r.step.assign === 'account' ? ' by account' : ''}` +
  (r.step.flushMs === 1000 ? '' : ` @${r.step.flushMs / 1000}s`);

/** Every batch due was acknowledged (±1 per gateway for the window's edges) and owners were not held. */
export function keptUp(r: StepResult): boolean {
  const w = r.window;
  return w.batchesAcked >= w.flushesDue - r.step.k && w.heldTicks <= 0.01 * w.ownerTicks;
}

const baselineOf = (results: StepResult[], r: StepResult) =>
  results.find((b) => b.step.mode === 'baseline' && b.step.owners === r.step.owners);

export function printResults(results: StepResult[]): void {
  console.log('\nserver and database, per measurement window (cores = CPU seconds per second)');
  printTable(
    [
      'step',
      'server cores',
      'per 1k owners',
      '× baseline',
      'PG cores',
      'PG xact/s',
      'xact/owner/s',
      'rows/s',
      'PG busy/lock',
      'WAL MB/s*',
      'WAL syncs/s*',
      'others*',
    ],
    results.map((r) => {
      const base = baselineOf(results, r);
      return [
        labelOf(r),
        f(r.serverCores, 2),
        f((r.serverCores / r.step.owners) * 1000, 3),
        r.step.mode === 'product' && base
          ? keptUp(r)
            ? f(r.serverCores / base.serverCores, 1)
            : 'late'
          : '',
        f(r.load.pgCores, 2),
        f(r.load.xactsPerSecond),
        f(r.load.xactsPerSecond / r.step.owners, 2),
        f(r.load.rowsPerSecond),
        `${f(r.activity.active, 1)}/${f(r.activity.lockWaits, 1)}`,
        f(r.load.walMBPerSecond, 2),
        f(r.load.walSyncsPerSecond),
        f(r.load.machineCores - r.serverCores - r.load.pgCores - r.generatorCores, 2),
      ];
    }),
  );
  console.log(
    'PG busy/lock: connections of the database in a statement / waiting for a lock, averaged (pg_stat_activity every 100 ms)',
  );
  console.log(
    '* machine-wide: WAL of the whole PostgreSQL cluster; others = busy cores of the machine less the server, ' +
      'its PostgreSQL backends and the simulated gateways (other work on the machine, PostgreSQL background writers)',
  );
  console.log('\nwhat the simulated gateways saw (calls per second, all gateways; latency in ms)');
  printTable(
    [
      'step',
      'usage/s',
      'usage p50/p99',
      'ms/entry',
      'lease/s',
      'lease p50/p99',
      'auth/s',
      'feed/s',
      'batches acked/due',
      'stalled %',
      'cuts',
      'errors',
      'generator cores',
      'gen loop p99',
    ],
    results.map((r) => {
      const c = r.window.calls;
      const lat = (ms: number[]) =>
        ms.length ? `${f(percentile(ms, 50), 1)}/${f(percentile(ms, 99), 1)}` : '';
      const errors = Object.values(c).reduce((sum, k) => sum + k.errors, 0);
      return [
        labelOf(r),
        f(perSecond(r, c.usage.count), 1),
        lat(c.usage.ms),
        f(percentile(c.usage.ms, 50) / (r.step.owners / r.step.k), 2),
        f(perSecond(r, c.lease.count)),
        lat(c.lease.ms),
        f(perSecond(r, c.credentials.count + c.whitelist.count), 1),
        f(perSecond(r, c.events.count), 1),
        `${r.window.batchesAcked}/${r.window.flushesDue}${keptUp(r) ? '' : ' LATE'}`,
        f((100 * r.window.heldTicks) / Math.max(r.window.ownerTicks, 1), 2),
        String(r.window.cuts),
        String(errors),
        f(r.generatorCores, 2),
        f(r.window.loopP99Ms, 0),
      ];
    }),
  );
}

/**
 * The ratio lines (the product against the bare route at the same owners and flush pace) and a
 * linear projection from the biggest product step that kept up at a 1 s flush.
 */
export function printRatiosAndProjection(results: StepResult[]): void {
  const product = results.filter((r) => r.step.mode === 'product');
  const ratios = product
    .filter((r) => r.step.flushMs === 1000 && keptUp(r))
    .map((r) => {
      const base = baselineOf(results, r);
      return base ? `${labelOf(r)} ${f(r.serverCores / base.serverCores, 1)}×` : undefined;
    })
    .filter((text) => text !== undefined);
  console.log(
    `\nserver CPU × baseline (bare Fastify route, one primary-key read per owner per flush, same pool): ${ratios.join(', ')}`,
  );
  for (const flushMs of [...new Set(product.map((r) => r.step.flushMs))]) {
    const kept = product.filter((r) => r.step.flushMs === flushMs && keptUp(r));
    const top = kept.at(-1);
    if (!top) {
      console.log(`projection @${flushMs / 1000}s flush: no step kept up`);
      continue;
    }
    const perOwner = top.serverCores / top.step.owners;
    const xact = top.load.xactsPerSecond / top.step.owners;
    const pg = top.load.pgCores / top.step.owners;
    const at = (owners: number) =>
      `${owners / 1000}k owners ≈ ${f(perOwner * owners, 1)} API cores, ${f(pg * owners, 1)} PG cores, ${f(xact * owners)} xact/s`;
    console.log(
      `linear projection from ${labelOf(top)} (flush every ${flushMs / 1000} s): ${at(10_000)}; ${at(100_000)}`,
    );
  }
}
