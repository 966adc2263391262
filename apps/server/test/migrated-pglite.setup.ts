import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../src/db/migrate';
import type {} from './test-database'; // its ProvidedContext entry

/**
 * Vitest global setup of the integration tests: on PGlite, migrate one database and dump its data
 * directory to a file every test database then starts from. A fresh PGlite cluster costs 2–3 s of
 * WASM initdb; loading the dump costs about 0.5 s, across some 80 test databases a run.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedPgliteFile', undefined);
    return undefined;
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
  return () => rm(dir, { recursive: true, force: true });
}
