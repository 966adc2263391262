import { sql, type Kysely } from 'kysely';

/**
 * What an overpaid invoice credited beyond its amount (decision 026, amendment "overpayments"): the
 * customer's top-up or order says "the extra $2.00 was added to your balance" from this figure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table crypto_invoices add column extra_credited_cents bigint not null default 0
    constraint crypto_invoices_extra_credited_cents_check check (extra_credited_cents >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('crypto_invoices').dropColumn('extra_credited_cents').execute();
}
