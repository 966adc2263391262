import { createScratchDatabase, type ScratchDatabase } from '@resiport/testkit';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throw-away PostgreSQL database beside BENCH_DATABASE_URL, so a run never touches real data
 * and starts from the same empty state every time.
 */
export function createBenchDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL, 'resiport_bench');
}
