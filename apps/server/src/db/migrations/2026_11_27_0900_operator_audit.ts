import { sql, type Kysely } from 'kysely';

/**
 * The operator audit log (issue 16, decision 029): who did what to which object, the values before
 * and after, and why. Append-only: a trigger refuses UPDATE and DELETE, so not even a bug in the
 * product (or an operator with a SQL console through the product) can rewrite it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // Null when the command line acted (npm run admin): there is no signed-in operator.
    .addColumn('operator_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id'))
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('operator_audit_created_idx')
    .on('operator_audit')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('operator_audit_account_idx')
    .on('operator_audit')
    .columns(['account_id', 'created_at'])
    .execute();
  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'operator_audit is append-only';
    end $$`.execute(db);
  await sql`
    create trigger operator_audit_no_change before update or delete on operator_audit
    for each row execute function operator_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_audit').execute();
  await sql`drop function operator_audit_append_only()`.execute(db);
}
