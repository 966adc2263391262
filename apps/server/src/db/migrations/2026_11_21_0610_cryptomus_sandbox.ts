import { sql, type Kysely } from 'kysely';

/** The Cryptomus sandbox's invoices (modules/cryptomus/sandbox); unrelated to real payments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cryptomus_sandbox_invoices')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_final', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('payer_amount_cents', 'bigint', (c) => c.check(sql`payer_amount_cents >= 0`))
    .addColumn('txid', 'text')
    .addColumn('url_callback', 'text')
    .addColumn('url_return', 'text')
    .addColumn('url_success', 'text')
    .addColumn('additional_data', 'text')
    .addColumn('is_payment_multiple', 'boolean', (c) => c.notNull())
    .addColumn('lifetime_seconds', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    // Cryptomus answers a repeated order_id with the existing invoice; the constraint makes that race-proof.
    .addUniqueConstraint('cryptomus_sandbox_invoices_order_uq', ['merchant_id', 'order_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cryptomus_sandbox_invoices').execute();
}
