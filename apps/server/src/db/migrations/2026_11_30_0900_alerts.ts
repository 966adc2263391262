import { sql, type Kysely } from 'kysely';

/**
 * Alerts (decision 039). `alert_settings`: one row per account that configured them —
 * channels (mail, a webhook with its sealed signing secret), thresholds, which events to send, and
 * the crossing state (`*_alerted`) that makes one crossing alert once. Per sub-account:
 * `alert_percents` (null: the account's `sub_percents`) and `alert_percent_done`, the highest
 * threshold already alerted since it was last below it. `alert_events`: what happened, written in
 * the transaction of the change (`dedupe_key` unique per account for events that have an id of
 * their own); `alert_deliveries`: one per event and channel, sent and retried by a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_settings')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('email_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('webhook_url', 'text')
    .addColumn('webhook_secret_sealed', 'text')
    .addColumn('sub_percents', sql`smallint[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('main_left_below_bytes', 'bigint', (c) => c.check(sql`main_left_below_bytes > 0`))
    .addColumn('main_empty', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('low_balance_below_cents', 'bigint', (c) => c.check(sql`low_balance_below_cents > 0`))
    .addColumn('on_payment', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('on_order', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('on_refill', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('main_low_alerted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('main_empty_alerted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('low_balance_alerted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('subaccounts')
    .addColumn('alert_percents', sql`smallint[]`)
    .addColumn('alert_percent_done', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('alert_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('subaccount_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('alert_events_dedupe', ['account_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('alert_events.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'webhook')`))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_response', 'text')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due_idx')
    .on('alert_deliveries')
    .columns(['next_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  // Deleting an account (its events cascade) finds their deliveries by this.
  await db.schema
    .createIndex('alert_deliveries_event_idx')
    .on('alert_deliveries')
    .columns(['event_id'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_account_idx')
    .on('alert_deliveries')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_deliveries').execute();
  await db.schema.dropTable('alert_events').execute();
  await db.schema
    .alterTable('subaccounts')
    .dropColumn('alert_percents')
    .dropColumn('alert_percent_done')
    .execute();
  await db.schema.dropTable('alert_settings').execute();
}
