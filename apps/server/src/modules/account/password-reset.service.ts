import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sha256Hex } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import { consumeLink, revokeLinks } from './account-link.repository';
import {
  activateAccount,
  findAccountByEmail,
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
  await ctx.db.transaction().execute(async (trx) => {
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
  });
}
