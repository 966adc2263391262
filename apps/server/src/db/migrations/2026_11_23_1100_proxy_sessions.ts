import { sql, type Kysely } from 'kysely';

/**
 * Sticky proxy sessions (decision 016): one row per owner (sub-account id, 0 for the main account)
 * and session id, holding the session's current epoch and when it started and ends. A new epoch comes
 * from the sequence, so it never repeats, even after an expired row was pruned. The expiry index
 * serves the pruning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence proxy_session_epochs`.execute(db);
  await db.schema
    .createTable('proxy_sessions')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('subaccount_id', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('epoch', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('proxy_sessions_pk', ['account_id', 'subaccount_id', 'session_id'])
    .execute();
  await db.schema
    .createIndex('proxy_sessions_expiry_idx')
    .on('proxy_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('proxy_sessions').execute();
  await sql`drop sequence proxy_session_epochs`.execute(db);
}
