import type { Pool } from '@resiport/contract';
import type { GatewayConfig } from '../config';
import type { GatewayLogger } from '../log';
import type { Meter } from '../meter/meter';
import type { ExitHealth } from '../route/exit-health';
import type { ExitPool } from '../route/pool';
import type { ServerClient } from '../server-client';
import { ExitPoolSync } from './exit-pool-sync';

export interface ServerPool {
  /** An `exits` event of the change feed: load the pool again. */
  changed(): void;
  stop(): void;
}

/**
 * This process's side of the console's exit pool (decision 030): the server's pool replaces the
 * local one before the gateway listens and after every change (tunnels through an exit that left
 * close; the targeting rules follow), and each exit's health goes to the server every
 * `exitHealthReportMs` (a state: a lost report costs nothing).
 */
export async function followServerPool(parts: {
  config: Pick<GatewayConfig, 'poolFromServer' | 'poolRetryMs' | 'exitHealthReportMs'>;
  client: Pick<ServerClient, 'exits' | 'exitHealth'>;
  pool: ExitPool;
  health: ExitHealth;
  meter: Meter;
  log: GatewayLogger;
  /** The pool in force changed (the targeting rules are rebuilt from it). */
  onPool: (pool: Pool) => void;
}): Promise<ServerPool> {
  const { config, client, pool, health, meter, log } = parts;
  const apply = (next: Pool) => {
    const previous = pool.pool.exits;
    pool.replace(next);
    health.replaced(previous, next.exits);
    parts.onPool(next);
    const ids = new Set(next.exits.map((exit) => exit.id));
    const closed = meter.cut((t) => !ids.has(t.exitId));
    log.info({ exits: next.exits.length, closed }, 'exit pool loaded');
  };
  const sync = new ExitPoolSync({
    client,
    retryMs: config.poolRetryMs,
    apply,
    onError: (error) =>
      log.warn({ err: error.message }, 'exit pool unavailable from the server; keeping the current one'),
    onRecovered: () => log.info({}, 'exit pool available from the server again'),
  });
  // Before listening: a process that can reach the server routes by the console's pool from the start.
  if (config.poolFromServer) await sync.load();

  const healthTimer = setInterval(() => {
    client
      .exitHealth(health.report())
      .catch((e: unknown) => log.debug({ err: (e as Error).message }, 'exit health not reported'));
  }, config.exitHealthReportMs);
  healthTimer.unref();

  return {
    changed: () => {
      if (config.poolFromServer) void sync.load();
    },
    stop: () => {
      clearInterval(healthTimer);
      sync.stop();
    },
  };
}
