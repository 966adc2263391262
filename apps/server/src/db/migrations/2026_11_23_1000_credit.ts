import { sql, type Kysely } from 'kysely';

/**
 * The credit model of decision 015:
 * - `traffic_reserved_bytes` on accounts and sub-accounts: the unused part of the owner's open
 *   leases, kept beside `traffic_left_bytes` so every figure can show it as left without a query;
 * - `traffic_debt_bytes`: bytes a gateway delivered past zero (at most one read buffer per tunnel),
 *   billed from the owner's next traffic before anything else;
 * - `traffic_overruns`: every write-off with the bound it had to stay within (`npm run audit`);
 * - leases voided at once (recycle, delete, disable, new password, whitelist change) remember what
 *   they returned, and the change feed tells gateways up to which lease id their credit is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['accounts', 'subaccounts']) {
    for (const column of ['traffic_reserved_bytes', 'traffic_debt_bytes']) {
      await db.schema
        .alterTable(table)
        .addColumn(column, 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`${sql.ref(column)} >= 0`),
        )
        .execute();
    }
  }
  await sql`update accounts a set traffic_reserved_bytes = coalesce((
      select sum(granted_bytes - used_bytes) from traffic_leases l
      where l.account_id = a.id and l.subaccount_id is null and l.status = 'open'), 0)`.execute(db);
  await sql`update subaccounts s set traffic_reserved_bytes = coalesce((
      select sum(granted_bytes - used_bytes) from traffic_leases l
      where l.subaccount_id = s.id and l.status = 'open'), 0)`.execute(db);

  await db.schema
    .alterTable('traffic_leases')
    .addColumn('voided_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('traffic_leases_owner_open_idx')
    .on('traffic_leases')
    .columns(['account_id', 'subaccount_id'])
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('traffic_overruns')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('subaccount_id', 'integer')
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().check(sql`bytes > 0`))
    .addColumn('bound_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('traffic_overruns_account_idx')
    .on('traffic_overruns')
    .columns(['account_id', 'subaccount_id'])
    .execute();

  await db.schema.alterTable('gateway_events').addColumn('lease_id', 'integer').execute();
  await sql`alter table gateway_events drop constraint gateway_events_kind_check`.execute(db);
  await sql`alter table gateway_events add constraint gateway_events_kind_check
    check (kind in ('subaccount', 'whitelist', 'account', 'lease'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from gateway_events where kind = 'lease'`.execute(db);
  await sql`alter table gateway_events drop constraint gateway_events_kind_check`.execute(db);
  await sql`alter table gateway_events add constraint gateway_events_kind_check
    check (kind in ('subaccount', 'whitelist', 'account'))`.execute(db);
  await db.schema.alterTable('gateway_events').dropColumn('lease_id').execute();
  await db.schema.dropTable('traffic_overruns').execute();
  await db.schema.dropIndex('traffic_leases_owner_open_idx').execute();
  await db.schema.alterTable('traffic_leases').dropColumn('voided_bytes').execute();
  for (const table of ['accounts', 'subaccounts']) {
    await db.schema.alterTable(table).dropColumn('traffic_reserved_bytes').execute();
    await db.schema.alterTable(table).dropColumn('traffic_debt_bytes').execute();
  }
}
