/**
 * Anti-automation limits (ASVS 2.4.1, 6.3.1), per client IP and per email, in fixed windows.
 * Attempts count whether they succeed or not, so the limiter itself reveals nothing about an account.
 * Documented in docs/decisions/005-rate-limits.md; tests read these numbers rather than repeating them.
 */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

export const rateLimits = {
  login: { ip: { limit: 30, windowSeconds: 900 }, email: { limit: 10, windowSeconds: 900 } },
  signup: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 5, windowSeconds: 3600 } },
  forgetPwd: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 3, windowSeconds: 3600 } },
  resendActivation: { ip: { limit: 10, windowSeconds: 3600 }, email: { limit: 3, windowSeconds: 3600 } },
} as const satisfies Record<string, { ip: Limit; email: Limit }>;

export type RateLimitedAction = keyof typeof rateLimits;

/**
 * Per-account limits on what a signed-in customer can repeat, where the client IP is no key: the
 * portal's proxy test connects to the gateway from the server's own address for every customer, so
 * only the account tells them apart (decision 018). Counted whether the test passes or not.
 */
export const accountRateLimits = {
  proxyTest: { limit: 10, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

export type AccountRateLimitedAction = keyof typeof accountRateLimits;
