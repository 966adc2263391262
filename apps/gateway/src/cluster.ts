import cluster from 'node:cluster';
import type { GatewayConfig } from './config';
import type { GatewayLogger } from './log';

/**
 * `GATEWAY_WORKERS=N`: N gateway processes behind the same ports (node:cluster hands new connections
 * round-robin). Each worker is an ordinary gateway instance with its own id, leases and usage batches,
 * exactly like N separately started processes; so the server's limits hold across them as they do
 * across machines. A worker that dies is replaced after a pause (its lease is reclaimed by the server).
 */

const RESTART_DELAY_MS = 1000;

export function isClusterPrimary(config: GatewayConfig): boolean {
  return config.workers > 1 && cluster.isPrimary;
}

/**
 * A worker's instance id is `<id>-w<n>`, n counting every fork (a replacement gets a new id, so its
 * leases and batches are never mistaken for the dead worker's); the k-th worker slot serves metrics on
 * the metrics port + k − 1, or with metrics port 0 on a free port of its own (its "gateway listening"
 * line says which).
 */
export function workerConfig(config: GatewayConfig): GatewayConfig {
  const slot = Number(process.env.GATEWAY_WORKER_SLOT ?? 0);
  if (!cluster.isWorker || slot === 0) return config;
  return {
    ...config,
    instanceId: `${config.instanceId.slice(0, 34)}-w${cluster.worker?.id ?? slot}`,
    metricsPort: config.metricsPort ? config.metricsPort + slot - 1 : config.metricsPort,
    // The slot's own journal: a replacement worker sends what the dead one left in it.
    usageJournal: config.usageJournal && `${config.usageJournal}.w${slot}`,
  };
}

export function runPrimary(config: GatewayConfig, log: GatewayLogger): void {
  let stopping = false;
  const start = (slot: number) => {
    const worker = cluster.fork({ GATEWAY_WORKER_SLOT: String(slot) });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      log.error({ slot, code, signal }, 'gateway worker died; restarting');
      setTimeout(() => start(slot), RESTART_DELAY_MS);
    });
  };
  for (let slot = 1; slot <= config.workers; slot++) start(slot);
  log.info({ workers: config.workers }, 'gateway workers started');

  const shutdown = (signal: NodeJS.Signals) => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker?.once('exit', () => --left === 0 && process.exit(0));
      worker?.process.kill(signal);
    }
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
