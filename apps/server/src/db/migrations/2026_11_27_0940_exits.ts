import { sql, type Kysely } from 'kysely';

/**
 * The exit pool in the database (decision 030): the exits gateways route through, seeded
 * once from GATEWAY_POOL_FILE (or the default pool) when empty, then changed from the console. The
 * upstream password is stored sealed. Beside it, what gateways report: each process's view of an
 * exit's health, and the bytes each exit carried per UTC day. Neither has a foreign key: a gateway
 * still on its own pool file (the server was away at its start) may name exits the table lacks.
 * The change feed gets a kind `exits` (the pool changed), which concerns no account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('exits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('direct', 'http', 'socks5')`))
    .addColumn('host', 'text')
    .addColumn('port', 'integer', (c) => c.check(sql`port between 1 and 65535`))
    .addColumn('username', 'text')
    .addColumn('password_sealed', 'text')
    .addColumn('country', 'text')
    .addColumn('state', 'text')
    .addColumn('city', 'text')
    .addColumn('state_ru', 'text')
    .addColumn('city_ru', 'text')
    .addColumn('forward_targeting', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('weight', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`weight between 1 and 1000`),
    )
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The rules the console checks with their own codes, kept by the database too.
    .addCheckConstraint(
      'exits_upstream_address',
      sql`(type = 'direct' and host is null and port is null and username is null and password_sealed is null
        and not forward_targeting) or (type <> 'direct' and host is not null and port is not null)`,
    )
    .execute();

  await db.schema
    .createTable('exit_health')
    .addColumn('exit_id', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('resting_until', 'timestamptz')
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('exit_health_pk', ['exit_id', 'instance_id'])
    .execute();
  await db.schema.createIndex('exit_health_reported_idx').on('exit_health').column('reported_at').execute();

  await db.schema
    .createTable('exit_traffic_daily')
    .addColumn('exit_id', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('exit_traffic_daily_pk', ['exit_id', 'day'])
    .execute();

  await sql`alter table gateway_events drop constraint gateway_events_kind_check`.execute(db);
  await sql`alter table gateway_events add constraint gateway_events_kind_check
    check (kind in ('subaccount', 'whitelist', 'account', 'lease', 'exits'))`.execute(db);
  await sql`alter table gateway_events alter column account_id drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from gateway_events where kind = 'exits'`.execute(db);
  await sql`alter table gateway_events alter column account_id set not null`.execute(db);
  await sql`alter table gateway_events drop constraint gateway_events_kind_check`.execute(db);
  await sql`alter table gateway_events add constraint gateway_events_kind_check
    check (kind in ('subaccount', 'whitelist', 'account', 'lease'))`.execute(db);
  await db.schema.dropTable('exit_traffic_daily').execute();
  await db.schema.dropTable('exit_health').execute();
  await db.schema.dropTable('exits').execute();
}
