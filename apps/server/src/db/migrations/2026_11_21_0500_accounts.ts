import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'active', 'disabled')`))
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('customer')
        .check(sql`role in ('customer', 'operator')`),
    )
    .addColumn('lang', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en-us')
        .check(sql`lang in ('en-us', 'ru')`),
    )
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('api_token_hash', 'text', (c) => c.unique())
    // Cached balances; the ledger (docs/architecture.md#ledger) writes entries beside every change. Never negative.
    .addColumn('balance_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance_cents >= 0`),
    )
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
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('activated_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('account_links')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('activate', 'reset', 'oauth_login')`),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('account_links_account_idx')
    .on('account_links')
    .columns(['account_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('oauth_identities')
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('google', 'yandex')`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('oauth_identities_pk', ['provider', 'subject'])
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('browser_binding_hash', 'text', (c) => c.notNull())
    .addColumn('redirect_path', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['bucket', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limit_hits', 'oauth_states', 'oauth_identities', 'account_links', 'accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
