import { sql, type Kysely } from 'kysely';

/**
 * Auto-refill per sub-account (decision 037), off while `refill_below_bytes` is null:
 * below `refill_below_bytes` left, `refill_amount_bytes` moves to it from the main account, at most
 * `refill_daily_max_bytes` (null: no maximum) per UTC day. `refill_day` (days since 1970) and
 * `refill_day_bytes` count what moved that day; `refill_stopped_at` is set when the main account had
 * nothing to give (saving the setting clears it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subaccounts')
    .addColumn('refill_below_bytes', 'bigint', (c) => c.check(sql`refill_below_bytes > 0`))
    .addColumn('refill_amount_bytes', 'bigint', (c) => c.check(sql`refill_amount_bytes > 0`))
    .addColumn('refill_daily_max_bytes', 'bigint', (c) => c.check(sql`refill_daily_max_bytes > 0`))
    .addColumn('refill_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refill_day_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refill_day_bytes >= 0`),
    )
    .addColumn('refill_stopped_at', 'timestamptz')
    .execute();
  await sql`alter table subaccounts add constraint subaccounts_refill_pair
    check ((refill_below_bytes is null) = (refill_amount_bytes is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table subaccounts drop constraint subaccounts_refill_pair`.execute(db);
  await db.schema
    .alterTable('subaccounts')
    .dropColumn('refill_below_bytes')
    .dropColumn('refill_amount_bytes')
    .dropColumn('refill_daily_max_bytes')
    .dropColumn('refill_day')
    .dropColumn('refill_day_bytes')
    .dropColumn('refill_stopped_at')
    .execute();
}
