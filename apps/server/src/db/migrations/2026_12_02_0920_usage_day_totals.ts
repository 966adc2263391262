import { sql, type Kysely } from 'kysely';

/**
 * Kept figures for the console overview, so it reads O(days + accounts), never O(owners × days):
 * - `usage_day_totals`: bytes carried per UTC day, in a few stripes (a gateway adds to its own
 *   stripe, so gateways' batches do not queue on one row);
 * - `accounts.last_usage_day`: the last UTC day the account's proxies carried traffic (active
 *   customers in a window are those whose last day falls in it).
 * Both filled from `usage_daily`, and kept by the usage batch from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_day_totals')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('stripe', 'smallint', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_day_totals_pk', ['day', 'stripe'])
    .execute();
  await sql`insert into usage_day_totals (day, stripe, bytes)
    select day, 0, sum(bytes_up + bytes_down)::bigint from usage_daily group by day`.execute(db);
  await db.schema.alterTable('accounts').addColumn('last_usage_day', 'date').execute();
  await sql`update accounts a set last_usage_day = u.day
    from (select account_id, max(day) as day from usage_daily where bytes_up + bytes_down > 0
          group by account_id) u
    where u.account_id = a.id`.execute(db);
  await db.schema
    .createIndex('accounts_last_usage_day_idx')
    .on('accounts')
    .column('last_usage_day')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_last_usage_day_idx').execute();
  await db.schema.alterTable('accounts').dropColumn('last_usage_day').execute();
  await db.schema.dropTable('usage_day_totals').execute();
}
