import type { ProviderStore } from './store';
import type { GoogleUser, MockResponse, YandexUser } from './types';

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export interface AuthorizeSettings {
  clientId: string;
  /** When set, only these redirect URIs are accepted (exact match), like a registered app. */
  allowedRedirectUris: string[] | undefined;
  currentUser(): GoogleUser | YandexUser;
}

/**
 * GET /authorize for a user who is signed in and has already consented: no page, straight back to
 * the client with a code. Problems with client_id or redirect_uri are shown here (never redirected
 * to an unverified address); every other problem goes back to the client as `error=…` (RFC 6749 §4.1.2.1).
 */
export function authorize(
  query: URLSearchParams,
  settings: AuthorizeSettings,
  store: ProviderStore,
): MockResponse {
  const clientId = query.get('client_id');
  const redirectUri = query.get('redirect_uri');
  if (clientId !== settings.clientId) return badRequest('unknown or missing client_id');
  if (!redirectUri || !isHttpUrl(redirectUri)) return badRequest('missing or invalid redirect_uri');
  if (settings.allowedRedirectUris && !settings.allowedRedirectUris.includes(redirectUri)) {
    return badRequest('redirect_uri is not registered for this client');
  }

  const state = query.get('state') ?? '';
  const back = (params: Record<string, string>): MockResponse => {
    const target = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    return { status: 302, headers: { location: target.toString() } };
  };

  if (query.get('response_type') !== 'code') return back({ error: 'unsupported_response_type', state });
  const challenge = query.get('code_challenge');
  if (
    !state ||
    query.get('code_challenge_method') !== 'S256' ||
    !challenge ||
    !S256_CHALLENGE.test(challenge)
  ) {
    return back({ error: 'invalid_request', state });
  }

  const code = store.issueCode({
    clientId,
    redirectUri,
    codeChallenge: challenge,
    scope: query.get('scope') ?? undefined,
    user: settings.currentUser(),
  });
  return back({ code, state });
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

function badRequest(reason: string): MockResponse {
  return { status: 400, json: { error: 'invalid_request', error_description: reason } };
}
