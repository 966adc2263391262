import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '../../lib/password';
import { signInLimits } from '../rate-limit/limits';
import { countSignInAttempt } from '../rate-limit/sign-in-throttle';
import { findAccountByEmail, replacePasswordHash } from './account.repository';
import { hasSignedInFrom } from './session/session.repository';
import type { ClientInfo } from './session/session.service';
import { finishSignIn, type SignInResult } from './sign-in.service';

/**
 * Email + password sign-in. The attempt is counted before the password is checked and taken back
 * when it was right, so only failures count (sign-in-throttle.ts). The password is checked before
 * the account state is revealed.
 */
export async function logIn(
  ctx: AppContext,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SignInResult> {
  const account = await findAccountByEmail(ctx.db, input.email);
  const knownSince = new Date(ctx.clock().getTime() - signInLimits.knownSourceDays * 86_400_000);
  const attempt = await countSignInAttempt(ctx, {
    ip: client.ip,
    email: input.email,
    knownSource: account !== undefined && (await hasSignedInFrom(ctx.db, account.id, client.ip, knownSince)),
  });
  if (!account) throw new AppError('EmailNotRegistered');
  const hash = account.password_hash;
  if (!hash || !(await verifyPassword(hash, input.password))) {
    ctx.log.warn(
      { event: 'security.sign_in_failed', accountId: account.id, ip: client.ip },
      'sign-in failed: wrong password',
    );
    throw new AppError('PasswordError');
  }
  await attempt.didNotCount();
  if (account.status === 'pending') throw new AppError('AccountNotActivated');
  if (account.status === 'disabled') throw new AppError('AccountDisabled');
  if (passwordNeedsRehash(hash)) {
    await replacePasswordHash(ctx.db, account.id, await hashPassword(input.password));
  }
  return finishSignIn(ctx, account, 'password', client);
}
