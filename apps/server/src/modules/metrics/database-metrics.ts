import { Gauge, type Registry } from 'prom-client';
import { postgresPoolOf, type Db } from '../../db/database';

/**
 * Which database this process uses, and on PostgreSQL its connection pool as seen at scrape.
 * PGlite is one embedded connection with no pool, so it has no pool gauges.
 */
export function registerDatabaseMetrics(registry: Registry, db: Db): void {
  const pool = postgresPoolOf(db);
  new Gauge({
    name: 'resiport_db_info',
    help: 'The database this process uses: kind="postgresql" or "pglite" (always 1).',
    labelNames: ['kind'],
    registers: [registry],
  }).set({ kind: pool ? 'postgresql' : 'pglite' }, 1);
  if (!pool) return;

  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  poolGauge('resiport_db_pool_clients', 'Connections open in the pool, busy or idle.', () => pool.totalCount);
  poolGauge('resiport_db_pool_idle_clients', 'Open connections not in use.', () => pool.idleCount);
  poolGauge(
    'resiport_db_pool_waiting_requests',
    'Queries waiting for a connection: above 0 the pool (DATABASE_POOL_MAX) is exhausted.',
    () => pool.waitingCount,
  );
  poolGauge('resiport_db_pool_max_clients', 'The pool size (DATABASE_POOL_MAX).', () => pool.options.max);
}
