import type { Executor } from '../../../db/database';
import type { ApiTokenRevocation, RevokedApiTokensTable } from './account-security.table';

/** The developer token's columns on `accounts`, and `revoked_api_tokens`. */

/** Replaces the account's token (if any) with `hash`; the old one is recorded as revoked. */
export async function replaceApiToken(
  db: Executor,
  accountId: number,
  hash: string | null,
  reason: ApiTokenRevocation,
  now: Date,
): Promise<void> {
  const old = await db
    .selectFrom('accounts')
    .select('api_token_hash')
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
  if (old?.api_token_hash) {
    await db
      .insertInto('revoked_api_tokens')
      .values({ token_hash: old.api_token_hash, account_id: accountId, reason, revoked_at: now })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  }
  await db
    .updateTable('accounts')
    .set({ api_token_hash: hash, api_token_created_at: hash ? now : null, api_token_last_used_at: null })
    .where('id', '=', accountId)
    .execute();
}

export async function touchApiToken(db: Executor, accountId: number, now: Date): Promise<void> {
  await db.updateTable('accounts').set({ api_token_last_used_at: now }).where('id', '=', accountId).execute();
}

export function findRevokedApiToken(
  db: Executor,
  hash: string,
): Promise<Pick<RevokedApiTokensTable, 'reason'> | undefined> {
  return db
    .selectFrom('revoked_api_tokens')
    .select('reason')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

/** The account's most recently revoked token: why and when. */
export function lastRevokedApiToken(
  db: Executor,
  accountId: number,
): Promise<Pick<RevokedApiTokensTable, 'reason' | 'revoked_at'> | undefined> {
  return db
    .selectFrom('revoked_api_tokens')
    .select(['reason', 'revoked_at'])
    .where('account_id', '=', accountId)
    .orderBy('revoked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
