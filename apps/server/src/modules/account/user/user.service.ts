import { NO_ACCESS, OPERATOR_ACCESS, type ServerLang, type Session, type UserInfo } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { unixSeconds } from '../../../lib/clock';
import { hashPassword, verifyPassword } from '../../../lib/password';
import {
  setApiTokenHash,
  setLang,
  setPasswordAndRevokeSessions,
  type AccountRow,
} from '../account.repository';
import { shownTrafficLeft } from '../../traffic/traffic-left';
import { newApiToken } from '../session/api-token';
import { issueSession, type SessionClaims } from '../session/session-token';

/**
 * `traffic_used_bytes` is the whole account's: its own usage (whitelisted IPs) plus every sub-account's,
 * deleted ones included, so it only ever grows.
 */
export function toUserInfo(account: AccountRow, subaccountsUsedBytes: bigint): UserInfo {
  return {
    id: account.id,
    email: account.email,
    balance_cents: Number(account.balance_cents),
    traffic_left_bytes: Number(shownTrafficLeft(account)),
    traffic_used_bytes: Number(account.traffic_used_bytes + subaccountsUsedBytes),
    lang: account.lang,
    has_api_token: account.api_token_hash !== null,
    has_password: account.password_hash !== null,
    created_at: account.created_at.toISOString(),
    access: { name: account.role === 'operator' ? OPERATOR_ACCESS : NO_ACCESS },
  };
}

/** A fresh token for a still-valid session, until the absolute lifetime since sign-in runs out. */
export async function refreshSession(
  ctx: AppContext,
  account: AccountRow,
  session: SessionClaims,
): Promise<Session> {
  if (unixSeconds(ctx.clock()) >= session.authTime + ctx.config.session.maxAge) {
    throw new AppError('SessionExpired');
  }
  return issueSession(ctx, {
    accountId: account.id,
    tokenVersion: account.token_version,
    authTime: session.authTime,
  });
}

/**
 * Changes the password after checking the current one. Every other session ends (token version
 * bump); the caller gets a new session so this tab stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  account: AccountRow,
  input: { old_password: string; password: string },
): Promise<Session> {
  if (!account.password_hash || !(await verifyPassword(account.password_hash, input.old_password))) {
    throw new AppError('PasswordError');
  }
  const version = await setPasswordAndRevokeSessions(ctx.db, account.id, await hashPassword(input.password));
  ctx.log.info({ accountId: account.id }, 'password changed, older sessions revoked');
  return issueSession(ctx, {
    accountId: account.id,
    tokenVersion: version,
    authTime: unixSeconds(ctx.clock()),
  });
}

/** Issues a new developer token; the previous one stops working at once. Returned only here, once. */
export async function regenerateApiToken(ctx: AppContext, account: AccountRow): Promise<string> {
  const { token, hash } = newApiToken();
  await setApiTokenHash(ctx.db, account.id, hash);
  return token;
}

export async function setLanguage(ctx: AppContext, account: AccountRow, lang: ServerLang): Promise<void> {
  await setLang(ctx.db, account.id, lang);
}
