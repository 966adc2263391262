import { sql, type Kysely } from 'kysely';

const DETAILS_BEFORE = `'processing', 'confirming', 'locked', 'underpaid', 'paid_over', 'expired', 'failed', 'refund_pending', 'refund_failed'`;

/**
 * The console's orders and payments (docs/product.md#operator-console).
 * - `crypto_invoice_events`: what the provider told us about each invoice, in order — every signed
 *   webhook and every answer to our checks that said something new — so an operator sees how a
 *   payment went (and a payment that arrived after the invoice closed).
 * - `crypto_invoice_resolutions`: an operator's resolution of a cancelled payment that received
 *   money, once per invoice (the primary key): what arrived credited, or returned outside the product.
 * - `order_refunds`: an operator's refund of a balance-paid order, once per order.
 * - a crypto invoice's detail may say `credited` (what arrived was credited by an operator).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crypto_invoice_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('crypto_invoices.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('webhook', 'check')`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('provider_status', 'text', (c) => c.notNull())
    .addColumn('is_final', 'boolean', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_detail', 'text')
    .addColumn('received_amount', 'text')
    .addColumn('received_currency', 'text')
    .addColumn('received_usd_cents', 'bigint', (c) => c.check(sql`received_usd_cents >= 0`))
    // Our invoice's status when it came: a webhook for a closed invoice is a late word (or payment).
    .addColumn('invoice_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('crypto_invoice_events_invoice_idx')
    .on('crypto_invoice_events')
    .columns(['invoice_id', 'id'])
    .execute();

  await db.schema
    .createTable('crypto_invoice_resolutions')
    .addColumn('invoice_id', 'integer', (c) => c.primaryKey().references('crypto_invoices.id'))
    .addColumn('choice', 'text', (c) => c.notNull().check(sql`choice in ('credit', 'refunded')`))
    .addColumn('credited_cents', 'bigint', (c) => c.notNull().check(sql`credited_cents >= 0`))
    .addColumn('operator_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('order_refunds')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
    .addColumn('refunded_cents', 'bigint', (c) => c.notNull().check(sql`refunded_cents >= 0`))
    .addColumn('removed_bytes', 'bigint', (c) => c.notNull().check(sql`removed_bytes > 0`))
    .addColumn('operator_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('reason', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await setDetails(db, `${DETAILS_BEFORE}, 'credited'`);
  // The console's lists page through every customer's orders and invoices, newest first.
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
  await db.schema
    .createIndex('crypto_invoices_created_idx')
    .on('crypto_invoices')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('crypto_invoices_account_idx')
    .on('crypto_invoices')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('crypto_invoices_account_idx').execute();
  await db.schema.dropIndex('crypto_invoices_created_idx').execute();
  await db.schema.dropIndex('orders_created_idx').execute();
  await sql`update crypto_invoices set payment_detail = 'underpaid' where payment_detail = 'credited'`.execute(
    db,
  );
  await setDetails(db, DETAILS_BEFORE);
  await db.schema.dropTable('order_refunds').execute();
  await db.schema.dropTable('crypto_invoice_resolutions').execute();
  await db.schema.dropTable('crypto_invoice_events').execute();
}

async function setDetails(db: Kysely<unknown>, details: string): Promise<void> {
  await sql`alter table crypto_invoices drop constraint crypto_invoices_payment_detail_check`.execute(db);
  await sql`alter table crypto_invoices add constraint crypto_invoices_payment_detail_check
    check (payment_detail in (${sql.raw(details)}))`.execute(db);
}
