import { sendQueuedMail } from '../../mail/mail-queue.service';
import { queueSecurityMail, tellOwner } from '../security-mail';
import { NO_ACCESS, OPERATOR_ACCESS, type ServerLang, type Session, type UserInfo } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { unixSeconds } from '../../../lib/clock';
import { hashPassword, verifyPassword } from '../../../lib/password';
import {
  markSignedOutEverywhere,
  setLang,
  setPasswordAndRevokeSessions,
  type AccountRow,
} from '../account.repository';
import { enforceAccountRateLimit } from '../../rate-limit/rate-limiter';
import { endOtherSessions, replaceDeveloperToken } from '../session/session.service';
import { shownTrafficLeft, type SubaccountsTrafficFigures } from '../traffic-left.service';
import { newApiToken } from '../session/api-token';
import { issueSession, type SessionClaims } from '../session/session-token';

/**
 * `traffic_used_bytes` is the whole account's: its own usage (whitelisted IPs) plus every sub-account's,
 * deleted ones included, so it only ever grows. `traffic_left_bytes` is the main account's own; the
 * customer's total left adds `subaccounts_traffic_left_bytes` (docs/product.md#traffic-totals: traffic allocated to
 * sub-accounts is still the customer's).
 */
export function toUserInfo(account: AccountRow, subs: SubaccountsTrafficFigures): UserInfo {
  return {
    id: account.id,
    email: account.email,
    balance_cents: Number(account.balance_cents),
    traffic_left_bytes: Number(shownTrafficLeft(account)),
    traffic_used_bytes: Number(account.traffic_used_bytes + subs.usedBytes),
    subaccounts_traffic_left_bytes: Number(subs.leftBytes),
    subaccounts_count: subs.count,
    subaccounts_empty_count: subs.emptyCount,
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
  return issueSession(ctx, { ...session, tokenVersion: account.token_version });
}

/**
 * Changes the password after checking the current one (failed checks are rate-limited per
 * account). Every other session and the developer token stop working (token version bump and
 * revocations, in one transaction); this session goes on with a new token.
 */
export async function changePassword(
  ctx: AppContext,
  account: AccountRow,
  session: SessionClaims,
  input: { old_password: string; password: string },
): Promise<Session> {
  const attempt = await enforceAccountRateLimit(ctx, 'changePassword', account.id);
  if (!account.password_hash || !(await verifyPassword(account.password_hash, input.old_password))) {
    ctx.log.warn(
      { event: 'security.password_change_failed', accountId: account.id },
      'wrong current password',
    );
    throw new AppError('PasswordError');
  }
  await attempt.didNotCount();
  const newHash = await hashPassword(input.password);
  const now = ctx.clock();
  const { version, notice } = await ctx.db.transaction().execute(async (trx) => {
    const bumped = await setPasswordAndRevokeSessions(trx, account.id, newHash);
    await endOtherSessions(trx, account.id, session.sessionId, 'password_changed', now);
    return {
      version: bumped,
      notice: await queueSecurityMail(trx, ctx, account, 'password_changed', { at: now }),
    };
  });
  ctx.log.info(
    { event: 'security.password_changed', accountId: account.id },
    'password changed; other sessions and the API token revoked',
  );
  await sendQueuedMail(ctx, notice);
  return issueSession(ctx, { ...session, tokenVersion: version, authTime: unixSeconds(now) });
}

/** Issues a new developer token; the previous one stops working at once. Returned only here, once. */
export async function regenerateApiToken(ctx: AppContext, account: AccountRow): Promise<string> {
  await enforceAccountRateLimit(ctx, 'genToken', account.id);
  const { token, hash } = newApiToken();
  await replaceDeveloperToken(ctx, account.id, hash);
  ctx.log.info({ event: 'security.api_token_regenerated', accountId: account.id }, 'API token regenerated');
  await tellOwner(ctx, account, 'api_token_regenerated', { at: ctx.clock() });
  return token;
}

/** Every session but this one, and the developer token, stop working. */
export async function signOutEverywhere(
  ctx: AppContext,
  account: AccountRow,
  session: SessionClaims,
): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    await endOtherSessions(trx, account.id, session.sessionId, 'signed_out_everywhere', now);
    // Read-only views this operator opened end too, even those opened from this very session.
    await markSignedOutEverywhere(trx, account.id, now);
  });
  ctx.log.info(
    { event: 'security.signed_out_everywhere', accountId: account.id },
    'signed out everywhere else',
  );
}

export async function setLanguage(ctx: AppContext, account: AccountRow, lang: ServerLang): Promise<void> {
  await setLang(ctx.db, account.id, lang);
}
