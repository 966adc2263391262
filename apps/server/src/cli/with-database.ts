import { loadConfig } from '../config';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * Runs a command-line task against the server's database (DATABASE_URL / DATA_DIR, migrated) and
 * exits with its code; a thrown error prints its message and exits 1.
 */
export function runWithDatabase(task: (db: Db) => Promise<number>): void {
  const run = async () => {
    const config = loadConfig();
    const db = createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(db);
      return await task(db);
    } finally {
      await db.destroy();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
