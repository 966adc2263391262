import { sql, type Kysely } from 'kysely';

/**
 * When the account last signed out everywhere: an operator's read-only views opened before it end
 * then too (decision 029), even when the operator had no other session to end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column signed_out_everywhere_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('signed_out_everywhere_at').execute();
}
