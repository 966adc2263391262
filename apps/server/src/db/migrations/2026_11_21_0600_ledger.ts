import { sql, type Kysely } from 'kysely';

/**
 * The ledger (docs/architecture.md#ledger): every change of a cached balance on `accounts` is one entry here,
 * written in the same transaction, carrying the balance after it so the chain can be audited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('asset', 'text', (c) => c.notNull().check(sql`asset in ('money', 'traffic')`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('ref_type', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ledger_entries_account_idx')
    .on('ledger_entries')
    .columns(['account_id', 'asset', 'id'])
    .execute();
  // A business event (one recharge, one order payment) posts a given kind at most once.
  await db.schema
    .createIndex('ledger_entries_once_idx')
    .on('ledger_entries')
    .columns(['asset', 'kind', 'ref_type', 'ref_id'])
    .unique()
    .where(sql.ref('ref_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
}
