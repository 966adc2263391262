import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

const OBJECT_IN_USE = '55006';

/**
 * A throw-away PostgreSQL database created beside `adminUrl` (tests, e2e and benches each get a
 * fresh one and never touch real data). Drop it when done. With `template`, a copy of that database
 * (one migrated once per run: cloning takes milliseconds where migrating takes a second or more).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    adminUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(adminUrl, name) };
}

/** A migrated database that scratch databases are copied from: its name, and how to drop it. */
export interface TemplateDatabase {
  name: string;
  drop(): Promise<void>;
}

/**
 * Creates the run's template: a scratch database, migrated by `migrate` (in process or by the built
 * command — the caller's choice), which must leave no connection open (a template admits none while it
 * is copied).
 */
export async function createTemplateDatabase(
  adminUrl: string,
  prefix: string,
  migrate: (url: string) => Promise<void>,
): Promise<TemplateDatabase> {
  const template = await createScratchDatabase(adminUrl, prefix);
  await migrate(template.url);
  return { name: new URL(template.url).pathname.slice(1), drop: () => template.drop() };
}

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
