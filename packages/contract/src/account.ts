import { z } from 'zod';
import { defineEndpoint, defineLink, noInput } from './endpoint';
import { serverLangSchema } from './locale';
import {
  emailSchema,
  linkTokenSchema,
  loginPasswordSchema,
  newPasswordSchema,
  requiredString,
  withConfirmation,
} from './rules';
import { twoFactorChallengeData, twoFactorLoginBody } from './security';
import { subaccountsTrafficFields } from './subaccounts';

/** Auth and account calls (docs/product.md#account). Paths are relative to `/api`. */

export const sessionSchema = z.object({
  jwt_token: z.string(),
  /** Unix seconds after which the client should call /user/refreshToken (soft expiry, docs/architecture.md#sessions). */
  expire_at: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginBody = z.object({ email: emailSchema, password: loginPasswordSchema });
export const signupBody = withConfirmation(
  z.object({
    email: emailSchema,
    password: newPasswordSchema,
    confirm: requiredString(),
    lang: serverLangSchema.optional(),
  }),
);
export const emailBody = z.object({ email: emailSchema });
export const resetPasswordBody = withConfirmation(
  z.object({ token: linkTokenSchema, password: newPasswordSchema, confirm: requiredString() }),
);
export const linkTokenQuery = z.object({ token: z.string().max(256).optional() });
/** A reset link's token as the page found it in its URL: checked, never refused for its shape. */
export const resetLinkCheckBody = z.object({ token: z.string().max(256) });
/** What opening a reset link finds: `valid` shows the form, the others say why it cannot be used. */
export const resetLinkStates = ['valid', 'used', 'expired', 'invalid'] as const;
export const resetLinkCheckData = z.object({
  state: z.enum(resetLinkStates),
  /** When a `valid` link stops working (ISO, UTC); null otherwise. */
  expires_at: z.string().nullable(),
});
export type ResetLinkCheck = z.infer<typeof resetLinkCheckData>;
export const oauthStartQuery = z.object({
  /** Client path to resume after sign-in (must start with `/`; anything else is ignored). */
  redirect: z.string().max(512).optional(),
});
export const oauthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});
export const oauthLoginBody = z.object({ code: requiredString().max(128) });
export const oauthProvidersData = z.object({ google: z.boolean(), yandex: z.boolean() });
export type OAuthProviders = z.infer<typeof oauthProvidersData>;

export const changePasswordBody = withConfirmation(
  z.object({ old_password: loginPasswordSchema, password: newPasswordSchema, confirm: requiredString() }),
).refine((v) => v.password !== v.old_password, { error: 'validation.passwordUnchanged', path: ['password'] });
export const setLangBody = z.object({ lang: serverLangSchema });
export const apiTokenData = z.object({
  /** Shown once; only its hash is stored. */
  api_token: z.string(),
});

/**
 * `access.name` is `dontHaveAccess` for customers and the role name otherwise (`canSeeAdmin`, docs/product.md#can-see-admin).
 * A plain string on the wire, so an older client never rejects a role added later.
 */
export const NO_ACCESS = 'dontHaveAccess';
export const OPERATOR_ACCESS = 'operator';

export const userInfoData = z.object({
  id: z.number().int(),
  email: z.string(),
  balance_cents: z.number().int(),
  /** The main account's own traffic left: what it can still allocate or use through whitelisted IPs. */
  traffic_left_bytes: z.number().int(),
  traffic_used_bytes: z.number().int(),
  ...subaccountsTrafficFields,
  lang: serverLangSchema,
  has_api_token: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
  /**
   * docs/product.md#can-see-admin: admin visibility needs the name to exist, so an access object (or, from an older
   * cache, no object) without a name is a valid answer: a customer, not a broken one.
   */
  access: z.object({ name: z.string().optional() }).optional(),
});
export type UserInfo = z.infer<typeof userInfoData>;

/** Auth and account calls (docs/product.md#account). */
export const accountEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/account/login',
    auth: 'public',
    request: loginBody,
    response: sessionSchema,
    passThrough: { TwoFactorRequired: twoFactorChallengeData },
  }),
  /** The second sign-in step when two-factor is on: the ticket from the first and a code. */
  twoFactorLogin: defineEndpoint({
    method: 'POST',
    path: '/account/login2fa',
    auth: 'public',
    request: twoFactorLoginBody,
    response: sessionSchema,
  }),
  signup: defineEndpoint({
    method: 'POST',
    path: '/account/signup',
    auth: 'public',
    request: signupBody,
    response: z.null(),
  }),
  resendActivation: defineEndpoint({
    method: 'POST',
    path: '/account/resendActivation',
    auth: 'public',
    request: emailBody,
    response: z.null(),
  }),
  forgetPwd: defineEndpoint({
    method: 'POST',
    path: '/account/forgetPwd',
    auth: 'public',
    request: emailBody,
    response: z.null(),
  }),
  resetPwd: defineEndpoint({
    method: 'POST',
    path: '/account/resetPwd',
    auth: 'public',
    request: resetPasswordBody,
    response: z.null(),
  }),
  /**
   * Whether a reset link can still be used, asked when its page opens (spec: "not shown"). POST so
   * the token stays out of URLs and access logs; a used or expired link is an answer, not an error.
   */
  checkResetLink: defineEndpoint({
    method: 'POST',
    path: '/account/checkResetLink',
    auth: 'public',
    request: resetLinkCheckBody,
    response: resetLinkCheckData,
  }),
  /** Exchanges the one-time code the OAuth callback put in the sign-in page's URL. */
  oauthLogin: defineEndpoint({
    method: 'POST',
    path: '/account/oauthLogin',
    auth: 'public',
    request: oauthLoginBody,
    response: sessionSchema,
    passThrough: { TwoFactorRequired: twoFactorChallengeData },
  }),
  oauthProviders: defineEndpoint({
    method: 'GET',
    path: '/account/oauthProviders',
    auth: 'public',
    request: noInput,
    response: oauthProvidersData,
  }),
  userInfo: defineEndpoint({
    method: 'GET',
    path: '/user/info',
    auth: 'account',
    readOnly: true,
    request: noInput,
    response: userInfoData,
  }),
  refreshToken: defineEndpoint({
    method: 'GET',
    path: '/user/refreshToken',
    auth: 'session',
    request: noInput,
    response: sessionSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/user/changepwd',
    auth: 'session',
    request: changePasswordBody,
    response: sessionSchema,
  }),
  genToken: defineEndpoint({
    method: 'POST',
    path: '/user/genToken',
    auth: 'session',
    request: noInput,
    response: apiTokenData,
  }),
  setLang: defineEndpoint({
    method: 'POST',
    path: '/user/setlang',
    auth: 'account',
    request: setLangBody,
    response: z.null(),
  }),
};

/** Browser navigations of sign-up and social sign-in: each answers a redirect. */
export const accountLinks = {
  /** The link in the activation mail; redirects to the sign-in page with `activation=…`. */
  activate: defineLink({ method: 'GET', path: '/account/activate', auth: 'public', request: linkTokenQuery }),
  /** The link in the "too many wrong codes" mail; redirects to the sign-in page with `unlock=ok|invalid`. */
  unlockTwoFactor: defineLink({
    method: 'GET',
    path: '/account/unlock2fa',
    auth: 'public',
    request: linkTokenQuery,
  }),
  googleStart: defineLink({
    method: 'GET',
    path: '/account/ggoauth',
    auth: 'public',
    request: oauthStartQuery,
  }),
  googleCallback: defineLink({
    method: 'GET',
    path: '/account/ggoauth/callback',
    auth: 'public',
    request: oauthCallbackQuery,
  }),
  yandexStart: defineLink({
    method: 'GET',
    path: '/account/yandexoauth',
    auth: 'public',
    request: oauthStartQuery,
  }),
  yandexCallback: defineLink({
    method: 'GET',
    path: '/account/yandexoauth/callback',
    auth: 'public',
    request: oauthCallbackQuery,
  }),
};

/** Query flags the activation endpoint adds when it redirects the browser to the sign-in page. */
export const activationResult = {
  ok: 'activated',
  /** The link was already used (mail scanners open links first) and its account is active: sign in. */
  alreadyActive: 'already-active',
  invalid: 'invalid',
} as const;
