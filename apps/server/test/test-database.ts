import { readFile } from 'node:fs/promises';
import { createScratchDatabase } from '@resiport/testkit';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (migrated-database.setup.ts; unset on PostgreSQL). */
    migratedPgliteFile: string | undefined;
    /** A migrated PostgreSQL database to copy (migrated-database.setup.ts; unset on PGlite). */
    templateDatabase: string | undefined;
  }
}

/**
 * A fresh, migrated database per test app: in-memory PGlite by default, or a new PostgreSQL
 * database created beside TEST_DATABASE_URL (and dropped afterwards) when that is set. Both start
 * from the copy the global setup migrated (migrated-database.setup.ts: a PGlite dump, a PostgreSQL
 * template); migrating it again is a no-op that would catch a stale copy.
 */
export async function createTestDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl
    ? await createScratchDatabase(adminUrl, 'resiport_test', inject('templateDatabase'))
    : undefined;
  const db = createDatabase({ url: scratch?.url, dataDir: null, snapshot: await migratedSnapshot() });
  await migrateToLatest(db);
  return {
    db,
    drop: async () => {
      await db.destroy();
      await scratch?.drop();
    },
  };
}

async function migratedSnapshot(): Promise<Blob | undefined> {
  const file = inject('migratedPgliteFile');
  return file ? new Blob([await readFile(file)]) : undefined;
}
