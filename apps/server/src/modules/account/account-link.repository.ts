import type { Executor } from '../../db/database';
import type { LinkPurpose } from './account.table';

/** Single-use, expiring links (activation, password reset, OAuth hand-off); only hashes are stored. */

export async function insertLink(
  db: Executor,
  values: { accountId: number; purpose: LinkPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('account_links')
    .values({
      account_id: values.accountId,
      purpose: values.purpose,
      token_hash: values.tokenHash,
      expires_at: values.expiresAt,
    })
    .execute();
}

/**
 * Marks the link used and returns its account, in one statement: two clicks racing on the same
 * link cannot both succeed. Expired, used or unknown links return undefined.
 */
export async function consumeLink(
  db: Executor,
  purpose: LinkPurpose,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('account_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id;
}

/** A link whatever its state (used, expired or open), to say why it no longer works. */
export function findLink(db: Executor, purpose: LinkPurpose, tokenHash: string) {
  return db
    .selectFrom('account_links')
    .select(['account_id', 'used_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Ends every open link of a purpose (a newer one was sent, or one of them was used). */
export async function revokeLinks(
  db: Executor,
  accountId: number,
  purpose: LinkPurpose,
  now: Date,
): Promise<void> {
  await db
    .updateTable('account_links')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
