import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.types';

export type Db = Kysely<Database>;
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Db | Transaction<Database>;

const INT8_OID = 20;

/** The pg pool behind each PostgreSQL Db, for the metrics' pool gauges (Kysely does not expose it). */
const postgresPools = new WeakMap<Db, pg.Pool>();

/** The pg pool behind `db`, or undefined on PGlite (one embedded connection, no pool). */
export function postgresPoolOf(db: Db): pg.Pool | undefined {
  return postgresPools.get(db);
}

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite (in `dataDir`, or in memory when
 * `dataDir` is null). int8 becomes `bigint` on both so money and bytes never pass through floats.
 */
export function createDatabase(options: {
  url?: string | undefined;
  dataDir: string | null;
  /** PostgreSQL pool size (DATABASE_POOL_MAX); PGlite has one connection. */
  poolMax?: number;
  /**
   * In-memory PGlite only: a dumped data directory to start from instead of a fresh cluster (the
   * tests start every database from one migrated copy; a cluster's initdb costs seconds of WASM).
   */
  snapshot?: Blob;
}): Db {
  if (options.url) {
    const types = new pg.TypeOverrides();
    types.setTypeParser(INT8_OID, (v: string) => BigInt(v));
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10, types });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    postgresPools.set(db, pool);
    return db;
  }
  const parsers = { [pgliteTypes.INT8]: (v: string) => BigInt(v) };
  if (options.dataDir === null) {
    const pglite = new PGlite({ parsers, loadDataDir: options.snapshot });
    return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  }
  const dir = path.resolve(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return new Kysely<Database>({ dialect: new PGliteDialect(new PGlite(dir, { parsers })) });
}
