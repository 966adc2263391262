import { sendQueuedMail } from '../mail/mail-queue.service';
import { queueSecurityMail } from './security-mail';
import type { ResetLinkCheck } from '@resiport/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sha256Hex } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import { consumeLink, findLink, revokeLinks } from './account-link.repository';
import {
  activateAccount,
  findAccountByEmail,
  findAccountById,
  lockAccountById,
  setPasswordAndRevokeSessions,
} from './account.repository';
import { sendResetLink } from './activation-link';
import { endOtherSessions } from './session/session.service';

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const account = await findAccountByEmail(ctx.db, email);
  if (!account) throw new AppError('EmailNotRegistered');
  if (account.status === 'disabled') throw new AppError('AccountDisabled');
  await sendResetLink(ctx, account);
}

/**
 * Sets a new password from a reset link, in one transaction: the link is spent, every session and
 * every other reset link ends, the developer token is revoked, and a pending account becomes active (the mailbox owner is proven).
 * A rejected new password leaves the link usable.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<void> {
  const newHash = await hashPassword(input.password);
  const now = ctx.clock();
  const notice = await ctx.db.transaction().execute(async (trx) => {
    const accountId = await consumeLink(trx, 'reset', sha256Hex(input.token), now);
    if (accountId === undefined) throw new AppError('InvalidResetLink');
    const account = await lockAccountById(trx, accountId);
    if (!account || account.status === 'disabled') throw new AppError('InvalidResetLink');
    if (account.password_hash && (await verifyPassword(account.password_hash, input.password))) {
      throw new AppError('PasswordUnchanged');
    }
    await setPasswordAndRevokeSessions(trx, accountId, newHash);
    await endOtherSessions(trx, accountId, null, 'password_reset', now);
    await revokeLinks(trx, accountId, 'reset', now);
    await activateAccount(trx, accountId, now);
    return queueSecurityMail(trx, ctx, account, 'password_reset', { at: now });
  });
  await sendQueuedMail(ctx, notice);
}

/**
 * What the reset page finds when it opens: whether the link still works, and if not why, so the
 * customer asks for a new one instead of choosing a password that is then refused. It spends nothing;
 * the reset itself checks again.
 */
export async function checkResetLink(ctx: AppContext, token: string): Promise<ResetLinkCheck> {
  const invalid: ResetLinkCheck = { state: 'invalid', expires_at: null };
  if (!token) return invalid;
  const link = await findLink(ctx.db, 'reset', sha256Hex(token));
  if (!link) return invalid;
  const account = await findAccountById(ctx.db, link.account_id);
  if (!account || account.status === 'disabled') return invalid;
  if (link.used_at) return { state: 'used', expires_at: null };
  if (link.expires_at <= ctx.clock()) return { state: 'expired', expires_at: null };
  return { state: 'valid', expires_at: link.expires_at.toISOString() };
}
