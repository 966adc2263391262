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
  const steps = subject.knownSource ? [] : spacingSteps(place);
  if (steps.length > 0) {
    // One slot per step reached, each in its own window: a burst whose places straddle a step cannot
    // take the 2 s slot and the 5 s slot at once (its attempts would then outpace the smaller step).
    const slots = steps.map(
      (seconds) =>
        [`login:account-slot:${seconds}:${account}`, { limit: 1, windowSeconds: seconds }] as const,
    );
    await countOrRefuse(ctx, slots).catch(async (error: unknown) => {
      await attempt.didNotCount();
      throw error;
    });
  }
  return attempt;
}

/**
 * The spacing steps (seconds between attempts) reached once `place` failures are counted in the
 * window, smallest first; empty while not spaced.
 */
function spacingSteps(place: number): number[] {
  return signInLimits.spacing.filter(([atLeast]) => place > atLeast).map(([, seconds]) => seconds);
}
