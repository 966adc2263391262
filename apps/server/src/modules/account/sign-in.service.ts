import type { Session, SignInMethod, TwoFactorChallenge } from '@resiport/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { countOrRefuse } from '../rate-limit/rate-limiter';
import { signInLimits, twoFactorSignInLimits } from '../rate-limit/limits';
import { findAccountById, type AccountRow } from './account.repository';
import { hasAnySession, hasSignedInFrom } from './session/session.repository';
import { startSession, type ClientInfo } from './session/session.service';
import { tellOwner } from './security-mail';
import { issueChallenge, verifyChallenge } from './two-factor/challenge';
import { looksLikeRecoveryCode } from './two-factor/recovery-codes';
import {
  clearTwoFactorFailures,
  giveBackTwoFactorAttempt,
  lockIfLastAttempt,
  takeTwoFactorAttempt,
} from './two-factor/two-factor-lock';
import { unusedRecoveryCodes, verifySecondFactor } from './two-factor/two-factor.service';

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
  return { session: await startSessionTelling(ctx, account, method, client) };
}

/**
 * Starts the session, and mails the owner when it comes from an address this account has not signed
 * in from for `knownSourceDays` (not for its very first session).
 */
async function startSessionTelling(
  ctx: AppContext,
  account: AccountRow,
  method: SignInMethod,
  client: ClientInfo,
): Promise<Session> {
  const now = ctx.clock();
  const knownSince = new Date(now.getTime() - signInLimits.knownSourceDays * 86_400_000);
  const newDevice =
    (await hasAnySession(ctx.db, account.id)) &&
    !(await hasSignedInFrom(ctx.db, account.id, client.ip, knownSince));
  const session = await startSession(ctx, account, method, client);
  if (newDevice) await tellOwner(ctx, account, 'new_device', { at: now, client });
  return session;
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
  // Counted before it is checked (decision 050). A recovery code is checked even on a locked account:
  // it is not guessable, and the owner keeps them for exactly this.
  const taken = await takeTwoFactorAttempt(ctx.db, account.id);
  if (taken === undefined && !looksLikeRecoveryCode(input.code)) throw new AppError('TwoFactorLocked');
  let factor: 'authenticator' | 'recovery';
  try {
    factor = await verifySecondFactor(ctx, account, input.code);
  } catch (error) {
    const wrongCode = error instanceof AppError && error.codeName === 'TwoFactorCodeInvalid';
    ctx.log.warn(
      { event: 'security.2fa_failed', accountId: account.id, ip: client.ip, wrongCode },
      'two-factor sign-in: the code was not accepted',
    );
    if (taken !== undefined && wrongCode) await lockIfLastAttempt(ctx, account, taken);
    else if (taken !== undefined) await giveBackTwoFactorAttempt(ctx.db, account.id);
    throw error;
  }
  await attempt?.didNotCount();
  await clearTwoFactorFailures(ctx.db, account.id);
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
  if (factor === 'recovery') {
    const left = await unusedRecoveryCodes(ctx, account.id);
    await tellOwner(ctx, account, 'recovery_code_used', { at: ctx.clock(), client, recoveryCodesLeft: left });
  }
  return startSessionTelling(ctx, account, claims.method, client);
}
