import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { AccountRow } from '../account.repository';
import type { AccountSessionsTable } from './account-security.table';
import type { SessionEndReason } from './session-end';

/** The only code that touches `account_sessions`. */

export type SessionRow = Selectable<AccountSessionsTable>;

export async function insertSession(
  db: Executor,
  row: Omit<SessionRow, 'revoked_at' | 'revoked_reason'>,
): Promise<void> {
  await db.insertInto('account_sessions').values(row).execute();
}

/** The state of one session as the auth read finds it beside its account. */
export interface SessionState {
  /** False when the session does not exist or is not the account's. */
  found: boolean;
  revokedAt: Date | null;
  lastSeenAt: Date | null;
}

/**
 * The account and the state of one of its sessions in one read (the hot path of every signed-in
 * call). The account's row carries the sub-accounts' figures too (`subaccounts_*`, kept by a
 * trigger), so /user/info needs no other statement.
 */
export async function findAccountWithSession(
  db: Executor,
  accountId: number,
  sessionId: string,
): Promise<{ account: AccountRow; session: SessionState } | undefined> {
  const row = await db
    .selectFrom('accounts')
    .leftJoin('account_sessions as s', (join) =>
      join.on('s.id', '=', sessionId).onRef('s.account_id', '=', 'accounts.id'),
    )
    .selectAll('accounts')
    .select([
      's.id as session_id',
      's.revoked_at as session_revoked_at',
      's.last_seen_at as session_last_seen_at',
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  // One copy of the row (this runs on every signed-in call).
  const {
    session_id: found,
    session_revoked_at: revokedAt,
    session_last_seen_at: lastSeenAt,
    ...account
  } = row;
  return { account, session: { found: found !== null, revokedAt, lastSeenAt } };
}

/** Why a session ended (null: it has not, or it ended before reasons were kept). Off the hot path. */
export async function sessionEndReasonOf(db: Executor, sessionId: string): Promise<SessionEndReason | null> {
  const row = await db
    .selectFrom('account_sessions')
    .select('revoked_reason')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.revoked_reason ?? null;
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('account_sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/** The account's sessions still in force, most recently used first. */
export function listLiveSessions(db: Executor, accountId: number, since: Date): Promise<SessionRow[]> {
  return db
    .selectFrom('account_sessions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where('created_at', '>=', since)
    .orderBy('last_seen_at', 'desc')
    .limit(100)
    .execute();
}

/** Revokes one of the account's sessions; false when it has no such live session. */
export async function revokeSession(
  db: Executor,
  accountId: number,
  sessionId: string,
  ended: { at: Date; reason: SessionEndReason },
): Promise<boolean> {
  const result = await db
    .updateTable('account_sessions')
    .set({ revoked_at: ended.at, revoked_reason: ended.reason })
    .where('id', '=', sessionId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live session of the account but `keep` (null: all of them); answers how many. */
export async function revokeSessionsExcept(
  db: Executor,
  accountId: number,
  keep: string | null,
  ended: { at: Date; reason: SessionEndReason },
): Promise<number> {
  let query = db
    .updateTable('account_sessions')
    .set({ revoked_at: ended.at, revoked_reason: ended.reason })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (keep !== null) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every session of the account, revoked ones too, most recently used first (the console's list). */
export async function pageOfSessions(
  db: Executor,
  accountId: number,
  since: Date,
  window: { page: number; pageSize: number },
): Promise<{ list: SessionRow[]; total: number; live: number }> {
  const [list, counts] = await Promise.all([
    db
      .selectFrom('account_sessions')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id')
      .limit(window.pageSize)
      .offset((window.page - 1) * window.pageSize)
      .execute(),
    db
      .selectFrom('account_sessions')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        sql<string>`count(*) filter (where revoked_at is null and created_at >= ${since})`.as('live'),
      ])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(counts.total), live: Number(counts.live) };
}

/** Whether the account has ever had a session (its first sign-in is not a "new device"). */
export async function hasAnySession(db: Executor, accountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('account_sessions')
    .select('id')
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the account has signed in from this address since `since` (a trusted source). */
export async function hasSignedInFrom(
  db: Executor,
  accountId: number,
  ip: string,
  since: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('account_sessions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('ip', '=', ip)
    .where('created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
