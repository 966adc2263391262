import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { findAccountByApiTokenHash, findAccountById, type AccountRow } from '../account.repository';
import { hashApiToken, looksLikeApiToken } from './api-token';
import { verifySession, type SessionClaims } from './session-token';

export interface Authenticated {
  account: AccountRow;
  /** Null when the caller used the developer API token rather than a session. */
  session: SessionClaims | null;
}

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
 * Resolves a credential to an active account with one SQL read. Missing, tampered, expired and
 * revoked (older token version, regenerated API token) credentials all answer 10013.
 */
export async function authenticate(ctx: AppContext, credential: string | undefined): Promise<Authenticated> {
  if (!credential) throw new AppError('SessionExpired');
  if (looksLikeApiToken(credential)) {
    const account = await findAccountByApiTokenHash(ctx.db, hashApiToken(credential));
    if (account?.status !== 'active') throw new AppError('SessionExpired');
    return { account, session: null };
  }
  const session = await verifySession(ctx, credential);
  const account: AccountRow | undefined = await findAccountById(ctx.db, session.accountId);
  if (account?.status !== 'active' || account.token_version !== session.tokenVersion) {
    throw new AppError('SessionExpired');
  }
  return { account, session };
}
