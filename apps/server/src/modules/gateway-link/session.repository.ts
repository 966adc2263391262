import { sql } from 'kysely';
import type { Executor } from '../../db/database';

export interface SessionKey {
  accountId: number;
  /** 0 = the main account. */
  subaccountId: number;
  sessionId: string;
}

export interface SessionEpoch {
  epoch: bigint;
  expiresAt: Date;
}

/**
 * The session's running epoch, or a new one when there is none or it has expired — one statement,
 * so concurrent first uses from several gateways agree: the loser of the insert race finds the
 * winner's row not expired, updates nothing and gets no row back (then reads the winner's).
 */
export async function startOrKeepEpoch(
  db: Executor,
  key: SessionKey,
  now: Date,
  expiresAt: Date,
): Promise<SessionEpoch> {
  const started = await db
    .insertInto('proxy_sessions')
    .values({
      account_id: key.accountId,
      subaccount_id: key.subaccountId,
      session_id: key.sessionId,
      epoch: sql<bigint>`nextval('proxy_session_epochs')`,
      started_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'subaccount_id', 'session_id'])
        .doUpdateSet({
          epoch: (eb) => eb.ref('excluded.epoch'),
          started_at: (eb) => eb.ref('excluded.started_at'),
          expires_at: (eb) => eb.ref('excluded.expires_at'),
        })
        .where('proxy_sessions.expires_at', '<=', now),
    )
    .returning(['epoch', 'expires_at'])
    .executeTakeFirst();
  const row =
    started ??
    (await db
      .selectFrom('proxy_sessions')
      .select(['epoch', 'expires_at'])
      .where('account_id', '=', key.accountId)
      .where('subaccount_id', '=', key.subaccountId)
      .where('session_id', '=', key.sessionId)
      .executeTakeFirstOrThrow());
  return { epoch: row.epoch, expiresAt: row.expires_at };
}

/** Deletes sessions that ended (a later use starts a new epoch anyway); answers how many. */
export async function pruneEndedSessions(db: Executor, now: Date): Promise<number> {
  const result = await db.deleteFrom('proxy_sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
