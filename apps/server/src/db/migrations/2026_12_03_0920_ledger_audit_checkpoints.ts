import { sql, type Kysely } from 'kysely';

/**
 * Checkpoints of the ledger audit (decision 048): per owner (account, asset, sub-account; 0 for the
 * main account), the sum of its entries through `through_id`, written by a clean audit. The next audit
 * may start from them and read only the entries after, instead of the whole ledger again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_audit_checkpoints')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('subaccount_key', 'integer', (c) => c.notNull())
    .addColumn('through_id', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_audit_checkpoints_pk', ['account_id', 'asset', 'subaccount_key'])
    .execute();
  await sql`comment on table ledger_audit_checkpoints is 'npm run audit: sums of each owner''s entries through an id'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_audit_checkpoints').execute();
}
