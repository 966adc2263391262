import type { Session, SessionInfo, SignInMethod } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { unixSeconds } from '../../../lib/clock';
import { randomToken } from '../../../lib/crypto';
import type { AccountRow } from '../account.repository';
import { issueSession } from './session-token';
import type { Executor } from '../../../db/database';
import type { ApiTokenRevocation } from './account-security.table';
import type { SessionEndReason } from './session-end';
import { lastRevokedApiToken, replaceApiToken } from './api-token.repository';
import {
  insertSession,
  listLiveSessions,
  pageOfSessions,
  revokeSession,
  revokeSessionsExcept,
  type SessionRow,
} from './session.repository';

/** Where a sign-in came from, as shown in the session list. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

const USER_AGENT_MAX = 256;

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'] ?? '';
  // Shown back to the customer: printable characters only, bounded.
  return { ip: request.ip, userAgent: userAgent.replace(/[\p{Cc}]/gu, '').slice(0, USER_AGENT_MAX) };
}

/** A new sign-in: its row in `account_sessions` and its first token. */
export async function startSession(
  ctx: AppContext,
  account: Pick<AccountRow, 'id' | 'token_version'>,
  method: SignInMethod,
  client: ClientInfo,
): Promise<Session> {
  const now = ctx.clock();
  const id = randomToken(16);
  await insertSession(ctx.db, {
    id,
    account_id: account.id,
    method,
    ip: client.ip,
    user_agent: client.userAgent,
    created_at: now,
    last_seen_at: now,
  });
  return issueSession(ctx, {
    accountId: account.id,
    tokenVersion: account.token_version,
    authTime: unixSeconds(now),
    sessionId: id,
  });
}

/** Sessions that can still call the API (revoked and past their absolute lifetime left out). */
export async function listSessions(
  ctx: AppContext,
  accountId: number,
  currentSessionId: string | null,
): Promise<SessionInfo[]> {
  const since = new Date(ctx.clock().getTime() - ctx.config.session.maxAge * 1000);
  const rows = await listLiveSessions(ctx.db, accountId, since);
  return rows.map((row) => toSessionInfo(row, currentSessionId));
}

function toSessionInfo(row: SessionRow, currentSessionId: string | null): SessionInfo {
  return {
    id: row.id,
    current: row.id === currentSessionId,
    method: row.method,
    ip: row.ip,
    user_agent: row.user_agent,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
  };
}

/**
 * Signs one of the account's own sessions out: this one (`signed_out`) or another from the list
 * (`signed_out_elsewhere`); another account's id is simply not found.
 */
export async function signOutSession(
  ctx: AppContext,
  accountId: number,
  sessionId: string,
  reason: 'signed_out' | 'signed_out_elsewhere',
): Promise<void> {
  const ended = { at: ctx.clock(), reason };
  if (!(await revokeSession(ctx.db, accountId, sessionId, ended))) throw new AppError('NotFound');
  ctx.log.info({ event: 'security.session_revoked', accountId }, 'session signed out');
}

/**
 * Ends every session of the account but `keep` (null: all) and revokes its developer token, in the
 * caller's transaction: what a password change, a reset and "sign out everywhere" have in common.
 */
export async function endOtherSessions(
  db: Executor,
  accountId: number,
  keep: string | null,
  reason: ApiTokenRevocation,
  now: Date,
): Promise<number> {
  const ended = await revokeSessionsExcept(db, accountId, keep, { at: now, reason: sessionEndOf(reason) });
  await replaceApiToken(db, accountId, null, reason, now);
  return ended;
}

/** A token revocation's reason, as the sessions ended with it record it. */
function sessionEndOf(reason: ApiTokenRevocation): SessionEndReason {
  return reason === 'regenerated' ? 'signed_out_elsewhere' : reason;
}

/**
 * Ends every session of the account and revokes its developer token, in the caller's transaction: a
 * disabled account. Enabling it again revives neither (the customer signs in and makes a new token).
 */
export async function endEverySession(db: Executor, accountId: number, now: Date): Promise<number> {
  const ended = await revokeSessionsExcept(db, accountId, null, { at: now, reason: 'account_disabled' });
  await replaceApiToken(db, accountId, null, 'operator_revoked', now);
  return ended;
}

/**
 * Every sign-in of the account, revoked and lapsed ones too, most recently used first; `live`
 * counts those that can still call the API (as `listSessions` lists them).
 */
export async function sessionHistory(
  ctx: AppContext,
  accountId: number,
  window: { page: number; pageSize: number },
) {
  const since = new Date(ctx.clock().getTime() - ctx.config.session.maxAge * 1000);
  return pageOfSessions(ctx.db, accountId, since, window);
}

/** A new developer token (its hash); the previous one is recorded as revoked. */
export async function replaceDeveloperToken(ctx: AppContext, accountId: number, hash: string): Promise<void> {
  await ctx.db
    .transaction()
    .execute((trx) => replaceApiToken(trx, accountId, hash, 'regenerated', ctx.clock()));
}

/** Why the account's developer token last stopped working, if it has none now. */
export async function apiTokenRevocation(
  ctx: AppContext,
  account: Pick<AccountRow, 'id' | 'api_token_hash'>,
): Promise<{ reason: ApiTokenRevocation; revoked_at: string } | null> {
  if (account.api_token_hash) return null;
  const last = await lastRevokedApiToken(ctx.db, account.id);
  return last ? { reason: last.reason, revoked_at: last.revoked_at.toISOString() } : null;
}
