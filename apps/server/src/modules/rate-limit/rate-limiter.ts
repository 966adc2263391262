import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sha256Hex } from '../../lib/crypto';
import {
  accountRateLimits,
  ipRateLimits,
  rateLimits,
  type AccountRateLimitedAction,
  type IpRateLimitedAction,
  type Limit,
  type RateLimitedAction,
} from './limits';
import { countHit, deleteWindowsBefore, refundHit } from './rate-limit.repository';

type LimiterContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

const CLEANUP_EVERY_MS = 10 * 60 * 1000;
let lastCleanup = 0;

/** A hit counted in one bucket's window, so it can be taken back. */
export interface CountedHit {
  bucket: string;
  windowStart: Date;
}

/**
 * The hits one allowed attempt counted. Limits that count failures only call `didNotCount()` on
 * success: counting first and refunding after (rather than checking after the outcome) keeps the
 * bound exact when many attempts run at once.
 */
export class CountedAttempt {
  /** For when limits are off: nothing was counted, so nothing is taken back. */
  static readonly none = new CountedAttempt(null, []);

  constructor(
    private readonly ctx: Pick<AppContext, 'db'> | null,
    private readonly hits: readonly CountedHit[],
  ) {}

  async didNotCount(): Promise<void> {
    if (!this.ctx) return;
    for (const { bucket, windowStart } of this.hits) await refundHit(this.ctx.db, bucket, windowStart);
  }

  /** This attempt and `other` as one: taking it back takes back both. */
  with(other: CountedAttempt): CountedAttempt {
    return new CountedAttempt(this.ctx ?? other.ctx, [...this.hits, ...other.hits]);
  }
}

/** Emails and other personal keys are hashed in bucket names. */
export function keyOf(value: string): string {
  return sha256Hex(value).slice(0, 32);
}

/**
 * Counts this attempt against the (IP, email), email and IP buckets of `action`; over any limit the
 * request fails with TooManyRequests (HTTP 429) and says when to retry.
 */
export async function enforceRateLimit(
  ctx: LimiterContext,
  action: RateLimitedAction,
  subject: { ip: string; email: string },
): Promise<void> {
  if (!ctx.config.rateLimitEnabled) return;
  const limits = rateLimits[action];
  const email = keyOf(subject.email);
  await countOrRefuse(ctx, [
    [`${action}:ip-email:${subject.ip}:${email}`, limits.ipEmail],
    [`${action}:email:${email}`, limits.email],
    [`${action}:ip:${subject.ip}`, limits.ip],
  ]);
}

/** Counts this attempt against the client IP's bucket of `action` (429 over the limit). */
export async function enforceIpRateLimit(
  ctx: LimiterContext,
  action: IpRateLimitedAction,
  ip: string,
): Promise<void> {
  if (!ctx.config.rateLimitEnabled) return;
  await countOrRefuse(ctx, [[`${action}:ip:${ip}`, ipRateLimits[action]]]);
}

/** Counts this attempt against the account's bucket of `action` (429 over the limit, as above). */
export async function enforceAccountRateLimit(
  ctx: LimiterContext,
  action: AccountRateLimitedAction,
  accountId: number,
): Promise<CountedAttempt> {
  if (!ctx.config.rateLimitEnabled) return CountedAttempt.none;
  return countOrRefuse(ctx, [[`${action}:account:${accountId}`, accountRateLimits[action]]]);
}

/**
 * Counts a hit in each bucket in turn. Over a limit, the hits already counted for this attempt are
 * taken back (a refused attempt spends nothing) and the attempt is refused.
 */
export async function countOrRefuse(
  ctx: LimiterContext,
  checks: readonly (readonly [string, Limit])[],
): Promise<CountedAttempt> {
  const now = ctx.clock();
  const counted: CountedHit[] = [];
  for (const [bucket, limit] of checks) {
    const { windowStart, endsAtMs } = windowOf(now, limit.windowSeconds);
    const hits = await countHit(ctx.db, bucket, windowStart);
    if (hits > limit.limit) {
      await new CountedAttempt(ctx, counted).didNotCount();
      throw tooManyRequests(Math.ceil((endsAtMs - now.getTime()) / 1000));
    }
    counted.push({ bucket, windowStart });
  }
  await maybeCleanup(ctx, now);
  return new CountedAttempt(ctx, counted);
}

export function windowOf(now: Date, windowSeconds: number): { windowStart: Date; endsAtMs: number } {
  const windowMs = windowSeconds * 1000;
  const startMs = Math.floor(now.getTime() / windowMs) * windowMs;
  return { windowStart: new Date(startMs), endsAtMs: startMs + windowMs };
}

/** 429 with Retry-After; the message says seconds for short waits, minutes otherwise. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  return new AppError(
    'TooManyRequests',
    { minutes: Math.ceil(seconds / 60), seconds },
    { retry_after_seconds: seconds },
    seconds < 60 ? 'TooManyRequestsSeconds' : undefined,
  );
}

async function maybeCleanup(ctx: Pick<AppContext, 'db'>, now: Date): Promise<void> {
  if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS) return;
  lastCleanup = now.getTime();
  await deleteWindowsBefore(ctx.db, new Date(now.getTime() - 24 * 3600 * 1000));
}
