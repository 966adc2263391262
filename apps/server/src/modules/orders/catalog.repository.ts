import type { Db } from '../../db/database';

export function listPriceTiers(db: Db) {
  return db.selectFrom('price_tiers').selectAll().orderBy('min_gb').execute();
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
