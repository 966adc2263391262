import type { ServerLang } from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { addSeconds } from '../../../lib/clock';
import { randomToken, sha256Hex } from '../../../lib/crypto';
import { consumeLink, insertLink, revokeLinks } from '../account-link.repository';
import {
  activateAccount,
  findAccountById,
  insertAccount,
  lockAccountByEmail,
  updatePendingAccount,
} from '../account.repository';
import type { ClientInfo } from '../session/session.service';
import { finishSignIn, type SignInResult } from '../sign-in.service';
import { authorizationUrl, fetchProfile } from './oauth-client';
import {
  deleteExpiredStates,
  findIdentityAccountId,
  insertIdentity,
  insertState,
  takeState,
} from './oauth.repository';
import { callbackUrl, providerConfig, type OAuthProfile, type ProviderName } from './providers';

const STATE_TTL_SECONDS = 600;
const LOGIN_CODE_TTL_SECONDS = 120;

/** A client path to resume after sign-in; anything that is not a plain local path is dropped. */
export function safeRedirectPath(value: string | undefined): string | null {
  return value && /^\/(?![/\\])[\w\-./?=&%]*$/.test(value) ? value : null;
}

/**
 * Starts the authorization-code flow: a random state and PKCE verifier are stored (hashed state),
 * and bound to this browser by a random cookie value, so a callback from another browser fails.
 */
export async function startOAuth(
  ctx: AppContext,
  provider: ProviderName,
  redirect: string | undefined,
): Promise<{ url: string; browserBinding: string }> {
  const settings = providerConfig(ctx.config, provider);
  if (!settings) throw new AppError('OAuthUnavailable');
  const state = randomToken();
  const codeVerifier = randomToken();
  const browserBinding = randomToken();
  const now = ctx.clock();
  await deleteExpiredStates(ctx.db, now);
  await insertState(ctx.db, {
    state_hash: sha256Hex(state),
    provider,
    code_verifier: codeVerifier,
    browser_binding_hash: sha256Hex(browserBinding),
    redirect_path: safeRedirectPath(redirect),
    expires_at: addSeconds(now, STATE_TTL_SECONDS),
  });
  const url = authorizationUrl(provider, settings, {
    redirectUri: callbackUrl(ctx.config, provider),
    state,
    codeVerifier,
  });
  return { url, browserBinding };
}

/**
 * Handles the provider's callback: checks state (single use, unexpired, same provider, same
 * browser), exchanges the code with PKCE, reads the profile and signs the person in. Returns a
 * short-lived single-use code the web app trades for a session, so no token travels in a URL.
 */
export async function finishOAuth(
  ctx: AppContext,
  provider: ProviderName,
  input: {
    code?: string | undefined;
    state?: string | undefined;
    browserBinding?: string | undefined;
    lang: ServerLang;
  },
): Promise<{ loginCode: string; redirectPath: string | null }> {
  const settings = providerConfig(ctx.config, provider);
  if (!settings) throw new AppError('OAuthUnavailable');
  if (!input.code || !input.state || !input.browserBinding) throw oauthFailed(provider);
  const stored = await takeState(ctx.db, sha256Hex(input.state));
  if (
    stored?.provider !== provider ||
    stored.expires_at <= ctx.clock() ||
    stored.browser_binding_hash !== sha256Hex(input.browserBinding)
  ) {
    ctx.log.warn({ provider }, 'oauth callback with an unknown, expired or foreign state');
    throw oauthFailed(provider);
  }
  const profile = await fetchProfile(provider, settings, {
    code: input.code,
    redirectUri: callbackUrl(ctx.config, provider),
    codeVerifier: stored.code_verifier,
  }).catch((error: unknown) => {
    ctx.log.warn({ provider, err: error }, 'oauth code exchange failed');
    throw oauthFailed(provider);
  });
  const accountId = await accountForProfile(ctx, provider, profile, input.lang);
  // The provider rides in the code (covered by its hash, so it cannot be swapped) for the session list.
  const loginCode = `${provider}~${randomToken()}`;
  await insertLink(ctx.db, {
    accountId,
    purpose: 'oauth_login',
    tokenHash: sha256Hex(loginCode),
    expiresAt: addSeconds(ctx.clock(), LOGIN_CODE_TTL_SECONDS),
  });
  ctx.log.info({ provider, accountId }, 'oauth sign-in');
  return { loginCode, redirectPath: stored.redirect_path };
}

/** Trades the one-time code from the callback redirect for a session (or a two-factor ticket). */
export async function completeOAuthLogin(
  ctx: AppContext,
  code: string,
  client: ClientInfo,
): Promise<SignInResult> {
  const accountId = await consumeLink(ctx.db, 'oauth_login', sha256Hex(code), ctx.clock());
  const account = accountId === undefined ? undefined : await findAccountById(ctx.db, accountId);
  if (account?.status !== 'active') throw new AppError('SignInCodeInvalid');
  const provider = code.startsWith('yandex~') ? 'yandex' : 'google';
  return finishSignIn(ctx, account, provider, client);
}

/**
 * Finds or creates the account for a provider identity. An identity already linked wins. Otherwise
 * only a provider-verified email may link: to an active account as is; to a pending password
 * account only after discarding its unverified password (whoever set it never proved the mailbox).
 */
async function accountForProfile(
  ctx: AppContext,
  provider: ProviderName,
  profile: OAuthProfile,
  lang: ServerLang,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const linked = await findIdentityAccountId(trx, provider, profile.subject);
    if (linked !== undefined) {
      const account = await findAccountById(trx, linked);
      if (account?.status !== 'active') throw new AppError('AccountDisabled');
      return account.id;
    }
    if (!profile.email || !profile.emailVerified) throw oauthFailed(provider);
    const now = ctx.clock();
    let account = await lockAccountByEmail(trx, profile.email);
    if (account?.status === 'disabled') throw new AppError('AccountDisabled');
    if (account?.status === 'pending') {
      await updatePendingAccount(trx, account.id, { password_hash: null, lang: account.lang });
      await revokeLinks(trx, account.id, 'activate', now);
      await activateAccount(trx, account.id, now);
    }
    account ??= await insertAccount(trx, {
      email: profile.email,
      password_hash: null,
      status: 'active',
      lang,
      activated_at: now,
    });
    if (!account) throw oauthFailed(provider);
    await insertIdentity(trx, {
      provider,
      subject: profile.subject,
      accountId: account.id,
      email: profile.email,
    });
    return account.id;
  });
}

function oauthFailed(provider: ProviderName): AppError {
  return new AppError('OAuthFailed', { provider: provider === 'google' ? 'Google' : 'Yandex' });
}
