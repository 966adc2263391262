import type { AppContext } from '../../context';
import { signInLimits } from './limits';
import { hitsIn } from './rate-limit.repository';
import { countOrRefuse, CountedAttempt, keyOf, windowOf } from './rate-limiter';

export interface SignInSubject {
  ip: string;
  /** The email typed (the account's key whether or not it exists). */
  email: string;
  /** The account has signed in from this address before (see `isKnownSignInSource`). */
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
  if (!subject.knownSource) {
    const spacing = await spacingSeconds(ctx, failures);
    if (spacing > 0) {
      await countOrRefuse(ctx, [
        [`login:account-slot:${account}`, { limit: 1, windowSeconds: spacing }],
      ]).catch(async (error: unknown) => {
        await byAddress.didNotCount();
        throw error;
      });
    }
  }
  // The per-account count only ever spaces attempts out, so it has no limit to refuse at.
  const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowSeconds: signInLimits.accountWindowSeconds };
  const byAccount = await countOrRefuse(ctx, [[failures, unlimited]]);
  return byAddress.with(byAccount);
}

async function spacingSeconds(ctx: Pick<AppContext, 'db' | 'clock'>, bucket: string): Promise<number> {
  const { windowStart } = windowOf(ctx.clock(), signInLimits.accountWindowSeconds);
  const failures = await hitsIn(ctx.db, bucket, windowStart);
  let spacing = 0;
  for (const [atLeast, seconds] of signInLimits.spacing) if (failures >= atLeast) spacing = seconds;
  return spacing;
}
