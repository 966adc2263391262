import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorize } from './mock-oauth/authorize';
import { readBody, send } from './mock-oauth/http';
import { ProviderStore } from './mock-oauth/store';
import { exchangeCode, tokenError } from './mock-oauth/token';
import type {
  MockOAuthKind,
  MockResponse,
  ProviderRequest,
  TokenErrorCode,
  UserOf,
} from './mock-oauth/types';
import { userInfo } from './mock-oauth/user-info';

export type {
  GoogleUser,
  MockOAuthKind,
  ProviderRequest,
  TokenErrorCode,
  YandexUser,
} from './mock-oauth/types';

export interface MockOAuthOptions<K extends MockOAuthKind> {
  kind: K;
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs the client registered; any http(s) URI is accepted when omitted. */
  allowedRedirectUris?: string[];
}

export interface MockOAuthProvider<K extends MockOAuthKind> {
  baseUrl: string;
  authUrl: string;
  tokenUrl: string;
  /** `/userinfo` (Google) or `/info?format=json` (Yandex), as the real providers spell them. */
  userInfoUrl: string;
  /** The person who "signs in" at the next /authorize (and every one after, until changed). */
  setNextUser(user: UserOf<K>): void;
  /** Makes the next /token call fail with this error (400, or 500 for `server_error`). */
  failNextTokenExchange(error?: TokenErrorCode | 'server_error'): void;
  /** Every request received, oldest first. */
  requests: ProviderRequest[];
  close(): Promise<void>;
}

const DEFAULT_USERS = {
  google: {
    sub: '100000000000000000001',
    email: 'google-user@example.test',
    email_verified: true,
    name: 'Google User',
  },
  yandex: { id: '1000000001', default_email: 'yandex-user@example.test', login: 'yandex-user' },
};

/**
 * A strict, real-HTTP OAuth 2.0 authorization server shaped like Google or Yandex: authorization
 * code + PKCE S256 only, single-use codes bound to client, redirect URI, challenge and user. It
 * lets the server's real OAuth client run end to end with no network access.
 */
export async function startMockOAuthProvider<K extends MockOAuthKind>(
  options: MockOAuthOptions<K>,
): Promise<MockOAuthProvider<K>> {
  const store = new ProviderStore();
  const requests: ProviderRequest[] = [];
  let currentUser: UserOf<K> = structuredClone(DEFAULT_USERS[options.kind]) as UserOf<K>;
  let forcedTokenError: TokenErrorCode | 'server_error' | undefined;
  const userInfoPath = options.kind === 'google' ? '/userinfo' : '/info';

  const route = async (request: IncomingMessage, url: URL, entry: ProviderRequest): Promise<MockResponse> => {
    const method = request.method ?? 'GET';
    if (url.pathname === '/authorize' && method === 'GET') {
      return authorize(
        url.searchParams,
        {
          clientId: options.clientId,
          allowedRedirectUris: options.allowedRedirectUris,
          currentUser: () => currentUser,
        },
        store,
      );
    }
    if (url.pathname === '/token' && method === 'POST') {
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return tokenError('invalid_request', 'expected application/x-www-form-urlencoded');
      }
      const form = new URLSearchParams(await readBody(request));
      entry.form = Object.fromEntries(form);
      if (forcedTokenError) {
        const error = forcedTokenError;
        forcedTokenError = undefined;
        return error === 'server_error'
          ? { status: 500, json: { error } }
          : tokenError(error, 'forced by the test');
      }
      return exchangeCode(form, request.headers.authorization, options, store);
    }
    // Yandex's `format=json` (and any other query) is ignored: the answer is always JSON.
    if (url.pathname === userInfoPath && method === 'GET') {
      return userInfo(options.kind, request.headers.authorization, store);
    }
    return { status: 404, json: { error: 'not_found' } };
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock.invalid');
    const entry: ProviderRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: {},
      authorization: request.headers.authorization,
      status: 0,
    };
    requests.push(entry);
    route(request, url, entry)
      .catch((error: unknown) => ({
        status: 500,
        json: { error: 'server_error', error_description: String(error) },
      }))
      .then((reply) => {
        entry.status = reply.status;
        send(response, reply);
      })
      .catch((error: unknown) => response.destroy(error instanceof Error ? error : undefined));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    authUrl: `${baseUrl}/authorize`,
    tokenUrl: `${baseUrl}/token`,
    userInfoUrl: options.kind === 'google' ? `${baseUrl}/userinfo` : `${baseUrl}/info?format=json`,
    setNextUser: (user) => {
      currentUser = structuredClone(user);
    },
    failNextTokenExchange: (error = 'invalid_grant') => {
      forcedTokenError = error;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // fetch keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
