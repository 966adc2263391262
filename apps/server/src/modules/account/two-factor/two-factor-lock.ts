import { accountLinks } from '@resiport/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/database';
import { AppError } from '../../../errors';
import { addSeconds } from '../../../lib/clock';
import { randomToken, sha256Hex } from '../../../lib/crypto';
import { consumeLink, insertLink } from '../account-link.repository';
import type { AccountRow } from '../account.repository';
import { queueMail, sendQueuedMail } from '../../mail/mail-queue.service';
import { twoFactorLockedMail } from '../security-mail';

/**
 * Wrong codes in a row at sign-in's second step before it stops (decision 050). The rate limits
 * (sign-in.service.ts) slow guessing; this ends it: 10 guesses of 10^6 codes, then only a recovery
 * code or the owner's mailbox gets past.
 */
export const TWO_FACTOR_MAX_FAILURES = 10;

/**
 * Takes one of the account's attempts before its code is checked, in one statement, so parallel
 * guesses cannot all be checked against the state before a lock: the failures so far with this one,
 * or undefined when the account is locked or its last attempt is already taken.
 */
export async function takeTwoFactorAttempt(db: Executor, accountId: number): Promise<number | undefined> {
  const taken = await db
    .updateTable('accounts')
    .set({ two_factor_failures: sql`two_factor_failures + 1` })
    .where('id', '=', accountId)
    .where('two_factor_locked_at', 'is', null)
    .where('two_factor_failures', '<', TWO_FACTOR_MAX_FAILURES)
    .returning('two_factor_failures')
    .executeTakeFirst();
  return taken?.two_factor_failures;
}

/**
 * An attempt that failed for another reason than a wrong code (the check itself failed, 2FA was
 * turned off meanwhile): no code was guessed, so it gives its attempt back.
 */
export async function giveBackTwoFactorAttempt(db: Executor, accountId: number): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ two_factor_failures: sql`two_factor_failures - 1` })
    .where('id', '=', accountId)
    .where('two_factor_locked_at', 'is', null)
    .where('two_factor_failures', '>', 0)
    .execute();
}

/** A right code: the count starts again, and a lock (from a guesser) ends. */
export async function clearTwoFactorFailures(db: Executor, accountId: number): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ two_factor_failures: 0, two_factor_locked_at: null })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('two_factor_failures', '>', 0), eb('two_factor_locked_at', 'is not', null)]))
    .execute();
}

/**
 * The attempt `failures` was wrong. The last one allowed locks the account and mails the owner a
 * link that unlocks it, and answers TwoFactorLocked instead of a plain wrong code.
 */
export async function lockIfLastAttempt(
  ctx: AppContext,
  account: AccountRow,
  failures: number,
): Promise<void> {
  if (failures < TWO_FACTOR_MAX_FAILURES) return;
  const now = ctx.clock();
  const ttl = ctx.config.links.resetTtl;
  // The lock, its unlock link and the mail that carries it commit together (decision 051).
  const notice = await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('accounts')
      .set({ two_factor_locked_at: now })
      .where('id', '=', account.id)
      .where('two_factor_locked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!locked) return undefined;
    const token = randomToken();
    await insertLink(trx, {
      accountId: account.id,
      purpose: 'unlock_2fa',
      tokenHash: sha256Hex(token),
      expiresAt: addSeconds(now, ttl),
    });
    const link = `${ctx.config.publicUrl}/api${accountLinks.unlockTwoFactor.path}?token=${token}`;
    const facts = { link, ttlSeconds: ttl, failures: TWO_FACTOR_MAX_FAILURES, at: now };
    const mail = twoFactorLockedMail(account, facts, ctx.config.appName);
    return queueMail(trx, { accountId: account.id, kind: 'security.two_factor_locked', mail, at: now });
  });
  if (notice === undefined) return;
  ctx.log.warn({ event: 'security.2fa_locked', accountId: account.id }, 'two-factor sign-in locked');
  await sendQueuedMail(ctx, notice);
  throw new AppError('TwoFactorLocked');
}

/** The mailed link: unlocks the second step (the password is still needed); false for a spent or unknown link. */
export async function unlockTwoFactor(ctx: AppContext, token: string): Promise<boolean> {
  const accountId = await consumeLink(ctx.db, 'unlock_2fa', sha256Hex(token), ctx.clock());
  if (accountId === undefined) return false;
  await clearTwoFactorFailures(ctx.db, accountId);
  ctx.log.info(
    { event: 'security.2fa_unlocked', accountId },
    'two-factor sign-in unlocked by the mailed link',
  );
  return true;
}
