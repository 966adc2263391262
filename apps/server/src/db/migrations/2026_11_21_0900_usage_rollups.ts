import { sql, type Kysely } from 'kysely';

/**
 * Usage rollups for `/traffic/*` (decision 014): `usage_hourly` gains the whitelisted source address
 * (main-account usage per IP; '' for sub-accounts and older gateways), `usage_daily` holds the same
 * counts per UTC day, both kept by the usage batch that brings the bytes. The per-account range
 * indexes serve the range scans (the primary keys lead with the owner, not the time); the received
 * index makes "newest batch" one index probe; the partial ledger index serves the change record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('usage_hourly')
    .addColumn('source_ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`alter table usage_hourly drop constraint usage_hourly_pk`.execute(db);
  await sql`alter table usage_hourly
    add constraint usage_hourly_pk primary key (account_id, subaccount_id, source_ip, hour)`.execute(db);
  await db.schema
    .createIndex('usage_hourly_account_hour_idx')
    .on('usage_hourly')
    .columns(['account_id', 'hour'])
    .execute();

  await db.schema
    .createTable('usage_daily')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    // 0 = the main account (as in usage_hourly).
    .addColumn('subaccount_id', 'integer', (c) => c.notNull())
    .addColumn('source_ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('bytes_up', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_down', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('connections', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_daily_pk', ['account_id', 'subaccount_id', 'source_ip', 'day'])
    .execute();
  await db.schema
    .createIndex('usage_daily_account_day_idx')
    .on('usage_daily')
    .columns(['account_id', 'day'])
    .execute();
  await sql`insert into usage_daily (account_id, subaccount_id, source_ip, day, bytes_up, bytes_down, connections)
    select account_id, subaccount_id, source_ip, (hour at time zone 'UTC')::date,
           sum(bytes_up)::bigint, sum(bytes_down)::bigint, sum(connections)::bigint
    from usage_hourly
    group by account_id, subaccount_id, source_ip, (hour at time zone 'UTC')::date`.execute(db);

  await db.schema
    .createIndex('usage_batches_received_idx')
    .on('usage_batches')
    .column('received_at')
    .execute();
  // The kinds of the traffic change record (contract trafficChangeKinds), frozen here as of this migration.
  await sql`create index ledger_entries_traffic_changes_idx on ledger_entries (account_id, created_at, id)
    where asset = 'traffic'
      and kind in ('purchase', 'trial', 'allocate', 'recycle', 'subaccount_deletion', 'refund', 'adjustment')`.execute(
    db,
  );
}

/** Back to one hourly row per owner and hour: the per-address rows are summed into the owner's. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_traffic_changes_idx').execute();
  await db.schema.dropIndex('usage_batches_received_idx').execute();
  await db.schema.dropTable('usage_daily').execute();
  await db.schema.dropIndex('usage_hourly_account_hour_idx').execute();
  await sql`create table usage_hourly_merged as
    select account_id, subaccount_id, hour, sum(bytes_up)::bigint as bytes_up,
           sum(bytes_down)::bigint as bytes_down, sum(connections)::bigint as connections
    from usage_hourly group by account_id, subaccount_id, hour`.execute(db);
  await sql`delete from usage_hourly`.execute(db);
  await sql`alter table usage_hourly drop constraint usage_hourly_pk`.execute(db);
  await db.schema.alterTable('usage_hourly').dropColumn('source_ip').execute();
  await sql`alter table usage_hourly
    add constraint usage_hourly_pk primary key (account_id, subaccount_id, hour)`.execute(db);
  await sql`insert into usage_hourly (account_id, subaccount_id, hour, bytes_up, bytes_down, connections)
    select account_id, subaccount_id, hour, bytes_up, bytes_down, connections from usage_hourly_merged`.execute(
    db,
  );
  await db.schema.dropTable('usage_hourly_merged').execute();
}
