import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import type { PhraseKey } from '../../../i18n/phrase';
import { findAccountByApiTokenHash, findAccountById, type AccountRow } from '../account.repository';
import type { ApiTokenRevocation } from './account-security.table';
import { hashApiToken, looksLikeApiToken } from './api-token';
import { findRevokedApiToken, touchApiToken } from './api-token.repository';
import { verifySession, type SessionClaims } from './session-token';
import { VIEW_TOKEN_PREFIX, verifyViewToken } from './view-token';
import { sessionEndMessages } from './session-end';
import { findAccountWithSession, sessionEndReasonOf, touchSession } from './session.repository';

export interface Authenticated {
  account: AccountRow;
  /** Null when the caller used the developer API token rather than a session. */
  session: SessionClaims | null;
  /** The operator looking at this customer's portal read-only (a view token, decision 029). */
  viewerId?: number;
}

/** "Last seen" and "last used" are written at most this often per session or token. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Reads `JWT-TOKEN` (a session JWT or the developer token) or `Authorization: Bearer <token>`. */
export function readCredential(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers['jwt-token'];
  const direct = Array.isArray(header) ? header[0] : header;
  if (direct?.trim()) return direct.trim();
  const authorization = headers.authorization;
  const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
  return match?.[1];
}

/**
 * Resolves a credential to an active account with one SQL read. Every failure answers 10013 (the
 * product's "sign in again"), each with its own message: expired or tampered, signed out (a revoked
 * session), a revoked developer token (and why), an unknown one.
 */
export async function authenticate(ctx: AppContext, credential: string | undefined): Promise<Authenticated> {
  if (!credential) throw new AppError('SessionExpired');
  if (looksLikeApiToken(credential)) return { account: await byApiToken(ctx, credential), session: null };
  if (credential.startsWith(VIEW_TOKEN_PREFIX)) return byViewToken(ctx, credential);
  const session = await verifySession(ctx, credential);
  const row = await findAccountWithSession(ctx.db, session.accountId, session.sessionId);
  // An ended session says why first: a password change also moves the token version.
  if (row?.session.revokedAt) {
    // Read only for an ended session, so the signed-in hot path stays one statement.
    const reason = await sessionEndReasonOf(ctx.db, session.sessionId);
    throw new AppError('SessionRevoked', {}, null, reason ? sessionEndMessages[reason] : undefined);
  }
  if (row?.account.status !== 'active' || row.account.token_version !== session.tokenVersion) {
    throw new AppError('SessionExpired');
  }
  const { account } = row;
  const { found, lastSeenAt: lastSeen } = row.session;
  if (!found) throw new AppError('SessionRevoked');
  const now = ctx.clock();
  if (!lastSeen || now.getTime() - lastSeen.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(ctx.db, session.sessionId, now);
  }
  return { account, session };
}

/**
 * An operator's read-only view: valid while the operator is still an active operator with the same
 * token version (a password change or losing the role ends it) who has not signed out everywhere
 * since it was opened (`iat` has whole seconds: a view opened in the very second of a sign-out ends
 * too, the safe side).
 */
async function byViewToken(ctx: AppContext, token: string): Promise<Authenticated> {
  const claims = await verifyViewToken(ctx, token);
  const [operator, customer] = await Promise.all([
    findAccountById(ctx.db, claims.operatorId),
    findAccountById(ctx.db, claims.customerId),
  ]);
  const operatorValid =
    operator?.role === 'operator' &&
    operator.status === 'active' &&
    operator.token_version === claims.operatorTokenVersion &&
    (operator.signed_out_everywhere_at === null ||
      (claims.issuedAt ?? 0) * 1000 > operator.signed_out_everywhere_at.getTime());
  if (!operatorValid || !customer) throw new AppError('SessionExpired');
  return { account: customer, session: null, viewerId: operator.id };
}

async function byApiToken(ctx: AppContext, token: string): Promise<AccountRow> {
  const hash = hashApiToken(token);
  const account = await findAccountByApiTokenHash(ctx.db, hash);
  if (account) {
    if (account.status !== 'active') throw new AppError('SessionExpired');
    const now = ctx.clock();
    const lastUsed = account.api_token_last_used_at;
    if (!lastUsed || now.getTime() - lastUsed.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await touchApiToken(ctx.db, account.id, now);
    }
    return account;
  }
  const revoked = await findRevokedApiToken(ctx.db, hash);
  if (!revoked) throw new AppError('ApiTokenUnknown');
  throw new AppError('ApiTokenRevoked', {}, null, revokedMessages[revoked.reason]);
}

const revokedMessages: Record<ApiTokenRevocation, PhraseKey<'codes'>> = {
  regenerated: 'ApiTokenRevokedRegenerated',
  password_changed: 'ApiTokenRevokedPasswordChanged',
  password_reset: 'ApiTokenRevokedPasswordReset',
  signed_out_everywhere: 'ApiTokenRevokedSignedOutEverywhere',
  operator_revoked: 'ApiTokenRevokedByOperator',
};
