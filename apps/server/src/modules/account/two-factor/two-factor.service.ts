import { sendQueuedMail } from '../../mail/mail-queue.service';
import { queueSecurityMail } from '../security-mail';
import type { RecoveryCodes, TwoFactorSetup } from '@resiport/contract';
import QRCode from 'qrcode';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { verifyPassword } from '../../../lib/password';
import { seal, unseal } from '../../../lib/sealed-box';
import { enforceAccountRateLimit } from '../../rate-limit/rate-limiter';
import type { AccountRow } from '../account.repository';
import { looksLikeRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { matchingStep, newTotpSecret, totpUri } from './totp';
import {
  claimRecoveryCode,
  claimTotpStep,
  disableTotp,
  enableTotp,
  findEnrolment,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  saveEnrolment,
} from './two-factor.repository';

/** How long a shown QR code can be confirmed. */
const ENROLMENT_TTL_MS = 15 * 60 * 1000;

/** Step 1 of turning two-factor on: a new secret, shown as a QR code; nothing changes until step 2. */
export async function startTwoFactorSetup(ctx: AppContext, account: AccountRow): Promise<TwoFactorSetup> {
  if (account.totp_enabled_at) throw new AppError('TwoFactorAlreadyEnabled');
  await enforceAccountRateLimit(ctx, 'twoFactorSetup', account.id);
  const secret = newTotpSecret();
  await saveEnrolment(ctx.db, account.id, seal(ctx.totpKey, secret), ctx.clock());
  const uri = totpUri(secret, account.email, ctx.config.appName);
  return { secret, otpauth_uri: uri, qr_data_url: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/** Step 2: a code from the app proves it holds the secret; returns the recovery codes, shown once. */
export async function enableTwoFactor(
  ctx: AppContext,
  account: AccountRow,
  code: string,
): Promise<RecoveryCodes> {
  if (account.totp_enabled_at) throw new AppError('TwoFactorAlreadyEnabled');
  const attempt = await enforceAccountRateLimit(ctx, 'twoFactor', account.id);
  const now = ctx.clock();
  const enrolment = await findEnrolment(ctx.db, account.id);
  if (!enrolment || now.getTime() - enrolment.created_at.getTime() > ENROLMENT_TTL_MS) {
    throw new AppError('TwoFactorSetupMissing');
  }
  const step = matchingStep(unseal(ctx.totpKey, enrolment.secret_sealed), code, now);
  if (step === null) throw new AppError('TwoFactorCodeInvalid');
  const codes = newRecoveryCodes();
  const notice = await ctx.db.transaction().execute(async (trx) => {
    const enabled = await enableTotp(trx, {
      accountId: account.id,
      secretSealed: enrolment.secret_sealed,
      step,
      now,
      recoveryCodeHashes: codes.map((c) => recoveryCodeHash(ctx.totpKey, account.id, c)),
    });
    return enabled ? queueSecurityMail(trx, ctx, account, 'two_factor_on', { at: now }) : undefined;
  });
  if (notice === undefined) throw new AppError('TwoFactorAlreadyEnabled');
  await attempt.didNotCount();
  ctx.log.info({ event: 'security.2fa_enabled', accountId: account.id }, 'two-factor sign-in turned on');
  await sendQueuedMail(ctx, notice);
  return { recovery_codes: codes };
}

/**
 * New recovery codes, shown once; every old one stops working. Needs a current authenticator code (a
 * recovery code cannot make more of them), rate-limited like turning it off.
 */
export async function renewRecoveryCodes(
  ctx: AppContext,
  account: AccountRow,
  code: string,
): Promise<RecoveryCodes> {
  if (!account.totp_enabled_at || !account.totp_secret_sealed) throw new AppError('TwoFactorNotEnabled');
  const attempt = await enforceAccountRateLimit(ctx, 'twoFactor', account.id);
  const now = ctx.clock();
  const step = matchingStep(unseal(ctx.totpKey, account.totp_secret_sealed), code.trim(), now);
  if (step === null || !(await claimTotpStep(ctx.db, account.id, step))) {
    throw new AppError('TwoFactorCodeInvalid');
  }
  const codes = newRecoveryCodes();
  const hashes = codes.map((c) => recoveryCodeHash(ctx.totpKey, account.id, c));
  await ctx.db.transaction().execute((trx) => replaceRecoveryCodes(trx, account.id, hashes));
  await attempt.didNotCount();
  ctx.log.info({ event: 'security.2fa_recovery_renewed', accountId: account.id }, 'recovery codes renewed');
  return { recovery_codes: codes };
}

/** Turning it off needs the password (when the account has one) and a current code. */
export async function disableTwoFactor(
  ctx: AppContext,
  account: AccountRow,
  input: { password?: string | undefined; code: string },
): Promise<void> {
  if (!account.totp_enabled_at) throw new AppError('TwoFactorNotEnabled');
  const attempt = await enforceAccountRateLimit(ctx, 'twoFactor', account.id);
  const passwordOk =
    !account.password_hash ||
    (input.password !== undefined && (await verifyPassword(account.password_hash, input.password)));
  if (!passwordOk) throw new AppError('PasswordError');
  await verifySecondFactor(ctx, account, input.code);
  const notice = await ctx.db.transaction().execute(async (trx) => {
    await disableTotp(trx, account.id);
    return queueSecurityMail(trx, ctx, account, 'two_factor_off', { at: ctx.clock() });
  });
  await attempt.didNotCount();
  ctx.log.info({ event: 'security.2fa_disabled', accountId: account.id }, 'two-factor sign-in turned off');
  await sendQueuedMail(ctx, notice);
}

/**
 * Accepts a current authenticator code (once per time step) or an unused recovery code (once), or
 * fails with TwoFactorCodeInvalid. Callers count the attempt first.
 */
export async function verifySecondFactor(
  ctx: AppContext,
  account: Pick<AccountRow, 'id' | 'totp_secret_sealed'>,
  code: string,
): Promise<'authenticator' | 'recovery'> {
  if (!account.totp_secret_sealed) throw new AppError('TwoFactorNotEnabled');
  const now = ctx.clock();
  if (looksLikeRecoveryCode(code)) {
    const hash = recoveryCodeHash(ctx.totpKey, account.id, code);
    if (await claimRecoveryCode(ctx.db, account.id, hash, now)) {
      ctx.log.info({ event: 'security.2fa_recovery_code_used', accountId: account.id }, 'recovery code used');
      return 'recovery';
    }
    throw new AppError('TwoFactorCodeInvalid');
  }
  const step = matchingStep(unseal(ctx.totpKey, account.totp_secret_sealed), code.trim(), now);
  if (step === null || !(await claimTotpStep(ctx.db, account.id, step))) {
    throw new AppError('TwoFactorCodeInvalid');
  }
  return 'authenticator';
}

export function unusedRecoveryCodes(ctx: AppContext, accountId: number): Promise<number> {
  return recoveryCodesLeft(ctx.db, accountId);
}
