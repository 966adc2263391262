import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint';
import { loginPasswordSchema, requiredString } from './rules';

/** Account security calls (decision 021): two-factor sign-in, sessions, developer token. */

/** A 6-digit authenticator code, or a recovery code (`xxxxx-xxxxx`, the dash optional). */
export const twoFactorCodeSchema = z
  .string({ error: 'validation.twoFactorCode' })
  .trim()
  .regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i, { error: 'validation.twoFactorCode' });
export const authenticatorCodeSchema = z
  .string({ error: 'validation.authenticatorCode' })
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.authenticatorCode' });

/** `data` of a TwoFactorRequired answer to a sign-in: the second step's ticket. */
export const twoFactorChallengeData = z.object({
  challenge: z.string(),
  /** Unix seconds; after it the password (or provider) step must be done again. */
  expires_at: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeData>;

export const twoFactorLoginBody = z.object({
  challenge: requiredString().max(2048),
  code: twoFactorCodeSchema,
});

export const twoFactorSetupData = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The same URI as a PNG data URL. */
  qr_data_url: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupData>;

export const twoFactorEnableBody = z.object({ code: authenticatorCodeSchema });
export const recoveryCodesData = z.object({
  /** Shown once; only their hashes are stored. Each works once. */
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesData>;

/** Turning two-factor off needs the password (when the account has one) and a current code. */
export const twoFactorDisableBody = z.object({
  password: loginPasswordSchema.optional(),
  code: twoFactorCodeSchema,
});

export const signInMethods = ['password', 'google', 'yandex'] as const;
export type SignInMethod = (typeof signInMethods)[number];

export const apiTokenRevocations = [
  'regenerated',
  'password_changed',
  'password_reset',
  'signed_out_everywhere',
  /** An operator signed the customer out everywhere from the console (docs/product.md#operator-console). */
  'operator_revoked',
] as const;
export type ApiTokenRevocation = (typeof apiTokenRevocations)[number];

export const sessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  method: z.enum(signInMethods),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const securityData = z.object({
  two_factor_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  api_token: z.object({ created_at: z.string().nullable(), last_used_at: z.string().nullable() }).nullable(),
  /** With no active token: why and when the last one stopped working, so the settings page can say so. */
  api_token_revoked: z.object({ reason: z.enum(apiTokenRevocations), revoked_at: z.string() }).nullable(),
  sessions: z.array(sessionInfoSchema),
});
export type SecurityOverview = z.infer<typeof securityData>;

export const sessionIdBody = z.object({ id: requiredString().max(64) });

/**
 * Account security (decision 021): every call needs a person's session, never the developer token.
 * The second sign-in step, `/account/login2fa`, is with the sign-in calls in account.ts.
 */
export const securityEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/user/security',
    auth: 'session',
    request: noInput,
    response: securityData,
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/user/2fa/setup',
    auth: 'session',
    request: noInput,
    response: twoFactorSetupData,
  }),
  twoFactorEnable: defineEndpoint({
    method: 'POST',
    path: '/user/2fa/enable',
    auth: 'session',
    request: twoFactorEnableBody,
    response: recoveryCodesData,
  }),
  /** New recovery codes for the old ones (all of which stop working), for a current authenticator code. */
  recoveryCodesRenew: defineEndpoint({
    method: 'POST',
    path: '/user/2fa/recovery',
    auth: 'session',
    request: twoFactorEnableBody,
    response: recoveryCodesData,
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/user/2fa/disable',
    auth: 'session',
    request: twoFactorDisableBody,
    response: z.null(),
  }),
  revokeSession: defineEndpoint({
    method: 'POST',
    path: '/user/sessions/revoke',
    auth: 'session',
    request: sessionIdBody,
    response: z.null(),
  }),
  /** Ends the session that calls it: its token stops working at once and leaves the sessions list. */
  signOut: defineEndpoint({
    method: 'POST',
    path: '/user/signout',
    auth: 'session',
    request: noInput,
    response: z.null(),
  }),
  signOutEverywhere: defineEndpoint({
    method: 'POST',
    path: '/user/sessions/revokeAll',
    auth: 'session',
    request: noInput,
    response: z.null(),
  }),
};
