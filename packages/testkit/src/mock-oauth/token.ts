import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS, type ProviderStore } from './store';
import type { MockResponse, TokenErrorCode } from './types';

/** RFC 7636 §4.1: 43–128 characters from the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface TokenSettings {
  clientId: string;
  clientSecret: string;
}

/**
 * POST /token, authorization_code grant only. Client credentials may come in the body or as HTTP
 * Basic (the header wins when both are sent, as Yandex documents). A code is spent by the first
 * exchange attempt from its client, successful or not, so a guessed verifier gets one try.
 */
export function exchangeCode(
  form: URLSearchParams,
  authorization: string | undefined,
  settings: TokenSettings,
  store: ProviderStore,
): MockResponse {
  if (!form.get('grant_type')) return tokenError('invalid_request', 'missing grant_type');
  if (form.get('grant_type') !== 'authorization_code') return tokenError('unsupported_grant_type');

  const basic = parseBasic(authorization);
  const client = basic ?? { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
  if (client.id !== settings.clientId || !sameText(client.secret, settings.clientSecret)) {
    // RFC 6749 §5.2: 401 when the client tried HTTP authentication.
    return basic
      ? { ...tokenError('invalid_client'), status: 401, headers: { 'www-authenticate': 'Basic' } }
      : tokenError('invalid_client');
  }

  const codeValue = form.get('code');
  if (!codeValue) return tokenError('invalid_request', 'missing code');
  const code = store.codes.get(codeValue);
  if (code?.clientId !== client.id) return tokenError('invalid_grant', 'unknown code');
  if (code.used) {
    if (code.accessToken) store.tokens.delete(code.accessToken);
    return tokenError('invalid_grant', 'code already used');
  }
  code.used = true;
  if (store.isExpired(code)) return tokenError('invalid_grant', 'code expired');
  if (form.get('redirect_uri') !== code.redirectUri) {
    return tokenError('invalid_grant', 'redirect_uri mismatch');
  }

  const verifier = form.get('code_verifier');
  if (!verifier) return tokenError('invalid_grant', 'missing code_verifier');
  if (!CODE_VERIFIER.test(verifier)) return tokenError('invalid_request', 'malformed code_verifier');
  if (!sameText(createHash('sha256').update(verifier).digest('base64url'), code.codeChallenge)) {
    return tokenError('invalid_grant', 'code_verifier does not match code_challenge');
  }

  const accessToken = store.issueAccessToken(code.user);
  code.accessToken = accessToken;
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    json: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      ...(code.scope ? { scope: code.scope } : {}),
    },
  };
}

export function tokenError(error: TokenErrorCode, description?: string): MockResponse {
  return {
    status: 400,
    headers: { 'cache-control': 'no-store' },
    json: description ? { error, error_description: description } : { error },
  };
}

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { id: '', secret: '' };
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before being joined.
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return { id: '', secret: '' };
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
