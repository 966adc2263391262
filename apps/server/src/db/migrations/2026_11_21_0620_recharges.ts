import { sql, type Kysely } from 'kysely';

/**
 * Crypto invoices (one per Cryptomus payment, whatever it pays for) and recharges (balance
 * top-ups paid by such an invoice). An invoice moves only from pending to one final status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crypto_invoices')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('order_ref', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('recharge', 'order')`))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('provider_uuid', 'text', (c) => c.unique())
    .addColumn('checkout_url', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'paid', 'failed', 'expired')`),
    )
    .addColumn('provider_status', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('crypto_invoices_pending_idx')
    .on('crypto_invoices')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('recharges')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().unique().references('crypto_invoices.id'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents >= 2000`))
    .addColumn('fee_cents', 'bigint', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('recharges_idempotency_uq', ['account_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('recharges_account_idx')
    .on('recharges')
    .columns(['account_id', 'id'])
    .execute();

  // Background jobs that must run in one process at a time take a lease here (works on PGlite too).
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('recharges').execute();
  await db.schema.dropTable('crypto_invoices').execute();
}
