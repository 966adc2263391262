import { sql, type Selectable, type Transaction } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { Database } from '../../db/database.types';
import type { PackagesTable, PriceTiersTable } from './catalog.table';

export function listPriceTiers(db: Executor) {
  return db.selectFrom('price_tiers').selectAll().orderBy('min_gb').execute();
}

export function findActivePackage(db: Executor, id: number) {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The active trial package (the first, if an operator made several). */
export function findTrialPackage(db: Executor) {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('is_trial', '=', true)
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();
}

export function listActivePackages(db: Db) {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export type PriceTierRow = Selectable<PriceTiersTable>;
export type PackageRow = Selectable<PackagesTable>;
/** What an operator sets on a package (the rest is the database's). */
export type PackageValues = Pick<
  PackageRow,
  'code' | 'traffic_bytes' | 'price_cents' | 'is_trial' | 'active'
>;

/** The tier as it is, locked until the transaction ends (undefined: no such tier yet). */
export function lockPriceTier(trx: Transaction<Database>, minGb: number) {
  return trx.selectFrom('price_tiers').selectAll().where('min_gb', '=', minGb).forUpdate().executeTakeFirst();
}

export function upsertPriceTier(db: Executor, minGb: number, priceCents: bigint): Promise<PriceTierRow> {
  return db
    .insertInto('price_tiers')
    .values({ min_gb: minGb, price_per_gb_cents: priceCents })
    .onConflict((oc) => oc.column('min_gb').doUpdateSet({ price_per_gb_cents: priceCents }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a tier and returns it (undefined: there was none). */
export function deletePriceTier(db: Executor, minGb: number): Promise<PriceTierRow | undefined> {
  return db.deleteFrom('price_tiers').where('min_gb', '=', minGb).returningAll().executeTakeFirst();
}

export function findPackageByCode(db: Executor, code: string): Promise<PackageRow | undefined> {
  return db.selectFrom('packages').selectAll().where('code', '=', code).executeTakeFirst();
}

export function lockPackage(trx: Transaction<Database>, id: number): Promise<PackageRow | undefined> {
  return trx.selectFrom('packages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A new package goes after the others in the portal's list. */
export function insertPackage(db: Executor, values: PackageValues): Promise<PackageRow> {
  return db
    .insertInto('packages')
    .values({ ...values, sort_order: sql<number>`(select coalesce(max(sort_order), 0) + 1 from packages)` })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updatePackage(db: Executor, id: number, values: Partial<PackageValues>): Promise<PackageRow> {
  return db.updateTable('packages').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
