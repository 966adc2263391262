import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in is capped (decision 050): wrong codes in a row are counted per account, and
 * after too many the account's second step accepts only a recovery code until the owner opens the
 * link mailed to them (a new account link purpose, `unlock_2fa`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column two_factor_failures integer not null default 0
    check (two_factor_failures >= 0)`.execute(db);
  await sql`alter table accounts add column two_factor_locked_at timestamptz`.execute(db);
  await sql`alter table account_links drop constraint account_links_purpose_check`.execute(db);
  await sql`alter table account_links add constraint account_links_purpose_check
    check (purpose in ('activate', 'reset', 'oauth_login', 'unlock_2fa'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_links where purpose = 'unlock_2fa'`.execute(db);
  await sql`alter table account_links drop constraint account_links_purpose_check`.execute(db);
  await sql`alter table account_links add constraint account_links_purpose_check
    check (purpose in ('activate', 'reset', 'oauth_login'))`.execute(db);
  await db.schema.alterTable('accounts').dropColumn('two_factor_locked_at').execute();
  await db.schema.alterTable('accounts').dropColumn('two_factor_failures').execute();
}
