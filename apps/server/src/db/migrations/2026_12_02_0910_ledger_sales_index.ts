import { sql, type Kysely } from 'kysely';

/**
 * The console overview's money and sales figures read only the kinds a customer or an operator
 * causes — top-ups, refunds, adjustments, traffic bought or given on trial — a sliver of a ledger
 * that the gateways' traffic fills. A partial index on just those keeps the overview's read
 * proportional to them, not to every entry of the window (docs/capacity.md).
 */
const SALES_KINDS = ['recharge', 'refund', 'adjustment', 'purchase', 'trial'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ledger_entries_sales_idx on ledger_entries (created_at)
    include (asset, kind, amount)
    where kind in (${sql.join(SALES_KINDS.map((k) => sql.lit(k)))})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_sales_idx').execute();
}
