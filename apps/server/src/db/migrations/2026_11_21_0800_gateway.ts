import { sql, type Kysely } from 'kysely';

/**
 * What gateway processes need from the database, through the server: traffic leases (two-phase
 * reservations: granted bytes leave `traffic_left` when reserved; what was used is consumed, the
 * rest returns on release or expiry), idempotent usage batches, hourly usage rollups and the
 * change feed that tells gateways to forget cached credentials.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('traffic_leases')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('subaccount_id', 'integer', (c) => c.references('subaccounts.id'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('granted_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`granted_bytes >= 0`),
    )
    .addColumn('used_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_bytes >= 0`),
    )
    // Bytes a gateway reported beyond what it had reserved and that could not be billed (traffic was gone).
    .addColumn('overrun_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`overrun_bytes >= 0`),
    )
    .addColumn('grants', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'closed')`),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint('traffic_leases_used_within_grant', sql`used_bytes <= granted_bytes`)
    .execute();
  // One open lease per gateway process and traffic owner; renewals top it up.
  await sql`create unique index traffic_leases_open_idx
    on traffic_leases (instance_id, account_id, coalesce(subaccount_id, 0)) where status = 'open'`.execute(
    db,
  );
  await db.schema
    .createIndex('traffic_leases_expiry_idx')
    .on('traffic_leases')
    .columns(['status', 'expires_at'])
    .execute();

  await db.schema
    .createTable('usage_batches')
    .addColumn('batch_id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Usage per hour per owner (sub-account id, or 0 for the main account), kept as batches arrive.
  await db.schema
    .createTable('usage_hourly')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('subaccount_id', 'integer', (c) => c.notNull())
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('bytes_up', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_down', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('connections', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_hourly_pk', ['account_id', 'subaccount_id', 'hour'])
    .execute();

  await db.schema
    .createTable('gateway_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('subaccount', 'whitelist', 'account')`))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('subaccount_id', 'integer')
    .addColumn('username', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_events').execute();
  await db.schema.dropTable('usage_hourly').execute();
  await db.schema.dropTable('usage_batches').execute();
  await db.schema.dropTable('traffic_leases').execute();
}
