import { randomToken, sha256Hex } from '../../../lib/crypto';

/** Developer API tokens: `rp_` + 256 random bits; only the SHA-256 is stored. */
export const API_TOKEN_PREFIX = 'rp_';

export function newApiToken(): { token: string; hash: string } {
  const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  return { token, hash: sha256Hex(token) };
}

export function hashApiToken(token: string): string {
  return sha256Hex(token);
}

export function looksLikeApiToken(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}
