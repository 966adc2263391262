import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createTemplateDatabase } from '@resiport/testkit';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type {} from './test-database'; // its ProvidedContext entries

/**
 * Vitest global setup of the suites that start databases (integration, e2e): migrate one database
 * per run and let every test database start from it.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database that each test database is
 *   created from (`create database … template …`, tens of milliseconds; migrating a fresh one takes
 *   a second or more of statements per file).
 * - PGlite: a dump of a migrated data directory. A fresh cluster costs 2–3 s of WASM initdb;
 *   loading the dump about 0.5 s.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createTemplateDatabase(adminUrl, 'resiport_template', async (url) => {
      const db = createDatabase({ url, dataDir: null });
      await migrateToLatest(db);
      await db.destroy();
    });
    project.provide('migratedPgliteFile', undefined);
    project.provide('templateDatabase', template.name);
    return () => template.drop();
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'resiport-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const pglite = new PGlite();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  project.provide('migratedPgliteFile', file);
  project.provide('templateDatabase', undefined);
  return () => rm(dir, { recursive: true, force: true });
}
