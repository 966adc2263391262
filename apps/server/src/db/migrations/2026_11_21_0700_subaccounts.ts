import { sql, type Kysely } from 'kysely';

/**
 * Sub-accounts (proxy users with their own traffic), the traffic moves between them and the main
 * account, and the IP whitelist. Sub-account balances are ledger balances too: entries carry the
 * sub-account they belong to (null = the main account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subaccounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('username', 'text', (c) => c.notNull().check(sql`username ~ '^[a-z0-9]{12,24}$'`))
    .addColumn('password_cipher', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('traffic_left_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`traffic_left_bytes >= 0`),
    )
    .addColumn('traffic_used_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`traffic_used_bytes >= 0`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'disabled')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    // A deleted sub-account has given all its traffic back.
    .addCheckConstraint('subaccounts_deleted_empty', sql`deleted_at is null or traffic_left_bytes = 0`)
    .execute();
  // Usernames are unique across the whole product among live sub-accounts (the gateway looks them up).
  await db.schema
    .createIndex('subaccounts_username_live_idx')
    .on('subaccounts')
    .column('username')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('subaccounts_account_idx')
    .on('subaccounts')
    .columns(['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('traffic_transfers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('subaccount_id', 'integer', (c) => c.notNull().references('subaccounts.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('allocate', 'recycle', 'subaccount_deletion')`),
    )
    .addColumn('amount_bytes', 'bigint', (c) => c.notNull().check(sql`amount_bytes >= 0`))
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('traffic_transfers_request_uq', ['account_id', 'request_id'])
    .execute();

  await db.schema
    .alterTable('ledger_entries')
    .addColumn('subaccount_id', 'integer', (c) => c.references('subaccounts.id'))
    .execute();
  // A transfer posts the same kind on both sides (main and sub-account): the once-rule includes the side.
  await db.schema.dropIndex('ledger_entries_once_idx').execute();
  await sql`create unique index ledger_entries_once_idx
    on ledger_entries (asset, kind, ref_type, ref_id, coalesce(subaccount_id, 0))
    where ref_id is not null`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_sub_traffic
    check (subaccount_id is null or asset = 'traffic')`.execute(db);

  await db.schema
    .createTable('whitelist_ips')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    // Canonical form (contract ip.ts); one account per address.
    .addColumn('ip', 'text', (c) => c.notNull().unique())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('whitelist_ips_account_idx')
    .on('whitelist_ips')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('whitelist_ips').execute();
  await db.schema.dropIndex('ledger_entries_once_idx').execute();
  await sql`alter table ledger_entries drop constraint ledger_entries_sub_traffic`.execute(db);
  await db.schema.alterTable('ledger_entries').dropColumn('subaccount_id').execute();
  await sql`create unique index ledger_entries_once_idx on ledger_entries (asset, kind, ref_type, ref_id)
    where ref_id is not null`.execute(db);
  await db.schema.dropTable('traffic_transfers').execute();
  await db.schema.dropTable('subaccounts').execute();
}
