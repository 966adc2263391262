import { sql, type Kysely } from 'kysely';

/**
 * The operator console (decision 029).
 * - The audit log: who did what to which object, the values before and after, and why.
 *   Append-only: a trigger refuses UPDATE and DELETE, so not even a bug in the product can rewrite it.
 * - How the periodic jobs last ran (beside their lease), for the console's job health.
 * - Indexes for the overview's figures by time (ledger and usage by day, overruns by time).
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

  await db.schema
    .alterTable('job_leases')
    .addColumn('last_success_at', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_duration_ms', 'integer')
    .execute();
  await db.schema
    .createIndex('ledger_entries_created_idx')
    .on('ledger_entries')
    .column('created_at')
    .execute();
  await db.schema.createIndex('usage_daily_day_idx').on('usage_daily').column('day').execute();
  await db.schema
    .createIndex('usage_batches_instance_idx')
    .on('usage_batches')
    .columns(['instance_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('traffic_overruns_created_idx')
    .on('traffic_overruns')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('traffic_overruns_created_idx').execute();
  await db.schema.dropIndex('usage_batches_instance_idx').execute();
  await db.schema.dropIndex('usage_daily_day_idx').execute();
  await db.schema.dropIndex('ledger_entries_created_idx').execute();
  await db.schema
    .alterTable('job_leases')
    .dropColumn('last_success_at')
    .dropColumn('last_failure_at')
    .dropColumn('last_error')
    .dropColumn('last_duration_ms')
    .execute();
  await db.schema.dropTable('operator_audit').execute();
  await sql`drop function operator_audit_append_only()`.execute(db);
}
