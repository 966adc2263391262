import { sql, type Kysely } from 'kysely';

/**
 * The console's customers (docs/product.md#operator-console).
 * - A developer token can now also stop working because an operator signed the customer out
 *   everywhere (`operator_revoked`), so the customer is told why.
 * - Finding a customer by the start of a sub-account's username is an index range scan whatever
 *   the database's collation (`text_pattern_ops`); by a whole username, an IP or an id, the
 *   existing unique indexes serve.
 */
const REASONS_BEFORE = `'regenerated', 'password_changed', 'password_reset', 'signed_out_everywhere'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table revoked_api_tokens drop constraint revoked_api_tokens_reason_check`.execute(db);
  await sql`alter table revoked_api_tokens add constraint revoked_api_tokens_reason_check
    check (reason in (${sql.raw(REASONS_BEFORE)}, 'operator_revoked'))`.execute(db);
  await db.schema
    .createIndex('subaccounts_username_prefix_idx')
    .on('subaccounts')
    .expression(sql`username text_pattern_ops`)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subaccounts_username_prefix_idx').execute();
  await sql`delete from revoked_api_tokens where reason = 'operator_revoked'`.execute(db);
  await sql`alter table revoked_api_tokens drop constraint revoked_api_tokens_reason_check`.execute(db);
  await sql`alter table revoked_api_tokens add constraint revoked_api_tokens_reason_check
    check (reason in (${sql.raw(REASONS_BEFORE)}))`.execute(db);
}
