/**
 * Anti-automation limits (ASVS 2.2.1, 2.4.1), in fixed windows, stored in PostgreSQL so every API
 * process shares them. Keyed so a stranger cannot spend the owner's budget: the tight limit is per
 * (client IP, email); the per-email limit is loose; the per-IP limit stops spraying. Documented in
 * docs/decisions/005-rate-limits.md and 021-account-security.md; tests read these numbers.
 */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

export const rateLimits = {
  signup: {
    ipEmail: { limit: 5, windowSeconds: 3600 },
    email: { limit: 20, windowSeconds: 3600 },
    ip: { limit: 10, windowSeconds: 3600 },
  },
  forgetPwd: {
    ipEmail: { limit: 3, windowSeconds: 3600 },
    email: { limit: 10, windowSeconds: 3600 },
    ip: { limit: 10, windowSeconds: 3600 },
  },
  resendActivation: {
    ipEmail: { limit: 3, windowSeconds: 3600 },
    email: { limit: 10, windowSeconds: 3600 },
    ip: { limit: 10, windowSeconds: 3600 },
  },
} as const satisfies Record<string, { ipEmail: Limit; email: Limit; ip: Limit }>;

export type RateLimitedAction = keyof typeof rateLimits;

/**
 * Public calls that name no account, counted per client IP: checking a reset link when its page
 * opens (a link's token cannot be guessed, but nobody needs hundreds of checks an hour).
 */
export const ipRateLimits = {
  checkResetLink: { limit: 30, windowSeconds: 3600 },
} as const satisfies Record<string, Limit>;

export type IpRateLimitedAction = keyof typeof ipRateLimits;

/**
 * Sign-in (sign-in-throttle.ts). Only failures count. One address guessing one account is refused
 * after `ipAccount`; one address spraying accounts after `ip`. Failures on one account from
 * everywhere (distributed guessing) beyond the first `spacing` step space its attempts out: one per `spacing`
 * seconds, growing with the failures — a short wait, never a lockout — and addresses the account
 * signed in from before are not spaced at all.
 */
export const signInLimits = {
  ipAccount: { limit: 10, windowSeconds: 900 },
  ip: { limit: 100, windowSeconds: 900 },
  /** The window failures on one account are counted in, from every address. */
  accountWindowSeconds: 900,
  /** [failures on the account in the window, at least; seconds between its attempts] */
  spacing: [
    [20, 2],
    [100, 5],
    [300, 10],
  ],
  /** How long an address the account signed in from stays trusted. */
  knownSourceDays: 90,
} as const;

/**
 * Per-account limits on what a signed-in customer can repeat. The portal's proxy test connects to
 * the gateway from the server's own address for every customer, so only the account tells callers
 * apart there (decision 018). `changePassword` and `twoFactor` count failed attempts only.
 */
export const accountRateLimits = {
  proxyTest: { limit: 10, windowSeconds: 60 },
  changePassword: { limit: 10, windowSeconds: 900 },
  genToken: { limit: 10, windowSeconds: 3600 },
  cryptomusPay: { limit: 10, windowSeconds: 600 },
  twoFactor: { limit: 10, windowSeconds: 900 },
  twoFactorSetup: { limit: 10, windowSeconds: 3600 },
  alertTest: { limit: 5, windowSeconds: 600 },
  // A PDF takes tens of ms of the event loop to draw (the gateway shares it): a person needs a few.
  receiptPdf: { limit: 20, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

export type AccountRateLimitedAction = keyof typeof accountRateLimits;

/** Codes at sign-in's second step (sign-in.service.ts): failures only, 10^6 codes to guess from. */
export const twoFactorSignInLimits = {
  challenge: { limit: 5, windowSeconds: 300 },
  ipAccount: { limit: 10, windowSeconds: 900 },
  account: { limit: 30, windowSeconds: 900 },
} as const satisfies Record<string, Limit>;
