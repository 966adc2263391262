import type { Session, SignInMethod, TwoFactorChallenge } from '@resiport/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { countOrRefuse } from '../rate-limit/rate-limiter';
import { twoFactorSignInLimits } from '../rate-limit/limits';
import { findAccountById, type AccountRow } from './account.repository';
import { startSession, type ClientInfo } from './session/session.service';
import { issueChallenge, verifyChallenge } from './two-factor/challenge';
import { verifySecondFactor } from './two-factor/two-factor.service';

/** A sign-in either ends in a session or, with two-factor on, asks for a code first. */
export type SignInResult = { session: Session } | { twoFactor: TwoFactorChallenge };

/** The last step of every first factor (password, Google, Yandex). */
export async function finishSignIn(
  ctx: AppContext,
  account: AccountRow,
  method: SignInMethod,
  client: ClientInfo,
): Promise<SignInResult> {
  if (account.totp_enabled_at) {
    return {
      twoFactor: await issueChallenge(ctx, {
        accountId: account.id,
        tokenVersion: account.token_version,
        method,
      }),
    };
  }
  ctx.log.info({ event: 'security.sign_in', accountId: account.id, method, ip: client.ip }, 'signed in');
  return { session: await startSession(ctx, account, method, client) };
}

/**
 * The second step: the ticket from the first and a code. Attempts are limited per ticket, per
 * (address, account) and per account (failures only), so a code cannot be guessed in the ticket's
 * five minutes nor by fetching new tickets.
 */
export async function finishTwoFactorSignIn(
  ctx: AppContext,
  input: { challenge: string; code: string },
  client: ClientInfo,
): Promise<Session> {
  const claims = await verifyChallenge(ctx, input.challenge);
  const account = await findAccountById(ctx.db, claims.accountId);
  if (
    account?.status !== 'active' ||
    account.token_version !== claims.tokenVersion ||
    !account.totp_enabled_at
  ) {
    throw new AppError('SignInCodeInvalid');
  }
  const attempt = ctx.config.rateLimitEnabled
    ? await countOrRefuse(ctx, [
        [`2fa:challenge:${claims.id}`, twoFactorSignInLimits.challenge],
        [`2fa:ip-account:${client.ip}:${account.id}`, twoFactorSignInLimits.ipAccount],
        [`2fa:account:${account.id}`, twoFactorSignInLimits.account],
      ])
    : undefined;
  try {
    await verifySecondFactor(ctx, account, input.code);
  } catch (error) {
    ctx.log.warn(
      { event: 'security.2fa_failed', accountId: account.id, ip: client.ip },
      'two-factor sign-in: wrong code',
    );
    throw error;
  }
  await attempt?.didNotCount();
  ctx.log.info(
    {
      event: 'security.sign_in',
      accountId: account.id,
      method: claims.method,
      ip: client.ip,
      twoFactor: true,
    },
    'signed in',
  );
  return startSession(ctx, account, claims.method, client);
}
