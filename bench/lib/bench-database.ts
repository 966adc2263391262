import { randomBytes } from 'node:crypto';
import pg from 'pg';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throw-away PostgreSQL database beside BENCH_DATABASE_URL, so a run never touches real data
 * and starts from the same empty state every time.
 */
export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const name = `resiport_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(adminUrl, name),
  };
}

const OBJECT_IN_USE = '55006';

/**
 * pg's pool.end() resolves before its sockets have closed, and `drop … with (force)` would kill
 * those backends, making the closing clients emit an unhandled FATAL error. So wait for them to go
 * (a few tries), and force only as the last resort.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 25; attempt++) {
    try {
      await adminQuery(adminUrl, `drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== OBJECT_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
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
