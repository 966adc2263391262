import { sql, type Kysely } from 'kysely';

/**
 * Why a session ended, so the device still holding its token is told ("You were signed out from
 * another device", "Your password was changed") instead of a bare sign-in page. Sessions ended before
 * this migration have none and keep the general message. The values are frozen here as of this
 * migration (session-end.ts holds the list the code uses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_sessions add column revoked_reason text
    check (revoked_reason in ('signed_out', 'signed_out_elsewhere', 'signed_out_everywhere',
      'password_changed', 'password_reset', 'operator_revoked', 'account_disabled'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account_sessions').dropColumn('revoked_reason').execute();
}
