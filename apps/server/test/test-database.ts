import { createScratchDatabase } from '@resiport/testkit';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/**
 * A fresh, migrated database per test app: in-memory PGlite by default, or a new PostgreSQL
 * database created beside TEST_DATABASE_URL (and dropped afterwards) when that is set.
 */
export async function createTestDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'resiport_test') : undefined;
  const db = createDatabase({ url: scratch?.url, dataDir: null });
  await migrateToLatest(db);
  return {
    db,
    drop: async () => {
      await db.destroy();
      await scratch?.drop();
    },
  };
}
