import type { Db, Executor } from '../../db/database';

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

export async function upsertPriceTier(db: Db, minGb: number, priceCents: bigint): Promise<void> {
  await db
    .insertInto('price_tiers')
    .values({ min_gb: minGb, price_per_gb_cents: priceCents })
    .onConflict((oc) => oc.column('min_gb').doUpdateSet({ price_per_gb_cents: priceCents }))
    .execute();
}

export async function deletePriceTier(db: Db, minGb: number): Promise<void> {
  await db.deleteFrom('price_tiers').where('min_gb', '=', minGb).execute();
}

export async function upsertPackage(
  db: Db,
  values: { code: string; traffic_bytes: bigint; price_cents: bigint; is_trial: boolean; active: boolean },
): Promise<void> {
  const { traffic_bytes, price_cents, is_trial, active } = values;
  await db
    .insertInto('packages')
    .values(values)
    .onConflict((oc) => oc.column('code').doUpdateSet({ traffic_bytes, price_cents, is_trial, active }))
    .execute();
}
