import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/**
 * A fresh, migrated database per test app: in-memory PGlite by default, or a new PostgreSQL
 * database created beside TEST_DATABASE_URL (and dropped afterwards) when that is set.
 */
export async function createTestDatabase(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = createDatabase({ dataDir: null });
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const name = `resiport_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase({ url: url.toString(), dataDir: null });
  await migrateToLatest(db);
  return {
    db,
    drop: async () => {
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** pg's pool.end() resolves before every socket is gone; retry a polite drop before forcing it. */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const dropped = await adminQuery(adminUrl, `drop database if exists ${name}`).then(
      () => true,
      () => false,
    );
    if (dropped) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
