import { createHash } from 'node:crypto';
import type { OAuthProviderConfig } from '../../../config';
import { providerShapes, type OAuthProfile, type ProviderName } from './providers';

const TIMEOUT_MS = 10_000;

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function authorizationUrl(
  provider: ProviderName,
  settings: OAuthProviderConfig,
  params: { redirectUri: string; state: string; codeVerifier: string },
): string {
  const url = new URL(settings.authUrl);
  const query = {
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: params.redirectUri,
    scope: providerShapes[provider].scope,
    state: params.state,
    code_challenge: pkceChallenge(params.codeVerifier),
    code_challenge_method: 'S256',
    ...providerShapes[provider].extraAuthParams,
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** Authorization-code exchange (with the PKCE verifier), then the provider's user-info call. */
export async function fetchProfile(
  provider: ProviderName,
  settings: OAuthProviderConfig,
  params: { code: string; redirectUri: string; codeVerifier: string },
): Promise<OAuthProfile> {
  const tokenResponse = await fetch(settings.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.code,
      redirect_uri: params.redirectUri,
      code_verifier: params.codeVerifier,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const tokens = (await tokenResponse.json()) as { access_token?: unknown; error?: unknown };
  if (!tokenResponse.ok || typeof tokens.access_token !== 'string') {
    const reason = typeof tokens.error === 'string' ? tokens.error : 'no access_token';
    throw new Error(`token exchange failed: HTTP ${tokenResponse.status} ${reason}`);
  }
  const infoResponse = await fetch(settings.userInfoUrl, {
    headers: {
      authorization: `${providerShapes[provider].authScheme} ${tokens.access_token}`,
      accept: 'application/json',
    },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!infoResponse.ok) throw new Error(`user info failed: HTTP ${infoResponse.status}`);
  const profile = providerShapes[provider].parseProfile(
    (await infoResponse.json()) as Record<string, unknown>,
  );
  if (!profile) throw new Error('user info without a subject');
  return profile;
}
