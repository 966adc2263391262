export type MockOAuthKind = 'google' | 'yandex';

/** What Google's userinfo returns for the scopes `openid email profile` (fields left out are omitted). */
export interface GoogleUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** What login.yandex.ru/info returns with `login:email login:info`; Yandex has no email_verified. */
export interface YandexUser {
  id: string;
  default_email?: string;
  login?: string;
  emails?: string[];
}

export type UserOf<K extends MockOAuthKind> = K extends 'google' ? GoogleUser : YandexUser;

/** One request the provider received, for assertions such as "the secret was sent". */
export interface ProviderRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form body (token endpoint); empty for other calls. */
  form: Record<string, string>;
  authorization: string | undefined;
  status: number;
}

export type TokenErrorCode =
  'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

/** A plain description of a response, so handlers stay free of node:http details. */
export interface MockResponse {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
}
