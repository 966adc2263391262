import type { Session } from '@resiport/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { unixSeconds } from '../../lib/clock';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '../../lib/password';
import { issueSession } from './session/session-token';
import { findAccountByEmail, replacePasswordHash } from './account.repository';

/** Email + password sign-in. The password is checked before the account state is revealed. */
export async function logIn(ctx: AppContext, input: { email: string; password: string }): Promise<Session> {
  const account = await findAccountByEmail(ctx.db, input.email);
  if (!account) throw new AppError('EmailNotRegistered');
  const hash = account.password_hash;
  if (!hash || !(await verifyPassword(hash, input.password))) {
    ctx.log.info({ accountId: account.id }, 'login failed: wrong password');
    throw new AppError('PasswordError');
  }
  if (account.status === 'pending') throw new AppError('AccountNotActivated');
  if (account.status === 'disabled') throw new AppError('AccountDisabled');
  if (passwordNeedsRehash(hash)) {
    await replacePasswordHash(ctx.db, account.id, await hashPassword(input.password));
  }
  ctx.log.info({ accountId: account.id }, 'login succeeded');
  return issueSession(ctx, {
    accountId: account.id,
    tokenVersion: account.token_version,
    authTime: unixSeconds(ctx.clock()),
  });
}
