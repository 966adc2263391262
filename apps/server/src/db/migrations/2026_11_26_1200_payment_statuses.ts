import { sql, type Kysely } from 'kysely';

/**
 * Crypto invoice statuses in the product's words (docs/product.md#payment-status: unpaid, paid, cancelled, refunded) with the
 * provider's detail beside them, and what the payer actually sent (decision 026). Existing rows are
 * translated from the provider status they recorded, so an old underpayment reads as one too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crypto_invoices drop constraint crypto_invoices_status_check`.execute(db);
  await db.schema
    .alterTable('crypto_invoices')
    .addColumn('payment_detail', 'text', (c) =>
      c.check(
        sql`payment_detail in ('processing', 'confirming', 'locked', 'underpaid', 'paid_over', 'expired', 'failed', 'refund_pending', 'refund_failed')`,
      ),
    )
    .execute();
  await db.schema.alterTable('crypto_invoices').addColumn('received_amount', 'text').execute();
  await db.schema.alterTable('crypto_invoices').addColumn('received_currency', 'text').execute();
  await sql`
    update crypto_invoices set
      status = case
        when status = 'pending' then 'unpaid'
        when status = 'paid' then 'paid'
        when provider_status in ('refund_process', 'refund_paid') then 'refunded'
        else 'cancelled' end,
      payment_detail = case
        when status = 'paid' and provider_status = 'paid_over' then 'paid_over'
        when status = 'paid' then null
        when status = 'expired' then 'expired'
        when status = 'pending' then null
        when provider_status in ('wrong_amount', 'paid', 'paid_over') then 'underpaid'
        when provider_status = 'refund_process' then 'refund_pending'
        when provider_status = 'refund_fail' then 'refund_failed'
        when provider_status = 'refund_paid' then null
        else 'failed' end`.execute(db);
  await sql`alter table crypto_invoices alter column status set default 'unpaid'`.execute(db);
  await sql`alter table crypto_invoices add constraint crypto_invoices_status_check
    check (status in ('unpaid', 'paid', 'cancelled', 'refunded'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crypto_invoices drop constraint crypto_invoices_status_check`.execute(db);
  await sql`
    update crypto_invoices set status = case
      when status = 'unpaid' then 'pending'
      when status = 'paid' then 'paid'
      when payment_detail = 'expired' then 'expired'
      else 'failed' end`.execute(db);
  await sql`alter table crypto_invoices alter column status set default 'pending'`.execute(db);
  await sql`alter table crypto_invoices add constraint crypto_invoices_status_check
    check (status in ('pending', 'paid', 'failed', 'expired'))`.execute(db);
  await db.schema.alterTable('crypto_invoices').dropColumn('received_currency').execute();
  await db.schema.alterTable('crypto_invoices').dropColumn('received_amount').execute();
  await db.schema.alterTable('crypto_invoices').dropColumn('payment_detail').execute();
}
