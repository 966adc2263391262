import { randomBytes } from 'node:crypto';
import type { GoogleUser, YandexUser } from './types';

const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string | undefined;
  /** A copy of the user configured when the code was issued; later setNextUser calls do not change it. */
  user: GoogleUser | YandexUser;
  expiresAt: number;
  used: boolean;
  /** The access token this code produced, revoked if the code is replayed (RFC 6749 §4.1.2). */
  accessToken?: string;
}

export interface IssuedToken {
  user: GoogleUser | YandexUser;
  expiresAt: number;
}

/** Codes and access tokens the provider has issued, in memory. */
export class ProviderStore {
  readonly codes = new Map<string, IssuedCode>();
  readonly tokens = new Map<string, IssuedToken>();

  issueCode(values: Omit<IssuedCode, 'expiresAt' | 'used'>): string {
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      ...values,
      user: structuredClone(values.user),
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    return code;
  }

  issueAccessToken(user: GoogleUser | YandexUser): string {
    const token = randomBytes(32).toString('base64url');
    this.tokens.set(token, { user, expiresAt: Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 });
    return token;
  }

  /** The user behind a live access token, if any. */
  userForToken(token: string): GoogleUser | YandexUser | undefined {
    const issued = this.tokens.get(token);
    return issued && issued.expiresAt > Date.now() ? issued.user : undefined;
  }

  isExpired(code: IssuedCode): boolean {
    return code.expiresAt <= Date.now();
  }
}
