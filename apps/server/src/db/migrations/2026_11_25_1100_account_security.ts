import { sql, type Kysely } from 'kysely';

/**
 * Account security (decision 021): sign-in sessions a customer can list and revoke, a record of
 * revoked developer tokens (so a revoked token is told apart from an unknown one), and two-factor
 * sign-in (TOTP secret sealed at rest, single-use recovery codes stored as hashes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('password', 'google', 'yandex')`))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('account_sessions_account_idx')
    .on('account_sessions')
    .columns(['account_id', 'last_seen_at'])
    .execute();

  await db.schema.alterTable('accounts').addColumn('api_token_created_at', 'timestamptz').execute();
  await db.schema.alterTable('accounts').addColumn('api_token_last_used_at', 'timestamptz').execute();
  await db.schema
    .createTable('revoked_api_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) =>
      c
        .notNull()
        .check(sql`reason in ('regenerated', 'password_changed', 'password_reset', 'signed_out_everywhere')`),
    )
    .addColumn('revoked_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('accounts').addColumn('totp_secret_sealed', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('totp_enabled_at', 'timestamptz').execute();
  // The last time step a code was accepted for: a code is good once (RFC 6238 §5.2).
  await db.schema.alterTable('accounts').addColumn('totp_last_step', 'bigint').execute();
  await db.schema
    .createTable('totp_enrolments')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['account_id', 'code_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('totp_enrolments').execute();
  await db.schema.dropTable('revoked_api_tokens').execute();
  await db.schema.dropTable('account_sessions').execute();
  for (const column of [
    'totp_last_step',
    'totp_enabled_at',
    'totp_secret_sealed',
    'api_token_last_used_at',
    'api_token_created_at',
  ]) {
    await db.schema.alterTable('accounts').dropColumn(column).execute();
  }
}
