import type { ProviderStore } from './store';
import type { GoogleUser, MockOAuthKind, MockResponse, YandexUser } from './types';

/** Google wants `Bearer`; login.yandex.ru/info wants `OAuth` and refuses anything else. */
const SCHEME: Record<MockOAuthKind, string> = { google: 'Bearer', yandex: 'OAuth' };

export function userInfo(
  kind: MockOAuthKind,
  authorization: string | undefined,
  store: ProviderStore,
): MockResponse {
  const match = /^(\S+)\s+(\S+)$/.exec(authorization ?? '');
  const scheme = match?.[1];
  const token = match?.[2];
  const user =
    token && scheme?.toLowerCase() === SCHEME[kind].toLowerCase() ? store.userForToken(token) : undefined;
  if (!user) {
    return {
      status: 401,
      headers: { 'www-authenticate': `${SCHEME[kind]} error="invalid_token"` },
      json: {
        error: 'invalid_token',
        error_description: `expected "Authorization: ${SCHEME[kind]} <token>"`,
      },
    };
  }
  return {
    status: 200,
    json: kind === 'google' ? googleBody(user as GoogleUser) : yandexBody(user as YandexUser),
  };
}

function googleBody(user: GoogleUser) {
  return {
    sub: user.sub,
    email: user.email,
    email_verified: user.email_verified,
    name: user.name ?? user.email?.split('@')[0],
  };
}

function yandexBody(user: YandexUser) {
  const emails = user.emails ?? (user.default_email ? [user.default_email] : []);
  return {
    id: user.id,
    login: user.login ?? user.default_email?.split('@')[0] ?? `user${user.id}`,
    default_email: user.default_email,
    emails,
  };
}
