import { sql, type Kysely } from 'kysely';

/**
 * A sub-account's own limits (decision 036), each null when not set:
 * - `daily_cap_bytes`, `monthly_cap_bytes`: traffic per UTC day and UTC month. What the caps count
 *   is kept on the row, so a lease grant reads nothing else: `day_used_bytes` and
 *   `month_used_bytes` count the usage of the UTC day `usage_day` (days since 1970-01-01) and of
 *   its month; a batch in a later day or month starts them again.
 * - `expires_at`: the end of its last day (UTC). `expired_at`: when the expiry sweep returned its
 *   traffic to the main account (once; cleared when a later last day is set).
 * - `max_connections`: open at once, per gateway process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subaccounts')
    .addColumn('daily_cap_bytes', 'bigint', (c) => c.check(sql`daily_cap_bytes > 0`))
    .addColumn('monthly_cap_bytes', 'bigint', (c) => c.check(sql`monthly_cap_bytes > 0`))
    .addColumn('usage_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('day_used_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`day_used_bytes >= 0`),
    )
    .addColumn('month_used_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`month_used_bytes >= 0`),
    )
    .addColumn('expires_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('max_connections', 'integer', (c) => c.check(sql`max_connections between 1 and 10000`))
    .execute();
  // The expiry sweep's question: live sub-accounts whose last day is over and not yet settled.
  await db.schema
    .createIndex('subaccounts_expiry_due_idx')
    .on('subaccounts')
    .column('expires_at')
    .where(sql.ref('expired_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subaccounts_expiry_due_idx').execute();
  await db.schema
    .alterTable('subaccounts')
    .dropColumn('daily_cap_bytes')
    .dropColumn('monthly_cap_bytes')
    .dropColumn('usage_day')
    .dropColumn('day_used_bytes')
    .dropColumn('month_used_bytes')
    .dropColumn('expires_at')
    .dropColumn('expired_at')
    .dropColumn('max_connections')
    .execute();
}
