import type { AppContext } from '../../context';
import { signInLimits } from './limits';
import { countHit } from './rate-limit.repository';
import { countOrRefuse, CountedAttempt, keyOf, windowOf } from './rate-limiter';

export interface SignInSubject {
  ip: string;
  /** The email typed (the account's key whether or not it exists). */
  email: string;
  /** The account has signed in from this address before (`hasSignedInFrom`, within `knownSourceDays`). */
  knownSource: boolean;
}

/**
 * Counts a sign-in attempt (password, or a two-factor code) before it is checked; the caller calls
 * `didNotCount()` when it succeeds, so only failures count. Refuses (429) when this address has
 * failed too often for this account or for accounts in general, or — for addresses the account
 * never signed in from — when the account is under distributed guessing and its next attempt is
 * not due yet (a wait of seconds: a stranger can slow the owner down, never lock them out).
 */
export async function countSignInAttempt(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  subject: SignInSubject,
): Promise<CountedAttempt> {
  if (!ctx.config.rateLimitEnabled) return CountedAttempt.none;
  const account = keyOf(subject.email);
  const failures = `login:account:${account}`;
  const byAddress = await countOrRefuse(ctx, [
    [`login:ip-account:${subject.ip}:${account}`, signInLimits.ipAccount],
    [`login:ip:${subject.ip}`, signInLimits.ip],
  ]);
  // This attempt's place among the account's failures in the window, counted before anything is
  // checked: concurrent guesses each get their own place, so the free ones cannot all slip through.
  const { windowStart } = windowOf(ctx.clock(), signInLimits.accountWindowSeconds);
  const place = await countHit(ctx.db, failures, windowStart);
  const attempt = byAddress.with(new CountedAttempt(ctx, [{ bucket: failures, windowStart }]));
  const spacing = subject.knownSource ? 0 : spacingSeconds(place);
  if (spacing > 0) {
    const slot = { limit: 1, windowSeconds: spacing };
    await countOrRefuse(ctx, [[`login:account-slot:${account}`, slot]]).catch(async (error: unknown) => {
      await attempt.didNotCount();
      throw error;
    });
  }
  return attempt;
}

/** Seconds between attempts once `place` failures are counted in the window (0: not spaced). */
function spacingSeconds(place: number): number {
  let spacing = 0;
  for (const [atLeast, seconds] of signInLimits.spacing) if (place > atLeast) spacing = seconds;
  return spacing;
}
