import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sha256Hex } from '../../lib/crypto';
import {
  accountRateLimits,
  rateLimits,
  type AccountRateLimitedAction,
  type Limit,
  type RateLimitedAction,
} from './limits';
import { countHit, deleteWindowsBefore } from './rate-limit.repository';

const CLEANUP_EVERY_MS = 10 * 60 * 1000;
let lastCleanup = 0;

/**
 * Counts this attempt against the IP and the email buckets of `action`; over either limit the
 * request fails with TooManyRequests (HTTP 429) and says when to retry. Emails are hashed in keys.
 */
export async function enforceRateLimit(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  action: RateLimitedAction,
  subject: { ip: string; email?: string },
): Promise<void> {
  if (!ctx.config.rateLimitEnabled) return;
  const now = ctx.clock();
  const limits = rateLimits[action];
  const checks: [string, Limit][] = [[`${action}:ip:${subject.ip}`, limits.ip]];
  if (subject.email) checks.push([`${action}:email:${sha256Hex(subject.email)}`, limits.email]);
  await enforce(ctx, now, checks);
}

/** Counts this attempt against the account's bucket of `action` (429 over the limit, as above). */
export async function enforceAccountRateLimit(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  action: AccountRateLimitedAction,
  accountId: number,
): Promise<void> {
  if (!ctx.config.rateLimitEnabled) return;
  await enforce(ctx, ctx.clock(), [[`${action}:account:${accountId}`, accountRateLimits[action]]]);
}

async function enforce(ctx: Pick<AppContext, 'db'>, now: Date, checks: [string, Limit][]): Promise<void> {
  let retryAfter = 0;
  for (const [bucket, limit] of checks) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const hits = await countHit(ctx.db, bucket, windowStart);
    if (hits > limit.limit) {
      retryAfter = Math.max(retryAfter, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    }
  }
  await maybeCleanup(ctx, now);
  if (retryAfter > 0) {
    throw new AppError(
      'TooManyRequests',
      { minutes: Math.ceil(retryAfter / 60) },
      { retry_after_seconds: retryAfter },
    );
  }
}

async function maybeCleanup(ctx: Pick<AppContext, 'db'>, now: Date): Promise<void> {
  if (now.getTime() - lastCleanup < CLEANUP_EVERY_MS) return;
  lastCleanup = now.getTime();
  await deleteWindowsBefore(ctx.db, new Date(now.getTime() - 24 * 3600 * 1000));
}
