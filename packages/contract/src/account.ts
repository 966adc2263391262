import { z } from 'zod';
import { serverLangSchema } from './locale';
import {
  emailSchema,
  linkTokenSchema,
  loginPasswordSchema,
  newPasswordSchema,
  requiredString,
  withConfirmation,
} from './rules';

/** Auth and account calls (spec §7). Paths are relative to `/api`. */

export const sessionSchema = z.object({
  jwt_token: z.string(),
  /** Unix seconds after which the client should call /user/refreshToken (soft expiry, design §5). */
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
 * `access.name` is `dontHaveAccess` for customers and the role name otherwise (spec §6 `canSeeAdmin`).
 * A plain string on the wire, so an older client never rejects a role added later.
 */
export const NO_ACCESS = 'dontHaveAccess';
export const OPERATOR_ACCESS = 'operator';

export const userInfoData = z.object({
  id: z.number().int(),
  email: z.string(),
  balance_cents: z.number().int(),
  traffic_left_bytes: z.number().int(),
  traffic_used_bytes: z.number().int(),
  lang: serverLangSchema,
  has_api_token: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
  access: z.object({ name: z.string() }),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const accountPaths = {
  login: '/account/login',
  signup: '/account/signup',
  resendActivation: '/account/resendActivation',
  activate: '/account/activate',
  forgetPwd: '/account/forgetPwd',
  resetPwd: '/account/resetPwd',
  googleStart: '/account/ggoauth',
  googleCallback: '/account/ggoauth/callback',
  yandexStart: '/account/yandexoauth',
  yandexCallback: '/account/yandexoauth/callback',
  oauthLogin: '/account/oauthLogin',
  oauthProviders: '/account/oauthProviders',
  userInfo: '/user/info',
  refreshToken: '/user/refreshToken',
  changePassword: '/user/changepwd',
  genToken: '/user/genToken',
  setLang: '/user/setlang',
} as const;

/** Query flags the activation endpoint adds when it redirects the browser to the sign-in page. */
export const activationResult = { ok: 'activated', invalid: 'invalid' } as const;
