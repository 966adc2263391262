import { sql, type Kysely } from 'kysely';

/**
 * What customers can buy: per-GB price tiers by quantity and traffic packages (one of them a trial).
 * Operator data: seeded with defaults here, changed with `npm run admin` until the operator console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_tiers')
    .addColumn('min_gb', 'integer', (c) => c.primaryKey().check(sql`min_gb >= 1`))
    .addColumn('price_per_gb_cents', 'bigint', (c) => c.notNull().check(sql`price_per_gb_cents > 0`))
    .execute();
  await db.schema
    .createTable('packages')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('traffic_bytes', 'bigint', (c) => c.notNull().check(sql`traffic_bytes > 0`))
    .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('is_trial', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Sensible defaults in line with the residential market (IPRoyal/Decodo range), cheaper in bulk.
  await sql`insert into price_tiers (min_gb, price_per_gb_cents) values
    (1, 450), (10, 400), (50, 350), (100, 300), (500, 250)`.execute(db);
  await sql`insert into packages (code, traffic_bytes, price_cents, is_trial, sort_order) values
    ('trial', 100000000, 0, true, 0),
    ('starter', 5000000000, 2250, false, 1),
    ('pro', 25000000000, 10000, false, 2),
    ('business', 100000000000, 30000, false, 3)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('packages').execute();
  await db.schema.dropTable('price_tiers').execute();
}
